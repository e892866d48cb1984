// Accounts, sign-in, sessions, throttling and the auth log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { createApp } from '../../src/api/app.ts';
import { ensureFirstAdmin, createAdmin } from '../../src/api/auth/admins.ts';
import { SCRYPT_PARAMS, hashPassword, verifyPassword } from '../../src/api/auth/password.ts';
import { passwordProblem } from '../../src/api/auth/password-policy.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_INACTIVITY_TIMEOUT_MS } from '../../src/api/auth/session.ts';
import { THROTTLE } from '../../src/api/auth/throttle.ts';
import { LOG } from '../../src/api/auth/auth-log.ts';
import { DEVICE_LIFETIME_MS, deviceToken } from '../../src/api/auth/device.ts';
import { noPublisher } from '../../src/api/publisher.ts';
import { tempDb } from '../helpers/db.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ORIGIN, TEST_PASSWORD_PARAMS, json, makeKit, sessionCookieOf, type Kit } from './helpers.ts';

let kit: Kit;
beforeEach(async () => {
  kit = await makeKit({ signIn: false });
});
afterEach(() => kit.cleanup());

const signIn = (body: unknown, ip?: string, cookie: string | null = null) => kit.call('POST', '/api/auth/sign-in', { body, cookie, ip });

/** "ea_device=..." of the known-device cookie a successful sign-in sets. */
function deviceCookieOf(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => /ea_device=/.test(c));
  if (!header) throw new Error('no device cookie set');
  return header.split(';')[0];
}
const MINUTE = 60 * 1000;

describe('passwords', () => {
  it('production hashes with scrypt N=2^14, r=8, p=5 unless a caller passes another cost', async () => {
    expect(SCRYPT_PARAMS).toEqual({ log2N: 14, r: 8, p: 5, keyLength: 32 });
    expect(Object.isFrozen(SCRYPT_PARAMS)).toBe(true);
    // The entry points pass no cost: npm start's first admin (ensureFirstAdmin) and an app without
    // passwordParams, as the servers create it, hash at production cost.
    const { db, cleanup } = await tempDb();
    try {
      await ensureFirstAdmin(db, 'first@example.org', 'violet river anchor 42');
      const [first] = await db.select().from(t.adminUser);
      expect(first.passwordHash).toMatch(/^scrypt\$ln=14,r=8,p=5\$/);
      const app = createApp({ db, publisher: noPublisher, allowedOrigins: [ORIGIN] });
      const signIn = await app.request('http://127.0.0.1:4321/api/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ email: 'first@example.org', password: 'violet river anchor 42' }),
      });
      expect(signIn.status).toBe(200);
      const res = await app.request('http://127.0.0.1:4321/api/account/password', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: sessionCookieOf(signIn) },
        body: JSON.stringify({ current_password: 'violet river anchor 42', new_password: 'violet river anchor 43' }),
      });
      expect(res.status).toBe(200);
      const [changed] = await db.select().from(t.adminUser);
      expect(changed.passwordHash).toMatch(/^scrypt\$ln=14,r=8,p=5\$/);
    } finally {
      cleanup();
    }
    // The tests' own accounts use the low cost.
    const [admin] = await kit.db.select().from(t.adminUser);
    expect(admin.passwordHash).toMatch(/^scrypt\$ln=10,r=8,p=1\$/);
  });

  it('hashes with scrypt, stores the parameters with each hash, and verifies', async () => {
    const hash = await hashPassword('violet river anchor 42');
    expect(hash).toMatch(/^scrypt\$ln=14,r=8,p=5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('violet river anchor 42', hash)).toBe(true);
    expect(await verifyPassword('violet river anchor 43', hash)).toBe(false);
    // Salted: the same password never gives the same hash.
    expect(await hashPassword('violet river anchor 42')).not.toBe(hash);
  });

  it('verifies hashes made with other stored parameters', async () => {
    const hash = await hashPassword('violet river anchor 42', { log2N: 12, r: 8, p: 1, keyLength: 32 });
    expect(hash).toMatch(/^scrypt\$ln=12,r=8,p=1\$/);
    expect(await verifyPassword('violet river anchor 42', hash)).toBe(true);
    expect(await verifyPassword('violet river anchor 42', 'not a hash')).toBe(false);
  });

  it('refuses short and common passwords', () => {
    expect(passwordProblem('short')).toMatch(/at least 12 characters/);
    for (const common of ['password1234', 'Password123!', '123456789012', 'qwertyuiop12', 'iloveyou2024!', 'aaaaaaaaaaaaaa', 'abababababab', 'admin@example.org']) {
      expect(passwordProblem(common, 'admin@example.org'), common).toMatch(/too common/);
    }
    expect(passwordProblem('violet river anchor 42', 'admin@example.org')).toBeUndefined();
  });

  it('the stored password is never the plain text', async () => {
    const [user] = await kit.db.select().from(t.adminUser);
    expect(user.passwordHash).not.toContain(ADMIN_PASSWORD);
    expect(await verifyPassword(ADMIN_PASSWORD, user.passwordHash)).toBe(true);
  });
});

