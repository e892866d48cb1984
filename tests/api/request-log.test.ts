// The API's request log: one structured line per request with method, path, route, status and ms,
// and nothing secret: no body, no cookie, no invitation token, no secret-looking query value.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonLineLogger, loggablePath, type RequestLogEntry } from '../../src/api/middleware/request-log.ts';
import { ADMIN_PASSWORD, json, makeKit, type Kit } from './helpers.ts';

let kit: Kit;
let lines: RequestLogEntry[];
beforeEach(async () => {
  lines = [];
  kit = await makeKit({ signIn: false, deps: { logRequest: (entry) => lines.push(entry) } });
});
afterEach(() => kit.cleanup());

describe('request log', () => {
  it('writes one entry per request: method, path, route, status, ms', async () => {
    await kit.call('GET', '/api/health');
    await kit.call('GET', '/api/admin/companies?page=2', { cookie: null });
    await kit.call('GET', '/api/no-such-thing');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/health', route: '/api/health', status: 200 });
    expect(lines[1]).toMatchObject({ method: 'GET', path: '/api/admin/companies?page=2', status: 401 });
    expect(lines[2]).toMatchObject({ method: 'GET', path: '/api/no-such-thing', status: 404 });
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(['method', 'ms', 'path', 'route', 'status', 'time']);
      expect(line.ms).toBeGreaterThanOrEqual(0);
      expect(new Date(line.time).toISOString()).toBe(line.time);
    }
  });

  it('never writes a body, a cookie, a password or an invitation token', async () => {
    kit.cookie = await kit.signIn();
    await kit.call('GET', '/api/auth/session');
    const invited = await json<{ token: string }>(await kit.call('POST', '/api/users/invitations', { body: { email: 'new@example.org' } }));
    await kit.call('GET', `/api/invite/${invited.token}`, { cookie: null });
    await kit.call('GET', `/api/admin/companies?q=spotify&token=abc123secret&api_key=k-42`);
    const text = JSON.stringify(lines);
    const session = kit.cookie.split('=')[1];
    for (const secret of [ADMIN_PASSWORD, session, session.split('.')[1], invited.token, 'abc123secret', 'k-42']) expect(text).not.toContain(secret);
    expect(lines.map((l) => l.path)).toEqual([
      '/api/auth/sign-in',
      '/api/auth/session',
      '/api/users/invitations',
      '/api/invite/:token',
      '/api/admin/companies?q=spotify&token&api_key',
    ]);
    expect(lines.find((l) => l.path === '/api/invite/:token')).toMatchObject({ route: '/api/invite/:token', status: 200 });
  });

  it('the servers write each entry as one JSON line', () => {
    const written: string[] = [];
    const original = console.log;
    console.log = (line: string) => written.push(line);
    try {
      jsonLineLogger({ time: '2026-01-01T00:00:00.000Z', method: 'GET', path: '/api/health', route: '/api/health', status: 200, ms: 1.5 });
    } finally {
      console.log = original;
    }
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0])).toEqual({ time: '2026-01-01T00:00:00.000Z', method: 'GET', path: '/api/health', route: '/api/health', status: 200, ms: 1.5 });
  });

  it('redacts secret route parameters and query values', () => {
    expect(loggablePath(new URL('http://x/api/invite/abc?x=1'), '/api/invite/:token')).toBe('/api/invite/:token?x=1');
    expect(loggablePath(new URL('http://x/api/admin/companies/12'), '/api/admin/companies/:id')).toBe('/api/admin/companies/12');
    expect(loggablePath(new URL('http://x/api/a?password=p&sig=s&page=3'), '/api/a')).toBe('/api/a?password&sig&page=3');
  });
});
