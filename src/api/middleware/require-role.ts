// Roles, enforced on the server: an owner may do everything, an editor everything but user management.
// Runs after requireSession; the role is read from the account at every request, so a change of role
// or a removal takes effect at once.
import { createMiddleware } from 'hono/factory';
import type { AdminRole } from '../../../db/enums.ts';
import type { AppEnv } from '../context.ts';
import { roleOf } from '../store/users.ts';

export const OWNER_ONLY = 'Only an owner can manage admins and invitations. Ask an owner of this back office.';

export function requireRole(...roles: AdminRole[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const role = await roleOf(c.var.deps.db, c.var.user.id);
    if (!role || !roles.includes(role)) return c.json({ error: OWNER_ONLY }, 403);
    await next();
  });
}
