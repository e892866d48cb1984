// The Hono app of the API. createApp() is used by the Node server, the Cloudflare entry and the tests.
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Publisher } from './publisher.ts';

export interface AppDeps {
  db: Db;
  publisher: Publisher;
}

export type AppEnv = { Variables: { deps: AppDeps } };

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath('/api');
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  app.get('/health', async (c) => {
    try {
      await deps.db.run(sql`select 1`);
      return c.json({ status: 'ok', database: 'ok', publish: deps.publisher.status() });
    } catch (error) {
      return c.json({ status: 'error', database: (error as Error).message }, 503);
    }
  });

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((error, c) => {
    console.error(error);
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}

export type AppType = ReturnType<typeof createApp>;
