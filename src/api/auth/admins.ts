// Admin accounts. There is no default account: the first one comes from `npm run admin:create` or
// from ADMIN_EMAIL/ADMIN_PASSWORD on start when no admin exists yet.
import { eq, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import { emailSchema } from '../../lib/schemas/auth.ts';
import { InputError } from '../import-export/errors.ts';
import { hashPassword, type ScryptParams } from './password.ts';
import { passwordProblem } from './password-policy.ts';
import { withWriteLock } from '../write-lock.ts';

export async function adminCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(t.adminUser);
  return Number(row.n);
}

function checkCredentials(email: string, password: string): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new InputError(parsed.error.issues[0].message);
  const problem = passwordProblem(password, parsed.data);
  if (problem) throw new InputError(problem);
  return parsed.data;
}

/**
 * Creates an admin; with `replace`, an existing account with that email gets the new password instead.
 * `params`: the hash's cost (production's unless a test passes a low one).
 */
export async function createAdmin(
  db: Executor,
  email: string,
  password: string,
  opts: { replace?: boolean; params?: ScryptParams } = {},
): Promise<{ id: number; email: string; created: boolean }> {
  const normalized = checkCredentials(email, password);
  const passwordHash = await hashPassword(password, opts.params);
  return withWriteLock(db, async () => {
    const [existing] = await db.select({ id: t.adminUser.id }).from(t.adminUser).where(eq(t.adminUser.email, normalized));
    if (existing) {
      if (!opts.replace) throw new InputError(`An admin with the email ${normalized} already exists.`, 409);
      await db.update(t.adminUser).set({ passwordHash }).where(eq(t.adminUser.id, existing.id));
      // A new password ends every session of the account.
      await db.delete(t.adminSession).where(eq(t.adminSession.userId, existing.id));
      return { id: existing.id, email: normalized, created: false };
    }
    const [row] = await db.insert(t.adminUser).values({ email: normalized, passwordHash }).returning({ id: t.adminUser.id });
    return { id: row.id, email: normalized, created: true };
  });
}

/**
 * On start: creates the first admin from the environment when there is none. Returns what to tell the
 * user ("created", a hint how to create one, or nothing when admins exist).
 */
export async function ensureFirstAdmin(db: Executor, email: string | undefined, password: string | undefined): Promise<string | undefined> {
  if ((await adminCount(db)) > 0) return undefined;
  if (email && password) {
    const admin = await createAdmin(db, email, password);
    return `Created the first admin account ${admin.email} from ADMIN_EMAIL/ADMIN_PASSWORD.`;
  }
  return (
    'No admin account exists yet. Create one with `npm run admin:create` ' +
    '(or set ADMIN_EMAIL and ADMIN_PASSWORD and restart) to sign in at /admin.'
  );
}
