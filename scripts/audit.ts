// npm run audit [-- --url http://127.0.0.1:4321] [--runs 1]
//
// 1. The Nu HTML checker (vnu-jar; needs Java) and 2. axe-core (light and dark) over one page of every
// kind in every language (scripts/audit-pages.ts); then 3.
// Lighthouse (mobile emulation, its default: a mid-range phone on a throttled 4G connection, simulated)
// with Debian's Chromium, offline against the local server: performance, accessibility, best practices
// and SEO for home, a company page, a category page and the company browser. Without --url it starts
// the real server (src/server/start.ts) on a fresh copy of the seed data and stops it afterwards.
// Prints one table of scores, then every audit that kept a score below 100.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.ts';
import { axePages, samplePages, validateHtml } from './audit-pages.ts';
import { projectRoot, startServer, type RunningServer } from './bench-server.ts';
import { median } from './bench-stats.ts';

const { values: args } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '1' } } });
const RUNS = Math.max(1, Number(args.runs));

const PAGES = [
  ['home', '/'],
  ['company page', '/companies/netflix'],
  ['category page', '/categories/beauty'],
  ['company browser', '/companies'],
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;


let server: RunningServer | undefined;
let work: string | undefined;
let baseUrl = args.url?.replace(/\/$/, '');
if (!baseUrl) {
  work = join(projectRoot, '.bench', `audit-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  process.stderr.write('[audit] starting the server on the seed data (first build included)\n');
  server = await startServer({ dbUrl: `file:${join(work, 'audit.db')}`, sitesDir: join(work, 'sites') });
  baseUrl = server.baseUrl;
}

let validator: Awaited<ReturnType<typeof validateHtml>>;
let axe: Awaited<ReturnType<typeof axePages>>;
try {
  const sample = await samplePages(baseUrl);
  process.stderr.write(`[audit] Nu HTML checker and axe on ${sample.length} pages (one of each kind and language)\n`);
  validator = await validateHtml(baseUrl, sample);
  axe = await axePages(baseUrl, sample);
} catch (error) {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  throw error;
}
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
const scores: Record<string, Record<string, number[]>> = {};
const shortfalls = new Map<string, Set<string>>();
try {
  for (const [label, path] of PAGES) {
    scores[label] = Object.fromEntries(CATEGORIES.map((c) => [c, [] as number[]]));
    for (let run = 1; run <= RUNS; run++) {
      process.stderr.write(`[audit] ${label} ${path}, run ${run}/${RUNS}\n`);
      // Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): try again.
      let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(baseUrl + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        lhr = result.lhr;
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        process.stderr.write(`[audit] ${lhr.runtimeError.code}, trying again\n`);
      }
      for (const category of CATEGORIES) {
        const cat = lhr.categories[category];
        scores[label][category].push(Math.round((cat.score ?? 0) * 100));
        for (const ref of cat.auditRefs) {
          const audit = lhr.audits[ref.id];
          // Audits that count towards the score and did not pass; metrics with their value.
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            const item = `${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''} [score ${Math.round(audit.score * 100)}]`;
            const list = shortfalls.get(label) ?? new Set();
            list.add(item);
            shortfalls.set(label, list);
          }
        }
      }
    }
  }
} finally {
  chrome.kill();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
}

const header = ['page', ...CATEGORIES];
const table = PAGES.map(([label, path]) => [`${label} ${path}`, ...CATEGORIES.map((c) => String(median(scores[label][c])))]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
console.log(`\nLighthouse ${'12'} scores, mobile emulation, ${RUNS} run(s) per page${RUNS > 1 ? ' (medians)' : ''}, against ${baseUrl}\n`);
console.log([line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.map(line)].join('\n'));
if (shortfalls.size) {
  console.log('\nWhat kept a score below 100:');
  for (const [label, items] of shortfalls) {
    console.log(`  ${label}:`);
    for (const item of items) console.log(`    - ${item}`);
  }
}

console.log(`\nNu HTML checker: ${validator.skipped ? `skipped (${validator.skipped})` : `${validator.pages} pages, ${validator.errors.length} errors${validator.ignored ? `, ${validator.ignored} documented false positives ignored` : ''}`}`);
for (const e of validator.errors) console.log(`  - ${e.path}${e.line ? `:${e.line}` : ''}: ${e.message}`);
console.log(`\naxe-core (WCAG 2.1 A/AA), light and dark: ${axe.pages} page views, ${axe.violations.length} violations`);
for (const v of axe.violations) console.log(`  - ${v.path}: ${v.id} (${v.impact ?? 'n/a'}, ${v.nodes} elements): ${v.help}`);
