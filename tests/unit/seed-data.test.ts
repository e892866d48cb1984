// The curated dataset in db/seed/: what must hold for the directory to be trustworthy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readSeedCompanies, seedDatabase, seedFolder } from '../../db/seed.ts';
import * as t from '../../db/schema.ts';
import { countryByCode, isEuropean } from '../../src/lib/countries.ts';
import { HOME_CATEGORY_SLUGS, POPULAR_COMPANY_SLUGS } from '../../src/lib/constants.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

interface SeedCompany {
  name: string;
  slug: string;
  country: string;
  website_url: string;
  category: string;
  subcategories: string[];
  description: string;
  description_de: string;
  description_fr: string;
  eu_fines?: { amount: number; date: string; announcement_url?: string | null; description: string }[];
  alternatives?: { slug: string }[];
}
interface SeedCategory {
  name: string;
  name_de: string;
  name_fr: string;
  slug: string;
  image_url: string;
  subcategories: { name: string; name_de: string; name_fr: string; slug: string }[];
}

const companies = readSeedCompanies() as SeedCompany[];
const categories = JSON.parse(readFileSync(join(seedFolder, 'categories.json'), 'utf8')) as SeedCategory[];
const bySlug = new Map(companies.map((c) => [c.slug, c]));
const european = companies.filter((c) => isEuropean(c.country));
const nonEuropean = companies.filter((c) => !isEuropean(c.country));

describe('seed dataset', () => {
  it('has at least 500 European and 60 non-European companies, including the home page slugs', () => {
    expect(european.length).toBeGreaterThanOrEqual(500);
    expect(nonEuropean.length).toBeGreaterThanOrEqual(60);
    for (const slug of POPULAR_COMPANY_SLUGS) expect(bySlug.has(slug), slug).toBe(true);
  });

  it('places every company in a known country and never in Russia or Belarus', () => {
    for (const c of companies) {
      expect(countryByCode(c.country), c.slug).toBeDefined();
      expect(['RU', 'BY'], c.slug).not.toContain(c.country);
    }
  });

  it('has no duplicate slug or name', () => {
    expect(new Set(companies.map((c) => c.slug)).size).toBe(companies.length);
    expect(new Set(companies.map((c) => c.name.trim().toLowerCase())).size).toBe(companies.length);
  });

  it('links every company to an https website and describes it in three languages', () => {
    for (const c of companies) {
      expect(c.website_url, c.slug).toMatch(/^https:\/\/[^/\s]+\.[a-z]{2,}/);
      for (const key of ['description', 'description_de', 'description_fr'] as const) expect(c[key], `${c.slug} ${key}`).toMatch(/\S{3}/);
      expect(c.description_de, c.slug).not.toBe(c.description);
      expect(c.description_fr, c.slug).not.toBe(c.description);
    }
  });

  it('gives every non-European company at least 3 European alternatives, and links point that way only', () => {
    for (const c of nonEuropean) {
      const alternatives = c.alternatives ?? [];
      expect(alternatives.length, c.slug).toBeGreaterThanOrEqual(3);
      for (const a of alternatives) {
        const alt = bySlug.get(a.slug);
        expect(alt, `${c.slug} -> ${a.slug}`).toBeDefined();
        expect(isEuropean(alt!.country), `${c.slug} -> ${a.slug} must be European`).toBe(true);
      }
    }
    for (const c of european) expect(c.alternatives ?? [], `${c.slug} (European) must not list alternatives`).toEqual([]);
  });

  it('has at least 25 real EU fines, each with an official https announcement', () => {
    const fines = companies.flatMap((c) => (c.eu_fines ?? []).map((f) => ({ ...f, slug: c.slug })));
    expect(fines.length).toBeGreaterThanOrEqual(25);
    const official = /^https:\/\/([a-z0-9-]+\.)*(europa\.eu|dataprotection\.ie|cnil\.fr|garanteprivacy\.it|cnpd\.public\.lu|autoriteitpersoonsgegevens\.nl|aepd\.es|datenschutz-hamburg\.de)\//;
    for (const f of fines) {
      expect(f.announcement_url, `fine of ${f.slug} on ${f.date}`).toMatch(official);
      expect(f.amount, f.slug).toBeGreaterThan(0);
      expect(f.date, f.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('names every category and subcategory in three languages, with our own image', () => {
    for (const c of categories) {
      for (const n of [c.name, c.name_de, c.name_fr]) expect(n, c.slug).toMatch(/\S/);
      expect(c.image_url, c.slug).toMatch(/^\/images\/categories\/[a-z0-9-]+\.svg$/);
      expect(() => readFileSync(join(seedFolder, '..', '..', 'public', c.image_url))).not.toThrow();
      for (const s of c.subcategories) for (const n of [s.name, s.name_de, s.name_fr]) expect(n, s.slug).toMatch(/\S/);
    }
  });

  it('gives each of the nine home categories 3+ subcategories and 15+ European companies', () => {
    for (const slug of HOME_CATEGORY_SLUGS) {
      const category = categories.find((c) => c.slug === slug);
      expect(category, slug).toBeDefined();
      expect(category!.subcategories.length, slug).toBeGreaterThanOrEqual(3);
      expect(european.filter((c) => c.category === category!.name).length, slug).toBeGreaterThanOrEqual(15);
    }
  });
});

describe('seeding through the import code', () => {
  let ctx: TempDb;
  beforeAll(async () => {
    ctx = await tempDb();
  });
  afterAll(() => ctx.cleanup());

  // Two imports of ~1,000 companies: about 2 s alone, longer while the unit run's site build shares the cores.
  it('imports the whole dataset and computes a 0-100 score for every alternative link', { timeout: 60_000 }, async () => {
    const counts = await seedDatabase(ctx.db);
    expect(counts.companies).toBe(companies.length);
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)` }).from(t.company);
    expect(Number(n)).toBe(companies.length);
    const links = await ctx.db.select().from(t.alternative);
    expect(links.length).toBe(nonEuropean.reduce((s, c) => s + (c.alternatives?.length ?? 0), 0));
    for (const l of links) {
      expect(l.sustainabilityScore).toBeGreaterThanOrEqual(20);
      expect(l.sustainabilityScore).toBeLessThanOrEqual(100);
    }
    // Seeding again updates in place (upsert on slug) instead of duplicating.
    await seedDatabase(ctx.db);
    const [{ n: again }] = await ctx.db.select({ n: sql<number>`count(*)` }).from(t.company);
    expect(Number(again)).toBe(companies.length);
  });
});
