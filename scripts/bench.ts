// npm run bench [-- --only import,build,search,weight,publish,api] [--runs 3] [--companies 10000]
//                  [--search-companies 20000] [--api-seconds 10] [--connections 50]
//
// Measures speed, size and scale and prints ONE table: every figure with its unit and the command that
// reproduces it. Noisy timings are the median of --runs runs (with their range). Progress goes to
// stderr, the table to stdout. Nothing here is asserted: the deterministic budgets (bytes, counts)
// live in tests/e2e/budgets.test.ts.
//
//   import   10,000 companies through the admin import code in one transaction; a failing import of the
//            same size (one bad record at the very end) must leave the database content identical
//   build    astro build of the synthetic 10,000-company database: wall time, pages/s, peak memory, files
//            and size, and a plain Hugo build of the same number of pages in the same run (the ratio)
//   large    50,000 companies (--large-companies): the admin API under autocannon (list, get, update) on an
//            API-only server (scripts/bench-api-server.ts), then one astro build (--large-build-companies,
//            default the same number): wall time, peak memory, files, size, largest file
//   search   scripts/bench-search.ts (the search island's engine) over 20,000 companies and 2,000 products:
//            query time (suggestions, results page) and the bytes downloaded before the first result
//   weight   home, a company page, a category page, the company browser in Chromium: bytes per kind,
//            and the JavaScript each runs before interaction, at desktop and phone widths
//   publish  the real server on the real seed: an admin save (with If-Match, as the admin sends it) until
//            the updated page is served, and how many files the incremental publish rewrote
//   api      autocannon on loopback against the admin API: list, get, update
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { createDb } from '../db/client.ts';
import { importCompanies } from '../src/api/import-export/import.ts';
import { launchBrowser } from '../tests/e2e/chromium.ts';
import { measurePage } from './bench-page-weight.ts';
import { adminHeaders, freePort, projectRoot, runMeasured, startServer, waitForPublishIdle } from './bench-server.ts';
import { kib, median, parseSearchBench, renderTable, seconds, spread, thousands, type Row } from './bench-stats.ts';
import { generateDirectory } from './synthetic-data.ts';
import { parseEnv } from '../src/lib/env.ts';
import { hugoBuild } from './bench-hugo.ts';
import { readSeedInput, syntheticUrl, writeSyntheticDb } from './synthetic.ts';

const SECTIONS = ['import', 'build', 'large', 'search', 'weight', 'publish', 'api'] as const;
type Section = (typeof SECTIONS)[number];

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    runs: { type: 'string', default: '3' },
    companies: { type: 'string', default: '10000' },
    'large-companies': { type: 'string', default: '50000' },
    'large-build-companies': { type: 'string' },
    'search-companies': { type: 'string', default: '20000' },
    'api-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const only = new Set((args.only ?? SECTIONS.join(',')).split(',').map((s) => s.trim()) as Section[]);
for (const s of only) if (!SECTIONS.includes(s)) throw new Error(`Unknown section "${s}"; choose from ${SECTIONS.join(', ')}`);
const RUNS = Math.max(1, Number(args.runs));
const N = Number(args.companies);
const LARGE_N = Number(args['large-companies']);
const LARGE_BUILD_N = Number(args['large-build-companies'] ?? LARGE_N);
const SEARCH_N = Number(args['search-companies']);
const API_SECONDS = Number(args['api-seconds']);
const CONNECTIONS = Number(args.connections);
const benchDir = join(projectRoot, '.bench');
mkdirSync(benchDir, { recursive: true });

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
// Every figure also goes to stderr when it is measured, so a long run stopped half-way keeps what it had.
const rows: Row[] = new Proxy([] as Row[], {
  set(target, key, value) {
    if (typeof key === 'string' && /^\d+$/.test(key)) log(`figure: ${(value as Row).measure}: ${(value as Row).value}`);
    return Reflect.set(target, key, value);
  },
});
const ms = (v: number) => `${v.toFixed(0)} ms`;
const bench = (section: Section, extra = '') => `npm run bench -- --only ${section}${extra}`;

