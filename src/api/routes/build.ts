// /api/admin/build: publish status (GET) and "publish now" (POST).
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { waitUntilOf } from '../middleware/publish-on-change.ts';

export const buildRoutes = new Hono<AppEnv>()
  .get('/', (c) => c.json(c.var.deps.publisher.status(), 200))
  .post('/', (c) => {
    const { publisher } = c.var.deps;
    const done = publisher.buildNow();
    // The build runs on after the answer; the status endpoint reports how it ends.
    const waitUntil = waitUntilOf(c);
    if (waitUntil) waitUntil(done);
    else done.catch((error) => console.error(error));
    return c.json(publisher.status(), 202);
  });
