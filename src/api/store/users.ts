// Admin accounts beyond the first: roles, one-time invitations, removal, the own password and sessions.
// Invitation links carry a random 32-byte token; only its SHA-256 is stored, so the link exists only in
// the answer that created it. Sessions are changed here through the session table directly.
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import type { AdminRole } from '../../../db/enums.ts';
import { pageInMemory, type ListQuery } from '../../lib/schemas/list.ts';
import { InputError } from '../import-export/errors.ts';
import { hashPassword, verifyPassword, type ScryptParams } from '../auth/password.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_INACTIVITY_TIMEOUT_MS } from '../auth/session.ts';
import { withWriteLock, writeTransaction } from '../write-lock.ts';

export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

export async function roleOf(db: Executor, userId: number): Promise<AdminRole | undefined> {
  const [row] = await db.select({ role: t.adminUser.role }).from(t.adminUser).where(eq(t.adminUser.id, userId));
  return row?.role;
}

/** Sessions that have not ended yet (neither idle too long nor past their lifetime). */
function liveSession(now: number) {
  return and(gt(t.adminSession.lastActiveAt, now - SESSION_INACTIVITY_TIMEOUT_MS), gt(t.adminSession.createdAt, now - SESSION_ABSOLUTE_LIFETIME_MS));
}

export async function accountOf(db: Executor, userId: number, now: number) {
  const [user] = await db
    .select({ id: t.adminUser.id, email: t.adminUser.email, role: t.adminUser.role, created_at: t.adminUser.createdAt })
    .from(t.adminUser)
    .where(eq(t.adminUser.id, userId));
  if (!user) return undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(t.adminSession)
    .where(and(eq(t.adminSession.userId, userId), liveSession(now)));
  return { ...user, sessions: n };
}

export const USER_SORTS = ['email', 'role', 'created_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** A page of admins (a handful of rows, paged in memory), with when each was last active. */
export async function listUsers(db: Executor, query: ListQuery<UserSort>) {
  const rows = await db
    .select({
      id: t.adminUser.id,
      email: t.adminUser.email,
      role: t.adminUser.role,
      created_at: t.adminUser.createdAt,
      last_active_at: sql<number | null>`(select max(s."last_active_at") from "admin_session" s where s."user_id" = "admin_user"."id")`,
    })
    .from(t.adminUser)
    .orderBy(asc(t.adminUser.email));
  return pageInMemory(
    rows.map((r) => ({ ...r, last_active_at: r.last_active_at === null ? null : new Date(Number(r.last_active_at)).toISOString() })),
    query,
    (u) => [u.email, u.role],
    { email: (u) => u.email, role: (u) => u.role, created_at: (u) => u.created_at },
  );
}

function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

async function ownerCount(db: Executor): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t.adminUser).where(eq(t.adminUser.role, 'owner'));
  return n;
}

async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: t.adminUser.id }).from(t.adminUser).where(eq(t.adminUser.email, email));
  return !!row;
}

/** Invitations not used and not expired yet, newest first. */
export async function listInvitations(db: Executor, now: number) {
  return db
    .select({
      id: t.adminInvitation.id,
      email: t.adminInvitation.email,
      role: t.adminInvitation.role,
      created_at: t.adminInvitation.createdAt,
      expires_at: t.adminInvitation.expiresAt,
      created_by: t.adminUser.email,
    })
    .from(t.adminInvitation)
    .leftJoin(t.adminUser, eq(t.adminUser.id, t.adminInvitation.createdBy))
    .where(and(isNull(t.adminInvitation.usedAt), gt(t.adminInvitation.expiresAt, now)))
    .orderBy(sql`${t.adminInvitation.createdAt} desc`, sql`${t.adminInvitation.id} desc`);
}

/**
 * A new one-time invitation. The token is returned once and never stored; an earlier open invitation
 * for the same email stops working (only the newest link counts).
 */
export async function createInvitation(db: Db, input: { email: string; role: AdminRole }, createdBy: number, now: number) {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const token = encodeBase64urlNoPadding(bytes);
  return writeTransaction(db, async (tx) => {
    if (await emailTaken(tx, input.email)) {
      throw new InputError(`${input.email} already has an admin account.`, 409, [{ path: 'email', message: 'This email already has an admin account' }]);
    }
    await tx.delete(t.adminInvitation).where(and(eq(t.adminInvitation.email, input.email), isNull(t.adminInvitation.usedAt)));
    const expiresAt = now + INVITATION_LIFETIME_MS;
    const [row] = await tx
      .insert(t.adminInvitation)
      .values({ tokenHash: hashToken(token), email: input.email, role: input.role, createdBy, createdAt: now, expiresAt })
      .returning({ id: t.adminInvitation.id });
    return { id: row.id, token, email: input.email, role: input.role, expires_at: expiresAt };
  });
}

export async function deleteInvitation(db: Db, id: number): Promise<boolean> {
  return withWriteLock(db, async () => {
    const rows = await db.delete(t.adminInvitation).where(and(eq(t.adminInvitation.id, id), isNull(t.adminInvitation.usedAt))).returning({ id: t.adminInvitation.id });
    return rows.length > 0;
  });
}

export type InvitationState =
  | { state: 'open'; id: number; email: string; role: AdminRole; expires_at: number }
  | { state: 'used' | 'expired' | 'unknown' };

