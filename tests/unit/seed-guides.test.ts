// The switching guides of the seed (db/seed/guides.json, converted from the research by
// db/seed/audit/apply-guides.mjs): what a published guide must have before visitors rely on it, and
// that the file seeds through the import code.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readSeedCompanies, seedDatabase, seedFolder } from '../../db/seed.ts';
import * as t from '../../db/schema.ts';
import { LANGS } from '../../src/lib/i18n-langs.ts';
import { translationOf } from '../../src/lib/translations.ts';
import { today } from '../../src/lib/schemas/common.ts';
import { guideRecordSchema, type GuideRecord } from '../../src/lib/schemas/guide.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

const file = join(seedFolder, 'guides.json');
const raw: unknown[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
const guides = raw.map((g) => guideRecordSchema.parse(g)) as GuideRecord[];
const published = guides.filter((g) => g.status === 'published');

interface SeedCompany {
  slug: string;
  status?: string;
  products?: { slug: string; status?: string }[];
}
const products = new Map(
  (readSeedCompanies() as SeedCompany[]).flatMap((c) => (c.products ?? []).map((p) => [p.slug, { company: c, status: p.status ?? 'published' }] as const)),
);

/** A field in one language: English is the plain field, other languages sit in translations. */
const textIn = (g: GuideRecord, field: 'title' | 'summary' | 'body', lang: string) => (lang === 'en' ? g[field] : translationOf(g.translations, lang, field));

describe('seed guides', () => {
  it('has the guides of the 25 most common moves, each record valid and its slug unique', () => {
    expect(guides.length).toBeGreaterThanOrEqual(25);
    expect(new Set(guides.map((g) => g.slug)).size).toBe(guides.length);
  });

  it('gives every published guide a title, summary and body in every language', () => {
    const missing = published.flatMap((g) =>
      LANGS.flatMap((lang) => (['title', 'summary', 'body'] as const).filter((f) => !textIn(g, f, lang)?.trim()).map((f) => `${g.slug}: ${f} (${lang})`)),
    );
    expect(missing).toEqual([]);
  });

  it('gives every published guide a source on https, checked in the past, and a last-checked date', () => {
    const day = today();
    const problems = published.flatMap((g) => [
      ...(g.sources.length ? [] : [`${g.slug}: no source`]),
      ...g.sources.filter((s) => !s.url.startsWith('https://')).map((s) => `${g.slug}: not https: ${s.url}`),
      ...g.sources.filter((s) => s.verified_at > day).map((s) => `${g.slug}: verified in the future: ${s.url}`),
      ...(g.last_checked && g.last_checked <= day ? [] : [`${g.slug}: last_checked ${g.last_checked}`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('names an existing product for every guide that names one, and a published one for every published guide', () => {
    const unknown = guides.filter((g) => g.from_product && !products.has(g.from_product)).map((g) => `${g.slug}: ${g.from_product}`);
    expect(unknown).toEqual([]);
    const hidden = published
      .filter((g) => {
        const p = g.from_product ? products.get(g.from_product) : undefined;
        return p?.status !== 'published' || (p.company.status ?? 'published') !== 'published';
      })
      .map((g) => `${g.slug}: ${g.from_product}`);
    expect(hidden).toEqual([]);
  });

  describe('seeding', () => {
    let ctx: TempDb;
    beforeAll(async () => {
      ctx = await tempDb();
    });
    afterAll(() => ctx.cleanup());

    it('imports every guide with its product, and upserts on a second run', async () => {
      const counts = await seedDatabase(ctx.db);
      expect(counts.guides).toBe(guides.length);
      await seedDatabase(ctx.db);
      const rows = await ctx.db.query.guide.findMany({ with: { fromProduct: { columns: { slug: true } } } });
      expect(rows.length).toBe(guides.length);
      const bySlug = new Map(rows.map((r) => [r.slug, r]));
      for (const g of guides) expect(bySlug.get(g.slug)?.fromProduct?.slug ?? null).toBe(g.from_product);
      const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)` }).from(t.guide).where(sql`${t.guide.status} = 'published'`);
      expect(Number(n)).toBe(published.length);
    }, 120_000);
  });
});
