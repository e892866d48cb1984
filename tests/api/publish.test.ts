// Publishing on change: writes ask for a rebuild; the local builder swaps in a new site only when its
// build succeeds and coalesces concurrent requests; the production publisher calls a deploy hook.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdmin } from '../../src/api/auth/admins.ts';
import { HookPublisher } from '../../src/api/publisher.ts';
import { SiteBuilder } from '../../src/server/site-builder.ts';
import { createServerApp } from '../../src/server/server.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ORIGIN, companyBody, json, makeKit, seedCatalogue, sessionCookieOf, type Kit } from './helpers.ts';

describe('publish requests from the API', () => {
  let kit: Kit;
  beforeEach(async () => {
    kit = await makeKit();
  });
  afterEach(() => kit.cleanup());

  it('asks for one publish per successful write, none for reads or refused writes', async () => {
    const { ent } = await seedCatalogue(kit);
    expect(kit.publisher.requests).toBe(4);
    await kit.call('GET', '/api/admin/companies');
    await kit.call('GET', '/api/admin/categories/export');
    await kit.call('POST', '/api/admin/companies', { body: { name: '' } }); // 400
    await kit.call('DELETE', '/api/admin/companies/999'); // 404
    await kit.call('POST', '/api/admin/categories', { body: { name: 'Dup', slug: 'entertainment' } }); // 409
    await kit.call('POST', '/api/admin/companies', { body: companyBody(ent.id), origin: 'https://evil.example' }); // 403
    expect(kit.publisher.requests).toBe(4);
    const company = await json(await kit.call('POST', '/api/admin/companies', { body: companyBody(ent.id) }));
    await kit.call('PUT', `/api/admin/countries/FR`, { body: { corporate_tax_rate: 25, population: 68_000_000, is_eu_member: true } });
    await kit.call('POST', '/api/admin/companies/import', { body: [] });
    await kit.call('DELETE', `/api/admin/companies/${company.id}`);
    expect(kit.publisher.requests).toBe(8);
  });

  it('reports the publish status and publishes by hand', async () => {
    expect(await json(await kit.call('GET', '/api/admin/build'))).toEqual({ state: 'idle', lastPublishedAt: null });
    const res = await kit.call('POST', '/api/admin/build');
    expect(res.status).toBe(202);
    expect(kit.publisher.builds).toBe(1);
    // Exactly one build: "Publish now" does not also ask for the debounced publish of a change.
    expect(kit.publisher.requests).toBe(0);
  });
});

const fakeBuild = fileURLToPath(new URL('./fixtures/fake-build.mjs', import.meta.url));

describe('local site builder behind the server', () => {
  let base: TempDb;
  let dir: string;
  let control: string;
  let builder: SiteBuilder;
  let server: ReturnType<typeof createServerApp>;
  let cookie: string;

  const call = (method: string, path: string, body?: unknown) =>
    server.request(`${ORIGIN}${path}`, {
      method,
      headers: { origin: ORIGIN, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const page = async () => (await server.request(`${ORIGIN}/`)).text();

  beforeEach(async () => {
    base = await tempDb();
    dir = mkdtempSync(join(tmpdir(), 'ea-publish-'));
    control = join(dir, 'mode');
    writeFileSync(control, 'v1');
    builder = new SiteBuilder({
      projectRoot: process.cwd(),
      sitesDir: join(dir, 'sites'),
      env: { LIBSQL_URL: base.url },
      debounceMs: 50,
      command: (outDir) => ({ cmd: process.execPath, args: [fakeBuild, outDir, control] }),
    });
    server = createServerApp({ db: base.db, publisher: builder, siteDir: () => builder.liveDir(), allowedOrigins: [ORIGIN] });
    await createAdmin(base.db, ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await call('POST', '/api/auth/sign-in', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    cookie = sessionCookieOf(res);
    expect(await builder.buildNow()).toBe(true);
  });
  afterEach(async () => {
    await builder.idle();
    base.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a failing build keeps the previous site served and reports the error', async () => {
    expect(await page()).toContain('<title>v1</title>');
    const published = builder.status().lastPublishedAt;
    writeFileSync(control, 'fail');
    expect((await call('POST', '/api/admin/build')).status).toBe(202);
    await builder.idle();
    expect(await page()).toContain('<title>v1</title>');
    const status = await json(await call('GET', '/api/admin/build'));
    expect(status.state).toBe('failed');
    expect(status.error).toContain('The build failed on purpose');
    expect(status.lastPublishedAt).toBe(published);
    // The next good build goes live and clears the error.
    writeFileSync(control, 'v2');
    await call('POST', '/api/admin/build');
    await builder.idle();
    expect(await page()).toContain('<title>v2</title>');
    expect(await json(await call('GET', '/api/admin/build'))).toMatchObject({ state: 'idle' });
  });

  it('concurrent saves produce at most two builds, and the last one has every change', async () => {
    const before = builder.builds;
    const [cat] = await Promise.all([call('POST', '/api/admin/categories', { name: 'Entertainment', slug: 'entertainment' })]);
    const categoryId = (await json(cat)).id;
    await builder.idle();
    const start = builder.builds;
    expect(start - before).toBe(1);
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('POST', '/api/admin/companies', companyBody(categoryId, { name: `Company ${i}`, slug: `company-${i}` }))),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(8).fill(201));
    await builder.idle();
    const builds = builder.builds - start;
    expect(builds).toBeGreaterThanOrEqual(1);
    expect(builds).toBeLessThanOrEqual(2);
    expect(await page()).toContain('companies: 8');
  });
});

describe('deploy hook publisher (production)', () => {
  let hits: { method: string; auth: string | undefined; body: string }[];
  let status: number;
  let url: string;
  let close: () => void;

  beforeEach(async () => {
    hits = [];
    status = 200;
    const srv = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        hits.push({ method: req.method ?? '', auth: req.headers.authorization, body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(srv.address() as { port: number }).port}/hook`;
    close = () => srv.close();
  });
  afterEach(() => close());

  it('POSTs to the hook with the bearer token and records the publish time', async () => {
    const hook = new HookPublisher(url, 'secret-token', 0);
    expect(await hook.buildNow()).toBe(true);
    // The body also suits GitHub's repository_dispatch API (the publish workflow listens for it).
    expect(hits).toEqual([{ method: 'POST', auth: 'Bearer secret-token', body: '{"event_type":"publish-site"}' }]);
    expect(hook.status().state).toBe('idle');
    expect(hook.status().lastPublishedAt).toMatch(/^\d{4}-/);
  });

  it('reports a failing hook', async () => {
    status = 500;
    const hook = new HookPublisher(url, undefined, 0);
    expect(await hook.buildNow()).toBe(false);
    expect(hits[0].auth).toBeUndefined();
    expect(hook.status()).toMatchObject({ state: 'failed', error: expect.stringContaining('500') });
  });

  it('debounces requests into one call, or calls at once under waitUntil (Cloudflare)', async () => {
    const hook = new HookPublisher(url, undefined, 20);
    let done: Promise<unknown> | undefined;
    const finished = new Promise<void>((resolve) => {
      const poll = () => (hits.length ? resolve() : setTimeout(poll, 10));
      poll();
    });
    hook.request();
    hook.request();
    hook.request();
    await finished;
    expect(hits).toHaveLength(1);
    hook.request((p) => (done = p));
    expect(done).toBeDefined();
    await done;
    expect(hits).toHaveLength(2);
  });
});
