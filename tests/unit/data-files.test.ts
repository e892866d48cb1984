// The islands' JSON files as the build emits them from the real seed data: content, names, size budget.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed.ts';
import { EUROPEAN_COUNTRIES, isEuropean } from '../../src/lib/countries.ts';
import { SEARCH_LIMITS } from '../../src/lib/constants.ts';
import type { CompanyListData, SearchDetailData, SearchIndexData } from '../../src/lib/search-index.ts';
import { frontDecode } from '../../src/lib/data-format.ts';
import { createSearcher } from '../../src/islands/search-engine.ts';
import { nameSlug } from '../../src/islands/text.ts';
import type { DataFile } from '../../src/lib/data-files.ts';
import { CONTROL_CODES, latestDataPath, shorten, DESCRIPTION_MAX } from '../../src/lib/search-index.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

let temp: TempDb;
let files: DataFile[];
let companyCount: number;
const savedUrl = process.env.LIBSQL_URL;

beforeAll(async () => {
  temp = await tempDb();
  await seedDatabase(temp.db);
  process.env.LIBSQL_URL = temp.url;
  // Imported after LIBSQL_URL points at the seeded file: the build's data module reads it once.
  const { dataFiles } = await import('../../src/lib/data-files.ts');
  const { loadDirectory } = await import('../../src/lib/data.ts');
  files = await dataFiles();
  companyCount = (await loadDirectory()).companies.length;
}, 120_000);

afterAll(() => {
  if (savedUrl === undefined) delete process.env.LIBSQL_URL;
  else process.env.LIBSQL_URL = savedUrl;
  temp?.cleanup();
});

const file = (kind: DataFile['kind'], lang: DataFile['lang']) => files.find((f) => f.kind === kind && f.lang === lang)!;

