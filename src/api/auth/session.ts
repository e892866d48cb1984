// Server-side sessions after the Lucia project's session guide: the cookie holds "<id>.<secret>",
// the database keeps only SHA-256(secret), compared in constant time. A session ends after a period
// without activity or at its absolute lifetime, whichever comes first, and on sign-out.
import { and, eq, lt, or } from 'drizzle-orm';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import type { CurrentSession, SessionUser } from '../context.ts';
import { withWriteLock } from '../write-lock.ts';

export const SESSION_INACTIVITY_TIMEOUT_MS = 2 * 60 * 60 * 1000; // 2 hours without a request
export const SESSION_ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000; // 7 days at most
/** lastActiveAt is written at most this often, so reads do not each cost a write. */
const ACTIVITY_WRITE_INTERVAL_MS = 60 * 1000;

function randomString(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return encodeBase32LowerCaseNoPadding(buffer);
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

export interface NewSession {
  token: string;
  session: CurrentSession;
}

/** A fresh session (called at every sign-in). id: 120 bits, secret: 160 bits of randomness. */
export async function createSession(db: Executor, userId: number, now: number): Promise<NewSession> {
  const id = randomString(15);
  const secret = randomString(20);
  const session = { id, userId, createdAt: now, lastActiveAt: now };
  await withWriteLock(db, () => db.insert(t.adminSession).values({ ...session, secretHash: encodeHexLowerCase(hashSecret(secret)) }));
  return { token: `${id}.${secret}`, session };
}

export function sessionExpiresAt(session: CurrentSession): number {
  return Math.min(session.lastActiveAt + SESSION_INACTIVITY_TIMEOUT_MS, session.createdAt + SESSION_ABSOLUTE_LIFETIME_MS);
}

/** The session and its user for a cookie token, or undefined; expired sessions are deleted. */
export async function validateSessionToken(
  db: Executor,
  token: string,
  now: number,
): Promise<{ session: CurrentSession; user: SessionUser } | undefined> {
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[a-z2-7]{1,64}$/.test(parts[0]) || !/^[a-z2-7]{1,64}$/.test(parts[1])) return undefined;
  const [id, secret] = parts;
  const [row] = await db
    .select({
      id: t.adminSession.id,
      secretHash: t.adminSession.secretHash,
      userId: t.adminSession.userId,
      createdAt: t.adminSession.createdAt,
      lastActiveAt: t.adminSession.lastActiveAt,
      email: t.adminUser.email,
    })
    .from(t.adminSession)
    .innerJoin(t.adminUser, eq(t.adminUser.id, t.adminSession.userId))
    .where(eq(t.adminSession.id, id));
  if (!row) return undefined;
  let stored: Uint8Array;
  try {
    stored = decodeHex(row.secretHash);
  } catch {
    return undefined;
  }
  if (!constantTimeEqual(hashSecret(secret), stored)) return undefined;
  const session: CurrentSession = { id: row.id, userId: row.userId, createdAt: row.createdAt, lastActiveAt: row.lastActiveAt };
  if (now >= sessionExpiresAt(session)) {
    await deleteSession(db, row.id);
    return undefined;
  }
  if (now - session.lastActiveAt >= ACTIVITY_WRITE_INTERVAL_MS) {
    session.lastActiveAt = now;
    await withWriteLock(db, () => db.update(t.adminSession).set({ lastActiveAt: now }).where(eq(t.adminSession.id, row.id)));
  }
  return { session, user: { id: row.userId, email: row.email } };
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await withWriteLock(db, () => db.delete(t.adminSession).where(eq(t.adminSession.id, id)));
}

/** Removes a user's expired sessions (housekeeping at sign-in). */
export async function deleteExpiredSessions(db: Executor, userId: number, now: number): Promise<void> {
  await withWriteLock(db, () =>
    db.delete(t.adminSession).where(
      and(
        eq(t.adminSession.userId, userId),
        or(lt(t.adminSession.lastActiveAt, now - SESSION_INACTIVITY_TIMEOUT_MS), lt(t.adminSession.createdAt, now - SESSION_ABSOLUTE_LIFETIME_MS)),
      ),
    ),
  );
}
