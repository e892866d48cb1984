// Cloudflare Pages Function: every /api/* request goes to the same Hono app the Node server uses.
// A thin entry on purpose: it builds the app once per isolate and calls app.fetch(request, env, ctx).
// Its bindings are checked with the same zod schema as the Node server's environment (src/lib/env.ts):
// a missing or invalid value answers 500 with one line per problem (and logs it), never a half-working API.
import { createApp } from '../../src/api/app.ts';
import { jsonLineLogger } from '../../src/api/middleware/request-log.ts';
import { HookPublisher, noPublisher } from '../../src/api/publisher.ts';
import { PublishRuns } from '../../src/api/publish-runs.ts';
import { createWebDb } from '../../src/api/web-db.ts';
import { parseEnv } from '../../src/lib/env.ts';

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

/** The text bindings (vars and secrets) through the Node server's schema; service bindings are not settings. */
function workerEnv(bindings: Env) {
  const text = Object.fromEntries(Object.entries(bindings).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
  // The schema's local default (a SQLite file) cannot work in a Worker: say so instead.
  if (!text.LIBSQL_URL) throw new Error('Invalid environment configuration:\n  LIBSQL_URL: not set (wrangler.toml [vars] or the Pages project settings); a Worker needs libsql:// or https://');
  return parseEnv(text);
}

function appFor(bindings: Env): ReturnType<typeof createApp> {
  const env = workerEnv(bindings);
  const db = createWebDb(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN);
  return createApp({
    db,
    // The deploy hook starts the CI workflow that rebuilds the static site from the database; the run
    // stays "deploying" in publish_run until the workflow reports to /api/publish/callback.
    publisher: env.REBUILD_HOOK_URL
      ? new HookPublisher({ url: env.REBUILD_HOOK_URL, token: env.REBUILD_HOOK_TOKEN, debounceMs: 0, runs: new PublishRuns(db) })
      : noPublisher,
    publishCallbackSecret: env.PUBLISH_CALLBACK_SECRET,
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
    // Workers Logs keep it; the answer says what to fix (variable names and rules, never their values).
    console.error((error as Error).message);
    return Response.json({ error: (error as Error).message }, { status: 500, headers: { 'cache-control': 'no-store' } });
  }
  return app.fetch(context.request, context.env, {
    waitUntil: (promise: Promise<unknown>) => context.waitUntil(promise),
    passThroughOnException: () => context.passThroughOnException(),
    props: {},
  });
};
