// Starts the real server (npm start's entry) on an empty database in a temp folder: it migrates,
// seeds, builds the production site and serves it. Browser tests run against that.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dbUrl: string;
  }
}

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

let child: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  chromiumPath(); // fail fast, with install instructions, when Chromium is missing
  const root = process.cwd();
  const work = mkdtempSync(join(tmpdir(), 'ea-e2e-'));
  const sitesDir = join(root, '.test-sites', `run-${Date.now()}`);
  const port = await freePort();
  const dbUrl = `file:${join(work, 'e2e.db')}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  child = spawn(process.execPath, ['src/server/start.ts'], {
    cwd: root,
    env: { ...process.env, LIBSQL_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', SITES_DIR: sitesDir, SITE_URL: baseUrl, REBUILD_DEBOUNCE_MS: '200' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok && existsSync(sitesDir)) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`The server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dbUrl', dbUrl);
  return () => {
    child?.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
    rmSync(sitesDir, { recursive: true, force: true });
    rmSync(`${sitesDir}-previews`, { recursive: true, force: true }); // draft previews (src/server/start.ts)
  };
}