describe('data files', () => {
  it('has a search index, its detail shards and a company list per language, named by a hash of their content', () => {
    const kinds = new Set(files.map((f) => `${f.kind}-${f.lang}`));
    expect([...kinds].sort()).toEqual(['companies-de', 'companies-en', 'companies-fr', 'search-de', 'search-en', 'search-fr', 'searchShard-de', 'searchShard-en', 'searchShard-fr']);
    for (const f of files) {
      expect(f.path).toMatch(/^\/data\/(search|companies)-(en|de|fr)(-\d+)?\.[0-9a-f]{10}\.json$/);
      expect(f.path).toBe(`/data/${f.name}.json`);
      expect(f.name.startsWith(`${f.stable}.`)).toBe(true);
    }
    expect(new Set(files.map((f) => f.name)).size).toBe(files.length);
    // the index lists its shards, in order
    const index = JSON.parse(file('search', 'fr').body) as SearchIndexData;
    expect(index.d.f).toEqual(files.filter((f) => f.kind === 'searchShard' && f.lang === 'fr').map((f) => f.path));
  });

  it('names the stable fallback of each file (for pages older than the live build)', () => {
    for (const f of files) expect(latestDataPath(f.path)).toBe(`/data-latest/${f.stable}.json`);
    expect(latestDataPath('/data/search-en-3.3f9c0a1b2d.json')).toBe('/data-latest/search-en-3.json');
    expect(latestDataPath('/data/search-en.json')).toBeUndefined();
    expect(latestDataPath('/elsewhere/search-en.3f9c0a1b2d.json')).toBeUndefined();
  });

  it('indexes every company, product, category and subcategory for the search, in the page language', async () => {
    const de = JSON.parse(file('search', 'de').body) as SearchIndexData;
    const names = frontDecode(de.c);
    expect(names).toHaveLength(companyCount);
    // localized slugs: the German index links /de/kategorien/unterhaltung
    expect(de.k.find((k) => k[0] === 'Unterhaltung')).toEqual(['Unterhaltung', 'unterhaltung', 'Entertainment']);
    const at = names.indexOf('Netflix');
    expect(de.cs[at] ?? nameSlug(names[at])).toBe('netflix');
    // its details in its shard: country, category, its alternatives' countries (at most 5)
    const shard = JSON.parse(files.find((f) => f.path === de.d.f[Math.floor(at / de.d.z)])!.body) as SearchDetailData;
    expect(shard.h).toBe(de.d.h);
    expect(shard.co.slice((at - shard.o) * 2, (at - shard.o) * 2 + 2)).toBe('US');
    expect(de.k[shard.ca[at - shard.o]][1]).toBe('unterhaltung');
    expect(shard.a[at].length).toBeGreaterThan(0);
    expect(shard.a[at].length).toBeLessThanOrEqual(SEARCH_LIMITS.flags * 2);
    expect(de.n.SE).toBe('Schweden');
    const music = de.s.find((s) => s[1] === 'musikstreaming')!;
    expect(de.k[music[2]][1]).toBe('unterhaltung');
    // the same through the engine, as the browser reads them
    const bodies = new Map(files.map((f) => [f.path, f.body]));
    const searcher = createSearcher(de, async (path) => JSON.parse(bodies.get(path)!));
    const found = await searcher.withDetails(searcher.suggest('netflix'));
    expect(found.companies[0]).toMatchObject({ name: 'Netflix', slug: 'netflix', country: 'US', category: 'Unterhaltung' });
    // the words shown with results travel with the index, in its language (not in every page's HTML)
    expect(searcher.texts.showAll).toBe('Alle Ergebnisse für „{query}“ anzeigen');
    expect(searcher.texts.products).toBe('Produkte');
  });

  it('indexes the published products with the aliases of each language, linking those with an alternatives page', async () => {
    const { productPages, loadDirectory } = await import('../../src/lib/data.ts');
    const directory = await loadDirectory();
    const pages = new Map((await productPages()).map((p) => [p.product.slug, p.alternatives.length]));
    for (const lang of ['en', 'de', 'fr'] as const) {
      const index = JSON.parse(file('search', lang).body) as SearchIndexData;
      expect(index.p).toHaveLength(directory.products.length);
      for (const row of index.p) {
        const slug = row[1] || nameSlug(row[0]);
        expect(directory.productBySlug.has(slug), slug).toBe(true);
        expect(row[4]).toBe(pages.get(slug) ?? 0);
      }
      for (const product of directory.products) {
        const row = index.p.find((r) => (r[1] || nameSlug(r[0])) === product.slug)!;
        expect(row[5] ?? []).toEqual([...new Set(product.aliases?.[lang] ?? [])]);
      }
    }
  });

  it('lists every company but those of RU and BY for the browser (Europe and outside Europe), with short descriptions', () => {
    const fr = JSON.parse(file('companies', 'fr').body) as CompanyListData;
    const countries = new Set(fr.c.map((c) => c[2]));
    for (const code of countries) expect(['RU', 'BY']).not.toContain(code);
    expect([...countries].some((code) => !isEuropean(code) && code !== 'US')).toBe(true);
    expect(countries.has('US')).toBe(true);
    expect(countries.has('RU') || countries.has('BY')).toBe(false);
    for (const row of fr.c) expect(row[5].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    const spotify = fr.c.find((c) => c[1] === 'spotify')!;
    expect(spotify[2]).toBe('SE');
    expect(fr.k[spotify[3]]).toBe('entertainment');
    expect(EUROPEAN_COUNTRIES.length).toBeGreaterThan(30);
  });

  it('carries each company’s control class and never a draft', async () => {
    const { sql } = await import('drizzle-orm');
    const drafts = new Set((await temp.db.all<{ slug: string }>(sql`SELECT slug FROM company WHERE status = 'draft'`)).map((r) => r.slug));
    const { loadDirectory } = await import('../../src/lib/data.ts');
    const controlBySlug = new Map((await loadDirectory()).companies.map((c) => [c.slug, c.control]));
    for (const lang of ['en', 'de', 'fr'] as const) {
      const list = JSON.parse(file('companies', lang).body) as CompanyListData;
      const search = JSON.parse(file('search', lang).body) as SearchIndexData;
      const slugs = frontDecode(search.c).map((name, i) => search.cs[i] ?? nameSlug(name));
      for (const slug of [...list.c.map((row) => row[1]), ...slugs]) expect(drafts.has(slug)).toBe(false);
      for (const row of list.c) expect(CONTROL_CODES[row[7]]).toBe(controlBySlug.get(row[1]));
      const labelled = new Set(search.cl);
      slugs.forEach((slug, i) => {
        expect(labelled.has(i)).toBe(controlBySlug.get(slug) === 'european_hq_foreign_owner');
      });
    }
  });

  it('stays within the size budget per 1,000 companies (gzip)', () => {
    const per1000 = (body: string) => (gzipSync(body).length * 1000) / companyCount;
    for (const lang of ['en', 'de', 'fr'] as const) {
      // The index the search box loads first, with every product and its aliases. At this size the
      // categories weigh as much as the names; npm run bench prints the budget's figure at 20,000
      // companies (at most 50 KiB per 10,000 records before the first result).
      expect(per1000(file('search', lang).body)).toBeLessThan(20_000);
      expect(per1000(file('companies', lang).body)).toBeLessThan(75_000);
    }
  });
});

describe('shorten', () => {
  it('keeps short texts and cuts long ones at a word, with an ellipsis', () => {
    expect(shorten('Short  text ')).toBe('Short text');
    const long = 'word '.repeat(60);
    const cut = shorten(long, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/^word( word)*…$/);
  });
});
