// After every successful admin write, ask for the public site to be republished (debounced by the
// publisher). On Cloudflare the hook call is kept alive with waitUntil.
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The platform's waitUntil when there is one (Cloudflare), else undefined (Node). */
export function waitUntilOf(c: Context): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return undefined;
  }
}

/**
 * "Publish now" (POST /api/admin/build) starts its own build: asking for another would build twice.
 * A draft preview (POST /api/admin/preview/...) changes nothing public.
 */
const NO_PUBLISH = /\/admin\/build\/?$|\/admin\/preview\//;

export const publishOnChange = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // An import's dry run (?dry_run=1) writes nothing, so there is nothing to publish.
  if (NO_PUBLISH.test(c.req.path)) return;
  if (WRITE_METHODS.has(c.req.method) && c.res.status >= 200 && c.res.status < 300 && !['1', 'true'].includes(c.req.query('dry_run') ?? '')) {
    // Awaited (never rejects): the run is recorded as waiting before the admin sees the save succeed.
    await c.var.deps.publisher.request({ waitUntil: waitUntilOf(c), by: c.var.user?.email });
  }
});
