// npm start: the product on its embedded default. Creates, migrates and seeds the database on first
// start, builds the site, and serves the site and the API on one port.
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../db/setup.ts';
import { loadEnv } from '../lib/env.ts';
import { HookPublisher } from '../api/publisher.ts';
import { ensureFirstAdmin } from '../api/auth/admins.ts';
import { SiteBuilder } from './site-builder.ts';
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
const builder = new SiteBuilder({
  projectRoot,
  sitesDir: process.env.SITES_DIR ?? join(projectRoot, '.site'),
  env: { LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: env.LIBSQL_AUTH_TOKEN, SITE_URL: origin },
  debounceMs: env.REBUILD_DEBOUNCE_MS,
  log: (m) => console.log(m),
});
const publisher = env.REBUILD_HOOK_URL ? new HookPublisher(env.REBUILD_HOOK_URL, env.REBUILD_HOOK_TOKEN, env.REBUILD_DEBOUNCE_MS) : builder;

// Serve the last good build at once if there is one; otherwise wait for the first build.
const firstBuild = builder.buildNow();
if (!builder.liveDir()) {
  if (!(await firstBuild)) {
    console.error('The first build of the site failed; see the output above.');
    process.exit(1);
  }
}

const app = createServerApp({
  db,
  publisher,
  siteDir: () => builder.liveDir(),
  // Same-origin check and cookie flags (Secure, __Host-) follow the public origin.
  allowedOrigins: [origin],
  // The socket's address; behind a reverse proxy every client shares the proxy's (throttling stays per account too).
  clientIp: (c) => getConnInfo(c).remote.address,
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
