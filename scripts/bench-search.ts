// npm run bench:search [-- --companies 20000 --queries 2000 --lang en]
//
// Measures the search island's engine (src/islands/search-engine.ts, the code the browser runs) on a
// synthetic directory: the 990 real seed companies plus generated ones up to --companies, with the
// real categories. Prints the index size, the load time (JSON.parse + building the searcher) and the
// median / p95 time per query over a realistic mix of queries, and the company browser's filter time.
// A benchmark, not a test: it prints numbers and never fails on them.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { buildCompanyList, buildSearchIndex, type IndexSource } from '../src/lib/search-index.ts';
import { EUROPEAN_COUNTRIES } from '../src/lib/countries.ts';
import { LANGS, type Lang } from '../src/lib/i18n-langs.ts';
import { localizedField, type Translations } from '../src/lib/translations.ts';
import { createSearcher, parseSearchIndex } from '../src/islands/search-engine.ts';
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
interface SeedCompany {
  name: string;
  slug: string;
  country: string;
  category: string;
  description: string;
  translations?: Translations<'description'>;
  is_unicorn?: boolean;
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
const realNames = [...names];
while (companies.length < COMPANIES) {
  let name = syntheticName();
  while (names.has(name)) name = `${name} ${int(2, 99)}`;
  names.add(name);
  const d = pick(descriptions);
  companies.push({
    id: companies.length + 1,
    name,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${companies.length}`,
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
const source: IndexSource = { companies, categories, alternativesOf, certifications: [], certificationsByCompany: new Map() };

// --- queries: what people type ----------------------------------------------------------------------
type Kind = 'full name' | 'prefix' | 'typo' | 'category' | 'word' | 'no match';
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
const queries: { kind: Kind; text: string; target?: string }[] = [];
while (queries.length < QUERIES) {
  const r = random();
  const name = pick(companies).name;
  if (r < 0.3) queries.push({ kind: 'full name', text: caseVariant(name), target: name });
  else if (r < 0.55) queries.push({ kind: 'prefix', text: caseVariant(name.slice(0, int(2, 6))) });
  else if (r < 0.7) {
    // People mistype the brands they know: typos of the real companies' names.
    const real = pick(realNames);
    const word = real.split(' ')[0];
    if (word.length >= 5) queries.push({ kind: 'typo', text: typo(word.toLowerCase()), target: real });
  } else if (r < 0.8) {
    const label = pick(categoryLabels);
    queries.push({ kind: 'category', text: caseVariant(random() < 0.5 ? label : label.slice(0, int(3, 7))) });
  } else if (r < 0.9) queries.push({ kind: 'word', text: pick(WORDS).toLowerCase() });
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

const indexJson = JSON.stringify(buildSearchIndex(source, lang));
const listJson = JSON.stringify(buildCompanyList(source, lang));
console.log(`Search benchmark: ${companies.length} companies (${Math.min(seedCompanies.length, COMPANIES)} real, the rest generated), ${categories.length} categories, ${categoryLabels.length - categories.length} subcategories, language ${lang}, Node ${process.versions.node}`);
console.log(`search index:  ${kb(indexJson.length)} raw, ${kb(gzipSync(indexJson).length)} gzip  (${kb((gzipSync(indexJson).length * 1000) / companies.length)} gzip per 1,000 companies)`);
console.log(`company list:  ${kb(listJson.length)} raw, ${kb(gzipSync(listJson).length)} gzip  (${kb((gzipSync(listJson).length * 1000) / companies.length)} gzip per 1,000 companies)`);

const loads: number[] = [];
let searcher = createSearcher(parseSearchIndex(JSON.parse(indexJson)));
for (let i = 0; i < 7; i++) {
  const t0 = performance.now();
  searcher = createSearcher(parseSearchIndex(JSON.parse(indexJson)));
  loads.push(performance.now() - t0);
}
console.log(`load (JSON.parse + build the searcher), median of 7: ${fmt(stats(loads).median)}`);

// The first typo-tolerant search builds the bigram index of the companies: a one-off cost.
const t0 = performance.now();
searcher.search('netflx');
console.log(`first typo-tolerant query (builds the bigram index): ${fmt(performance.now() - t0)}`);

for (const q of queries.slice(0, 200)) searcher.search(q.text); // warm-up, not measured
const times: number[] = [];
const byKind = new Map<Kind, number[]>();
let hits = 0;
const found_ = new Map<Kind, { of: number; top3: number }>();
for (const q of queries) {
  const t0 = performance.now();
  const r = searcher.search(q.text);
  const ms = performance.now() - t0;
  times.push(ms);
  if (!byKind.has(q.kind)) byKind.set(q.kind, []);
  byKind.get(q.kind)!.push(ms);
  if (r.companies.length + r.categories.length + r.subcategories.length) hits++;
  if (q.target) {
    const found = found_.get(q.kind) ?? { of: 0, top3: 0 };
    found.of++;
    if (r.companies.some((c) => c.name === q.target)) found.top3++;
    found_.set(q.kind, found);
  }
}
const all = stats(times);
console.log(`\n${queries.length} queries (${hits} with results): median ${fmt(all.median)}, p95 ${fmt(all.p95)}, p99 ${fmt(all.p99)}, max ${fmt(all.max)}`);
for (const [kind, ms] of byKind) {
  const s = stats(ms);
  console.log(`  ${kind.padEnd(10)} ${String(ms.length).padStart(5)} queries  median ${fmt(s.median).padStart(10)}  p95 ${fmt(s.p95).padStart(10)}`);
}

for (const [kind, { of, top3 }] of found_) console.log(`  ${kind}: the intended company is among the 3 results for ${top3} of ${of} queries`);

const items = decodeCompanyList(JSON.parse(listJson));
const filterTimes: number[] = [];
for (const q of queries.slice(0, 1000)) {
  const t0 = performance.now();
  filterCompanies(items, { ...DEFAULT_STATE, search: q.text, category: random() < 0.3 ? pick(categories).slug : '' });
  filterTimes.push(performance.now() - t0);
}
const f = stats(filterTimes);
console.log(`\ncompany browser filter over ${items.length} list items, 1000 searches: median ${fmt(f.median)}, p95 ${fmt(f.p95)}`);
