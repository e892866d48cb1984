// The local builder keeps the previous build's fingerprinted files, so pages already open keep working,
// and nothing that goes wrong around a build (removing old folders, writing the pointer) ends the server.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteBuilder } from '../../src/server/site-builder.ts';

// rmSync of node:fs and rm of node:fs/promises (old builds are removed in the background), failing
// with EPERM for the paths listed here (as on Windows with a file still open, or a folder a scanner
// holds), as many times as given.
const failing = vi.hoisted(() => new Map<string, number>());
const refuse = vi.hoisted(() => (path: unknown) => {
  const left = failing.get(String(path)) ?? 0;
  if (left <= 0) return;
  failing.set(String(path), left - 1);
  throw Object.assign(new Error(`EPERM: operation not permitted, rmdir '${String(path)}'`), { code: 'EPERM' });
});
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const rmSync: typeof fs.rmSync = (path, options) => {
    refuse(path);
    fs.rmSync(path, options);
  };
  return { ...fs, rmSync, default: { ...fs, rmSync } };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const fsp = await importOriginal<typeof import('node:fs/promises')>();
  const rm: typeof fsp.rm = async (path, options) => {
    refuse(path);
    return fsp.rm(path, options);
  };
  return { ...fsp, rm, default: { ...fsp, rm } };
});

/** Lets background removals run (real I/O; setImmediate is not faked) until `done` or 5 s. */
async function settle(done: () => boolean) {
  const until = Date.now() + 5_000;
  while (!done() && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
}

// A stand-in for `astro build`: writes index.html and one fingerprinted script named after the build.
const FAKE_BUILD = `
const { mkdirSync, writeFileSync } = require('node:fs');
const out = process.argv[1];
mkdirSync(out + '/assets', { recursive: true });
writeFileSync(out + '/index.html', '<h1>' + process.env.BUILD_NAME + '</h1>');
writeFileSync(out + '/assets/' + process.env.BUILD_NAME + '.js', 'x');
`;

let dir: string;
let name = '';
let builder: SiteBuilder;
let logs: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ea-builder-'));
  logs = [];
  failing.clear();
  builder = new SiteBuilder({
    projectRoot: dir,
    sitesDir: join(dir, 'sites'),
    env: {},
    debounceMs: 0,
    command: (outDir) => ({ cmd: process.execPath, args: ['-e', FAKE_BUILD, outDir], env: { BUILD_NAME: name } }),
    log: (m) => logs.push(m),
  });
});
afterEach(() => {
  vi.useRealTimers();
  failing.clear();
  rmSync(dir, { recursive: true, force: true });
});

async function build(next: string) {
  name = next;
  expect(await builder.buildNow()).toBe(true);
  return builder.liveDir()!;
}

describe('site builder', () => {
  it("keeps the previous build's scripts for one generation", async () => {
    await build('first');
    const second = await build('second');
    expect(existsSync(join(second, 'assets/second.js'))).toBe(true);
    expect(existsSync(join(second, 'assets/first.js'))).toBe(true);
    const third = await build('third');
    expect(existsSync(join(third, 'assets/second.js'))).toBe(true);
    expect(existsSync(join(third, 'assets/first.js'))).toBe(false);
  });

  it('a failing removal of an old build is logged and retried later; no timer throws', async () => {
    const first = await build('first');
    failing.set(first, 2);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await build('second');
    // The replaced build is removed 10 s later, in a timer: an exception there used to end the server.
    await vi.advanceTimersByTimeAsync(10_000);
    const retries = () => logs.filter((l) => l.startsWith('Could not remove the old build')).length;
    await settle(() => retries() === 1);
    expect(existsSync(first)).toBe(true);
    expect(logs.join('\n')).toMatch(/Could not remove the old build .*EPERM.*Trying again in 60 s/);
    await vi.advanceTimersByTimeAsync(60_000);
    await settle(() => retries() === 2);
    expect(existsSync(first)).toBe(true);
    expect(logs.join('\n')).toMatch(/Could not remove the old build .*EPERM.*Trying again in 120 s/);
    await vi.advanceTimersByTimeAsync(120_000);
    await settle(() => !existsSync(first));
    expect(existsSync(first)).toBe(false);
    expect(builder.status().state).toBe('idle');
  });

  it('a leftover folder that cannot be removed does not fail the next publish', async () => {
    const stale = join(dir, 'sites', 'build-stale');
    mkdirSync(stale, { recursive: true });
    failing.set(stale, 1);
    await build('first');
    expect(builder.status()).toMatchObject({ state: 'idle' });
    await settle(() => logs.some((l) => l.includes('build-stale')));
    expect(logs.join('\n')).toMatch(/Could not remove the old build .*build-stale/);
    // The next publish tries it again.
    await build('second');
    await settle(() => !existsSync(stale));
    expect(existsSync(stale)).toBe(false);
  });

  it('a publish step that fails after the build reports the failure, keeps the old site and never rejects', async () => {
    const first = await build('first');
    // The pointer to the live build cannot be written (a folder in its place).
    rmSync(join(dir, 'sites', 'current'));
    mkdirSync(join(dir, 'sites', 'current'));
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      name = 'second';
      builder.request(); // from a timer, as after an admin save
      await new Promise((r) => setTimeout(r, 20));
      await builder.idle();
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      process.off('unhandledRejection', onRejection);
    }
    expect(rejections).toEqual([]);
    expect(builder.status().state).toBe('failed');
    expect(builder.status().error).toMatch(/EISDIR/);
    expect(builder.liveDir()).toBe(first);
    // The half-published folder is gone; only the live build and the pointer remain.
    expect(readdirSync(join(dir, 'sites')).sort()).toEqual([first.split('/').pop(), 'current'].sort());
  });

  it('an unreadable list of carried files does not fail the publish', async () => {
    const first = await build('first');
    writeFileSync(join(first, '.carried.json'), '{not json');
    const second = await build('second');
    expect(existsSync(join(second, 'assets/first.js'))).toBe(true);
  });
});
