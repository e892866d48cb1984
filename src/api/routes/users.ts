// /api/users (owners only): the admins, their roles, removal, and one-time invitations.
//   GET    /                  ?q=&page=&per_page=&sort=   admins, paged
//   PUT    /:id/role          { role }                    owner or editor (the last owner stays one)
//   DELETE /:id                                           remove an admin (not yourself, not the last owner)
//   GET    /invitations                                   open invitations (not used, not expired)
//   POST   /invitations       { email, role }             a new link; the token is in this answer only
//   DELETE /invitations/:id                               withdraw an open invitation
import { Hono, type Context } from 'hono';
import { zValidator } from '../validator.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { inviteSchema, setRoleSchema } from '../../lib/schemas/users.ts';
import { nowOf, type AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { requireRole } from '../middleware/require-role.ts';
import { USER_SORTS, createInvitation, deleteInvitation, deleteUser, listInvitations, listUsers, setRole } from '../store/users.ts';
import { idParam } from './params.ts';

const listQuery = listQuerySchema(USER_SORTS, 'email');

/** The public origin for links: the configured site origin, else the request's. */
function originOf(c: Context<AppEnv>): string {
  const configured = c.var.deps.allowedOrigins?.[0];
  return configured ? new URL(configured).origin : new URL(c.req.url).origin;
}

const iso = (ms: number) => new Date(ms).toISOString();

export const userRoutes = new Hono<AppEnv>()
  .use(requireRole('owner'))
  .get('/', zValidator('query', listQuery, validationHook), async (c) => {
    const page = await listUsers(c.var.deps.db, c.req.valid('query'));
    return c.json({ ...page, items: page.items.map((u) => ({ ...u, is_you: u.id === c.var.user.id })) }, 200);
  })
  .get('/invitations', async (c) => {
    const rows = await listInvitations(c.var.deps.db, nowOf(c));
    return c.json(rows.map((r) => ({ ...r, created_at: iso(r.created_at), expires_at: iso(r.expires_at) })), 200);
  })
  .post('/invitations', zValidator('json', inviteSchema, validationHook), async (c) => {
    const invitation = await createInvitation(c.var.deps.db, c.req.valid('json'), c.var.user.id, nowOf(c));
    return c.json(
      {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expires_at: iso(invitation.expires_at),
        token: invitation.token,
        url: `${originOf(c)}/admin/invite/${invitation.token}`,
      },
      201,
    );
  })
  .delete('/invitations/:id', idParam('Invitation'), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deleteInvitation(c.var.deps.db, id))) throw notFound('Invitation');
    return c.json({ deleted: id }, 200);
  })
  .put('/:id/role', idParam('Admin'), zValidator('json', setRoleSchema, validationHook), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await setRole(c.var.deps.db, id, c.req.valid('json').role))) throw notFound('Admin');
    return c.json({ id, role: c.req.valid('json').role }, 200);
  })
  .delete('/:id', idParam('Admin'), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deleteUser(c.var.deps.db, c.var.user.id, id))) throw notFound('Admin');
    return c.json({ deleted: id }, 200);
  });
