// Publishing on change: writes ask for a rebuild; the local builder swaps in a new site only when its
// build succeeds and coalesces concurrent requests; the production publisher calls a deploy hook and
// waits for CI to report back. Every publish is a publish_run row, so the status survives restarts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdmin } from '../../src/api/auth/admins.ts';
import { createApp } from '../../src/api/app.ts';
import { HookPublisher } from '../../src/api/publisher.ts';
import { PublishRuns, RUN_TIMEOUT_MS } from '../../src/api/publish-runs.ts';
import { secretsEqual } from '../../src/api/publish-callback.ts';
import { SiteBuilder } from '../../src/server/site-builder.ts';
import { createServerApp } from '../../src/server/server.ts';
import { publishRun } from '../../db/schema.ts';
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
    expect(await json(await kit.call('GET', '/api/admin/build'))).toEqual({ state: 'idle', lastPublishedAt: null, recent: [] });
    const res = await kit.call('POST', '/api/admin/build');
    expect(res.status).toBe(202);
    expect(await json(res)).toMatchObject({ state: 'pending' });
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

  const makeBuilder = () =>
    new SiteBuilder({
      projectRoot: process.cwd(),
      sitesDir: join(dir, 'sites'),
      env: { LIBSQL_URL: base.url },
      debounceMs: 50,
      command: (outDir) => ({ cmd: process.execPath, args: [fakeBuild, outDir, control] }),
      runs: new PublishRuns(base.db),
    });
  const call = (method: string, path: string, body?: unknown) =>
    server.request(`${ORIGIN}${path}`, {
      method,
      headers: { origin: ORIGIN, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const page = async () => (await server.request(`${ORIGIN}/`)).text();
  const runs = () => base.db.select().from(publishRun).orderBy(publishRun.id);

  beforeEach(async () => {
    base = await tempDb();
    dir = mkdtempSync(join(tmpdir(), 'ea-publish-'));
    control = join(dir, 'mode');
    writeFileSync(control, 'v1');
    builder = makeBuilder();
    server = createServerApp({ db: base.db, publisher: builder, siteDir: () => builder.liveDir(), allowedOrigins: [ORIGIN] });
    await createAdmin(base.db, ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await call('POST', '/api/auth/sign-in', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    cookie = sessionCookieOf(res);
    expect(await builder.buildNow({ trigger: 'start' })).toBe(true);
  });
  afterEach(async () => {
    await builder.idle();
    base.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records every publish as a run: who asked, when it started and ended, the files written', async () => {
    expect(await runs()).toMatchObject([{ id: 1, state: 'published', trigger: 'start', triggeredBy: null, error: null, filesWritten: 1 }]);
    // A save: the run waits (debounce) when the answer arrives, then builds and goes live.
    const saved = await call('POST', '/api/admin/categories', { name: 'Entertainment', slug: 'entertainment' });
    expect(saved.status).toBe(201);
    expect(await json(await call('GET', '/api/admin/build'))).toMatchObject({ state: 'pending', run: { id: 2, state: 'queued', trigger: 'change', triggeredBy: ADMIN_EMAIL } });
    await builder.idle();
    const [, run] = await runs();
    expect(run).toMatchObject({ state: 'published', trigger: 'change', triggeredBy: ADMIN_EMAIL, error: null, filesWritten: 1 });
    expect(Date.parse(run.startedAt!)).toBeGreaterThanOrEqual(Date.parse(run.requestedAt));
    expect(Date.parse(run.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(run.startedAt!));
    const status = await json(await call('GET', '/api/admin/build'));
    expect(status).toMatchObject({ state: 'idle', lastPublishedAt: run.finishedAt, run: { id: 2 } });
    expect(status.recent.map((r: { id: number }) => r.id)).toEqual([2, 1]);
    // "Publish now" is a manual run by the admin who pressed it.
    expect(await json(await call('POST', '/api/admin/build'))).toMatchObject({ state: expect.stringMatching(/pending|building/) });
    await builder.idle();
    expect((await runs())[2]).toMatchObject({ state: 'published', trigger: 'manual', triggeredBy: ADMIN_EMAIL });
    // The public health check shows the state, not the run's details.
    expect(await json(await server.request(`${ORIGIN}/api/health`))).toEqual({ status: 'ok', database: 'ok', publish: { state: 'idle', lastPublishedAt: (await runs())[2].finishedAt } });
  });

  it('a failing build keeps the previous site served and reports the error', async () => {
    expect(await page()).toContain('<title>v1</title>');
    const published = (await json(await call('GET', '/api/admin/build'))).lastPublishedAt;
    expect(published).toMatch(/^\d{4}-/);
    writeFileSync(control, 'fail');
    expect((await call('POST', '/api/admin/build')).status).toBe(202);
    await builder.idle();
    expect(await page()).toContain('<title>v1</title>');
    const status = await json(await call('GET', '/api/admin/build'));
    expect(status.state).toBe('failed');
    expect(status.error).toContain('The build failed on purpose');
    expect(status.lastPublishedAt).toBe(published);
    expect(status.run).toMatchObject({ state: 'failed', trigger: 'manual', filesWritten: null });
    // The next good build goes live and clears the error.
    writeFileSync(control, 'v2');
    await call('POST', '/api/admin/build');
    await builder.idle();
    expect(await page()).toContain('<title>v2</title>');
    expect(await json(await call('GET', '/api/admin/build'))).toMatchObject({ state: 'idle' });
  });

  it('the status survives a restart; a build the stopped server left running is reported as interrupted', async () => {
    writeFileSync(control, 'fail');
    await call('POST', '/api/admin/build');
    await builder.idle();
    const before = await json(await call('GET', '/api/admin/build'));
    expect(before.state).toBe('failed');
    // A new process on the same database (and sites folder): same status, without any build of its own.
    builder = makeBuilder();
    server = createServerApp({ db: base.db, publisher: builder, siteDir: () => builder.liveDir(), allowedOrigins: [ORIGIN] });
    expect(await json(await call('GET', '/api/admin/build'))).toEqual(before);
    expect(await page()).toContain('<title>v1</title>');
    // A process that dies mid-build leaves its run "building"; the next start closes it.
    await base.db.insert(publishRun).values({ state: 'building', trigger: 'change', triggeredBy: 'x@example.org', startedAt: new Date().toISOString() });
    expect(await json(await call('GET', '/api/admin/build'))).toMatchObject({ state: 'building' });
    expect(await new PublishRuns(base.db).interrupted()).toBe(1);
    expect(await json(await call('GET', '/api/admin/build'))).toMatchObject({ state: 'failed', error: 'The server stopped before this publish finished.' });
  });

  it('concurrent saves produce at most two builds, and the last one has every change', async () => {
    const before = builder.builds;
    const [cat] = await Promise.all([call('POST', '/api/admin/categories', { name: 'Entertainment', slug: 'entertainment' })]);
    const categoryId = (await json(cat)).id;
    await builder.idle();
    const start = builder.builds;
    expect(start - before).toBe(1);
    const runsBefore = (await runs()).length;
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('POST', '/api/admin/companies', companyBody(categoryId, { name: `Company ${i}`, slug: `company-${i}` }))),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(8).fill(201));
    await builder.idle();
    const builds = builder.builds - start;
    expect(builds).toBeGreaterThanOrEqual(1);
    expect(builds).toBeLessThanOrEqual(2);
    expect(await page()).toContain('companies: 8');
    // One run per build, every one published.
    const after = (await runs()).slice(runsBefore);
    expect(after).toHaveLength(builds);
    expect(after.every((r) => r.state === 'published' && r.triggeredBy === ADMIN_EMAIL)).toBe(true);
  });
});

describe('deploy hook publisher (production)', () => {
  let hits: { method: string; auth: string | undefined; body: string }[];
  let status: number;
  let url: string;
  let close: () => void;
  let base: TempDb;

  beforeEach(async () => {
    hits = [];
    status = 200;
    base = await tempDb();
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
  afterEach(() => {
    close();
    base.cleanup();
  });

  it('POSTs to the hook with the bearer token and the run id; a 2xx means deploying, not published', async () => {
    const runs = new PublishRuns(base.db);
    const hook = new HookPublisher({ url, token: 'secret-token', debounceMs: 0, runs });
    expect(await hook.buildNow({ trigger: 'manual', by: ADMIN_EMAIL })).toBe(true);
    // The body also suits GitHub's repository_dispatch API (the publish workflow listens for it).
    expect(hits).toEqual([{ method: 'POST', auth: 'Bearer secret-token', body: '{"event_type":"publish-site","client_payload":{"run_id":1}}' }]);
    expect(await runs.status()).toMatchObject({ state: 'deploying', lastPublishedAt: null, run: { id: 1, state: 'deploying', trigger: 'manual', triggeredBy: ADMIN_EMAIL } });
  });

  it('reports a failing hook', async () => {
    status = 500;
    const runs = new PublishRuns(base.db);
    const hook = new HookPublisher({ url, debounceMs: 0, runs, log: () => {} });
    expect(await hook.buildNow()).toBe(false);
    expect(hits[0].auth).toBeUndefined();
    expect(await runs.status()).toMatchObject({ state: 'failed', error: expect.stringContaining('500') });
  });

  it('debounces requests into one call and one run, or calls at once under waitUntil (Cloudflare)', async () => {
    const runs = new PublishRuns(base.db);
    const hook = new HookPublisher({ url, debounceMs: 20, runs });
    let done: Promise<unknown> | undefined;
    const finished = new Promise<void>((resolve) => {
      const poll = () => (hits.length ? resolve() : setTimeout(poll, 10));
      poll();
    });
    await hook.request({ by: 'a@example.org' });
    await hook.request({ by: 'b@example.org' });
    await hook.request({ by: 'a@example.org' });
    expect(await runs.status()).toMatchObject({ state: 'pending', run: { state: 'queued', triggeredBy: 'a@example.org, b@example.org' } });
    await finished;
    expect(hits).toHaveLength(1);
    await hook.request({ waitUntil: (p) => (done = p), by: 'c@example.org' });
    expect(done).toBeDefined();
    await done;
    expect(hits).toHaveLength(2);
    const rows = await base.db.select().from(publishRun).orderBy(publishRun.id);
    expect(rows.map((r) => [r.state, r.triggeredBy])).toEqual([
      ['deploying', 'a@example.org, b@example.org'],
      ['deploying', 'c@example.org'],
    ]);
  });
});

describe('CI reports back: POST /api/publish/callback', () => {
  const SECRET = 'a-long-random-publish-callback-secret-0123456789';
  let base: TempDb;
  let clock: { now: number };
  let app: ReturnType<typeof createApp>;
  let runs: PublishRuns;
  let close: () => void;
  let hookUrl: string;

  const report = (body: unknown, auth: string | null = `Bearer ${SECRET}`) =>
    app.request(`${ORIGIN}/api/publish/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth === null ? {} : { authorization: auth }) },
      body: JSON.stringify(body),
    });
  const health = async () => (await json(await app.request(`${ORIGIN}/api/health`))).publish;

  beforeEach(async () => {
    base = await tempDb();
    clock = { now: Date.UTC(2025, 2, 12, 10, 0, 0) };
    runs = new PublishRuns(base.db, () => clock.now);
    const srv = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(srv.address() as { port: number }).port}/hook`;
    close = () => srv.close();
    const publisher = new HookPublisher({ url: hookUrl, debounceMs: 0, runs });
    app = createApp({ db: base.db, publisher, allowedOrigins: [ORIGIN], now: () => clock.now, publishCallbackSecret: SECRET });
  });
  afterEach(() => {
    close();
    base.cleanup();
  });

  it('refuses a missing or wrong secret (401) and answers 404 when callbacks are off', async () => {
    await runs.claim({ trigger: 'change' }, 'deploying');
    expect((await report({ run_id: 1, state: 'published' }, null)).status).toBe(401);
    const wrong = await report({ run_id: 1, state: 'published' }, `Bearer ${SECRET.slice(0, -1)}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    expect((await report({ run_id: 1, state: 'published' }, SECRET)).status).toBe(401); // no "Bearer "
    expect((await report({ run_id: 1, state: 'published' }, `Bearer ${SECRET}${SECRET}`)).status).toBe(401);
    expect((await runs.status()).state).toBe('deploying');
    // A wrong secret learns nothing about the body: the check comes first.
    expect((await report({ state: 'nonsense' }, 'Bearer nope')).status).toBe(401);
    expect((await report({ state: 'nonsense' })).status).toBe(400);

    const off = createApp({ db: base.db, publisher: new HookPublisher({ url: hookUrl, debounceMs: 0, runs }), allowedOrigins: [ORIGIN] });
    const res = await off.request(`${ORIGIN}/api/publish/callback`, { method: 'POST', headers: { authorization: `Bearer ${SECRET}` }, body: '{}' });
    expect(res.status).toBe(404);
    expect((await json(res)).error).toMatch(/PUBLISH_CALLBACK_SECRET/);
  });

  it('compares secrets in constant time over their hashes', async () => {
    expect(await secretsEqual(SECRET, SECRET)).toBe(true);
    expect(await secretsEqual('', SECRET)).toBe(false);
    expect(await secretsEqual(SECRET.toUpperCase(), SECRET)).toBe(false);
  });

  it('a publish stays "deploying" until CI reports; the report settles that run and the older ones', async () => {
    // Three saves on Cloudflare: each calls the hook at once (waitUntil), each is a run.
    for (let i = 0; i < 3; i += 1) {
      let done: Promise<unknown> | undefined;
      await new HookPublisher({ url: hookUrl, debounceMs: 0, runs }).request({ waitUntil: (p) => (done = p), by: `e${i}@example.org` });
      expect(await done).toBe(true);
      clock.now += 1000;
    }
    expect(await health()).toEqual({ state: 'deploying', lastPublishedAt: null });
    // CI's concurrency group cancelled the waiting run 2; run 3 read the database after all of them.
    clock.now += 120_000;
    const res = await report({ run_id: 3, state: 'published' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ settled: [1, 2, 3] });
    const finished = new Date(clock.now).toISOString();
    expect(await health()).toEqual({ state: 'idle', lastPublishedAt: finished });
    // A repeated report changes nothing.
    expect(await json(await report({ run_id: 3, state: 'published' }))).toEqual({ settled: [] });
  });

  it('a failed deploy is reported with its message; earlier published runs still count as the last publish', async () => {
    await runs.finish(await runs.claim({ trigger: 'change' }, 'deploying'), { state: 'published' });
    const published = new Date(clock.now).toISOString();
    clock.now += 60_000;
    await runs.claim({ trigger: 'manual', by: ADMIN_EMAIL }, 'deploying');
    expect(await json(await report({ run_id: 2, state: 'failed', error: 'wrangler pages deploy failed' }))).toEqual({ settled: [2] });
    const status = await runs.status();
    expect(status).toMatchObject({ state: 'failed', error: 'wrangler pages deploy failed', lastPublishedAt: published, run: { id: 2, triggeredBy: ADMIN_EMAIL } });
  });

  it('a CI run we did not start (a push) is recorded and settles the runs requested before it read the database', async () => {
    await runs.claim({ trigger: 'change' }, 'deploying'); // run 1, before CI started
    clock.now += 10_000;
    const startedAt = new Date(clock.now).toISOString().replace('.000Z', 'Z');
    clock.now += 1_000;
    await runs.claim({ trigger: 'change' }, 'deploying'); // run 2, after: not in this deploy
    clock.now += 60_000;
    expect(await json(await report({ state: 'published', started_at: startedAt, event: 'push' }))).toEqual({ settled: [1, 3] });
    const rows = await base.db.select().from(publishRun).orderBy(publishRun.id);
    expect(rows.map((r) => [r.id, r.state, r.trigger, r.triggeredBy])).toEqual([
      [1, 'published', 'change', null],
      [2, 'deploying', 'change', null],
      [3, 'published', 'ci', 'push'],
    ]);
    expect((await runs.status()).state).toBe('deploying');
  });

  it('a run CI never reports on is shown as failed after the timeout (without writing)', async () => {
    await runs.claim({ trigger: 'change' }, 'deploying');
    clock.now += RUN_TIMEOUT_MS + 1000;
    expect(await runs.status()).toMatchObject({ state: 'failed', error: expect.stringMatching(/CI did not report back within 60 minutes/) });
    // A late report still settles it.
    await report({ run_id: 1, state: 'published' });
    expect((await runs.status()).state).toBe('idle');
  });
});
