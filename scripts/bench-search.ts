// npm run bench:search [-- --companies 20000 --queries 2000 --lang en]
//
// Measures the search island's engine (src/islands/search-engine.ts, the code the browser runs) on a
// synthetic directory: the real seed companies and products plus generated ones up to --companies
// (and one generated product per 10 companies, with as many aliases as the real ones), with the real categories. Prints the
// size of the index and of its detail shards, the bytes the browser downloads before the first
// result (the index plus the shards the first suggestions need), the load time (JSON.parse +
// building the searcher), the median / p95 time per query over a realistic mix of queries, for the
// suggestions and for the results page, and the company browser's filter time. The budgets of issue
// 14 are printed beside the figures. A benchmark, not a test: it prints numbers and never fails on them.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { buildCompanyList, buildSearchFiles, type IndexSource, type SearchProductSource } from '../src/lib/search-index.ts';
import { EUROPEAN_COUNTRIES } from '../src/lib/countries.ts';
import { LANGS, type Lang } from '../src/lib/i18n-langs.ts';
import { localizedField, type Translations } from '../src/lib/translations.ts';
import { createSearcher, parseSearchIndex, type SearchResults } from '../src/islands/search-engine.ts';
import { nameSlug } from '../src/islands/text.ts';
import { DEFAULT_STATE, decodeCompanyList, filterCompanies } from '../src/islands/company-browser-state.ts';

const { values: args } = parseArgs({
  options: {
    companies: { type: 'string', default: '20000' },
    queries: { type: 'string', default: '2000' },
    lang: { type: 'string', default: 'en' },
    seed: { type: 'string', default: '42' },
  },
});
const COMPANIES = Number(args.companies);
const QUERIES = Math.max(1000, Number(args.queries));
const lang = (LANGS as readonly string[]).includes(args.lang) ? (args.lang as Lang) : 'en';

// A small seeded PRNG (mulberry32): the same data and queries on every run.
let state = Number(args.seed) >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

// --- the directory: real seed data, then generated companies ---------------------------------------
const seedDir = join(import.meta.dirname, '..', 'db', 'seed');
interface SeedProduct {
  name: string;
  slug: string;
  translations?: Translations<'name'>;
  aliases?: Record<string, string[]>;
  subcategory?: string | null;
  alternatives?: { product: string }[];
}
interface SeedCompany {
  name: string;
  slug: string;
  country: string;
  category: string;
  description: string;
  translations?: Translations<'description'>;
  is_unicorn?: boolean;
  status?: string;
  products?: SeedProduct[];
}
interface SeedCategory {
  name: string;
  slug: string;
  translations?: Translations<'name' | 'slug'>;
  subcategories: { name: string; slug: string; translations?: Translations<'name' | 'slug'> }[];
}
const seedCategories = JSON.parse(readFileSync(join(seedDir, 'categories.json'), 'utf8')) as SeedCategory[];
const seedCompanies = readdirSync(join(seedDir, 'companies'))
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(join(seedDir, 'companies', f), 'utf8')) as SeedCompany[]);

let subId = 1000;
const categories: IndexSource['categories'] = seedCategories.map((c, i) => ({
  id: i + 1,
  name: c.name,
  translations: c.translations ?? {},
  slug: c.slug,
  subcategories: c.subcategories.map((s) => ({ id: subId++, name: s.name, translations: s.translations ?? {}, slug: s.slug })),
}));
const categoryIdByName = new Map(categories.map((c) => [c.name, c.id]));

const SYLLABLES = ['al', 'ber', 'co', 'da', 'el', 'fa', 'gen', 'ha', 'is', 'jo', 'ka', 'lu', 'mo', 'nor', 'or', 'pa', 'qui', 'ra', 'sol', 'ta', 'ul', 'ver', 'wa', 'xe', 'yo', 'zen', 'tri', 'stra', 'blu', 'vi', 'ne', 'lin', 'mar', 'sen', 'dor', 'kle'];
const WORDS = ['Tech', 'Systems', 'Bank', 'Mobility', 'Foods', 'Cloud', 'Labs', 'Energy', 'Games', 'Studio', 'Media', 'Health', 'Pay', 'Travel', 'Fashion', 'Software', 'Robotics', 'Bio', 'Solar', 'Logistics', 'Audio', 'Mail', 'Drive', 'Home'];
const FORMS = ['', '', '', ' AG', ' GmbH', ' SA', ' AB', ' BV', ' Oy', ' SpA', ' AS', ' SE', ' Group', ' Ltd'];
const capital = (s: string) => s[0].toUpperCase() + s.slice(1);
const countryPool = [...EUROPEAN_COUNTRIES.map((c) => c.code), 'DE', 'DE', 'FR', 'FR', 'GB', 'NL', 'SE', 'US', 'US', 'US'];

