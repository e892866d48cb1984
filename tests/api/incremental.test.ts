// Incremental publishing is held to the full build: after a series of changes (a rename that moves a
// company in every list, a new company with links, a new alternative link, a fine, a delete), each
// published by rendering only the affected pages into a hard-linked copy of the live folder, the
// result equals `astro build` of the same data byte for byte, file for file. And it writes few files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { importCategories, importCertificates, importCompanies } from '../../src/api/import-export/import.ts';
import { isEuropean } from '../../src/lib/countries.ts';
import { RendererProcess } from '../../src/server/renderer/renderer-process.ts';
import type { UpdateResult } from '../../src/server/renderer/protocol.ts';
import { run } from '../../src/server/site-builder.ts';
import { generateDirectory } from '../../scripts/synthetic-data.ts';
import { readSeedInput } from '../../scripts/synthetic.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

const COMPANIES = 150;
const root = process.cwd();
// Our own markers beside the site, not part of it.
const OURS = new Set(['.published-at', '.carried.json']);

let base: TempDb;
let dir: string;
let renderer: RendererProcess;
let env: NodeJS.ProcessEnv;
const updates: UpdateResult[] = [];
let live = '';
let step = 0;

function files(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((f) => !OURS.has(f) && statSync(join(folder, f)).isFile())
    .sort();
}

async function publish(): Promise<UpdateResult> {
  const next = join(dir, `step-${++step}`);
  // The server has the renderer make the next folder's hard-linked copy once a folder is live; the
  // update then starts from it. Odd steps go that way, even ones link at update time.
  const prepare = step % 2 === 1;
  if (prepare) expect(await renderer.prepare(live)).toBe(true);
  const update = await renderer.update(live, next);
  expect(update.prepared).toBe(prepare);
  live = next;
  updates.push(update);
  return update;
}