// ---------------------------------------------------------------------------------------------------
async function contentHash(url: string): Promise<string> {
  const db = await createDb({ url });
  try {
    const tables = await db.$client.execute(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`);
    const hash = createHash('sha256');
    for (const { name } of tables.rows) {
      const rows = await db.$client.execute(`select * from "${String(name)}" order by rowid`);
      hash.update(`${String(name)}\n${JSON.stringify(rows.rows)}\n`);
    }
    return hash.digest('hex');
  } finally {
    db.$client.close();
  }
}

async function benchImport(): Promise<void> {
  const url = syntheticUrl(N);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    log(`import: ${N} companies, run ${run}/${RUNS}`);
    times.push((await writeSyntheticDb(url, N)).importMs);
  }
  rows.push({ measure: `import of ${thousands(N)} companies (one transaction, admin import code)`, value: spread(times, (v) => seconds(v, 2)), command: `npm run db:synthetic -- --companies ${N}` });

  // All or nothing: the same records, every one changed, and one bad record at the very end. The
  // import writes every company before it reaches the bad alternative, then must roll back all of it.
  log('import: a failing import of the same size must change nothing');
  const before = await contentHash(url);
  const records = generateDirectory(readSeedInput(), { companies: N }).companies.map((c) => ({ ...c, description: `${c.description} (changed)` }));
  records[records.length - 1] = { ...records[records.length - 1], alternatives: [{ slug: 'no-such-company-anywhere' }] };
  const db = await createDb({ url });
  let error = '';
  const started = performance.now();
  try {
    await db.transaction(async (tx) => {
      await importCompanies(tx, records);
    });
  } catch (e) {
    error = (e as Error).message;
  } finally {
    db.$client.close();
  }
  const failedMs = performance.now() - started;
  const after = await contentHash(url);
  const verdict = error && before === after ? 'yes' : 'NO';
  rows.push({
    measure: `all or nothing: ${thousands(N)} changed records + 1 bad one at the end`,
    value: `${verdict}: refused ("${error.slice(0, 40)}${error.length > 40 ? '…' : ''}") after ${seconds(failedMs, 2)}, content sha256 ${before === after ? 'unchanged' : 'CHANGED'}`,
    command: bench('import'),
  });
}

// ---------------------------------------------------------------------------------------------------
/** Files and bytes under a folder. */
function treeSize(dir: string): { files: number; bytes: number; largest: number; largestFile: string } {
  let files = 0;
  let bytes = 0;
  let largest = 0;
  let largestFile = '';
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    const path = join(entry.parentPath, entry.name);
    const size = statSync(path).size;
    bytes += size;
    if (size > largest) {
      largest = size;
      largestFile = path.slice(dir.length + 1);
    }
  }
  return { files, bytes, largest, largestFile };
}

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, test));
    else if (test(entry.name)) out.push(path);
  }
  return out;
}

async function benchBuild(): Promise<void> {
  const url = syntheticUrl(N);
  try {
    statSync(url.slice('file:'.length));
  } catch {
    log(`build: writing the synthetic database of ${N} companies first`);
    await writeSyntheticDb(url, N);
  }
  const outDir = join(benchDir, `build-${N}`);
  const results: { ms: number; peakRss: number; pages: number }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    rmSync(outDir, { recursive: true, force: true });
    log(`build: astro build of ${N} companies, run ${run}/${RUNS}`);
    const r = await runMeasured(process.execPath, [join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
      ...process.env,
      LIBSQL_URL: url,
      ASTRO_OUT_DIR: outDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
    });
    if (r.code !== 0) throw new Error(`The build failed:\n${r.output.slice(-3000)}`);
    const reported = /(\d+) page\(s\) built/.exec(r.output);
    const pages = reported ? Number(reported[1]) : filesUnder(outDir, (n) => n.endsWith('.html')).length;
    results.push({ ms: r.ms, peakRss: r.peakRss, pages });
  }
  const pages = results[0].pages;
  const command = `npm run bench -- --only build (LIBSQL_URL=${url.replace(projectRoot, '')} npm run build)`;
  rows.push({ measure: `full build, ${thousands(N)} companies (${thousands(pages)} pages)`, value: spread(results.map((r) => r.ms), (v) => seconds(v)), command });
  rows.push({ measure: 'build throughput', value: spread(results.map((r) => (r.pages * 1000) / r.ms), (v) => `${v.toFixed(0)} pages/s`), command });
  rows.push({ measure: 'build peak memory (RSS of the process tree)', value: spread(results.map((r) => r.peakRss), (v) => `${(v / 1024 ** 2).toFixed(0)} MiB`), command });
  const size = treeSize(outDir);
  rows.push({ measure: `build output, ${thousands(N)} companies`, value: `${thousands(size.files)} files, ${(size.bytes / 1024 ** 2).toFixed(0)} MiB`, command });

  // A plain Hugo build of the same number of pages, measured in the same run.
  const hugoRuns: { ms: number; peakRss: number; version: string }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    log(`build: plain Hugo build of ${pages} pages, run ${run}/${RUNS}`);
    const h = await hugoBuild(pages, join(benchDir, `hugo-${pages}`));
    if (!h) break;
    hugoRuns.push(h);
  }
  if (!hugoRuns.length) {
    rows.push({ measure: `plain Hugo build of ${thousands(pages)} pages`, value: 'not installed (Debian package hugo)', command });
  } else {
    const astro = median(results.map((r) => r.ms));
    const hugo = median(hugoRuns.map((r) => r.ms));
    rows.push({
      measure: `plain Hugo ${hugoRuns[0].version} build of ${thousands(pages)} pages (same run)`,
      value: `${spread(hugoRuns.map((r) => r.ms), (v) => seconds(v))}, peak ${(Math.max(...hugoRuns.map((r) => r.peakRss)) / 1024 ** 2).toFixed(0)} MiB`,
      command,
    });
    rows.push({ measure: 'Astro full build ÷ Hugo build (goal ≤ 1.5 ×)', value: `${(astro / hugo).toFixed(1)} ×`, command });
  }

  // The islands' JSON files as the build emits them, per 1,000 companies.
  for (const prefix of ['search-en', 'companies-en']) {
    const file = readdirSync(join(outDir, 'data')).find((f) => f.startsWith(`${prefix}.`) && f.endsWith('.json'));
    if (!file) continue;
    const body = readFileSync(join(outDir, 'data', file));
    const per = (bytes: number) => kib((bytes * 1000) / N);
    rows.push({ measure: `/data/${prefix}.json emitted per 1,000 companies`, value: `${per(body.length)} raw, ${per(gzipSync(body).length)} gzip`, command });
  }
}

// ---------------------------------------------------------------------------------------------------
async function benchLarge(): Promise<void> {
  const command = bench('large', ` --large-companies ${LARGE_N}${LARGE_BUILD_N !== LARGE_N ? ` --large-build-companies ${LARGE_BUILD_N}` : ''}`);
  const url = syntheticUrl(LARGE_N);
  log(`large: writing the synthetic database of ${LARGE_N} companies`);
  const imported = await writeSyntheticDb(url, LARGE_N);
  rows.push({ measure: `import of ${thousands(LARGE_N)} companies (one transaction)`, value: seconds(imported.importMs), command });

  // The admin API at that size, alone in its process (no site build competing for the two cores).
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const email = 'bench-admin@example.org';
  const password = `bench-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 20)}`;
  log(`large: admin API on ${LARGE_N} companies (API-only server)`);
  const api = spawn(process.execPath, [join(projectRoot, 'scripts', 'bench-api-server.ts')], {
    cwd: projectRoot,
    env: { ...process.env, LIBSQL_URL: url, HOST: '127.0.0.1', PORT: String(port), SITE_URL: baseUrl, ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i += 1) {
      if (api.exitCode !== null) throw new Error('The API-only server exited before it was ready.');
      if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error('The API-only server did not start within a minute.');
      await new Promise((r) => setTimeout(r, 100));
    }
    const headers = await adminHeaders(baseUrl, email, password);
    const total = ((await (await fetch(`${baseUrl}/api/admin/companies?per_page=1`, { headers })).json()) as { total: number }).total;
    await benchApi(baseUrl, headers, { label: `${thousands(total)} companies, API only`, idle: async () => {}, command });
  } finally {
    api.kill('SIGTERM');
  }

  const buildUrl = LARGE_BUILD_N === LARGE_N ? url : syntheticUrl(LARGE_BUILD_N);
  if (buildUrl !== url) {
    log(`large: writing the synthetic database of ${LARGE_BUILD_N} companies for the build`);
    await writeSyntheticDb(buildUrl, LARGE_BUILD_N);
  }
  const outDir = join(benchDir, `build-${LARGE_BUILD_N}`);
  rmSync(outDir, { recursive: true, force: true });
  log(`large: astro build of ${LARGE_BUILD_N} companies (once)`);
  const r = await runMeasured(process.execPath, [join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    ...process.env,
    LIBSQL_URL: buildUrl,
    ASTRO_OUT_DIR: outDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    // Node's default heap limit (about 4 GiB) is below what a build of this size holds.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=12288`.trim(),
  });
  if (r.code !== 0) {
    rows.push({ measure: `full build, ${thousands(LARGE_BUILD_N)} companies`, value: `FAILED after ${seconds(r.ms)}, peak ${(r.peakRss / 1024 ** 2).toFixed(0)} MiB: ${r.output.slice(-300).replace(/\s+/g, ' ')}`, command });
    return;
  }
  const size = treeSize(outDir);
  const pages = /(\d+) page\(s\) built/.exec(r.output)?.[1];
  rows.push({ measure: `full build, ${thousands(LARGE_BUILD_N)} companies${pages ? ` (${thousands(Number(pages))} pages)` : ''}`, value: `${seconds(r.ms)}, peak RSS ${(r.peakRss / 1024 ** 2).toFixed(0)} MiB`, command });
  rows.push({
    measure: `build output, ${thousands(LARGE_BUILD_N)} companies`,
    value: `${thousands(size.files)} files, ${(size.bytes / 1024 ** 2).toFixed(0)} MiB; largest file ${(size.largest / 1024 ** 2).toFixed(2)} MiB (${size.largestFile})`,
    command,
  });
}