function syntheticName(): string {
  const stem = capital(Array.from({ length: int(2, 3) }, () => pick(SYLLABLES)).join(''));
  const shape = random();
  if (shape < 0.45) return `${stem}${pick(FORMS)}`;
  if (shape < 0.8) return `${stem} ${pick(WORDS)}${pick(FORMS)}`;
  return `${stem}${pick(WORDS).toLowerCase()}`;
}

const companies: IndexSource['companies'][number][] = [];
const names = new Set<string>();
for (const c of seedCompanies) {
  if (companies.length >= COMPANIES) break;
  names.add(c.name);
  companies.push({
    id: companies.length + 1,
    name: c.name,
    slug: c.slug,
    country: c.country,
    categoryId: categoryIdByName.get(c.category) ?? 1,
    isUnicorn: !!c.is_unicorn,
    description: c.description,
    translations: c.translations ?? {},
  });
}
const descriptions = seedCompanies.map((c) => c);
const slugs = new Set(companies.map((c) => c.slug));
function uniqueSlug(base: string): string {
  let slug = base;
  for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
  slugs.add(slug);
  return slug;
}
const realNames = [...names];
while (companies.length < COMPANIES) {
  let name = syntheticName();
  while (names.has(name)) name = `${name} ${int(2, 99)}`;
  names.add(name);
  const d = pick(descriptions);
  companies.push({
    id: companies.length + 1,
    name,
    // As the admin makes them: the name as a slug, a number added when another company has it.
    slug: uniqueSlug(nameSlug(name)),
    country: pick(countryPool),
    categoryId: int(1, categories.length),
    isUnicorn: random() < 0.05,
    description: d.description,
    translations: d.translations ?? {},
  });
}
const collator = new Intl.Collator('en', { sensitivity: 'base' });
companies.sort((a, b) => collator.compare(a.name, b.name));
const european = companies.filter((c) => c.country !== 'US');
const alternativesOf = new Map(
  companies.filter((c) => c.country === 'US').map((c) => [c.id, Array.from({ length: int(1, 8) }, () => ({ company: { country: pick(european).country } }))]),
);

