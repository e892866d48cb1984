// Every admin route needs a session; every state-changing request from another origin is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKit, json, ORIGIN, type Kit } from './helpers.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(() => kit.cleanup());

/** Every concrete admin route the app has, read from the app itself so a new route cannot be missed. */
function adminRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return kit.app.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/admin/'))
    .map((r) => ({ method: r.method, path: r.path.replace(':id', '1').replace(':code', 'FR') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('access control', () => {
  it('knows the routes of the API contract', () => {
    const routes = adminRoutes().map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'GET /api/admin/companies', 'POST /api/admin/companies', 'GET /api/admin/companies/1', 'PUT /api/admin/companies/1',
      'DELETE /api/admin/companies/1', 'GET /api/admin/companies/export', 'POST /api/admin/companies/import',
      'GET /api/admin/categories', 'POST /api/admin/categories', 'GET /api/admin/categories/1', 'PUT /api/admin/categories/1',
      'DELETE /api/admin/categories/1', 'GET /api/admin/categories/export', 'POST /api/admin/categories/import',
      'GET /api/admin/certificates', 'POST /api/admin/certificates', 'GET /api/admin/certificates/1', 'PUT /api/admin/certificates/1',
      'DELETE /api/admin/certificates/1', 'GET /api/admin/certificates/export', 'POST /api/admin/certificates/import',
      'GET /api/admin/countries', 'GET /api/admin/countries/FR', 'PUT /api/admin/countries/FR',
      'GET /api/admin/build', 'POST /api/admin/build',
    ]) {
      expect(routes).toContain(expected);
    }
  });

  it('answers 401 on every admin route without a session, and changes nothing', async () => {
    for (const { method, path } of adminRoutes()) {
      const res = await kit.call(method, path, { cookie: null, body: WRITES.has(method) ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await json(res)).toEqual({ error: 'Your session has ended. Please sign in again.' });
    }
    expect(kit.publisher.requests).toBe(0);
    expect(kit.publisher.builds).toBe(0);
  });

  it('answers 401 with a forged or malformed session cookie', async () => {
    for (const cookie of ['ea_session=abc.def', 'ea_session=garbage', `ea_session=${'a'.repeat(24)}.${'b'.repeat(32)}`, 'ea_session=']) {
      const res = await kit.call('GET', '/api/admin/companies', { cookie });
      expect(res.status, cookie).toBe(401);
    }
  });

  it('answers 403 on every state-changing admin route from another origin, even with a valid session', async () => {
    for (const { method, path } of adminRoutes().filter((r) => WRITES.has(r.method))) {
      const res = await kit.call(method, path, { origin: 'https://evil.example', body: {} });
      expect(res.status, `${method} ${path}`).toBe(403);
      const cross = await kit.call(method, path, { origin: null, headers: { 'sec-fetch-site': 'cross-site' }, body: {} });
      expect(cross.status, `${method} ${path} (Sec-Fetch-Site)`).toBe(403);
      const sameSite = await kit.call(method, path, { origin: null, headers: { 'sec-fetch-site': 'same-site' }, body: {} });
      expect(sameSite.status, `${method} ${path} (same-site)`).toBe(403);
    }
    expect(kit.publisher.requests).toBe(0);
  });

  it('refuses an "Origin: null" request and a look-alike origin', async () => {
    for (const origin of ['null', 'http://127.0.0.1:4322', 'https://127.0.0.1:4321', `${ORIGIN}.evil.example`]) {
      const res = await kit.call('POST', '/api/admin/build', { origin });
      expect(res.status, origin).toBe(403);
    }
  });

  it('refuses sign-in and sign-out from another origin (login CSRF)', async () => {
    const signIn = await kit.call('POST', '/api/auth/sign-in', { origin: 'https://evil.example', body: { email: 'a@b.co', password: 'x' }, cookie: null });
    expect(signIn.status).toBe(403);
    const signOut = await kit.call('POST', '/api/auth/sign-out', { origin: 'https://evil.example' });
    expect(signOut.status).toBe(403);
    // The session survived the forged sign-out.
    expect((await kit.call('GET', '/api/admin/companies')).status).toBe(200);
  });

  it('lets the same origin through, by Origin or by Sec-Fetch-Site', async () => {
    expect((await kit.call('POST', '/api/admin/build', { origin: ORIGIN })).status).toBe(202);
    expect((await kit.call('POST', '/api/admin/build', { origin: null, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(202);
    expect((await kit.call('GET', '/api/admin/countries', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await kit.call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: 'Not found' });
  });
});
