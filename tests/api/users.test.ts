// Editors and roles: an owner invites with a one-time link (only its SHA-256 stored, 72 h, single use);
// the invitee chooses a password and is signed in with the invited role; editors edit data but get 403
// on user management; owners list, re-role and remove admins, never the last owner nor themselves; every
// admin changes their own password (other sessions end) and signs out other sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { listInvitations } from '../../src/api/store/users.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, companyBody, json, makeKit, seedCatalogue, sessionCookieOf, type Kit } from './helpers.ts';

const EDITOR = 'editor@example.org';
const EDITOR_PASSWORD = 'a long editor passphrase 77';
const HOUR = 60 * 60 * 1000;

let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(() => kit.cleanup());

async function invite(email: string, role?: 'owner' | 'editor', cookie?: string) {
  const res = await kit.call('POST', '/api/users/invitations', { body: { email, ...(role ? { role } : {}) }, cookie });
  return { res, body: await json(res.clone()) };
}

function tokenOf(url: string): string {
  return url.split('/admin/invite/')[1];
}

describe('invitations', () => {
  let editorCookie = '';

  it('an owner creates a one-time link; only the token hash is stored', async () => {
    const { res, body } = await invite(EDITOR.toUpperCase());
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ email: EDITOR, role: 'editor' });
    expect(body.url).toMatch(/^http:\/\/127\.0\.0\.1:4321\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(body.url)).toBe(body.token);
    expect(Date.parse(body.expires_at) - kit.clock.now).toBe(72 * HOUR);
    const [row] = await kit.db.select().from(t.adminInvitation).where(eq(t.adminInvitation.email, EDITOR));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(body.token);
    // The open invitations list shows it, without any token.
    const open = await json(await kit.call('GET', '/api/users/invitations'));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ email: EDITOR, role: 'editor', created_by: ADMIN_EMAIL });
    expect(JSON.stringify(open)).not.toContain(body.token);
    // No publish for account changes.
    expect(kit.publisher.requests).toBe(0);
  });

  it('invite → accept → signed in as an editor; the link then refuses a second use', async () => {
    const { body } = await invite(EDITOR);
    const token = tokenOf(body.url);
    const info = await kit.call('GET', `/api/invite/${token}`, { cookie: null });
    expect(info.status).toBe(200);
    expect(await json(info)).toMatchObject({ email: EDITOR, role: 'editor' });

    // The password rules of admin:create.
    for (const [password, message] of [
      ['short', 'Password must be at least 12 characters'],
      ['password1234', /too common/],
      ['editor@example.org', /too common/],
    ] as const) {
      const res = await kit.call('POST', `/api/invite/${token}`, { body: { password }, cookie: null });
      expect(res.status, password).toBe(400);
      const error = (await json(res)).error;
      if (typeof message === 'string') expect(error).toBe(message);
      else expect(error).toMatch(message);
    }
    // From another site: refused like every write.
    expect((await kit.call('POST', `/api/invite/${token}`, { body: { password: EDITOR_PASSWORD }, cookie: null, origin: 'https://evil.example' })).status).toBe(403);

    const accepted = await kit.call('POST', `/api/invite/${token}`, { body: { password: EDITOR_PASSWORD }, cookie: null });
    expect(accepted.status).toBe(201);
    expect((await json(accepted.clone())).user).toMatchObject({ email: EDITOR, role: 'editor' });
    const cookie = sessionCookieOf(accepted);
    expect((await json(await kit.call('GET', '/api/auth/session', { cookie }))).user.email).toBe(EDITOR);
    expect(await json(await kit.call('GET', '/api/account', { cookie }))).toMatchObject({ email: EDITOR, role: 'editor', sessions: 1 });

    const again = await kit.call('POST', `/api/invite/${token}`, { body: { password: EDITOR_PASSWORD }, cookie: null });
    expect(again.status).toBe(410);
    expect((await json(again)).error).toMatch(/already been used/);
    expect((await kit.call('GET', `/api/invite/${token}`, { cookie: null })).status).toBe(410);
    // And they can sign in with the new password.
    editorCookie = await kit.signIn(EDITOR, EDITOR_PASSWORD);
    expect(editorCookie).toMatch(/^ea_session=/);
  });

  it('an editor edits data but gets 403 with a clear message on user management', async () => {
    const { ent } = await seedCatalogue(kit);
    const created = await kit.call('POST', '/api/admin/companies', { body: companyBody(ent.id), cookie: editorCookie });
    expect(created.status).toBe(201);
    const id = (await json(created)).id;
    const updated = await kit.call('PUT', `/api/admin/companies/${id}`, { body: companyBody(ent.id, { name: 'Deezer SA' }), cookie: editorCookie });
    expect(updated.status).toBe(200);
    expect((await kit.call('GET', '/api/admin/companies', { cookie: editorCookie })).status).toBe(200);
    expect((await kit.call('GET', '/api/admin/data-health', { cookie: editorCookie })).status).toBe(200);

    for (const [method, path, body] of [
      ['GET', '/api/users', undefined],
      ['GET', '/api/users/invitations', undefined],
      ['POST', '/api/users/invitations', { email: 'someone@example.org' }],
      ['DELETE', '/api/users/1', undefined],
      ['PUT', '/api/users/1/role', { role: 'editor' }],
    ] as const) {
      const res = await kit.call(method, path, { body, cookie: editorCookie });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json(res)).error).toBe('Only an owner can manage admins and invitations. Ask an owner of this back office.');
    }
    // Their own account is theirs.
    expect((await kit.call('GET', '/api/account', { cookie: editorCookie })).status).toBe(200);
  });

  it('refuses expired and unknown tokens, and an email that already has an account', async () => {
    const { body } = await invite('late@example.org');
    const token = tokenOf(body.url);
    kit.clock.now += 72 * HOUR + 1000;
    try {
      const res = await kit.call('POST', `/api/invite/${token}`, { body: { password: EDITOR_PASSWORD }, cookie: null });
      expect(res.status).toBe(410);
      expect((await json(res)).error).toMatch(/expired/);
      expect((await kit.call('GET', `/api/invite/${token}`, { cookie: null })).status).toBe(410);
      // Expired ones are no longer listed as open.
      const open = await listInvitations(kit.db, kit.clock.now);
      expect(open.map((i) => i.email)).not.toContain('late@example.org');
    } finally {
      kit.clock.now -= 72 * HOUR + 1000;
    }
    const unknown = await kit.call('GET', `/api/invite/${'A'.repeat(43)}`, { cookie: null });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toMatch(/not valid/);
    expect((await kit.call('POST', '/api/invite/nonsense', { body: { password: EDITOR_PASSWORD }, cookie: null })).status).toBe(404);

    const taken = await invite(EDITOR);
    expect(taken.res.status).toBe(409);
    expect(taken.body.issues).toEqual([{ path: 'email', message: 'This email already has an admin account' }]);
    const badRole = await kit.call('POST', '/api/users/invitations', { body: { email: 'x@example.org', role: 'admin' } });
    expect(badRole.status).toBe(400);
  });

  it('a newer invitation for the same email replaces the older link; a withdrawn one stops working', async () => {
    const first = await invite('twice@example.org');
    const second = await invite('twice@example.org', 'owner');
    expect((await kit.call('GET', `/api/invite/${first.body.token}`, { cookie: null })).status).toBe(404);
    expect(await json(await kit.call('GET', `/api/invite/${second.body.token}`, { cookie: null }))).toMatchObject({ role: 'owner' });
    expect((await kit.call('DELETE', `/api/users/invitations/${second.body.id}`)).status).toBe(200);
    expect((await kit.call('GET', `/api/invite/${second.body.token}`, { cookie: null })).status).toBe(404);
    expect((await kit.call('DELETE', `/api/users/invitations/${second.body.id}`)).status).toBe(404);
  });
});

