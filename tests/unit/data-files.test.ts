// The islands' JSON files as the build emits them from the real seed data: content, names, size budget.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed.ts';
import { EUROPEAN_COUNTRIES, isEuropean } from '../../src/lib/countries.ts';
import { SEARCH_LIMITS } from '../../src/lib/constants.ts';
import type { CompanyListData, SearchIndexData } from '../../src/lib/search-index.ts';
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
  it('has a search index and a company list per language, named by a hash of their content', () => {
    expect(files.map((f) => `${f.kind}-${f.lang}`).sort()).toEqual(['companies-de', 'companies-en', 'companies-fr', 'search-de', 'search-en', 'search-fr']);
    for (const f of files) {
      expect(f.path).toMatch(new RegExp(`^/data/${f.kind}-${f.lang}\\.[0-9a-f]{10}\\.json$`));
      expect(f.path).toBe(`/data/${f.name}.json`);
    }
    expect(new Set(files.map((f) => f.name)).size).toBe(files.length);
  });

  it('names the stable fallback of each file (for pages older than the live build)', () => {
    for (const f of files) expect(latestDataPath(f.path)).toBe(`/data-latest/${f.kind}-${f.lang}.json`);
    expect(latestDataPath('/data/search-en.json')).toBeUndefined();
    expect(latestDataPath('/elsewhere/search-en.3f9c0a1b2d.json')).toBeUndefined();
  });

  it('indexes every company, category and subcategory for the search, in the page language', () => {
    const de = JSON.parse(file('search', 'de').body) as SearchIndexData;
    expect(de.c).toHaveLength(companyCount);
    // localized slugs: the German index links /de/kategorien/unterhaltung
    expect(de.k.find((k) => k[0] === 'Unterhaltung')).toEqual(['Unterhaltung', 'unterhaltung', 'Entertainment']);
    const netflix = de.c.find((c) => c[1] === 'netflix')!;
    expect(netflix[2]).toBe('US');
    expect(de.k[netflix[3]][1]).toBe('unterhaltung');
    // its alternatives' countries, at most 5 (drafts are not published, so the seed may hold fewer)
    expect(netflix[4].length).toBeGreaterThan(0);
    expect(netflix[4].length).toBeLessThanOrEqual(SEARCH_LIMITS.flags * 2);
    expect(de.n.SE).toBe('Schweden');
    const music = de.s.find((s) => s[1] === 'musikstreaming')!;
    expect(de.k[music[2]][1]).toBe('unterhaltung');
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
      for (const row of [...list.c, ...search.c]) expect(drafts.has(row[1])).toBe(false);
      for (const row of list.c) expect(CONTROL_CODES[row[7]]).toBe(controlBySlug.get(row[1]));
      for (const row of search.c) expect(row[5] === 1).toBe(controlBySlug.get(row[1]) === 'european_hq_foreign_owner');
    }
  });

  it('stays within the size budget per 1,000 companies (gzip)', () => {
    const per1000 = (body: string) => (gzipSync(body).length * 1000) / companyCount;
    for (const lang of ['en', 'de', 'fr'] as const) {
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
