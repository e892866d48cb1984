// /api/account: the signed-in admin's own account (any role).
//   GET  /                                           email, role, number of open sessions
//   PUT  /password   { current_password, new_password }   other sessions end; this one stays
//   POST /sign-out-others                            ends every other session of the account
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { changePasswordSchema } from '../../lib/schemas/users.ts';
import { nowOf, type AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { accountOf, changePassword, deleteOtherSessions } from '../store/users.ts';
import { NOT_SIGNED_IN } from '../middleware/require-session.ts';

export const accountRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const account = await accountOf(c.var.deps.db, c.var.user.id, nowOf(c));
    if (!account) return c.json({ error: NOT_SIGNED_IN }, 401);
    return c.json(account, 200);
  })
  .put('/password', zValidator('json', changePasswordSchema, validationHook), async (c) => {
    const { current_password, new_password } = c.req.valid('json');
    const signedOut = await changePassword(c.var.deps.db, c.var.user.id, c.var.session.id, current_password, new_password, c.var.deps.passwordParams);
    return c.json({ ok: true as const, signed_out: signedOut }, 200);
  })
  .post('/sign-out-others', async (c) => {
    const signedOut = await deleteOtherSessions(c.var.deps.db, c.var.user.id, c.var.session.id);
    return c.json({ ok: true as const, signed_out: signedOut }, 200);
  });