describe('accounts', () => {
  it('has no default account: the first one comes from the environment only when none exists', async () => {
    const { db, cleanup } = await tempDb();
    try {
      expect(await ensureFirstAdmin(db, undefined, undefined)).toMatch(/npm run admin:create/);
      expect(await db.select().from(t.adminUser)).toHaveLength(0);
      await expect(ensureFirstAdmin(db, 'first@example.org', 'password')).rejects.toThrow(/at least 12/);
      expect(await ensureFirstAdmin(db, 'First@Example.org', 'violet river anchor 42')).toMatch(/Created the first admin account first@example\.org/);
      // A second start with other values changes nothing.
      expect(await ensureFirstAdmin(db, 'second@example.org', 'violet river anchor 43')).toBeUndefined();
      expect((await db.select().from(t.adminUser)).map((u) => u.email)).toEqual(['first@example.org']);
    } finally {
      cleanup();
    }
  });

  it('refuses a duplicate account, and a reset ends the sessions of the account', async () => {
    await expect(createAdmin(kit.db, ADMIN_EMAIL.toUpperCase(), 'violet river anchor 42', { params: TEST_PASSWORD_PARAMS })).rejects.toThrow(/already exists/);
    const cookie = await kit.signIn();
    await createAdmin(kit.db, ADMIN_EMAIL, 'violet river anchor 42', { replace: true, params: TEST_PASSWORD_PARAMS });
    expect((await kit.call('GET', '/api/admin/companies', { cookie })).status).toBe(401);
    await expect(kit.signIn(ADMIN_EMAIL, 'violet river anchor 42')).resolves.toMatch(/^ea_session=/);
  });
});