// Products: the seed's real ones (with their aliases), then one generated product per 10 companies,
// named like the things people switch from and to, with an alias or two in each language.
const subcategoryIdBySlug = new Map(categories.flatMap((c) => c.subcategories.map((s) => [s.slug, s.id] as const)));
const companyIdBySlug = new Map(companies.map((c) => [c.slug, c.id]));
const products: SearchProductSource[] = [];
const productSlugs = new Set<string>();
const replaced = new Map<string, number>();
for (const c of seedCompanies) for (const p of c.products ?? []) for (const a of p.alternatives ?? []) replaced.set(a.product, (replaced.get(a.product) ?? 0) + 1);
for (const c of seedCompanies) {
  const companyId = companyIdBySlug.get(c.slug);
  if (companyId === undefined) continue;
  for (const p of c.products ?? []) {
    productSlugs.add(p.slug);
    const alternatives = replaced.get(p.slug) ?? 0;
    products.push({ slug: p.slug, name: p.name, translations: p.translations ?? {}, aliases: p.aliases ?? {}, companyId, subcategoryId: subcategoryIdBySlug.get(p.subcategory ?? '') ?? null, alternatives, hasPage: alternatives > 0 });
  }
}
const realProducts = products.length;
const KINDS: { word: string; sub: string; aliases: Record<Lang, string[]> }[] = [
  { word: 'Mail', sub: 'email-providers', aliases: { en: ['email', 'webmail'], de: ['E-Mail', 'Postfach'], fr: ['courriel', 'messagerie'] } },
  { word: 'Drive', sub: 'cloud-storage-file-sharing', aliases: { en: ['cloud storage'], de: ['Cloud-Speicher'], fr: ['stockage en ligne'] } },
  { word: 'Maps', sub: 'navigation-maps', aliases: { en: ['maps', 'navigation'], de: ['Karten', 'Navi'], fr: ['cartes', 'GPS'] } },
  { word: 'Chat', sub: 'instant-messaging', aliases: { en: ['messenger', 'chat app'], de: ['Messenger'], fr: ['messagerie instantanée'] } },
  { word: 'Meet', sub: 'video-conferencing', aliases: { en: ['video calls'], de: ['Videokonferenz'], fr: ['visioconférence'] } },
  { word: 'Docs', sub: 'office-suites', aliases: { en: ['office suite', 'word processor'], de: ['Textverarbeitung'], fr: ['traitement de texte'] } },
  { word: 'Music', sub: 'music-streaming', aliases: { en: ['music streaming'], de: ['Musik'], fr: ['musique'] } },
  { word: 'Pass', sub: 'password-managers', aliases: { en: ['password manager'], de: ['Passwort-Manager'], fr: ['mots de passe'] } },
  { word: 'Browser', sub: 'web-browsers', aliases: { en: ['web browser'], de: ['Webbrowser'], fr: ['navigateur'] } },
  { word: 'Pay', sub: 'payments', aliases: { en: ['payments', 'wallet'], de: ['Bezahlen'], fr: ['paiement'] } },
];
const owners = companies.filter((c) => c.id > seedCompanies.length || !seedCompanies.some((s) => s.name === c.name));
for (let n = Math.floor(COMPANIES / 10); n > 0 && owners.length; n--) {
  const owner = pick(owners);
  const kind = pick(KINDS);
  const stem = owner.name.split(' ')[0];
  const name = `${stem} ${kind.word}`;
  let slug = nameSlug(name);
  while (productSlugs.has(slug)) slug = `${slug}-${int(2, 99)}`;
  productSlugs.add(slug);
  // As many aliases as the real products have (about 2 in English, 1.4 in German and French, 12
  // letters long): the generic term of the language, or a spelling of their own.
  const aliases = Object.fromEntries(
    LANGS.map((l) => {
      const list: string[] = [];
      for (let n = l === 'en' ? int(1, 3) : int(0, 3); n > 0; n--) {
        list.push(random() < 0.5 ? pick(kind.aliases[l]) : pick([`${stem} ${kind.word}`.toLowerCase(), `${stem}${kind.word}`.toLowerCase(), `${stem} app`.toLowerCase(), `${stem.toLowerCase()} ${pick(kind.aliases[l])}`]));
      }
      return [l, [...new Set(list)]];
    }),
  );
  const alternatives = owner.country === 'US' ? int(3, 9) : 0;
  products.push({ slug, name, translations: {}, aliases, companyId: owner.id, subcategoryId: subcategoryIdBySlug.get(kind.sub) ?? null, alternatives, hasPage: alternatives > 0 });
}
const source: IndexSource = { companies, categories, alternativesOf, certifications: [], certificationsByCompany: new Map(), searchProducts: products };
const subcategoryCount = categories.reduce((n, c) => n + c.subcategories.length, 0);
const records = companies.length + products.length + categories.length + subcategoryCount;

