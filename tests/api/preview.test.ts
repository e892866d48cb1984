// Draft preview: an editor builds the public page of a company that is not published yet and opens it
// under the admin route, signed in only, never indexed or cached. Where nothing can build (Cloudflare)
// the API says so with a 409. The build itself is a stand-in here; the browser test runs the real one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREVIEW_UNAVAILABLE } from '../../src/api/routes/preview.ts';
import { SitePreviewer, markPreview } from '../../src/server/site-preview.ts';
import { companyBody, json, makeKit, seedCatalogue, type Kit } from './helpers.ts';

const fakeBuild = fileURLToPath(new URL('./fixtures/fake-preview-build.mjs', import.meta.url));

describe('draft preview where it cannot be built (Cloudflare)', () => {
  let kit: Kit;
  beforeEach(async () => {
    kit = await makeKit();
  });
  afterEach(() => kit.cleanup());

  it('answers 409 with a message the button shows, and asks for no publish', async () => {
    const { ent } = await seedCatalogue(kit);
    const company = await json(await kit.call('POST', '/api/admin/companies', { body: companyBody(ent.id, { status: 'draft' }) }));
    const requests = kit.publisher.requests;
    const res = await kit.call('POST', `/api/admin/preview/companies/${company.id}`);
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ error: PREVIEW_UNAVAILABLE, available: false });
    expect((await kit.call('GET', `/api/admin/preview/companies/${company.id}`)).status).toBe(409);
    expect(kit.publisher.requests).toBe(requests);
  });
});

describe('draft preview on the local server', () => {
  let kit: Kit;
  let dir: string;
  let previewer: SitePreviewer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ea-preview-'));
    previewer = new SitePreviewer({
      projectRoot: process.cwd(),
      dir: join(dir, 'previews'),
      env: {},
      command: (outDir) => ({ cmd: process.execPath, args: [fakeBuild, outDir] }),
    });
    kit = await makeKit({ deps: { previewer } });
    // biome-ignore lint/complexity/useLiteralKeys: reaches a private field on purpose (bracket access passes the type check)
    previewer['opts'].env = { LIBSQL_URL: kit.url };
  });
  afterEach(async () => {
    await previewer.idle();
    kit.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  async function ready(id: number) {
    await previewer.idle();
    const status = await json(await kit.call('GET', `/api/admin/preview/companies/${id}`));
    expect(status).toMatchObject({ state: 'ready', phase: 'Ready' });
    return status;
  }

  it('builds the draft page and serves it to signed-in admins only, noindex and uncached', async () => {
    const { ent } = await seedCatalogue(kit);
    const company = await json(await kit.call('POST', '/api/admin/companies', { body: companyBody(ent.id, { status: 'draft', name: 'Draftly', slug: 'draftly' }) }));
    const requests = kit.publisher.requests;
    const started = await kit.call('POST', `/api/admin/preview/companies/${company.id}`);
    expect(started.status).toBe(202);
    expect((await json(started)).state).toMatch(/queued|building/);
    const status = await ready(company.id);
    const base = `/api/admin/preview/companies/${company.id}/site`;
    expect(status.url).toBe(`${base}/companies/draftly`);
    expect(status.urls).toEqual({ en: `${base}/companies/draftly`, de: `${base}/de/unternehmen/draftly`, fr: `${base}/fr/entreprises/draftly` });
    // A preview is not a change of the public site.
    expect(kit.publisher.requests).toBe(requests);

    const page = await kit.call('GET', status.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // The CSP of the preview build, not the API's default-src 'none'.
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('<h1>Draftly (draft)</h1>');
    expect(html).toContain('data-preview-banner');
    // Links between the languages of the preview stay in it; other links lead to the live site.
    expect(html).toContain(`href="${base}/de/unternehmen/draftly"`);
    expect(html).toContain('href="/companies"');
    // Its scripts load from under the same route (the build's assets prefix).
    expect(html).toContain(`src="${base}/assets/app.js"`);
    const script = await kit.call('GET', `${base}/assets/app.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('no-store');

    // Never without a session.
    expect((await kit.call('GET', status.url, { cookie: null })).status).toBe(401);
    expect((await kit.call('POST', `/api/admin/preview/companies/${company.id}`, { cookie: null })).status).toBe(401);
    expect((await kit.call('GET', `/api/admin/preview/companies/${company.id}`, { cookie: null })).status).toBe(401);
  });

  it('a later preview shows the saved changes; a failed build says why; unknown ones are 404', async () => {
    const { ent } = await seedCatalogue(kit);
    const company = await json(await kit.call('POST', '/api/admin/companies', { body: companyBody(ent.id, { status: 'draft', name: 'Draftly', slug: 'draftly' }) }));
    await kit.call('POST', `/api/admin/preview/companies/${company.id}`);
    const first = await ready(company.id);
    await kit.call('PUT', `/api/admin/companies/${company.id}`, { body: companyBody(ent.id, { status: 'draft', name: 'Draftly Renamed', slug: 'draftly' }) });
    await kit.call('POST', `/api/admin/preview/companies/${company.id}`);
    const second = await ready(company.id);
    expect(await (await kit.call('GET', second.url)).text()).toContain('Draftly Renamed');
    expect(second.finishedAt >= first.finishedAt).toBe(true);
    // One folder per company: the earlier build is gone.
    expect(readdirSync(join(dir, 'previews'))).toHaveLength(1);

    const broken = await json(await kit.call('POST', '/api/admin/companies', { body: companyBody(ent.id, { status: 'draft', name: 'Broken', slug: 'broken' }) }));
    await kit.call('POST', `/api/admin/preview/companies/${broken.id}`);
    await previewer.idle();
    const failed = await json(await kit.call('GET', `/api/admin/preview/companies/${broken.id}`));
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringContaining('The preview failed on purpose') });
    expect((await kit.call('GET', `/api/admin/preview/companies/${broken.id}/site/companies/broken`)).status).toBe(404);

    expect((await kit.call('POST', '/api/admin/preview/companies/999999')).status).toBe(404);
    expect((await kit.call('GET', '/api/admin/preview/companies/999999')).status).toBe(404);
    expect((await kit.call('GET', `/api/admin/preview/companies/${company.id}/site/../../../etc/passwd`)).status).toBe(404);
  });
});

describe('markPreview', () => {
  it('adds the banner after <body> and keeps only the preview pages in the preview', () => {
    const out = markPreview('<html><body class="x"><a href="/a">a</a><a href="/a/b">b</a></body></html>', '/base', ['/a']);
    expect(out).toBe(`<html><body class="x">${out.slice(out.indexOf('<div'), out.indexOf('</div>') + 6)}<a href="/base/a">a</a><a href="/a/b">b</a></body></html>`);
    expect(out).toContain('role="note"');
  });
});