describe('sign-in', () => {
  it('signs in, sets an HttpOnly SameSite=Lax cookie for the whole site, and reports the session', async () => {
    const res = await signIn({ email: ' Admin@Example.org ', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ user: { email: ADMIN_EMAIL } });
    const header = res.headers.get('set-cookie')!;
    expect(header).toMatch(/^ea_session=[a-z2-7]+\.[a-z2-7]+;/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/); // plain http locally
    const cookie = sessionCookieOf(res);
    const session = await json(await kit.call('GET', '/api/auth/session', { cookie }));
    expect(session.user.email).toBe(ADMIN_EMAIL);
    expect(Date.parse(session.expires_at)).toBe(kit.clock.now + SESSION_INACTIVITY_TIMEOUT_MS);
    expect((await kit.call('GET', '/api/admin/companies', { cookie })).status).toBe(200);
  });

  it('over https the cookie is Secure with the __Host- prefix', async () => {
    const https = await makeKit({ signIn: false, allowedOrigins: ['https://alternatives.example'] });
    try {
      const res = await https.call('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, origin: 'https://alternatives.example' });
      expect(res.status).toBe(200);
      const header = res.headers.get('set-cookie')!;
      expect(header).toMatch(/^__Host-ea_session=/);
      expect(header).toMatch(/Secure/);
      expect(header).toMatch(/Path=\//);
      expect(header).not.toMatch(/Domain=/);
      const cookie = header.split(';')[0];
      expect((await https.call('GET', '/api/admin/companies', { cookie })).status).toBe(200);
      // The unprefixed name is not accepted over https.
      expect((await https.call('GET', '/api/admin/companies', { cookie: cookie.replace('__Host-', '') })).status).toBe(401);
    } finally {
      https.cleanup();
    }
  });

  it('stores only a SHA-256 hash of the session secret, and the token carries at least 120 random bits', async () => {
    const cookie = await kit.signIn();
    const token = cookie.split('=')[1];
    const [id, secret] = token.split('.');
    expect(id.length * 5).toBeGreaterThanOrEqual(120);
    expect(secret.length * 5).toBeGreaterThanOrEqual(120);
    const [row] = await kit.db.select().from(t.adminSession).where(eq(t.adminSession.id, id));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secretHash).not.toContain(secret);
    const expected = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))).toString('hex');
    expect(row.secretHash).toBe(expected);
    // The right id with a wrong secret is refused.
    const forged = `ea_session=${id}.${secret.slice(0, -1)}${secret.endsWith('a') ? 'b' : 'a'}`;
    expect((await kit.call('GET', '/api/admin/companies', { cookie: forged })).status).toBe(401);
  });

  it('gives identical answers for a wrong password and an unknown email', async () => {
    const wrong = await signIn({ email: ADMIN_EMAIL, password: 'not the password at all' });
    const unknown = await signIn({ email: 'nobody@example.org', password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (res: Response) => [...res.headers.entries()].filter(([k]) => k !== 'date');
    expect(strip(unknown)).toEqual(strip(wrong));
    expect(await unknown.text()).toBe(await wrong.text());
    expect(await (await signIn({ email: ADMIN_EMAIL, password: 'x' })).json()).toEqual({ error: 'Invalid credentials. Please try again.' });
  });

  it('starts a new session at every sign-in and ends the one the browser still had', async () => {
    const first = await kit.signIn();
    const res = await kit.call('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, cookie: first });
    const second = sessionCookieOf(res);
    expect(second).not.toBe(first);
    expect((await kit.call('GET', '/api/admin/companies', { cookie: first })).status).toBe(401);
    expect((await kit.call('GET', '/api/admin/companies', { cookie: second })).status).toBe(200);
    // Two browsers keep two independent sessions.
    const third = await kit.signIn();
    expect((await kit.call('GET', '/api/admin/companies', { cookie: second })).status).toBe(200);
    expect((await kit.call('GET', '/api/admin/companies', { cookie: third })).status).toBe(200);
  });

  it('sign-out deletes the session on the server and clears the cookie', async () => {
    const cookie = await kit.signIn();
    const res = await kit.call('POST', '/api/auth/sign-out', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^ea_session=;.*Max-Age=0/);
    expect(await kit.db.select().from(t.adminSession)).toHaveLength(0);
    // The old cookie, replayed, is worthless.
    expect((await kit.call('GET', '/api/admin/companies', { cookie })).status).toBe(401);
    expect(await json(await kit.call('GET', '/api/auth/session', { cookie }))).toEqual({ user: null, expires_at: null });
  });

  it('ends a session after the inactivity timeout, and activity keeps it alive', async () => {
    const cookie = await kit.signIn();
    kit.clock.now += SESSION_INACTIVITY_TIMEOUT_MS - MINUTE;
    expect((await kit.call('GET', '/api/admin/companies', { cookie })).status).toBe(200);
    kit.clock.now += SESSION_INACTIVITY_TIMEOUT_MS - MINUTE;
    expect((await kit.call('GET', '/api/admin/companies', { cookie })).status).toBe(200);
    kit.clock.now += SESSION_INACTIVITY_TIMEOUT_MS;
    const res = await kit.call('GET', '/api/admin/companies', { cookie });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect(await kit.db.select().from(t.adminSession)).toHaveLength(0);
  });

  it('ends a session at its absolute lifetime even when it is in use', async () => {
    const cookie = await kit.signIn();
    const end = kit.clock.now + SESSION_ABSOLUTE_LIFETIME_MS;
    while (kit.clock.now + SESSION_INACTIVITY_TIMEOUT_MS / 2 < end) {
      kit.clock.now += SESSION_INACTIVITY_TIMEOUT_MS / 2;
      expect((await kit.call('GET', '/api/admin/countries', { cookie })).status).toBe(200);
    }
    kit.clock.now = end;
    expect((await kit.call('GET', '/api/admin/countries', { cookie })).status).toBe(401);
  });

  it('validates the sign-in form: an email and a password, each required', async () => {
    const cases: [unknown, string, string][] = [
      [{ email: '', password: 'x' }, 'email', 'Email is required'],
      [{ password: 'x' }, 'email', 'Email is required'],
      [{ email: 'not-an-email', password: 'x' }, 'email', 'Enter a valid email address'],
      [{ email: ADMIN_EMAIL, password: '' }, 'password', 'Password is required'],
      [{ email: ADMIN_EMAIL }, 'password', 'Password is required'],
    ];
    for (const [body, path, message] of cases) {
      const res = await signIn(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).issues).toContainEqual({ path, message });
    }
    const bad = await kit.call('POST', '/api/auth/sign-in', { rawBody: '{"email":', cookie: null });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('logs every attempt', async () => {
    await signIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '198.51.100.7');
    await signIn({ email: ADMIN_EMAIL, password: 'wrong password here' }, '198.51.100.7');
    await signIn({ email: 'nobody@example.org', password: 'wrong password here' }, '198.51.100.8');
    await signIn({ email: 'broken', password: 'x' }, '198.51.100.9');
    const log = await kit.db.select().from(t.authLog);
    expect(log.map((l) => [l.email, l.ip, l.outcome])).toEqual([
      [ADMIN_EMAIL, '198.51.100.7', 'success'],
      [ADMIN_EMAIL, '198.51.100.7', 'failure'],
      ['nobody@example.org', '198.51.100.8', 'failure'],
      ['broken', '198.51.100.9', 'invalid-input'],
    ]);
    expect(log.every((l) => l.createdAt === kit.clock.now)).toBe(true);
  });
});

// Each failed attempt runs a real scrypt verification (about a tenth of a second here).
describe('throttling', { timeout: 60_000 }, () => {
  const fail = (email = ADMIN_EMAIL, ip?: string) => signIn({ email, password: 'wrong password here' }, ip);

  it('kicks in per account after the free attempts, refuses even the right password, then recovers', async () => {
    for (let i = 0; i < THROTTLE.freeAttempts; i += 1) {
      // Each from a new address: the account alone is throttled here.
      expect((await fail(ADMIN_EMAIL, `198.51.100.${i}`)).status).toBe(401);
    }
    const blocked = await signIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '198.51.100.200');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(THROTTLE.baseDelayMs / 1000);
    expect((await json(blocked)).error).toMatch(/Too many sign-in attempts/);
    // Other accounts are not affected.
    expect((await fail('other@example.org', '198.51.100.201')).status).toBe(401);

    kit.clock.now += THROTTLE.baseDelayMs;
    expect((await signIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '198.51.100.200')).status).toBe(200);
    // Success resets the account: the next wrong password is an ordinary 401.
    expect((await fail(ADMIN_EMAIL, '198.51.100.202')).status).toBe(401);
  });

  it('doubles the delay per failure up to a cap, so a real admin is never locked out for good', async () => {
    const delays: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await fail(ADMIN_EMAIL, `198.51.100.${i}`);
      if (res.status === 429) {
        const wait = Number(res.headers.get('retry-after')) * 1000;
        delays.push(wait);
        kit.clock.now += wait;
        expect((await fail(ADMIN_EMAIL, `198.51.100.${i}`)).status).toBe(401);
      }
    }
    expect(delays.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(Math.max(...delays)).toBe(THROTTLE.maxDelayMs.email);
    // At the cap, the admin waits at most that long and is in.
    kit.clock.now += THROTTLE.maxDelayMs.email;
    expect((await signIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '203.0.113.50')).status).toBe(200);
  });

  it('throttles a client address that tries many accounts, and forgets after an hour of quiet', async () => {
    for (let i = 0; i < THROTTLE.freeAttempts; i += 1) {
      expect((await fail(`user${i}@example.org`, '198.51.100.99')).status).toBe(401);
    }
    expect((await fail('fresh@example.org', '198.51.100.99')).status).toBe(429);
    // The same account from elsewhere still works.
    expect((await signIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '203.0.113.60')).status).toBe(200);
    kit.clock.now += THROTTLE.resetAfterMs;
    expect((await fail('fresh@example.org', '198.51.100.99')).status).toBe(401);
  });

  it('counts parallel attempts one by one', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => fail(ADMIN_EMAIL, `198.51.100.${i}`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.freeAttempts);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - THROTTLE.freeAttempts);
  });

  it('keeps its state in the database, so another app instance on the same database agrees', async () => {
    for (let i = 0; i < THROTTLE.freeAttempts; i += 1) await fail();
    const other = createApp({ db: kit.db, publisher: noPublisher, allowedOrigins: [ORIGIN], now: () => kit.clock.now, passwordParams: TEST_PASSWORD_PARAMS });
    const res = await other.request('http://127.0.0.1:4321/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(429);
  });
});