// --- queries: what people type ----------------------------------------------------------------------
type Kind = 'full name' | 'prefix' | 'typo' | 'category' | 'product' | 'alias' | 'word' | 'no match';
function typo(word: string): string {
  const i = int(1, word.length - 2);
  const r = random();
  if (r < 0.4) return word.slice(0, i) + word.slice(i + 1); // a letter left out
  if (r < 0.7) return word.slice(0, i) + pick([...'aeiourstnl']) + word.slice(i + 1); // a wrong letter
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1); // two letters swapped
}
function caseVariant(s: string): string {
  const r = random();
  return r < 0.6 ? s.toLowerCase() : r < 0.8 ? s : s.toUpperCase();
}
const categoryLabels = categories.flatMap((c) => [c, ...c.subcategories]).map((c) => localizedField(c, 'name', lang));
// Products people know: the real ones when the seed has them, else the generated ones.
const knownProducts = realProducts ? products.slice(0, realProducts) : products;
const queries: { kind: Kind; text: string; target?: string; product?: string }[] = [];
while (queries.length < QUERIES) {
  const r = random();
  const name = pick(companies).name;
  if (r < 0.25) queries.push({ kind: 'full name', text: caseVariant(name), target: name });
  else if (r < 0.45) queries.push({ kind: 'prefix', text: caseVariant(name.slice(0, int(2, 6))) });
  else if (r < 0.6) {
    // People mistype the brands they know: typos of the real companies' and products' names.
    if (random() < 0.5 && knownProducts.length) {
      const p = pick(knownProducts);
      if (p.name.length >= 5) queries.push({ kind: 'typo', text: typo(p.name.toLowerCase()), product: p.slug });
    } else {
      const real = pick(realNames);
      const word = real.split(' ')[0];
      if (word.length >= 5) queries.push({ kind: 'typo', text: typo(word.toLowerCase()), target: real });
    }
  } else if (r < 0.7) {
    const label = pick(categoryLabels);
    queries.push({ kind: 'category', text: caseVariant(random() < 0.5 ? label : label.slice(0, int(3, 7))) });
  } else if (r < 0.78 && products.length) {
    const p = pick(knownProducts);
    queries.push({ kind: 'product', text: caseVariant(localizedField(p, 'name', lang)), product: p.slug });
  } else if (r < 0.85 && products.length) {
    const p = pick(knownProducts);
    const aliases = p.aliases?.[lang] ?? [];
    if (aliases.length) queries.push({ kind: 'alias', text: caseVariant(pick(aliases)), product: p.slug });
  } else if (r < 0.92) queries.push({ kind: 'word', text: pick(WORDS).toLowerCase() });
  else queries.push({ kind: 'no match', text: Array.from({ length: int(5, 9) }, () => pick([...'qxzjvkwy'])).join('') });
}

// --- measure ----------------------------------------------------------------------------------------
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), max: s[s.length - 1] };
};
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gz = (text: string) => gzipSync(text).length;

const files = buildSearchFiles(source, lang);
const indexJson = JSON.stringify(files.index);
const shardBody = new Map(files.shards.map((s) => [s.path, s.body]));
const shardGzip = files.shards.map((s) => gz(s.body));
const listJson = JSON.stringify(buildCompanyList(source, lang));
const indexGzip = gz(indexJson);
console.log(
  `Search benchmark: ${companies.length} companies (${Math.min(seedCompanies.length, COMPANIES)} real, the rest generated), ${products.length} products (${realProducts} real), ` +
    `${categories.length} categories, ${subcategoryCount} subcategories: ${records} records, language ${lang}, Node ${process.versions.node}`,
);
console.log(`search index:  ${kb(indexJson.length)} raw, ${kb(indexGzip)} gzip  (${kb((indexGzip * 1000) / companies.length)} gzip per 1,000 companies)`);
console.log(
  `detail shards: ${files.shards.length} files of ${files.index.d.z} companies, ${kb(files.shards.reduce((n, s) => n + s.body.length, 0))} raw, ` +
    `${kb(shardGzip.reduce((a, b) => a + b, 0))} gzip in all, ${kb(Math.max(...shardGzip))} gzip the largest`,
);
console.log(`company list:  ${kb(listJson.length)} raw, ${kb(gz(listJson))} gzip  (${kb((gz(listJson) * 1000) / companies.length)} gzip per 1,000 companies)`);
const engineJs = await engineScriptGzip();
if (engineJs) console.log(`search engine script: ${kb(engineJs)} gzip (minified, loaded with the index)`);

const load = () => createSearcher(parseSearchIndex(JSON.parse(indexJson)), async (path) => JSON.parse(shardBody.get(path)!));
const loads: number[] = [];
let searcher = load();
for (let i = 0; i < 7; i++) {
  const t0 = performance.now();
  searcher = load();
  loads.push(performance.now() - t0);
}
console.log(`load (JSON.parse + build the searcher), median of 7: ${fmt(stats(loads).median)}`);

const t0 = performance.now();
searcher.suggest('netflx');
console.log(`first typo-tolerant query: ${fmt(performance.now() - t0)}`);

