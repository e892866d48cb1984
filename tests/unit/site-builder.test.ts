// The local builder keeps the previous build's fingerprinted files, so pages already open keep working.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiteBuilder } from '../../src/server/site-builder.ts';

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

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ea-builder-'));
  builder = new SiteBuilder({
    projectRoot: dir,
    sitesDir: join(dir, 'sites'),
    env: {},
    debounceMs: 0,
    command: (outDir) => ({ cmd: process.execPath, args: ['-e', FAKE_BUILD, outDir], env: { BUILD_NAME: name } }),
  });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

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
});