// An attacker who knows the admin's email and fails on purpose, from ever new addresses, keeping the
// account's delay armed: whenever the delay is over, the next wrong password is theirs.
let attackerIp = 0;
async function keepAccountLocked(rounds: number, { alreadyLocked = false } = {}) {
  const fail = () => signIn({ email: ADMIN_EMAIL, password: 'wrong password here' }, `198.51.100.${attackerIp++ % 250}`);
  if (!alreadyLocked) for (let i = 0; i < THROTTLE.freeAttempts; i += 1) expect((await fail()).status).toBe(401);
  for (let i = 0; i < rounds; i += 1) {
    const blocked = await fail();
    expect(blocked.status).toBe(429);
    kit.clock.now += Number(blocked.headers.get('retry-after')) * 1000;
    expect((await fail()).status).toBe(401);
  }
}

describe('throttling cannot be turned against the admin', { timeout: 120_000 }, () => {
  const right = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

  it('a browser that signed in before gets in with the right password while attackers keep the account throttled', async () => {
    const first = await signIn(right, '203.0.113.10');
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    const header = first.headers.getSetCookie().find((c) => c.startsWith('ea_device='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Max-Age=15552000/);

    await keepAccountLocked(6);
    // Another browser (no device cookie) with the right password: throttled with the account.
    expect((await signIn(right, '203.0.113.11')).status).toBe(429);
    // The admin's own browser, from a new address, right password: in.
    const again = await signIn(right, '203.0.113.12', device);
    expect(again.status, await again.clone().text()).toBe(200);
    // And still while the attack goes on (the device's counter is its own).
    await keepAccountLocked(2, { alreadyLocked: true });
    expect((await signIn(right, '203.0.113.11')).status).toBe(429);
    expect((await signIn(right, '203.0.113.13', deviceCookieOf(again))).status).toBe(200);
  });

  it('a known browser is throttled on its own counter, capped low, without locking the account', async () => {
    const device = deviceCookieOf(await signIn(right, '203.0.113.20'));
    const wrong = { email: ADMIN_EMAIL, password: 'wrong password here' };
    for (let i = 0; i < THROTTLE.freeAttempts; i += 1) expect((await signIn(wrong, '203.0.113.21', device)).status).toBe(401);
    const blocked = await signIn(right, '203.0.113.21', device);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(1);
    // The account and other browsers are not affected by this browser's failures.
    expect((await signIn(right, '203.0.113.22')).status).toBe(200);
    expect(THROTTLE.maxDelayMs.device).toBeLessThanOrEqual(60_000);
  });

  it('a forged, foreign, expired or pre-reset device cookie counts for nothing', async () => {
    const first = await signIn(right, '203.0.113.30');
    const genuine = deviceCookieOf(first);
    const [, value] = genuine.split('=');
    const [id, issued, nonce, mac] = value.split('.');
    const other = await createAdmin(kit.db, 'other@example.org', 'violet river anchor 42', { params: TEST_PASSWORD_PARAMS });
    const [otherUser] = await kit.db.select().from(t.adminUser).where(eq(t.adminUser.id, other.id));
    const forged = [
      `ea_device=${id}.${issued}.${nonce}.${mac.slice(0, -2)}AA`,
      `ea_device=${id}.${Number(issued) + 1}.${nonce}.${mac}`,
      `ea_device=${deviceToken(otherUser, kit.clock.now)}`,
      'ea_device=garbage',
    ];
    await keepAccountLocked(1);
    for (const cookie of forged) expect((await signIn(right, '203.0.113.31', cookie)).status, cookie).toBe(429);
    // The genuine one works until it is 180 days old ...
    expect((await signIn(right, '203.0.113.32', genuine)).status).toBe(200);
    kit.clock.now += DEVICE_LIFETIME_MS + 1;
    await keepAccountLocked(1);
    expect((await signIn(right, '203.0.113.33', genuine)).status).toBe(429);
    // ... and a password reset forgets every device of the account.
    kit.clock.now += THROTTLE.resetAfterMs;
    const fresh = deviceCookieOf(await signIn(right, '203.0.113.34'));
    await createAdmin(kit.db, ADMIN_EMAIL, ADMIN_PASSWORD, { replace: true, params: TEST_PASSWORD_PARAMS });
    await keepAccountLocked(1);
    expect((await signIn(right, '203.0.113.35', fresh)).status).toBe(429);
  });

  it('a successful sign-in clears the counter of its address', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < THROTTLE.freeAttempts - 1; i += 1) {
      expect((await signIn({ email: `user${i}@example.org`, password: 'wrong password here' }, ip)).status).toBe(401);
    }
    expect((await signIn(right, ip)).status).toBe(200);
    // The address starts from zero again: five more free attempts, then the delay.
    for (let i = 0; i < THROTTLE.freeAttempts; i += 1) {
      expect((await signIn({ email: `later${i}@example.org`, password: 'wrong password here' }, ip)).status, `attempt ${i + 1}`).toBe(401);
    }
    expect((await signIn({ email: 'last@example.org', password: 'wrong password here' }, ip)).status).toBe(429);
  });
});