beforeAll(async () => {
  base = await tempDb();
  const data = generateDirectory(readSeedInput(), { companies: COMPANIES, seed: 7 });
  await base.db.transaction(async (tx) => {
    await importCategories(tx, data.categories);
    await importCertificates(tx, data.certifications);
    await importCompanies(tx, data.companies);
  });
  // Inside the project: the sites folders must be on its filesystem (Astro builds there).
  mkdirSync(join(root, '.test-sites'), { recursive: true });
  dir = mkdtempSync(join(root, '.test-sites', 'incremental-'));
  env = { ...process.env, LIBSQL_URL: base.url, SITE_URL: 'http://127.0.0.1:4321', NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
  renderer = new RendererProcess(root, env);
  live = join(dir, 'step-0');
  await renderer.build(live);
}, 900_000);

afterAll(() => {
  renderer?.stop();
  base?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('incremental publishing', () => {
  it(
    'equals a full build of the same data, byte for byte, after a series of changes',
    async () => {
      const db = base.db;
      const companies = await db.select().from(t.company).where(eq(t.company.status, 'published'));
      const links = await db.select().from(t.alternative);
      const european = companies.filter((c) => isEuropean(c.country));
      const linked = european.find((c) => links.some((l) => l.alternativeId === c.id))!;
      const total = files(live).length;
      // Only the live folder is prepared.
      expect(await renderer.prepare(join(dir, 'not-the-live-folder'))).toBe(false);

      // 1. A rename and a new description: the company moves in every list it is on.
      await db.update(t.company).set({ name: `Zz ${linked.name}`, description: 'A new description.', updatedAt: '2031-01-02T00:00:00.000Z' }).where(eq(t.company.id, linked.id));
      const first = await publish();
      expect(first.all).toBe(false);
      expect(first.rendered).toBeLessThan(first.total / 2);
      expect(first.written.length).toBeGreaterThan(0);
      expect(first.written.length).toBeLessThan(total / 10);
      expect(first.written).toContain(`companies/${linked.slug}.html`);

      // 2. A new company linked as an alternative, a new link between two others, and a fine.
      const [original, other] = companies.filter((c) => !isEuropean(c.country) && c.id !== linked.id);
      const [created] = await db
        .insert(t.company)
        .values({ ...european[1], id: undefined, slug: 'incremental-new-co', name: 'Incremental New Co', createdAt: '2031-01-03T00:00:00.000Z', updatedAt: '2031-01-03T00:00:00.000Z', version: 1 })
        .returning();
      const subs = await db.select().from(t.companySubcategory).where(eq(t.companySubcategory.companyId, european[1].id));
      if (subs.length) await db.insert(t.companySubcategory).values({ companyId: created.id, subcategoryId: subs[0].subcategoryId });
      await db.insert(t.alternative).values({ companyId: original.id, alternativeId: created.id });
      const spare = european.find((c) => c.id !== linked.id && !links.some((l) => l.companyId === other.id && l.alternativeId === c.id))!;
      await db.insert(t.alternative).values({ companyId: other.id, alternativeId: spare.id });
      await db.insert(t.euFine).values({ companyId: original.id, amount: 12_345, currentAmount: 12_345, currency: 'EUR', date: '2030-05-06', description: 'A fine added by the test', body: 'European Commission' });
      const second = await publish();
      expect(second.written).toContain('companies/incremental-new-co.html');

      // 3. A delete: its pages go, every list that held it changes.
      const gone = european.find((c) => c.id !== linked.id && c.id !== spare.id && c.id !== european[1].id)!;
      await db.delete(t.alternative).where(and(eq(t.alternative.alternativeId, gone.id)));
      await db.delete(t.company).where(eq(t.company.id, gone.id));
      const third = await publish();
      expect(third.removed).toContain(`companies/${gone.slug}.html`);

      // 4. A certificate renamed and a new one: the pages of its companies and the company list (its filter),
      // not the whole site.
      const [held] = await db
        .select({ certificationId: t.companyCertification.certificationId, slug: t.company.slug })
        .from(t.companyCertification)
        .innerJoin(t.company, eq(t.company.id, t.companyCertification.companyId))
        .where(eq(t.company.status, 'published'))
        .limit(1);
      await db.update(t.certification).set({ name: 'Renamed Seal', updatedAt: '2031-01-04T00:00:00.000Z' }).where(eq(t.certification.id, held.certificationId));
      await db.insert(t.certification).values({ name: 'Unused Seal', description: 'Held by no company.', iconType: 'blue' });
      const fourth = await publish();
      expect(fourth.all).toBe(false);
      expect(fourth.written).toContain(`companies/${held.slug}.html`);
      expect(fourth.written).toContain('companies.html');
      expect(fourth.rendered).toBeLessThan(fourth.total / 2);

      // 5. A category renamed in two languages (its German address too), a subcategory of it renamed, and
      // a new category without companies: the pages that show that category, not the whole site.
      // The category with the fewest companies (the first 150 of the seed crowd a few categories).
      const current = await db.select().from(t.company).where(eq(t.company.status, 'published'));
      const sizes = new Map<number, number>();
      for (const c of current) sizes.set(c.categoryId, (sizes.get(c.categoryId) ?? 0) + 1);
      const smallest = [...sizes].sort((a, b) => a[1] - b[1] || a[0] - b[0])[0][0];
      const member = current.find((c) => c.categoryId === smallest)!;
      const [shown] = await db.select().from(t.category).where(eq(t.category.id, smallest)).limit(1);
      await db
        .update(t.category)
        .set({ name: `Renamed ${shown.name}`, translations: { ...shown.translations, de: { name: 'Umbenannte Kategorie', slug: 'umbenannte-kategorie' } }, updatedAt: '2031-01-05T00:00:00.000Z' })
        .where(eq(t.category.id, shown.id));
      const [sub] = await db.select().from(t.subcategory).where(eq(t.subcategory.categoryId, shown.id)).limit(1);
      await db.update(t.subcategory).set({ name: `Renamed ${sub.name}` }).where(eq(t.subcategory.id, sub.id));
      const [empty] = await db.insert(t.category).values({ name: 'Incremental Empty Category', slug: 'incremental-empty-category' }).returning();
      await db.insert(t.subcategory).values({ name: 'Incremental Empty Sub', slug: 'incremental-empty-sub', categoryId: empty.id });
      const fifth = await publish();
      expect(fifth.all).toBe(false);
      expect(fifth.written).toContain(`companies/${member.slug}.html`);
      expect(fifth.written).toContain('categories/incremental-empty-category.html');
      expect(fifth.written.some((f) => f.startsWith('de/kategorien/umbenannte-kategorie'))).toBe(true);
      expect(fifth.rendered).toBeLessThan(fifth.total / 2);

      // 6. A new description of a company others replace: its own pages, not the pages of its alternatives
      // (they list it without its description), though their API files carry its new time.
      const [replaced] = await db
        .select({ id: t.company.id, slug: t.company.slug, description: t.company.description })
        .from(t.company)
        .innerJoin(t.alternative, eq(t.alternative.companyId, t.company.id))
        .where(eq(t.company.status, 'published'))
        .limit(1);
      const replacing = (await db.select().from(t.alternative).where(eq(t.alternative.companyId, replaced.id))).map((l) => l.alternativeId);
      const alternativeSlugs = current.filter((c) => replacing.includes(c.id)).map((c) => c.slug);
      await db.update(t.company).set({ description: `${replaced.description} Edited.`, updatedAt: '2031-01-06T00:00:00.000Z' }).where(eq(t.company.id, replaced.id));
      const sixth = await publish();
      expect(sixth.written).toContain(`companies/${replaced.slug}.html`);
      expect(alternativeSlugs.length).toBeGreaterThan(0);
      for (const slug of alternativeSlugs) expect(sixth.written).not.toContain(`companies/${slug}.html`);
      expect(sixth.written).toContain(`open-data/v1/companies/${alternativeSlugs[0]}.json`);

      // 7. A product page of its own (the synthetic subset may hold none): a non-European company's
      // product and a European product that replaces it.
      const makers = await db.select().from(t.company).where(eq(t.company.status, 'published'));
      const maker = makers.find((c) => !isEuropean(c.country))!;
      const rival = makers.find((c) => isEuropean(c.country))!;
      const [originalProduct] = await db.insert(t.product).values({ companyId: maker.id, slug: 'incremental-original', name: 'Incremental Original', status: 'published' }).returning();
      const [alternative] = await db.insert(t.product).values({ companyId: rival.id, slug: 'incremental-alternative', name: 'Incremental Alternative', status: 'published' }).returning();
      await db.insert(t.productAlternative).values({ productId: originalProduct.id, alternativeId: alternative.id });
      const seventh = await publish();
      expect(seventh.written).toContain('alternatives/incremental-original.html');

      // 8. A new guide on it: its page, the guides index, the product's page and its maker's page (both
      // link it), not the whole site.
      const [guide] = await db
        .insert(t.guide)
        .values({ slug: 'incremental-guide', fromProductId: originalProduct.id, title: 'Moving house', summary: 'A move.', body: '1. Export.\n2. Import.', timeNeeded: 'an hour', status: 'published', lastChecked: '2031-01-07' })
        .returning();
      const eighth = await publish();
      expect(eighth.all).toBe(false);
      expect(eighth.written).toEqual(expect.arrayContaining(['guides/incremental-guide.html', 'guides.html', 'alternatives/incremental-original.html', `companies/${maker.slug}.html`]));
      expect(eighth.rendered).toBeLessThan(eighth.total / 2);

      // 9. Its steps edited: its page, not the pages that only link it.
      await db.update(t.guide).set({ body: '1. Export.\n2. Import.\n3. Check.', updatedAt: '2031-01-08T00:00:00.000Z' }).where(eq(t.guide.id, guide.id));
      const ninth = await publish();
      expect(ninth.written).toContain('guides/incremental-guide.html');
      expect(ninth.written).not.toContain('alternatives/incremental-original.html');
      expect(ninth.written).not.toContain(`companies/${maker.slug}.html`);

      // 10. Retitled in German: the product's page links it by that title.
      await db.update(t.guide).set({ translations: { de: { title: 'Umzug' } }, updatedAt: '2031-01-09T00:00:00.000Z' }).where(eq(t.guide.id, guide.id));
      const tenth = await publish();
      expect(tenth.written).toContain('de/alternativen/incremental-original.html');
      expect(tenth.rendered).toBeLessThan(tenth.total / 2);

      // The full build of the same data.
      const full = join(dir, 'full');
      const { code, output } = await run(process.execPath, [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], root, { ...env, ASTRO_OUT_DIR: full }, () => {});
      expect(code, output.slice(-3000)).toBe(0);

      const incremental = files(live);
      const expected = files(full);
      expect(incremental.filter((f) => !expected.includes(f)), 'files only the incremental folder has').toEqual([]);
      expect(expected.filter((f) => !incremental.includes(f)), 'files only the full build has').toEqual([]);
      const differ = expected.filter((f) => !readFileSync(join(live, f)).equals(readFileSync(join(full, f))));
      expect(differ, 'files whose bytes differ').toEqual([]);
      console.log(
        `incremental publishing: ${total} files; per step written ${updates.map((u) => u.written.length + u.removed.length).join(', ')}, ` +
          `rendered ${updates.map((u) => `${u.rendered}/${u.total}`).join(', ')}, ms ${updates.map((u) => u.ms.total).join(', ')}`,
      );
    },
    900_000,
  );
});
