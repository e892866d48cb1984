// POST /api/auth/sign-in, POST /api/auth/sign-out, GET /api/auth/session.
import { Hono, type Context } from 'hono';
import { zValidator } from '../validator.ts';
import { eq } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import { signInSchema } from '../../lib/schemas/auth.ts';
import { nowOf, type AppEnv } from '../context.ts';
import { validationBody } from '../errors.ts';
import { logAttempt, type Outcome } from '../auth/auth-log.ts';
import { clearSessionCookie, readDeviceCookie, readSessionCookie, writeDeviceCookie, writeSessionCookie } from '../auth/cookie.ts';
import { deviceToken, knownDevice } from '../auth/device.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import { createSession, deleteExpiredSessions, deleteSession, sessionExpiresAt, validateSessionToken } from '../auth/session.ts';
import { attemptSucceeded, beginAttempt, throttleKey } from '../auth/throttle.ts';

/** One message whether the email exists or not (README, "Security"). */
export const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.';

function clientIp(c: Context<AppEnv>): string {
  return (c.var.deps.clientIp?.(c) || 'unknown').slice(0, 100);
}

function log(c: Context<AppEnv>, email: string, outcome: Outcome): Promise<void> {
  return logAttempt(c.var.deps.db, { email, ip: clientIp(c), outcome }, nowOf(c));
}

function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/sign-in',
    zValidator('json', signInSchema, async (result, c) => {
      if (result.success) return;
      const raw = result.data as { email?: unknown } | undefined;
      await log(c as unknown as Context<AppEnv>, typeof raw?.email === 'string' ? raw.email : '', 'invalid-input');
      return c.json(validationBody(result.error), 400);
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { email, password } = c.req.valid('json');
      const now = nowOf(c);
      const ipKey = throttleKey('ip', clientIp(c));

      const [user] = await db.select().from(t.adminUser).where(eq(t.adminUser.email, email));
      // A browser that signed in to this account before counts on its own key, so failures from
      // elsewhere (any number of addresses) cannot keep it out; any other attempt counts per account
      // and per address.
      const device = user ? knownDevice(readDeviceCookie(c), user, now) : undefined;
      const keys = device ? [throttleKey('device', device)] : [throttleKey('email', email), ipKey];

      const wait = await beginAttempt(db, keys, now);
      if (wait > 0) {
        await log(c, email, 'throttled');
        c.header('Retry-After', String(Math.ceil(wait / 1000)));
        return c.json({ error: `Too many sign-in attempts. Please try again in ${waitText(wait)}.` }, 429);
      }

      const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password, c.var.deps.passwordParams);
      if (!user || !ok) {
        await log(c, email, 'failure');
        return c.json({ error: INVALID_CREDENTIALS }, 401);
      }

      // The keys that let this attempt through and the address's counter start again from zero.
      await attemptSucceeded(db, [...new Set([...keys, ipKey])]);
      // A new session at every sign-in; the one the browser still had (if any) ends.
      const previous = readSessionCookie(c);
      if (previous) {
        const old = await validateSessionToken(db, previous, now);
        if (old) await deleteSession(db, old.session.id);
      }
      await deleteExpiredSessions(db, user.id, now);
      const { token, session } = await createSession(db, user.id, now);
      writeSessionCookie(c, token);
      writeDeviceCookie(c, deviceToken(user, now));
      await log(c, email, 'success');
      return c.json({ user: { id: user.id, email: user.email }, expires_at: new Date(sessionExpiresAt(session)).toISOString() }, 200);
    },
  )
  .post('/sign-out', async (c) => {
    const token = readSessionCookie(c);
    if (token) {
      const current = await validateSessionToken(c.var.deps.db, token, nowOf(c));
      if (current) await deleteSession(c.var.deps.db, current.session.id);
    }
    clearSessionCookie(c);
    return c.json({ ok: true as const }, 200);
  })
  .get('/session', async (c) => {
    const token = readSessionCookie(c);
    const current = token ? await validateSessionToken(c.var.deps.db, token, nowOf(c)) : undefined;
    if (!current) {
      if (token) clearSessionCookie(c);
      return c.json({ user: null, expires_at: null }, 200);
    }
    return c.json({ user: current.user, expires_at: new Date(sessionExpiresAt(current.session)).toISOString() }, 200);
  });
