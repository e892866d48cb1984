// The admin API alone, as `npm start` serves it (same createServerApp, same database client, request
// log on), for `npm run bench -- --only large`: the API at 50,000 companies without first building a
// site of 50,000 companies. Its publisher records each save's publish request in publish_run as the
// local server's does (joining the waiting run) and builds nothing: the cost of publishing at that size
// is the large build's figure, measured separately.
//
//   LIBSQL_URL=file:.bench/synthetic-50000.db PORT=4400 ADMIN_EMAIL=… ADMIN_PASSWORD=… node scripts/bench-api-server.ts
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { openDatabase } from '../db/setup.ts';
import { ensureFirstAdmin } from '../src/api/auth/admins.ts';
import { jsonLineLogger } from '../src/api/middleware/request-log.ts';
import type { Publisher } from '../src/api/publisher.ts';
import { PublishRuns } from '../src/api/publish-runs.ts';
import { parseEnv } from '../src/lib/env.ts';
import { createServerApp } from '../src/server/server.ts';

const env = parseEnv();
const origin = `http://${env.HOST}:${env.PORT}`;
const db = await openDatabase(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN);
await ensureFirstAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
const runs = new PublishRuns(db);
const recordOnly: Publisher = {
  request: (req = {}) => runs.queue({ trigger: 'change', by: req.by ?? null }).then(() => undefined),
  buildNow: async () => true,
};
const app = createServerApp({
  db,
  publisher: recordOnly,
  siteDir: () => undefined,
  allowedOrigins: [origin],
  clientIp: (c) => getConnInfo(c).remote.address,
  // The request log stays on (to /dev/null in the bench) as it is in production.
  logRequest: jsonLineLogger,
});
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => console.log(`API only, at ${origin}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    db.$client.close();
    process.exit(0);
  });
}
