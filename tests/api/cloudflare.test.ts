// The Cloudflare Pages Function bundle: built offline with wrangler (as `wrangler pages deploy` would),
// then run in workerd, the Workers runtime, against a libSQL server stand-in (the Hrana HTTP protocol
// Turso speaks, over a local SQLite file) and a deploy hook stand-in. No network beyond the loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createAdmin } from '../../src/api/auth/admins.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';
import { startHranaServer, type HranaServer } from './fixtures/hrana-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, companyBody, fineBody } from './helpers.ts';

const root = process.cwd();
const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)![1];
const compatibilityFlags = JSON.parse(/^compatibility_flags\s*=\s*(\[[^\]]*\])/m.exec(toml)![1]) as string[];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

let dir: string;
let buildOutput = '';
let workerd: ChildProcess | undefined;
let workerdLog = '';
let apiUrl = '';
let passwordUrl = '';
let base: TempDb | undefined;
let libsql: HranaServer | undefined;
let hookServer: Server | undefined;
const hookCalls: { auth: string | undefined; body: string }[] = [];
const SITE = 'https://alternatives.example';
const CALLBACK_SECRET = 'ci-callback-secret-for-the-workerd-test-0123456789';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ea-cf-'));
  const wrangler = (functionsDir: string, outDir: string, routes: string) =>
    spawnSync(
      process.execPath,
      [
        join(root, 'node_modules', 'wrangler', 'bin', 'wrangler.js'),
        'pages', 'functions', 'build', functionsDir,
        '--outdir', outDir,
        '--output-routes-path', routes,
        '--compatibility-date', compatibilityDate,
        '--compatibility-flags', ...compatibilityFlags,
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' } },
    );
  const result = wrangler('functions', join(dir, 'out'), join(dir, '_routes.json'));
  buildOutput = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) return;
  // The password hashing on its own, bundled the same way.
  const password = wrangler(join('tests', 'api', 'fixtures', 'password-functions'), join(dir, 'password'), join(dir, '_password_routes.json'));
  if (password.status !== 0) throw new Error(`${password.stdout}\n${password.stderr}`);

  // The production database stand-in: migrated, with one admin, served over Hrana HTTP.
  base = await tempDb();
  await createAdmin(base.db, ADMIN_EMAIL, ADMIN_PASSWORD);
  libsql = await startHranaServer(base.url.slice('file:'.length));
  hookServer = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hookCalls.push({ auth: req.headers.authorization, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hookServer!.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/hook`;

  const [apiPort, passwordPort] = [await freePort(), await freePort()];
  const flags = compatibilityFlags.map((f) => `"${f}"`).join(', ');
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "api", worker = .api), (name = "password", worker = .password), (name = "assets", worker = .assets),
    # Outbound requests may reach the loopback (the stand-ins) and nothing else.
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [
    (name = "api", address = "127.0.0.1:${apiPort}", http = (), service = "api"),
    (name = "password", address = "127.0.0.1:${passwordPort}", http = (), service = "password"),
  ],
);
const api :Workerd.Worker = (
  modules = [ (name = "index.js", esModule = embed "out/index.js") ],
  compatibilityDate = "${compatibilityDate}",
  compatibilityFlags = [${flags}],
  globalOutbound = "loopback",
  bindings = [
    (name = "LIBSQL_URL", text = "${libsql.url}"),
    (name = "LIBSQL_AUTH_TOKEN", text = "test-token"),
    (name = "SITE_URL", text = "${SITE}"),
    (name = "REBUILD_HOOK_URL", text = "${hookUrl}"),
    (name = "REBUILD_HOOK_TOKEN", text = "hook-secret"),
    (name = "PUBLISH_CALLBACK_SECRET", text = "${CALLBACK_SECRET}"),
    (name = "ASSETS", service = "assets"),
  ],
);
const password :Workerd.Worker = (
  modules = [ (name = "index.js", esModule = embed "password/index.js") ],
  compatibilityDate = "${compatibilityDate}",
  compatibilityFlags = [${flags}],
);
const assets :Workerd.Worker = (
  modules = [ (name = "assets.js", esModule = "export default { fetch() { return new Response('static asset') } }") ],
  compatibilityDate = "${compatibilityDate}",
);
`,
  );
  workerd = spawn(join(root, 'node_modules', '.bin', 'workerd'), ['serve', join(dir, 'config.capnp')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  workerd.stdout!.on('data', (d) => (workerdLog += d));
  workerd.stderr!.on('data', (d) => (workerdLog += d));
  apiUrl = `http://127.0.0.1:${apiPort}`;
  passwordUrl = `http://127.0.0.1:${passwordPort}`;
  // Wait until it listens (bounded: 200 tries).
  for (let i = 0; i < 200; i += 1) {
    if (workerd.exitCode !== null) break;
    const ok = await fetch(`${apiUrl}/api/auth/session`).then(() => true, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);

afterAll(async () => {
  workerd?.kill('SIGTERM');
  await libsql?.close();
  hookServer?.close();
  base?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** A request as the admin UI in a browser on the public origin sends it. */
function api(method: string, path: string, opts: { body?: unknown; cookie?: string; origin?: string; ifMatch?: string } = {}) {
  return fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      ...(method === 'GET' ? {} : { origin: opts.origin ?? SITE }),
      ...(opts.ifMatch ? { 'if-match': opts.ifMatch } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

describe('Cloudflare Pages Function', () => {
  it('builds offline with wrangler into one Worker script, routed for /api/* only', () => {
    expect(buildOutput).toContain('Compiled Worker successfully');
    expect(existsSync(join(dir, 'out', 'index.js'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, '_routes.json'), 'utf8'))).toMatchObject({ include: ['/api/*'] });
    // The web libSQL client, not the native one that opens files.
    const bundle = readFileSync(join(dir, 'out', 'index.js'), 'utf8');
    expect(bundle).toContain('libsql/client/lib-esm/web');
    expect(bundle).not.toContain('libsql/client/lib-esm/sqlite3');
  });

  it('runs in workerd against libSQL over HTTP: sign-in, a transactional save, export, sign-out', async () => {
    expect(workerd?.exitCode ?? null, workerdLog).toBeNull();
    const health = await api('GET', '/api/health');
    expect(await health.json(), workerdLog).toMatchObject({ status: 'ok', database: 'ok' });

    const unauthorized = await api('GET', '/api/admin/companies');
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await api('POST', '/api/auth/sign-in', { body: {}, origin: 'https://evil.example' })).status).toBe(403);

    const wrong = await api('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid credentials. Please try again.' });

    const signIn = await api('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(signIn.status, workerdLog).toBe(200);
    const setCookie = signIn.headers.get('set-cookie')!;
    // SITE_URL is https: the production cookie.
    expect(setCookie).toMatch(/^__Host-ea_session=.*; Path=\/; .*Secure/);
    expect(setCookie).toMatch(/HttpOnly/);
    const cookie = setCookie.split(';')[0];

    const category = await api('POST', '/api/admin/categories', {
      cookie,
      body: { name: 'Entertainment', slug: 'entertainment', subcategories: [{ name: 'Music Streaming', slug: 'music-streaming' }] },
    });
    expect(category.status, workerdLog).toBe(201);
    const { id: categoryId, subcategories } = (await category.json()) as { id: number; subcategories: { id: number }[] };
    const created = await api('POST', '/api/admin/companies', {
      cookie,
      body: companyBody(categoryId, { subcategory_ids: [subcategories[0].id], eu_fines: [fineBody({ amount: 99.5, date: '2024-01-02', description: 'A fine' })] }),
    });
    expect(created.status, workerdLog).toBe(201);
    const etag = created.headers.get('etag') ?? '';
    expect(etag).toBe('"1"');
    const company = (await created.json()) as { id: number; subcategory_ids: number[]; eu_fines: { amount: number }[] };
    expect(company.subcategory_ids).toEqual([subcategories[0].id]);
    expect(company.eu_fines[0].amount).toBe(99.5);

    // A save that fails half-way rolls back over HTTP too.
    const failed = await api('PUT', `/api/admin/companies/${company.id}`, { cookie, ifMatch: etag, body: companyBody(categoryId, { name: 'Changed', alternatives: { add: [999] } }) });
    expect(failed.status).toBe(400);
    // ... and so did its version bump: the same version still saves.
    const saved = await api('PUT', `/api/admin/companies/${company.id}`, { cookie, ifMatch: etag, body: companyBody(categoryId, { name: 'Deezer' }) });
    expect(saved.status, workerdLog).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    const list = ((await (await api('GET', '/api/admin/companies', { cookie })).json()) as { items: { name: string }[] }).items;
    expect(list.map((c) => c.name)).toEqual(['Deezer']);

    const exported = (await (await api('GET', '/api/admin/companies/export', { cookie })).json()) as { slug: string; subcategories: string[] }[];
    expect(exported).toMatchObject([{ slug: 'deezer', subcategories: ['Music Streaming'] }]);

    // Each successful write called the deploy hook (kept alive with waitUntil), with the token.
    for (let i = 0; i < 100 && hookCalls.length < 2; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(hookCalls.length).toBeGreaterThanOrEqual(2);
    expect(hookCalls[0].auth).toBe('Bearer hook-secret');
    expect(JSON.parse(hookCalls[0].body)).toMatchObject({ event_type: 'publish-site', client_payload: { run_id: expect.any(Number) } });

    // The status lives in the database: "deploying" until CI reports back through the callback.
    const building = (await (await api('GET', '/api/admin/build', { cookie })).json()) as { state: string; run: { id: number } };
    expect(building.state).toBe('deploying');
    const lastRun = Math.max(...hookCalls.map((h) => JSON.parse(h.body).client_payload.run_id as number));
    const callback = (secret: string) =>
      fetch(`${apiUrl}/api/publish/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: JSON.stringify({ run_id: lastRun, state: 'published' }),
      });
    expect((await callback('wrong')).status).toBe(401);
    expect((await callback(CALLBACK_SECRET)).status, workerdLog).toBe(200);
    expect(await (await api('GET', '/api/health')).json()).toMatchObject({ publish: { state: 'idle', lastPublishedAt: expect.stringMatching(/^\d{4}-/) } });

    expect((await api('POST', '/api/auth/sign-out', { cookie })).status).toBe(200);
    expect((await api('GET', '/api/admin/companies', { cookie })).status).toBe(401);
  });

  it('keeps a sign-in, a company save and an import within the Workers subrequest limit', async () => {
    expect(workerd?.exitCode ?? null, workerdLog).toBeNull();
    // Every fetch a Worker makes while handling a request is a subrequest: each Hrana pipeline call to
    // the database and the deploy hook call (kept alive with waitUntil, so it counts for the request
    // that made it). Free plan: 50 per request; Paid: 10,000 (Cloudflare's Workers limits page).
    const FREE_PLAN_LIMIT = 50;
    const subrequests = () => libsql!.requests + hookCalls.length;
    /** Waits until nothing more arrives (the waitUntil work of the last request has ended). */
    const settle = async () => {
      let last = -1;
      for (let i = 0; i < 100 && subrequests() !== last; i += 1) {
        last = subrequests();
        await new Promise((r) => setTimeout(r, 150));
      }
    };
    const counted = async (work: () => Promise<Response>) => {
      await settle();
      const before = subrequests();
      const res = await work();
      await settle();
      return { res, n: subrequests() - before };
    };

    const signIn = await counted(() => api('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }));
    expect(signIn.res.status, workerdLog).toBe(200);
    const cookie = signIn.res.headers.get('set-cookie')!.split(';')[0];

    const category = await api('POST', '/api/admin/categories', { cookie, body: { name: 'Office', slug: 'office', subcategories: [{ name: 'Mail', slug: 'mail' }] } });
    expect(category.status, workerdLog).toBe(201);
    const { id: categoryId, subcategories } = (await category.json()) as { id: number; subcategories: { id: number }[] };
    const other = (await (await api('POST', '/api/admin/companies', { cookie, body: companyBody(categoryId, { name: 'Proton', slug: 'proton', country: 'CH' }) })).json()) as { id: number };
    const createdRes = await api('POST', '/api/admin/companies', { cookie, body: companyBody(categoryId, { name: 'Gmail Co', slug: 'gmail-co', country: 'US' }) });
    const etag = createdRes.headers.get('etag') ?? '';
    const created = (await createdRes.json()) as { id: number };

    // A save as the admin form sends it: subcategories, two fines, a new alternative link.
    const save = await counted(() =>
      api('PUT', `/api/admin/companies/${created.id}`, {
        cookie,
        ifMatch: etag,
        body: companyBody(categoryId, {
          name: 'Gmail Co',
          slug: 'gmail-co',
          country: 'US',
          subcategory_ids: [subcategories[0].id],
          eu_fines: [fineBody({ amount: 10, date: '2024-01-02', description: 'One' }), fineBody({ amount: 20, date: '2024-02-03', description: 'Two' })],
          alternatives: { add: [other.id] },
        }),
      }),
    );
    expect(save.res.status, `${await save.res.clone().text()}\n${workerdLog}`).toBe(200);

    // An import of 25 companies, each with a fine and an alternative link.
    const records = Array.from({ length: 25 }, (_, i) => ({
      name: `Imported ${i}`,
      slug: `imported-${i}`,
      country: 'FR',
      category: 'Office',
      description: `Imported company ${i}.`,
      alternatives: i > 0 ? [{ slug: 'imported-0' }] : [],
    }));
    const imported = await counted(() => api('POST', '/api/admin/companies/import', { cookie, body: records }));
    expect(imported.res.status, `${await imported.res.clone().text()}\n${workerdLog}`).toBe(200);

    // The company form's read: the session, then the company's seven reads in one batch (not seven calls).
    const read = await counted(() => api('GET', `/api/admin/companies/${created.id}`, { cookie }));
    expect(read.res.status, workerdLog).toBe(200);
    expect(read.n).toBeLessThanOrEqual(3);

    const counts = { signIn: signIn.n, save: save.n, import: imported.n, get: read.n };
    console.log(`Workers subrequests per request: ${JSON.stringify(counts)} (free plan limit ${FREE_PLAN_LIMIT})`);
    expect(counts.signIn).toBeLessThanOrEqual(FREE_PLAN_LIMIT);
    expect(counts.save).toBeLessThanOrEqual(FREE_PLAN_LIMIT);
    expect(counts.import).toBeLessThanOrEqual(FREE_PLAN_LIMIT);
  });

  it('hashes and verifies passwords with node:crypto scrypt inside workerd', async () => {
    const res = await fetch(passwordUrl);
    expect(res.status, workerdLog).toBe(200);
    const body = (await res.json()) as { hash: string; right: boolean; wrong: boolean };
    expect(body.hash).toMatch(/^scrypt\$ln=14,r=8,p=5\$/);
    expect(body.right).toBe(true);
    expect(body.wrong).toBe(false);
  });
});
