// Cloudflare Pages Function: every /api/* request goes to the same Hono app the Node server uses.
// A thin entry on purpose: it builds the app once per isolate and calls app.fetch(request, env, ctx).
import { createApp } from '../../src/api/app.ts';
import { jsonLineLogger } from '../../src/api/middleware/request-log.ts';
import { HookPublisher, noPublisher } from '../../src/api/publisher.ts';
import { PublishRuns } from '../../src/api/publish-runs.ts';
import { createWebDb } from '../../src/api/web-db.ts';

interface Env {
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  SITE_URL?: string;
  REBUILD_HOOK_URL?: string;
  REBUILD_HOOK_TOKEN?: string;
  PUBLISH_CALLBACK_SECRET?: string;
}

interface PagesContext {
  request: Request;
  env: Env;
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

let app: ReturnType<typeof createApp> | undefined;

function appFor(env: Env): ReturnType<typeof createApp> {
  if (!env.LIBSQL_URL) throw new Error('LIBSQL_URL is not set (wrangler.toml [vars] or the Pages project settings).');
  const db = createWebDb(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN || undefined);
  return createApp({
    db,
    // The deploy hook starts the CI workflow that rebuilds the static site from the database; the run
    // stays "deploying" in publish_run until the workflow reports to /api/publish/callback.
    publisher: env.REBUILD_HOOK_URL
      ? new HookPublisher({ url: env.REBUILD_HOOK_URL, token: env.REBUILD_HOOK_TOKEN || undefined, debounceMs: 0, runs: new PublishRuns(db) })
      : noPublisher,
    publishCallbackSecret: env.PUBLISH_CALLBACK_SECRET || undefined,
    allowedOrigins: env.SITE_URL ? [env.SITE_URL] : [],
    clientIp: (c) => c.req.header('cf-connecting-ip'),
    // Workers Logs keep console output: one JSON line per request.
    logRequest: jsonLineLogger,
  });
}

export const onRequest = (context: PagesContext): Response | Promise<Response> => {
  try {
    app ??= appFor(context.env);
  } catch (error) {
    return Response.json({ error: (error as Error).message }, { status: 500 });
  }
  return app.fetch(context.request, context.env, {
    waitUntil: (promise: Promise<unknown>) => context.waitUntil(promise),
    passThroughOnException: () => context.passThroughOnException(),
    props: {},
  });
};