describe('the auth log stays bounded', { timeout: 120_000 }, () => {
  it('writes at most one row per outcome per email and address a minute, and a few a minute in all', async () => {
    // Invalid input from ever new addresses and emails (no password check: cheap to send) ...
    await Promise.all(Array.from({ length: 300 }, (_, i) => signIn({ email: `x${i}@`, password: '' }, `10.0.${i >> 8}.${i & 255}`)));
    // ... throttled attempts at the admin account from ever new addresses ...
    for (let i = 0; i < THROTTLE.freeAttempts; i += 1) await signIn({ email: ADMIN_EMAIL, password: 'wrong password here' }, `10.1.0.${i}`);
    for (let i = 0; i < 300; i += 1) expect((await signIn({ email: ADMIN_EMAIL, password: 'x' }, `10.2.${i >> 8}.${i & 255}`)).status).toBe(429);
    // ... and wrong passwords for ever new emails from ever new addresses.
    for (let i = 0; i < 15; i += 1) await signIn({ email: `user${i}@example.org`, password: 'wrong password here' }, `10.3.0.${i}`);
    const rows = await kit.db.select().from(t.authLog);
    expect(rows.length).toBeLessThanOrEqual(LOG.maxPerMinute);
    expect(new Set(rows.map((r) => r.outcome))).toEqual(new Set(['invalid-input', 'failure', 'throttled'].filter((o) => rows.some((r) => r.outcome === o))));

    // A success is always written; the next minute writes again.
    expect((await signIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '203.0.113.40', null)).status).toBe(429);
    kit.clock.now += THROTTLE.maxDelayMs.email;
    expect((await signIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '203.0.113.40')).status).toBe(200);
    const success = await kit.db.select().from(t.authLog).where(eq(t.authLog.outcome, 'success'));
    expect(success).toHaveLength(1);
    await signIn({ email: 'late@example.org', password: 'wrong password here' }, '10.4.0.1');
    expect((await kit.db.select().from(t.authLog).where(eq(t.authLog.email, 'late@example.org'))).length).toBe(1);
  });

  it('removes failure rows after 30 days, successes after 90, and forgotten throttle rows after an hour', async () => {
    await signIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '203.0.113.50');
    await signIn({ email: 'old@example.org', password: 'wrong password here' }, '10.5.0.1');
    expect(await kit.db.select().from(t.authLog)).toHaveLength(2);
    expect((await kit.db.select().from(t.authThrottle)).length).toBeGreaterThan(0);
    kit.clock.now += LOG.keepMs.other + 1;
    await signIn({ email: 'new@example.org', password: 'wrong password here' }, '10.5.0.2');
    expect((await kit.db.select().from(t.authLog)).map((r) => r.email).sort()).toEqual([ADMIN_EMAIL, 'new@example.org']);
    expect((await kit.db.select().from(t.authThrottle)).map((r) => r.key).sort()).toEqual(['email:new@example.org', 'ip:10.5.0.2']);
    kit.clock.now += LOG.keepMs.success;
    await signIn({ email: 'newer@example.org', password: 'wrong password here' }, '10.5.0.3');
    expect((await kit.db.select().from(t.authLog)).map((r) => r.email)).toEqual(['newer@example.org']);
  });
});