describe('owners and removal', () => {
  it('lists admins; an owner cannot remove themselves or the last owner (409); removing ends their sessions', async () => {
    const list = await json(await kit.call('GET', '/api/users'));
    expect(list.items.map((u: { email: string; role: string; is_you: boolean }) => [u.email, u.role, u.is_you])).toEqual([
      [ADMIN_EMAIL, 'owner', true],
      [EDITOR, 'editor', false],
    ]);
    const me = list.items[0].id;
    const editor = list.items[1].id;

    const self = await kit.call('DELETE', `/api/users/${me}`);
    expect(self.status).toBe(409);
    expect((await json(self)).error).toMatch(/last owner/);
    const demote = await kit.call('PUT', `/api/users/${me}/role`, { body: { role: 'editor' } });
    expect(demote.status).toBe(409);
    expect((await json(demote)).error).toBe('This is the last owner. Make another admin an owner first, so someone can still manage users.');

    // A second owner: now the first may not remove themselves by accident, but the other owner may.
    const { body } = await invite('second-owner@example.org', 'owner');
    const accepted = await kit.call('POST', `/api/invite/${body.token}`, { body: { password: 'another long passphrase 99' }, cookie: null });
    expect(accepted.status).toBe(201);
    const secondCookie = sessionCookieOf(accepted);
    const selfAgain = await kit.call('DELETE', `/api/users/${me}`);
    expect(selfAgain.status).toBe(409);
    expect((await json(selfAgain)).error).toBe('You cannot remove your own account. Ask another owner to do it.');

    // The editor becomes an owner and back.
    expect((await kit.call('PUT', `/api/users/${editor}/role`, { body: { role: 'owner' } })).status).toBe(200);
    expect((await kit.call('GET', '/api/users', { cookie: await kit.signIn(EDITOR, EDITOR_PASSWORD) })).status).toBe(200);
    expect((await kit.call('PUT', `/api/users/${editor}/role`, { body: { role: 'editor' } })).status).toBe(200);

    // Removing the editor ends their sessions at once.
    const editorCookie = await kit.signIn(EDITOR, EDITOR_PASSWORD);
    expect((await kit.call('DELETE', `/api/users/${editor}`)).status).toBe(200);
    expect((await kit.call('GET', '/api/admin/companies', { cookie: editorCookie })).status).toBe(401);
    expect((await kit.call('DELETE', `/api/users/${editor}`)).status).toBe(404);
    // Their changes keep their email in the history.
    const [change] = await kit.db.select().from(t.change).where(eq(t.change.adminEmail, EDITOR));
    expect(change.adminId).toBeNull();

    // The second owner removes the first; the second is then the last owner.
    const secondId = (await json(await kit.call('GET', '/api/account', { cookie: secondCookie }))).id;
    expect((await kit.call('DELETE', `/api/users/${me}`, { cookie: secondCookie })).status).toBe(200);
    const last = await kit.call('DELETE', `/api/users/${secondId}`, { cookie: secondCookie });
    expect(last.status).toBe(409);
    expect((await json(last)).error).toMatch(/last owner/);
    expect((await kit.call('GET', '/api/users', { cookie: kit.cookie })).status).toBe(401);
  });
});