const count = (r: SearchResults) => r.products.length + r.companies.length + r.categories.length;
for (const q of queries.slice(0, 200)) searcher.suggest(q.text); // warm-up, not measured
const times: number[] = [];
const byKind = new Map<Kind, number[]>();
let hits = 0;
const found_ = new Map<Kind, { of: number; found: number }>();
// Bytes before the first result: the index, plus the detail shards of the companies the first
// suggestions show (a visitor's first query; later ones reuse what is loaded).
const firstBytes: number[] = [];
for (const q of queries) {
  const t0 = performance.now();
  const r = searcher.suggest(q.text);
  const ms = performance.now() - t0;
  times.push(ms);
  if (!byKind.has(q.kind)) byKind.set(q.kind, []);
  byKind.get(q.kind)!.push(ms);
  if (count(r)) hits++;
  const shards = new Set(r.companies.map((c) => Math.floor(c.index / files.index.d.z)));
  firstBytes.push(indexGzip + [...shards].reduce((n, i) => n + shardGzip[i], 0));
  if (q.target || q.product) {
    const found = found_.get(q.kind) ?? { of: 0, found: 0 };
    found.of++;
    if (q.target ? r.companies.some((c) => c.name === q.target) : r.products.some((p) => p.slug === q.product)) found.found++;
    found_.set(q.kind, found);
  }
}
const all = stats(times);
console.log(`\n${queries.length} queries (${hits} with results): median ${fmt(all.median)}, p95 ${fmt(all.p95)}, p99 ${fmt(all.p99)}, max ${fmt(all.max)}  [budget: p95 <= 5 ms]`);
for (const [kind, ms] of byKind) {
  const s = stats(ms);
  console.log(`  ${kind.padEnd(10)} ${String(ms.length).padStart(5)} queries  median ${fmt(s.median).padStart(10)}  p95 ${fmt(s.p95).padStart(10)}`);
}
for (const [kind, { of, found }] of found_) console.log(`  ${kind}: the intended ${kind === 'product' || kind === 'alias' ? 'product' : 'company or product'} is among the suggestions for ${found} of ${of} queries`);

// On a shared machine a 0.5 ms query is often descheduled for a few ms, which is not the code's cost:
// each query's best of 5 runs shows what the search itself takes.
const bestTimes = queries.map((q) => {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    searcher.suggest(q.text);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
});
const bestStats = stats(bestTimes);
console.log(`  each query's best of 5 runs (without other processes' interruptions): median ${fmt(bestStats.median)}, p95 ${fmt(bestStats.p95)}, max ${fmt(bestStats.max)}`);

const pageTimes: number[] = [];
let pageMatches = 0;
for (const q of queries.slice(0, 500)) {
  const t0 = performance.now();
  const r = searcher.searchAll(q.text);
  pageTimes.push(performance.now() - t0);
  pageMatches += count(r);
}
const page = stats(pageTimes);
console.log(`results page (every match), 500 queries, ${(pageMatches / 500).toFixed(0)} matches on average: median ${fmt(page.median)}, p95 ${fmt(page.p95)}`);

const first = stats(firstBytes);
const per10k = (bytes: number) => kb((bytes * 10_000) / records);
console.log(
  `before the first result (index + the shards its suggestions need), gzip: median ${kb(first.median)}, p95 ${kb(first.p95)}, max ${kb(first.max)}; ` +
    `per 10,000 records: p95 ${per10k(first.p95)}, max ${per10k(first.max)}  [budget: <= 50 KiB per 10,000 records]`,
);

/** The engine as the browser gets it: search-engine.ts bundled and minified (esbuild, as Vite does). */
async function engineScriptGzip(): Promise<number | undefined> {
  try {
    const esbuild = await import('esbuild');
    const out = await esbuild.build({ entryPoints: [join(import.meta.dirname, '..', 'src', 'islands', 'search-engine.ts')], bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent' });
    return gzipSync(out.outputFiles[0].contents).length;
  } catch {
    return undefined;
  }
}

const items = decodeCompanyList(JSON.parse(listJson));
const filterTimes: number[] = [];
for (const q of queries.slice(0, 1000)) {
  const t0 = performance.now();
  filterCompanies(items, { ...DEFAULT_STATE, search: q.text, category: random() < 0.3 ? pick(categories).slug : '' });
  filterTimes.push(performance.now() - t0);
}
const f = stats(filterTimes);
console.log(`\ncompany browser filter over ${items.length} list items, 1000 searches: median ${fmt(f.median)}, p95 ${fmt(f.p95)}`);
