// Refuses state-changing requests sent from another origin (CSRF). Hono's csrf() only looks at form
// submissions, so JSON requests are checked here: Origin must be an allowed origin and Sec-Fetch-Site,
// when the browser sends it, must say same-origin. Requests carrying neither header are not from a
// browser page, so they cannot carry a victim's cookie along.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function allowedOriginsOf(configured: string[] | undefined, requestUrl: string): string[] {
  const list = (configured ?? []).filter(Boolean).map((o) => new URL(o).origin);
  return list.length ? list : [new URL(requestUrl).origin];
}

export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  const originOk = origin === undefined || allowedOriginsOf(c.var.deps.allowedOrigins, c.req.url).includes(origin);
  const siteOk = site === undefined || site === 'same-origin' || site === 'none';
  if (!originOk || !siteOk) {
    return c.json({ error: 'Requests from other sites are not allowed.' }, 403);
  }
  return next();
});