// ---------------------------------------------------------------------------------------------------
async function benchSearch(): Promise<void> {
  const figures = [];
  for (let run = 1; run <= RUNS; run++) {
    log(`search: scripts/bench-search.ts over ${SEARCH_N} companies, run ${run}/${RUNS}`);
    const r = spawnSync(process.execPath, [join(projectRoot, 'scripts', 'bench-search.ts'), '--companies', String(SEARCH_N), '--queries', '2000'], { encoding: 'utf8', cwd: projectRoot });
    const parsed = parseSearchBench(r.stdout ?? '');
    if (r.status !== 0 || !parsed) throw new Error(`bench-search failed or its output changed:\n${r.stdout}\n${r.stderr}`);
    figures.push(parsed);
  }
  const f = figures[0];
  const command = `npm run bench:search -- --companies ${SEARCH_N}`;
  const what = f.products !== undefined ? `${thousands(f.companies)} companies and ${thousands(f.products)} products` : `${thousands(f.companies)} companies`;
  rows.push({ measure: `search query time (suggestions), ${thousands(f.queries)} queries, ${what}: median`, value: spread(figures.map((x) => x.medianMs), (v) => `${v.toFixed(3)} ms`), command });
  rows.push({ measure: 'search query time (suggestions): p95 (budget 5 ms)', value: spread(figures.map((x) => x.p95Ms), (v) => `${v.toFixed(3)} ms`), command });
  if (figures.every((x) => x.bestP95Ms !== undefined)) {
    rows.push({ measure: "search query time, each query's best of 5 runs (no other process interrupting): p95", value: spread(figures.map((x) => x.bestP95Ms!), (v) => `${v.toFixed(3)} ms`), command });
  }
  if (figures.every((x) => x.allP95Ms !== undefined)) {
    rows.push({ measure: 'search results page (every match): median; p95', value: `${spread(figures.map((x) => x.allMedianMs!), (v) => `${v.toFixed(3)} ms`)}; ${spread(figures.map((x) => x.allP95Ms!), (v) => `${v.toFixed(3)} ms`)}`, command });
  }
  if (f.firstP95KiB !== undefined && f.records !== undefined) {
    rows.push({
      measure: `search: gzip bytes before the first result (index + the detail shards it needs), ${thousands(f.records)} records: p95`,
      value: `${f.firstP95KiB.toFixed(1)} KiB (median ${f.firstMedianKiB!.toFixed(1)} KiB) = ${f.firstP95Per10kKiB!.toFixed(1)} KiB per 10,000 records (budget 50 KiB)${f.engineKiB !== undefined ? `; plus the engine script, ${f.engineKiB.toFixed(1)} KiB` : ''}`,
      command,
    });
  }
  if (figures.every((x) => x.loadMs !== undefined)) {
    rows.push({ measure: 'search index load (JSON.parse + searcher)', value: spread(figures.map((x) => x.loadMs!), (v) => `${v.toFixed(1)} ms`), command });
  }
  const per = (k: number) => `${((k * 1000) / f.companies).toFixed(1)} KiB`;
  rows.push({ measure: 'search index size per 1,000 companies', value: `${per(f.indexRawKiB)} raw, ${per(f.indexGzipKiB)} gzip`, command });
  rows.push({ measure: 'company browser list size per 1,000 companies', value: `${per(f.listRawKiB)} raw, ${per(f.listGzipKiB)} gzip`, command });
}

