// The local static server against hostile paths: no redirect leaves the origin, malformed escapes are a
// 400 (never a 500 or a stack), internal files are never served, and every answer has the security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatRedirects, redirectRules } from '../../src/lib/redirect-rules.ts';
import { headersFile } from '../../src/api/site-headers.ts';
import { matchRedirect, parseRedirects } from '../../src/server/redirects.ts';
import { createServerApp } from '../../src/server/server.ts';
import { serveSite } from '../../src/server/static-site.ts';
import { noPublisher } from '../../src/api/publisher.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

const ORIGIN = 'http://127.0.0.1:4321';
let dir: string;
let base: TempDb;
let server: ReturnType<typeof createServerApp>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ea-static-'));
  mkdirSync(join(dir, 'de'), { recursive: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.hidden'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>not found</title>');
  writeFileSync(join(dir, 'de', '404.html'), '<!doctype html><title>nicht gefunden</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  // What the local builder and the build leave in the folder beside the site.
  writeFileSync(join(dir, '.published-at'), '2025-01-01T00:00:00.000Z');
  writeFileSync(join(dir, '.carried.json'), '[]');
  writeFileSync(join(dir, '.hidden', 'secret.txt'), 'secret');
  writeFileSync(join(dir, 'assets', '.env'), 'TOKEN=1');
  writeFileSync(join(dir, '_redirects'), formatRedirects(redirectRules()));
  writeFileSync(join(dir, '_headers'), headersFile([], 'assets'));
  base = await tempDb();
  server = createServerApp({ db: base.db, publisher: noPublisher, siteDir: () => dir, allowedOrigins: [ORIGIN] });
});
afterAll(() => {
  base.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) => server.request(`${ORIGIN}${path}`);

describe('redirects', () => {
  it('never send a visitor to another origin', async () => {
    for (const path of ['/en//evil.example', '/en///evil.example/x', '/en/\\evil.example', '/en/%5Cevil.example', '/de/companies//evil.example', '/en//evil.example?x=1']) {
      const res = await get(path);
      const location = res.headers.get('location');
      expect(location, path).not.toBeNull();
      // Resolved against the site, the target stays on the site.
      expect(new URL(location!, ORIGIN).origin, `${path} -> ${location}`).toBe(ORIGIN);
      expect(location, path).not.toMatch(/^[/\\]{2}/);
    }
    expect((await get('/en//evil.example')).headers.get('location')).toBe('/evil.example');
    expect((await get('/en//evil.example?x=1')).headers.get('location')).toBe('/evil.example?x=1');
  });

  it('keep ordinary language redirects as they were', async () => {
    expect((await get('/en/companies/deezer')).headers.get('location')).toBe('/companies/deezer');
    expect((await get('/de/companies/deezer')).headers.get('location')).toBe('/de/unternehmen/deezer');
  });

  it('a rule with an absolute target cannot leave the site either', () => {
    const rules = parseRedirects('/out https://evil.example/ 302\n/go/* //evil.example/:splat 301\n');
    expect(matchRedirect(rules, '/out')?.to).toBe('/');
    expect(matchRedirect(rules, '/go/x')?.to).toBe('/evil.example/x');
  });

  it('carry the same security headers as pages', async () => {
    const res = await get('/en/companies');
    expect(res.status).toBe(301);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('malformed paths', () => {
  it('answer 400 without a stack trace, with the security headers', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/de/%ZZ', '/assets/%E0%A4%A.js', '/admin/%E0%A4%A']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      const body = await res.text();
      expect(body, path).not.toMatch(/URIError|\bat \S+ \(|static-site/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('an unexpected error in the static server is a plain 500 without details', async () => {
    const broken = createServerApp({
      db: base.db,
      publisher: noPublisher,
      allowedOrigins: [ORIGIN],
      siteDir: () => {
        throw new Error('secret detail at /srv/site/build-1');
      },
    });
    const res = await broken.request(`${ORIGIN}/`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain('secret detail');
    expect(body).not.toMatch(/\bat \S+/);
  });

  it('the API answers malformed escapes and odd ids without a 500', async () => {
    for (const path of ['/api/admin/companies/%E0%A4%A', '/api/%E0%A4%A', '/api/health?x=%E0%A4%A']) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('content-type'), path).toContain('application/json');
    }
  });
});

describe('internal files', () => {
  it('are never served: nothing whose path has a segment starting with a dot, nor the CDN files', async () => {
    for (const path of ['/.published-at', '/.carried.json', '/.hidden/secret.txt', '/assets/.env', '/%2Epublished-at', '/de/../.published-at', '/_redirects', '/_headers']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body, path).not.toMatch(/2025-01-01|secret|TOKEN|\[\]|Generated at build time|Content-Security-Policy/);
    }
  });

  it('the site itself is still served', async () => {
    expect((await get('/')).status).toBe(200);
    expect((await get('/assets/app.js')).status).toBe(200);
    const missing = await serveSite(dir, new Request(`${ORIGIN}/de/nope`));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('nicht gefunden');
  });
});
