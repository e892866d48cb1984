// Every /api/admin/* route needs a valid session; the user and session land in the context.
import { createMiddleware } from 'hono/factory';
import { nowOf, type AppEnv } from '../context.ts';
import { clearSessionCookie, readSessionCookie } from '../auth/cookie.ts';
import { validateSessionToken } from '../auth/session.ts';

export const NOT_SIGNED_IN = 'Your session has ended. Please sign in again.';

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = readSessionCookie(c);
  const result = token ? await validateSessionToken(c.var.deps.db, token, nowOf(c)) : undefined;
  if (!result) {
    if (token) clearSessionCookie(c);
    return c.json({ error: NOT_SIGNED_IN }, 401);
  }
  c.set('user', result.user);
  c.set('session', result.session);
  await next();
});
