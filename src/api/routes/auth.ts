// POST /api/auth/sign-in, POST /api/auth/sign-out, GET /api/auth/session.
import { Hono, type Context } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { eq, lt } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import { signInSchema } from '../../lib/schemas/auth.ts';
import { nowOf, type AppEnv } from '../context.ts';
import { validationBody } from '../errors.ts';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../auth/cookie.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import { createSession, deleteExpiredSessions, deleteSession, sessionExpiresAt, validateSessionToken } from '../auth/session.ts';
import { attemptSucceeded, beginAttempt, throttleKey } from '../auth/throttle.ts';
import { withWriteLock } from '../write-lock.ts';

/** SPEC section 8: one message whether the email exists or not. */
export const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.';
const AUTH_LOG_KEEP_MS = 90 * 24 * 60 * 60 * 1000;

type Outcome = 'success' | 'failure' | 'throttled' | 'invalid-input';

function clientIp(c: Context<AppEnv>): string {
  return (c.var.deps.clientIp?.(c) || 'unknown').slice(0, 100);
}

async function logAttempt(c: Context<AppEnv>, email: string, outcome: Outcome): Promise<void> {
  const { db } = c.var.deps;
  await withWriteLock(db, () => db.insert(t.authLog).values({ email: email.slice(0, 320), ip: clientIp(c), outcome, createdAt: nowOf(c) }));
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
      await logAttempt(c as unknown as Context<AppEnv>, typeof raw?.email === 'string' ? raw.email : '', 'invalid-input');
      return c.json(validationBody(result.error), 400);
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { email, password } = c.req.valid('json');
      const now = nowOf(c);
      const emailKey = throttleKey('email', email);
      const ipKey = throttleKey('ip', clientIp(c));

      const wait = await beginAttempt(db, [emailKey, ipKey], now);
      if (wait > 0) {
        await logAttempt(c, email, 'throttled');
        c.header('Retry-After', String(Math.ceil(wait / 1000)));
        return c.json({ error: `Too many sign-in attempts. Please try again in ${waitText(wait)}.` }, 429);
      }

      const [user] = await db.select().from(t.adminUser).where(eq(t.adminUser.email, email));
      const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
      if (!user || !ok) {
        await logAttempt(c, email, 'failure');
        return c.json({ error: INVALID_CREDENTIALS }, 401);
      }

      await attemptSucceeded(db, emailKey, ipKey);
      // A new session at every sign-in; the one the browser still had (if any) ends.
      const previous = readSessionCookie(c);
      if (previous) {
        const old = await validateSessionToken(db, previous, now);
        if (old) await deleteSession(db, old.session.id);
      }
      await deleteExpiredSessions(db, user.id, now);
      const { token, session } = await createSession(db, user.id, now);
      writeSessionCookie(c, token);
      await logAttempt(c, email, 'success');
      await withWriteLock(db, () => db.delete(t.authLog).where(lt(t.authLog.createdAt, now - AUTH_LOG_KEEP_MS)));
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