// ---------------------------------------------------------------------------------------------------
const WEIGHT_PAGES = [
  ['home', '/'],
  ['company page', '/companies/netflix'],
  ['category page', '/categories/beauty'],
  ['company browser', '/companies'],
] as const;

async function benchWeight(baseUrl: string): Promise<void> {
  log('weight: measuring pages in Chromium');
  const browser = await launchBrowser();
  try {
    for (const [label, path] of WEIGHT_PAGES) {
      const w = await measurePage(browser, baseUrl, path);
      const phone = await measurePage(browser, baseUrl, path, { width: 375, height: 800 });
      const t = w.totals;
      const pair = (k: { bytes: number; gzip: number }) => `${kib(k.bytes)} (${kib(k.gzip)} gzip)`;
      const total = t.html.gzip + t.css.gzip + t.js.gzip + t.json.gzip + t.image.gzip + t.font.gzip + t.other.gzip;
      rows.push({
        measure: `page weight, ${label} ${path}`,
        value: `HTML ${pair(t.html)}, CSS ${pair(t.css)}, JS ${t.js.count} files ${pair(t.js)}${t.json.count ? `, JSON ${pair(t.json)}` : ''}, images ${t.image.count} ${pair(t.image)}; all ${kib(total)} gzip`,
        command: bench('weight'),
      });
      rows.push({
        measure: `JS run before interactive, ${label}`,
        value:
          `desktop (1280 px): ${kib(w.jsExecuted.bytes)} (${kib(w.inlineScriptBytes)} inline), of which ${kib(w.jsExecuted.usedBytes)} executed; ` +
          `phone (375 px): ${phone.totals.js.count} files ${kib(phone.totals.js.gzip)} gzip, ${kib(phone.jsExecuted.bytes)} run, ${kib(phone.jsExecuted.usedBytes)} executed`,
        command: bench('weight'),
      });
    }
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------
interface CompanyDetail {
  id: number;
  slug: string;
  [key: string]: unknown;
}

/** The saved company as the admin form sends it back (src/islands/admin/screens/CompanyForm.tsx), with a new description. */
function updateBody(c: CompanyDetail, description: string) {
  const o = (v: unknown) => v ?? '';
  // The detail as the API answers it: loosely typed here, the API validates what comes back.
  // biome-ignore lint/suspicious/noExplicitAny: a JSON record passed through unchanged
  const x = c as Record<string, any>;
  return {
    name: x.name,
    slug: x.slug,
    category_id: x.category_id,
    country: x.country,
    founded_year: x.founded_year,
    description,
    translations: x.translations,
    website_url: o(x.website_url),
    logo_url: o(x.logo_url),
    headquarters: o(x.headquarters),
    employee_count: x.employee_count,
    is_unicorn: x.is_unicorn,
    double_irish: x.double_irish,
    sustainable: x.sustainable,
    legal_name: o(x.legal_name),
    owner_kind: x.owner_kind ?? '',
    owner_name: o(x.owner_name),
    owner_country: o(x.owner_country),
    owner_since: x.owner_since,
    hosting: x.hosting ?? '',
    status: x.status,
    // biome-ignore lint/suspicious/noExplicitAny: see x above
    sources: (x.sources ?? []).map((s: any) => ({ url: s.url, title: o(s.title), facts: s.facts, verified_at: s.verified_at })),
    subcategory_ids: x.subcategory_ids,
    // biome-ignore lint/suspicious/noExplicitAny: see x above
    certifications: (x.certifications ?? []).map((y: any) => ({ certification_id: y.certification_id, status: y.status, valid_from: y.valid_from, valid_until: o(y.valid_until), link: o(y.link) })),
    // biome-ignore lint/suspicious/noExplicitAny: see x above
    eu_fines: (x.eu_fines ?? []).map((f: any) => ({
      body: f.body,
      kind: f.kind,
      amount: f.amount,
      current_amount: f.current_amount,
      status: f.status,
      currency: f.currency,
      date: f.date,
      description: f.description,
      translations: f.translations,
      announcement_url: o(f.announcement_url),
      status_url: o(f.status_url),
      verified_at: o(f.verified_at),
    })),
    // No alternatives diff: the links stay as they are.
  };
}

/** The company and its version (ETag) as the admin reads it. */
async function readCompany(baseUrl: string, headers: Record<string, string>, slug: string): Promise<{ detail: CompanyDetail; etag: string }> {
  const list = ((await (await fetch(`${baseUrl}/api/admin/companies?q=${slug}`, { headers })).json()) as { items: { id: number; slug: string }[] }).items;
  // A small synthetic database may not hold the seed company: any company will do then.
  const first = async () => ((await (await fetch(`${baseUrl}/api/admin/companies?per_page=1`, { headers })).json()) as { items: { id: number }[] }).items[0];
  const id = (list.find((c) => c.slug === slug) ?? (await first())).id;
  const res = await fetch(`${baseUrl}/api/admin/companies/${id}`, { headers });
  return { detail: (await res.json()) as CompanyDetail, etag: res.headers.get('etag') ?? '' };
}

async function benchPublish(baseUrl: string, headers: Record<string, string>, output: () => string): Promise<void> {
  let { detail, etag } = await readCompany(baseUrl, headers, 'netflix');
  const original = String(detail.description);
  const times: number[] = [];
  const saves: number[] = [];
  const phases: { read: number; snapshot: number; dependencies: number; render: number; write: number }[] = [];
  const publishes: number[] = [];
  const written: number[] = [];
  const rendered: string[] = [];
  const slowest: string[] = [];
  for (let run = 1; run <= RUNS; run++) {
    await waitForPublishIdle(baseUrl, headers);
    const marker = `bench-marker-${Date.now()}-${run}`;
    log(`publish: save, then wait for the page, run ${run}/${RUNS}`);
    const logLength = output().length;
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/admin/companies/${detail.id}`, {
      method: 'PUT',
      headers: { ...headers, 'if-match': etag },
      body: JSON.stringify(updateBody(detail, `${original} ${marker}`)),
    });
    if (!res.ok) throw new Error(`Save failed: ${res.status} ${await res.text()}`);
    saves.push(performance.now() - started);
    etag = res.headers.get('etag') ?? etag;
    for (;;) {
      const page = await (await fetch(`${baseUrl}/companies/netflix`)).text();
      if (page.includes(marker)) break;
      if (performance.now() - started > 300_000) throw new Error('The saved change never appeared on the page.');
      await new Promise((r) => setTimeout(r, 20));
    }
    times.push(performance.now() - started);
    await waitForPublishIdle(baseUrl, headers);
    const printed = output().slice(logLength);
    const published = /Site published in ([\d.]+) s/.exec(printed);
    if (published) publishes.push(Number(published[1]) * 1000);
    const incremental = /Incremental publish: (\d+) file\(s\) written, (\d+) removed, (\d+) of (\d+) paths rendered/.exec(printed);
    if (incremental) rendered.push(`${incremental[3]} of ${incremental[4]}`);
    const phase = /\(read (\d+) ms, of which the directory (\d+) ms and what changed (\d+) ms; render (\d+) ms; write (\d+) ms/.exec(printed);
    if (phase) phases.push({ read: Number(phase[1]), snapshot: Number(phase[2]), dependencies: Number(phase[3]), render: Number(phase[4]), write: Number(phase[5]) });
    const slow = /Slowest to render: ([^\n]*)\./.exec(printed);
    if (slow) slowest.push(slow[1]);
    // What the publish recorded (publish_run.files_written).
    const status = (await (await fetch(`${baseUrl}/api/admin/build`, { headers })).json()) as { run?: { filesWritten: number | null } };
    if (status.run?.filesWritten != null) written.push(status.run.filesWritten);
  }
  ({ detail, etag } = await readCompany(baseUrl, headers, 'netflix'));
  const debounce = process.env.REBUILD_DEBOUNCE_MS ?? `${parseEnv({}).REBUILD_DEBOUNCE_MS} (the default)`;
  rows.push({
    measure: `admin save until the updated company page is served (real seed, incremental publish, debounce ${debounce} ms; target ≤ 3 s)`,
    value: spread(times, (v) => seconds(v)),
    command: bench('publish'),
  });
  rows.push({ measure: 'of which the save (PUT until its answer)', value: spread(saves, (v) => seconds(v, 2)), command: bench('publish') });
  if (publishes.length) rows.push({ measure: 'of which the publish (as the server logs it)', value: spread(publishes, (v) => seconds(v)), command: bench('publish') });
  if (phases.length) {
    const m = (k: keyof (typeof phases)[number]) => `${median(phases.map((p) => p[k])).toFixed(0)} ms`;
    rows.push({
      measure: 'the incremental publish by phase (medians)',
      value: `read ${m('read')} (of which the directory ${m('snapshot')}, what changed ${m('dependencies')}, the rest every route's paths), render ${m('render')}, write the new folder ${m('write')}`,
      command: bench('publish'),
    });
  }
  if (slowest.length) rows.push({ measure: 'the kinds of path slowest to render (last run)', value: slowest.at(-1)!, command: bench('publish') });
  if (written.length) {
    rows.push({
      measure: 'files rewritten by a one-company edit (publish_run.files_written)',
      value: `${spread(written, (v) => v.toFixed(0))}${rendered.length ? `; paths rendered: ${rendered.join(', ')}` : ''}`,
      command: bench('publish'),
    });
  }
}

async function benchApi(
  baseUrl: string,
  headers: Record<string, string>,
  opts: { label?: string; idle?: () => Promise<void>; command?: string } = {},
): Promise<void> {
  const idle = opts.idle ?? (() => waitForPublishIdle(baseUrl, headers));
  const { detail } = await readCompany(baseUrl, headers, 'netflix');
  const id = detail.id;
  // Updates as 50 admins make them: each connection saves its own company again and again, with the
  // version (If-Match) its previous save answered, so every request is a real save (no 412, no 428).
  const page = ((await (await fetch(`${baseUrl}/api/admin/companies?per_page=${CONNECTIONS}`, { headers })).json()) as { items: { id: number }[] }).items;
  const editable: { id: number; body: string; etag: string }[] = [];
  for (const item of page) {
    const res = await fetch(`${baseUrl}/api/admin/companies/${item.id}`, { headers });
    const c = (await res.json()) as CompanyDetail;
    editable.push({ id: c.id, body: JSON.stringify(updateBody(c, String(c.description))), etag: res.headers.get('etag') ?? '' });
  }
  // Saves still in flight when a run stops complete on the server without their answer being read: read
  // the current versions again before each update run, or its first save would meet a 412.
  const refreshVersions = async () => {
    for (const e of editable) {
      const res = await fetch(`${baseUrl}/api/admin/companies/${e.id}`, { headers });
      await res.arrayBuffer();
      e.etag = res.headers.get('etag') ?? '';
    }
  };
  let nextClient = 0;
  type Ctx = { slot?: number };
  const update = {
    method: 'PUT' as const,
    setupRequest: (req: { path?: string; headers?: Record<string, string>; body?: string }, context: Ctx) => {
      context.slot ??= nextClient++ % editable.length;
      const e = editable[context.slot];
      return { ...req, path: `/api/admin/companies/${e.id}`, headers: { ...headers, 'if-match': e.etag }, body: e.body };
    },
    onResponse: (status: number, _body: string, context: Ctx, resHeaders: Record<string, string>) => {
      if (status === 200 && context.slot !== undefined && resHeaders.etag) editable[context.slot].etag = resHeaders.etag;
    },
  };
  const cases = [
    // The floor: the cheapest route (no session, two one-row reads). What it reaches at 50 connections
    // on this machine bounds what any admin route can reach there.
    { name: 'health', method: 'GET' as const, path: '/api/health', requests: undefined },
    { name: 'list', method: 'GET' as const, path: '/api/admin/companies?per_page=50', requests: undefined },
    { name: 'get', method: 'GET' as const, path: `/api/admin/companies/${id}`, requests: undefined },
    { name: 'update', method: 'PUT' as const, path: '/api/admin/companies/{id}', requests: [update] },
  ];
  // 50 connections measure throughput (a request's latency there is mostly its wait in the queue: about
  // connections / throughput); one connection measures what one request costs on its own.
  for (const connections of [CONNECTIONS, 1]) for (const c of cases) {
    const rps: number[] = [];
    const p99: number[] = [];
    let errors = 0;
    const statuses = new Map<string, number>();
    for (let run = 1; run <= RUNS; run++) {
      await idle();
      log(`api${opts.label ? ` (${opts.label})` : ''}: ${c.name}, ${connections} connection${connections === 1 ? '' : 's'} for ${API_SECONDS} s, run ${run}/${RUNS}`);
      nextClient = 0;
      if (c.requests) await refreshVersions();
      const result = await autocannon({
        url: baseUrl + c.path.replace('{id}', String(editable[0]?.id ?? id)),
        method: c.method,
        headers,
        connections,
        duration: API_SECONDS,
        // biome-ignore lint/suspicious/noExplicitAny: autocannon's request type does not declare the context argument's shape
        ...(c.requests ? { requests: c.requests as any } : {}),
      });
      rps.push(result.requests.average);
      p99.push(result.latency.p99);
      errors += result.non2xx + result.errors + result.timeouts;
      const byStatus = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
      for (const [code, { count }] of Object.entries(byStatus)) if (!code.startsWith('2')) statuses.set(code, (statuses.get(code) ?? 0) + count);
      if (result.timeouts) statuses.set('timeout', (statuses.get('timeout') ?? 0) + result.timeouts);
      // Requests autocannon gave up on (timeouts) may still queue in the server: wait until it answers
      // at once again, so the next case is not measured behind this one's backlog.
      for (let i = 0; i < 600; i += 1) {
        const t0 = performance.now();
        await fetch(`${baseUrl}/api/health`).catch(() => undefined);
        if (performance.now() - t0 < 200) break;
      }
    }
    const command = opts.command ?? bench('api', ` --api-seconds ${API_SECONDS} --connections ${CONNECTIONS}`);
    rows.push({
      measure: `admin API ${c.name} (${c.method} ${c.path.replace(String(id), '{id}')}${c.requests ? `, ${editable.length} companies, one per connection, with If-Match` : ''}), ${connections} connection${connections === 1 ? '' : 's'}, ${API_SECONDS} s${opts.label ? `, ${opts.label}` : ''}`,
      value: `${spread(rps, (v) => `${v.toFixed(0)} req/s`)}; p99 ${spread(p99, ms)}${errors ? `; ${errors} errors (${[...statuses].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
      command,
    });
  }
  await idle();
}

// ---------------------------------------------------------------------------------------------------
const started = performance.now();
if (only.has('import')) await benchImport();
if (only.has('build')) await benchBuild();
if (only.has('large')) await benchLarge();
if (only.has('search')) await benchSearch();
if (only.has('weight') || only.has('publish') || only.has('api')) {
  // The real server on a fresh copy of the real seed dataset (it migrates and seeds on first start).
  const work = join(benchDir, `server-${Date.now()}`);
  const email = 'bench-admin@example.org';
  const password = `bench-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 20)}`;
  log('starting the server on the real seed dataset (first build included)');
  const server = await startServer({
    dbUrl: `file:${join(work, 'bench.db')}`,
    sitesDir: join(work, 'sites'),
    env: { ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
  });
  try {
    if (only.has('weight')) await benchWeight(server.baseUrl);
    const headers = await adminHeaders(server.baseUrl, email, password);
    if (only.has('publish')) await benchPublish(server.baseUrl, headers, server.output);
    if (only.has('api')) await benchApi(server.baseUrl, headers);
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const cpus = (await import('node:os')).cpus();
console.log(
  `\nBenchmarks (${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ` +
    `${RUNS} run(s) per noisy figure, medians; total ${seconds(performance.now() - started, 0)})\n`,
);
console.log(renderTable(rows));
void median; // (re-exported helpers stay in one module)
