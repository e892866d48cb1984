// The synthetic data generator behind `npm run db:synthetic` and the benchmarks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EUROPEAN_COUNTRIES, isEuropean } from '../../src/lib/countries.ts';
import { companyRecordSchema } from '../../src/lib/schemas/import.ts';
import { generateDirectory } from '../../scripts/synthetic-data.ts';
import { checkTarget, readSeedInput, writeSyntheticDb } from '../../scripts/synthetic.ts';

const seed = readSeedInput();

describe('generateDirectory', () => {
  const generated = generateDirectory(seed, { companies: 1500, includeReal: false }).companies;

  it('makes exactly N valid import records with unique slugs and names', () => {
    expect(generated).toHaveLength(1500);
    expect(new Set(generated.map((c) => c.slug)).size).toBe(1500);
    expect(new Set(generated.map((c) => c.name.toLowerCase())).size).toBe(1500);
    for (const c of generated) expect(companyRecordSchema.safeParse(c).success, c.slug).toBe(true);
  });

  it('covers every category and every European country, with descriptions in three languages', () => {
    expect(new Set(generated.map((c) => c.category))).toEqual(new Set(seed.categories.map((c) => c.name)));
    const countries = new Set(generated.map((c) => c.country));
    for (const country of EUROPEAN_COUNTRIES) expect(countries.has(country.code), country.code).toBe(true);
    for (const c of generated) {
      expect(c.description).toContain(c.name);
      expect(c.translations?.de?.description).toContain(c.name);
      expect(c.translations?.fr?.description).toContain(c.name);
    }
  });

  it('gives non-European companies European alternatives of their own category, and some fines', () => {
    const bySlug = new Map(generated.map((c) => [c.slug, c]));
    const foreign = generated.filter((c) => !isEuropean(c.country));
    expect(foreign.length).toBeGreaterThan(80);
    expect(foreign.length).toBeLessThan(250);
    for (const c of foreign) {
      expect(c.alternatives!.length).toBeGreaterThanOrEqual(2);
      for (const a of c.alternatives!) {
        const alt = bySlug.get(a.slug)!;
        expect(isEuropean(alt.country)).toBe(true);
        expect(alt.category).toBe(c.category);
      }
    }
    expect(foreign.filter((c) => c.eu_fines!.length).length).toBeGreaterThan(10);
    expect(generated.filter((c) => c.certifications!.length).length).toBeGreaterThan(20);
  });

  it('is deterministic for a seed and differs for another seed', () => {
    expect(generateDirectory(seed, { companies: 300, includeReal: false })).toEqual(generateDirectory(seed, { companies: 300, includeReal: false }));
    expect(generateDirectory(seed, { companies: 300, includeReal: false, seed: 7 }).companies[0].name).not.toBe(
      generateDirectory(seed, { companies: 300, includeReal: false }).companies[0].name,
    );
  });

  it('starts with the real companies and keeps a real subset self-contained', () => {
    const big = generateDirectory(seed, { companies: seed.companies.length + 100 }).companies;
    expect(big.slice(0, seed.companies.length).map((c) => c.slug)).toEqual(seed.companies.map((c) => c.slug));
    const small = generateDirectory(seed, { companies: 40 }).companies;
    const slugs = new Set(small.map((c) => c.slug));
    for (const c of small) for (const a of c.alternatives ?? []) expect(slugs.has(a.slug)).toBe(true);
  });
});

describe('writeSyntheticDb', () => {
  it('refuses db/local.db and anything that is not a local file', () => {
    expect(() => checkTarget('file:db/local.db')).toThrow(/local\.db/);
    expect(() => checkTarget('libsql://example.turso.io')).toThrow(/local file/);
    expect(() => checkTarget('file::memory:')).toThrow(/local file/);
  });

  it('imports the records through the admin import code into a fresh file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ea-synthetic-'));
    try {
      const result = await writeSyntheticDb(`file:${join(dir, 's.db')}`, 1100);
      expect(result.companies).toBe(1100);
      expect(result.rows.company).toBe(1100);
      expect(result.rows.category).toBe(seed.categories.length);
      expect(result.rows.alternative).toBeGreaterThan(700);
      // A second run starts afresh instead of adding to the file.
      expect((await writeSyntheticDb(`file:${join(dir, 's.db')}`, 1000)).rows.company).toBe(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
