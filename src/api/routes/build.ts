// /api/admin/build: publish status (GET, from the publish_run table) and "publish now" (POST).
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { waitUntilOf } from '../middleware/publish-on-change.ts';
import { runsOf } from '../publish-callback.ts';

export const buildRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const runs = runsOf(c);
    const [status, recent] = await Promise.all([runs.status(), runs.recent(10)]);
    return c.json({ ...status, recent }, 200);
  })
  .post('/', async (c) => {
    const { publisher } = c.var.deps;
    const done = publisher.buildNow({ trigger: 'manual', by: c.var.user.email });
    // The build runs on after the answer; the status endpoint reports how it ends.
    const waitUntil = waitUntilOf(c);
    if (waitUntil) waitUntil(done);
    else done.catch((error) => console.error(error));
    const status = await runsOf(c).status();
    // The run may not be recorded yet: it was asked for just now, so it is at least waiting.
    return c.json({ ...status, state: status.state === 'idle' || status.state === 'failed' ? ('pending' as const) : status.state, error: undefined }, 202);
  });
