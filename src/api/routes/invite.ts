// /api/invite/:token (no session needed): what an invitation link stands for, and accepting it.
//   GET  /:token                    { email, role, expires_at }; 404 unknown, 410 used or expired
//   POST /:token  { password }      creates the account with the invited role and signs it in
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { acceptInviteSchema } from '../../lib/schemas/users.ts';
import { nowOf, type AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { readSessionCookie, writeSessionCookie } from '../auth/cookie.ts';
import { createSession, deleteSession, sessionExpiresAt, validateSessionToken } from '../auth/session.ts';
import { INVITATION_MESSAGES, acceptInvitation, invitationByToken } from '../store/users.ts';

export const inviteRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const invitation = await invitationByToken(c.var.deps.db, c.req.param('token'), nowOf(c));
    if (invitation.state === 'unknown') return c.json({ error: INVITATION_MESSAGES.unknown }, 404);
    if (invitation.state !== 'open') return c.json({ error: INVITATION_MESSAGES[invitation.state] }, 410);
    return c.json({ email: invitation.email, role: invitation.role, expires_at: new Date(invitation.expires_at).toISOString() }, 200);
  })
  .post('/:token', zValidator('json', acceptInviteSchema, validationHook), async (c) => {
    const { db } = c.var.deps;
    const now = nowOf(c);
    const invitation = await invitationByToken(db, c.req.param('token'), now);
    if (invitation.state === 'unknown') return c.json({ error: INVITATION_MESSAGES.unknown }, 404);
    if (invitation.state !== 'open') return c.json({ error: INVITATION_MESSAGES[invitation.state] }, 410);
    const user = await acceptInvitation(db, c.req.param('token'), c.req.valid('json').password, now, c.var.deps.passwordParams);
    // Signed in as the new account; a session this browser still had ends.
    const previous = readSessionCookie(c);
    if (previous) {
      const old = await validateSessionToken(db, previous, now);
      if (old) await deleteSession(db, old.session.id);
    }
    const { token, session } = await createSession(db, user.id, now);
    writeSessionCookie(c, token);
    return c.json({ user, expires_at: new Date(sessionExpiresAt(session)).toISOString() }, 201);
  });
