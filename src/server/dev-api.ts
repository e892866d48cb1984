// The admin API inside `npm run dev`. src/integrations/dev-api.ts loads this module through Astro's
// server-side module runner, so an edit under src/api/ takes effect on the next request, like a page.
// Pages render on request in dev, so "publishing" only makes the next page read the database again.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createDb, type Db } from '../../db/client.ts';
import { createApp } from '../api/app.ts';
import { jsonLineLogger } from '../api/middleware/request-log.ts';
import type { Publisher, PublishRequest } from '../api/publisher.ts';
import { PublishRuns, type PublishTrigger } from '../api/publish-runs.ts';
import { forgetDirectory } from '../lib/data.ts';
import { parseEnv } from '../lib/env.ts';

/** In dev nothing is built: the next page request reloads the directory from the database. */
class DevPublisher implements Publisher {
  private runs: PublishRuns;
  constructor(runs: PublishRuns) {
    this.runs = runs;
  }
  async request(req: PublishRequest = {}): Promise<void> {
    await this.buildNow({ trigger: 'change', by: req.by });
  }
  async buildNow(trigger: PublishTrigger = { trigger: 'manual' }): Promise<boolean> {
    forgetDirectory();
    try {
      await this.runs.finish(await this.runs.claim(trigger, 'building'), { state: 'published' });
    } catch (error) {
      console.error(`Could not record the publish run: ${(error as Error).message}`);
    }
    return true;
  }
}

// One connection for the dev server's life, kept across reloads of this module.
const DB_KEY = Symbol.for('european-alternatives.dev-api.db');
const store = globalThis as typeof globalThis & { [DB_KEY]?: Promise<Db> };
const env = parseEnv();
const db = await (store[DB_KEY] ??= createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }));

const app = createApp({
  db,
  publisher: new DevPublisher(new PublishRuns(db)),
  publishCallbackSecret: env.PUBLISH_CALLBACK_SECRET,
  // No allowedOrigins: writes must come from the dev server's own origin (localhost or 127.0.0.1, any port).
  clientIp: (c) => getConnInfo(c).remote.address,
  logRequest: jsonLineLogger,
});

export const handleApi: (req: IncomingMessage, res: ServerResponse) => Promise<void> = getRequestListener(app.fetch);
