// npm start: the product on its embedded default. Creates, migrates and seeds the database on first
// start, builds the site, and serves the site and the API on one port.
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../db/setup.ts';
import { loadEnv } from '../lib/env.ts';
import { HookPublisher } from '../api/publisher.ts';
import { PublishRuns } from '../api/publish-runs.ts';
import { ensureFirstAdmin } from '../api/auth/admins.ts';
import { SiteBuilder } from './site-builder.ts';
import { SitePreviewer } from './site-preview.ts';
import { jsonLineLogger } from '../api/middleware/request-log.ts';
import { createServerApp } from './server.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const env = loadEnv();
const origin = env.SITE_URL ?? `http://${env.HOST}:${env.PORT}`;

const db = await openDatabase(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN);
// No default account: the first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD, else we say how to make one.
let adminNote: string | undefined;
try {
  adminNote = await ensureFirstAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
} catch (error) {
  adminNote = `Could not create the first admin from ADMIN_EMAIL/ADMIN_PASSWORD: ${(error as Error).message}`;
}
// Every publish is a publish_run row; a build the previous process left running will never end.
const runs = new PublishRuns(db);
const publisher = env.REBUILD_HOOK_URL
  ? new HookPublisher({ url: env.REBUILD_HOOK_URL, token: env.REBUILD_HOOK_TOKEN, debounceMs: env.REBUILD_DEBOUNCE_MS, runs })
  : undefined;
await runs.interrupted().catch((error: Error) => console.error(`Could not close the interrupted publish runs: ${error.message}`));
const sitesDir = process.env.SITES_DIR ?? join(projectRoot, '.site');
const builder = new SiteBuilder({
  projectRoot,
  sitesDir,
  env: { LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: env.LIBSQL_AUTH_TOKEN, SITE_URL: origin },
  debounceMs: env.REBUILD_DEBOUNCE_MS,
  log: (m) => console.log(m),
  // With a deploy hook, the local build only serves this machine; the runs record what CI publishes.
  runs: publisher ? undefined : runs,
});

// Serve the last good build at once if there is one; otherwise wait for the first build.
const firstBuild = builder.buildNow({ trigger: 'start' });
if (!builder.liveDir()) {
  if (!(await firstBuild)) {
    console.error('The first build of the site failed; see the output above.');
    process.exit(1);
  }
}

const app = createServerApp({
  db,
  publisher: publisher ?? builder,
  publishCallbackSecret: env.PUBLISH_CALLBACK_SECRET,
  // Draft previews: builds of one company's pages beside the site's builds, served under /api/admin/preview.
  previewer: new SitePreviewer({
    projectRoot,
    dir: `${sitesDir}-previews`,
    env: { LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: env.LIBSQL_AUTH_TOKEN, SITE_URL: origin },
    log: (m) => console.log(m),
  }),
  siteDir: () => builder.liveDir(),
  // Same-origin check and cookie flags (Secure, __Host-) follow the public origin.
  allowedOrigins: [origin],
  // The socket's address; behind a reverse proxy every client shares the proxy's (throttling stays per account too).
  clientIp: (c) => getConnInfo(c).remote.address,
  // One JSON line per API request on standard output.
  logRequest: jsonLineLogger,
});
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => {
  console.log(`\nEuropean Alternatives is running at ${origin}\n`);
  if (adminNote) console.log(`${adminNote}\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    builder.stop();
    server.close();
    db.$client.close();
    process.exit(0);
  });
}