describe('own account', () => {
  let k: Kit;
  beforeAll(async () => {
    k = await makeKit();
  });
  afterAll(() => k.cleanup());

  it('changing the password needs the current one, follows the rules, and signs out the other sessions', async () => {
    const other = await k.signIn();
    const third = await k.signIn();
    expect((await json(await k.call('GET', '/api/account'))).sessions).toBe(3);

    const wrong = await k.call('PUT', '/api/account/password', { body: { current_password: 'not it at all', new_password: 'a brand new passphrase 1' } });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).issues).toEqual([{ path: 'current_password', message: 'The current password is not correct' }]);
    const weak = await k.call('PUT', '/api/account/password', { body: { current_password: ADMIN_PASSWORD, new_password: 'qwerty123456' } });
    expect(weak.status).toBe(400);
    expect((await json(weak)).issues[0].path).toBe('new_password');
    const missing = await k.call('PUT', '/api/account/password', { body: { new_password: 'a brand new passphrase 1' } });
    expect(missing.status).toBe(400);
    expect((await k.call('PUT', '/api/account/password', { body: { current_password: ADMIN_PASSWORD, new_password: 'a brand new passphrase 1' }, cookie: null })).status).toBe(401);

    const ok = await k.call('PUT', '/api/account/password', { body: { current_password: ADMIN_PASSWORD, new_password: 'a brand new passphrase 1' } });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({ ok: true, signed_out: 2 });
    expect((await k.call('GET', '/api/admin/companies')).status).toBe(200);
    expect((await k.call('GET', '/api/admin/companies', { cookie: other })).status).toBe(401);
    expect((await k.call('GET', '/api/admin/companies', { cookie: third })).status).toBe(401);
    // The old password no longer works, the new one does.
    expect((await k.call('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, cookie: null })).status).toBe(401);
    await k.signIn(ADMIN_EMAIL, 'a brand new passphrase 1');
  });

  it('"sign out other sessions" keeps this one only', async () => {
    const other = await k.signIn(ADMIN_EMAIL, 'a brand new passphrase 1');
    const res = await k.call('POST', '/api/account/sign-out-others');
    expect(res.status).toBe(200);
    expect((await json(res)).signed_out).toBe(2);
    expect((await k.call('GET', '/api/admin/companies', { cookie: other })).status).toBe(401);
    expect(await json(await k.call('GET', '/api/account'))).toMatchObject({ email: ADMIN_EMAIL, role: 'owner', sessions: 1 });
    expect((await k.call('POST', '/api/account/sign-out-others', { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('admin:create keeps making owners', async () => {
    const [row] = await k.db.select({ role: t.adminUser.role }).from(t.adminUser).where(eq(t.adminUser.email, ADMIN_EMAIL));
    expect(row.role).toBe('owner');
  });
});