/** What a link's token stands for. Tokens that cannot be ours are unknown without a query. */
export async function invitationByToken(db: Executor, token: string, now: number): Promise<InvitationState> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { state: 'unknown' };
  const [row] = await db.select().from(t.adminInvitation).where(eq(t.adminInvitation.tokenHash, hashToken(token)));
  if (!row) return { state: 'unknown' };
  if (row.usedAt !== null) return { state: 'used' };
  if (row.expiresAt <= now) return { state: 'expired' };
  return { state: 'open', id: row.id, email: row.email, role: row.role, expires_at: row.expiresAt };
}

export const INVITATION_MESSAGES = {
  unknown: 'This invitation link is not valid. Ask an owner for a new one.',
  used: 'This invitation has already been used. Sign in with your email and password, or ask an owner for a new link.',
  expired: 'This invitation has expired (links are valid for 72 hours). Ask an owner for a new one.',
} as const;

/**
 * Accepts an invitation: creates the account with the invited role and marks the invitation used, in
 * one transaction (a second use of the same link finds it used). Returns the new user.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  password: string,
  now: number,
  params?: ScryptParams,
): Promise<{ id: number; email: string; role: AdminRole }> {
  const first = await invitationByToken(db, token, now);
  if (first.state !== 'open') throw new InputError(INVITATION_MESSAGES[first.state], first.state === 'unknown' ? 404 : 409);
  const problem = passwordProblem(password, first.email);
  if (problem) throw new InputError(problem, 400, [{ path: 'password', message: problem }]);
  const passwordHash = await hashPassword(password, params);
  return writeTransaction(db, async (tx) => {
    const current = await invitationByToken(tx, token, now);
    if (current.state !== 'open') throw new InputError(INVITATION_MESSAGES[current.state], current.state === 'unknown' ? 404 : 409);
    if (await emailTaken(tx, current.email)) throw new InputError(`${current.email} already has an admin account. Sign in instead.`, 409);
    const [user] = await tx.insert(t.adminUser).values({ email: current.email, passwordHash, role: current.role }).returning({ id: t.adminUser.id });
    await tx.update(t.adminInvitation).set({ usedAt: now }).where(eq(t.adminInvitation.id, current.id));
    return { id: user.id, email: current.email, role: current.role };
  });
}

/** The answer when a change would leave the back office without an owner. */
const LAST_OWNER = 'This is the last owner. Make another admin an owner first, so someone can still manage users.';

/** Removes an admin and their sessions. Refuses the last owner and the signed-in admin themselves (409). */
export async function deleteUser(db: Db, actorId: number, id: number): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const role = await roleOf(tx, id);
    if (!role) return false;
    if (role === 'owner' && (await ownerCount(tx)) <= 1) throw new InputError(LAST_OWNER, 409);
    if (id === actorId) throw new InputError('You cannot remove your own account. Ask another owner to do it.', 409);
    // Explicit, not only ON DELETE: a remote libSQL connection may run without foreign keys.
    await tx.delete(t.adminSession).where(eq(t.adminSession.userId, id));
    await tx.update(t.adminInvitation).set({ createdBy: null }).where(eq(t.adminInvitation.createdBy, id));
    await tx.update(t.change).set({ adminId: null }).where(eq(t.change.adminId, id));
    await tx.delete(t.adminUser).where(eq(t.adminUser.id, id));
    return true;
  });
}

/** Makes an admin an owner or an editor; the last owner stays an owner (409). */
export async function setRole(db: Db, id: number, role: AdminRole): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const current = await roleOf(tx, id);
    if (!current) return false;
    if (current === 'owner' && role !== 'owner' && (await ownerCount(tx)) <= 1) throw new InputError(LAST_OWNER, 409);
    await tx.update(t.adminUser).set({ role }).where(eq(t.adminUser.id, id));
    return true;
  });
}

/** Ends every session of the user except `keepSessionId`; returns how many ended. */
export async function deleteOtherSessions(db: Executor, userId: number, keepSessionId: string): Promise<number> {
  return withWriteLock(db, async () => {
    const rows = await db
      .delete(t.adminSession)
      .where(and(eq(t.adminSession.userId, userId), ne(t.adminSession.id, keepSessionId)))
      .returning({ id: t.adminSession.id });
    return rows.length;
  });
}

/**
 * The own password: the current one must match; the new one follows the rules of admin:create. Every
 * other session of the account ends (the one making the change stays signed in).
 */
export async function changePassword(db: Db, userId: number, sessionId: string, current: string, next: string, params?: ScryptParams): Promise<number> {
  const [user] = await db.select({ email: t.adminUser.email, passwordHash: t.adminUser.passwordHash }).from(t.adminUser).where(eq(t.adminUser.id, userId));
  if (!user || !(await verifyPassword(current, user.passwordHash))) {
    throw new InputError('The current password is not correct.', 400, [{ path: 'current_password', message: 'The current password is not correct' }]);
  }
  const problem = passwordProblem(next, user.email);
  if (problem) throw new InputError(problem, 400, [{ path: 'new_password', message: problem }]);
  if (current === next) {
    const message = 'The new password must differ from the current one';
    throw new InputError(message, 400, [{ path: 'new_password', message }]);
  }
  const passwordHash = await hashPassword(next, params);
  return writeTransaction(db, async (tx) => {
    await tx.update(t.adminUser).set({ passwordHash }).where(eq(t.adminUser.id, userId));
    const ended = await tx
      .delete(t.adminSession)
      .where(and(eq(t.adminSession.userId, userId), ne(t.adminSession.id, sessionId)))
      .returning({ id: t.adminSession.id });
    return ended.length;
  });
}
