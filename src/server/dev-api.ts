// The admin API inside `npm run dev`. src/integrations/dev-api.ts loads this module through Astro's
// server-side module runner, so an edit under src/api/ takes effect on the next request, like a page.
// Pages render on request in dev, so "publishing" only makes the next page read the database again.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createDb, type Db } from '../../db/client.ts';
import { createApp } from '../api/app.ts';
import type { Publisher, PublishStatus } from '../api/publisher.ts';
import { forgetDirectory } from '../lib/data.ts';
import { parseEnv } from '../lib/env.ts';

/** In dev nothing is built: the next page request reloads the directory from the database. */
class DevPublisher implements Publisher {
  private lastPublishedAt: string | null = null;
  request(): void {
    void this.buildNow();
  }
  async buildNow(): Promise<boolean> {
    forgetDirectory();
    this.lastPublishedAt = new Date().toISOString();
    return true;
  }
  status(): PublishStatus {
    return { state: 'idle', lastPublishedAt: this.lastPublishedAt };
  }
}

// One connection for the dev server's life, kept across reloads of this module.
const DB_KEY = Symbol.for('european-alternatives.dev-api.db');
const store = globalThis as typeof globalThis & { [DB_KEY]?: Promise<Db> };
const env = parseEnv();
const db = await (store[DB_KEY] ??= createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }));

const app = createApp({
  db,
  publisher: new DevPublisher(),
  // No allowedOrigins: writes must come from the dev server's own origin (localhost or 127.0.0.1, any port).
  clientIp: (c) => getConnInfo(c).remote.address,
});

export const handleApi: (req: IncomingMessage, res: ServerResponse) => Promise<void> = getRequestListener(app.fetch);
