// The Cloudflare Pages Function bundle: built offline with wrangler (as `wrangler pages deploy` would),
// then run in workerd, the Workers runtime, on this machine. No network beyond the loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

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

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ea-cf-'));
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'wrangler', 'bin', 'wrangler.js'),
      'pages', 'functions', 'build',
      '--outdir', join(dir, 'out'),
      '--output-routes-path', join(dir, '_routes.json'),
      '--compatibility-date', compatibilityDate,
      '--compatibility-flags', ...compatibilityFlags,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' } },
  );
  buildOutput = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) return;

  // The password hashing on its own, bundled the way wrangler bundles for workerd.
  await build({
    entryPoints: [join(root, 'tests', 'api', 'fixtures', 'password-worker.ts')],
    outfile: join(dir, 'password.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['node:*'],
    logLevel: 'error',
  });

  const [apiPort, passwordPort] = [await freePort(), await freePort()];
  const flags = compatibilityFlags.map((f) => `"${f}"`).join(', ');
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "api", worker = .api), (name = "password", worker = .password), (name = "assets", worker = .assets) ],
  sockets = [
    (name = "api", address = "127.0.0.1:${apiPort}", http = (), service = "api"),
    (name = "password", address = "127.0.0.1:${passwordPort}", http = (), service = "password"),
  ],
);
const api :Workerd.Worker = (
  modules = [ (name = "index.js", esModule = embed "out/index.js") ],
  compatibilityDate = "${compatibilityDate}",
  compatibilityFlags = [${flags}],
  bindings = [
    (name = "LIBSQL_URL", text = "http://127.0.0.1:9"),  # workerd refuses private addresses: no traffic leaves
    (name = "SITE_URL", text = "https://alternatives.example"),
    (name = "ASSETS", service = "assets"),
  ],
);
const password :Workerd.Worker = (
  modules = [ (name = "password.js", esModule = embed "password.js") ],
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

afterAll(() => {
  workerd?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

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

  it('runs in workerd: sessions, the same-origin check and security headers work as on Node', async () => {
    expect(workerd?.exitCode ?? null, workerdLog).toBeNull();
    const unauthorized = await fetch(`${apiUrl}/api/admin/companies`);
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({ error: 'Your session has ended. Please sign in again.' });
    expect(unauthorized.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');

    const session = await fetch(`${apiUrl}/api/auth/session`);
    expect(await session.json()).toEqual({ user: null, expires_at: null });

    const crossSite = await fetch(`${apiUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);

    const invalid = await fetch(`${apiUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { origin: 'https://alternatives.example', 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'The request body is not valid JSON.' });
    // No database is reachable here: the health check says so instead of crashing.
    const health = await fetch(`${apiUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { status: string }).status).toBe('error');
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
