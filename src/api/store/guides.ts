// Switching guides for the admin API. Every write checks and bumps the version (If-Match) and records
// the change (before/after in the guides file format) in the same transaction.
import { and, eq, ne, } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import { TRANSLATED_LANGS, translationOf } from '../../lib/translations.ts';
import type { GuideValues } from '../../lib/schemas/guide.ts';
import { pageInMemory, type ListQuery } from '../../lib/schemas/list.ts';
import { exportGuides } from '../import-export/export.ts';
import { InputError } from '../import-export/errors.ts';
import { writeTransaction } from '../write-lock.ts';
import { logChange, type WriteContext } from './change-log.ts';
import { claimVersion } from './versions.ts';
import { createLogged, updateLogged } from './logged-writes.ts';

export const GUIDE_SORTS = ['title', 'slug', 'status', 'last_checked', 'updated_at'] as const;
export type GuideSort = (typeof GUIDE_SORTS)[number];

async function loadGuides(db: Executor, id?: number) {
  const rows = await db.query.guide.findMany({
    where: id === undefined ? undefined : eq(t.guide.id, id),
    with: { fromProduct: { columns: { id: true, slug: true, name: true, status: true }, with: { company: { columns: { name: true, country: true } } } } },
  });
  return rows.map((g) => ({
    id: g.id,
    slug: g.slug,
    title: g.title,
    summary: g.summary,
    body: g.body,
    time_needed: g.timeNeeded,
    translations: g.translations,
    sources: g.sources,
    last_checked: g.lastChecked,
    status: g.status,
    version: g.version,
    updated_at: g.updatedAt,
    from_product_id: g.fromProductId,
    from_product: g.fromProduct
      ? { id: g.fromProduct.id, slug: g.fromProduct.slug, name: g.fromProduct.name, status: g.fromProduct.status, company_name: g.fromProduct.company.name, country: g.fromProduct.company.country }
      : null,
    /** the languages with a title, summary and body of their own (English always counts when it has them) */
    languages: [
      ...(g.title && g.summary && g.body ? ['en'] : []),
      ...TRANSLATED_LANGS.filter((l) => (['title', 'summary', 'body'] as const).every((f) => translationOf(g.translations, l, f))),
    ],
  }));
}

export async function getGuide(db: Executor, id: number) {
  return (await loadGuides(db, id))[0];
}

/** A page of guides (tens of rows: filtered and sorted in memory); search by title, slug or product. */
export async function listGuides(db: Executor, query: ListQuery<GuideSort>) {
  const page = pageInMemory(await loadGuides(db), query, (g) => [g.title, g.slug, g.from_product?.name], {
    title: (g) => g.title,
    slug: (g) => g.slug,
    status: (g) => g.status,
    last_checked: (g) => g.last_checked,
    updated_at: (g) => g.updated_at,
  });
  // The list shows no bodies: they are the bulk of a guide.
  return { ...page, items: page.items.map(({ body: _body, translations: _translations, sources, ...g }) => ({ ...g, source_count: sources.length })) };
}

/** The slug is free and the product exists; otherwise the field's error. */
async function checkReferences(tx: Executor, v: GuideValues, id: number | undefined): Promise<void> {
  const sameSlug = eq(t.guide.slug, v.slug);
  const [dup] = await tx
    .select({ id: t.guide.id })
    .from(t.guide)
    .where(id === undefined ? sameSlug : and(sameSlug, ne(t.guide.id, id)));
  if (dup) throw new InputError(`A guide with the slug "${v.slug}" already exists.`, 409, [{ path: 'slug', message: 'This slug is already used by another guide' }]);
  if (v.from_product_id !== null) {
    const [product] = await tx.select({ id: t.product.id }).from(t.product).where(eq(t.product.id, v.from_product_id));
    if (!product) throw new InputError('The product of this guide does not exist.', 400, [{ path: 'from_product_id', message: 'Product not found: choose it again' }]);
  }
}

function columns(v: GuideValues) {
  return {
    slug: v.slug,
    title: v.title,
    summary: v.summary,
    body: v.body,
    timeNeeded: v.time_needed,
    translations: v.translations,
    sources: v.sources,
    lastChecked: v.last_checked,
    status: v.status,
    fromProductId: v.from_product_id,
  };
}

async function snapshot(tx: Executor, id: number) {
  return (await exportGuides(tx, [id]))[0] ?? null;
}

export async function createGuide(db: Db, v: GuideValues, w: WriteContext): Promise<number> {
  return createLogged(db, w, { entity: 'guide', label: v.title }, async (tx) => {
    await checkReferences(tx, v, undefined);
    const [row] = await tx
      .insert(t.guide)
      .values({ ...columns(v), updatedAt: w.now.toISOString() })
      .returning({ id: t.guide.id });
    return row.id;
  });
}

/** False when there is no such guide; 412 (InputError) when `version` is no longer current. */
export async function updateGuide(db: Db, id: number, version: number, v: GuideValues, w: WriteContext): Promise<boolean> {
  return updateLogged(db, w, { entity: 'guide', label: v.title }, id, version, async (tx) => {
    await checkReferences(tx, v, id);
    await tx.update(t.guide).set(columns(v)).where(eq(t.guide.id, id));
  });
}

export async function deleteGuide(db: Db, id: number, version: number, w: WriteContext): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    if ((await claimVersion(tx, 'guide', id, version, w)) === undefined) return false;
    const before = await snapshot(tx, id);
    await tx.delete(t.guide).where(eq(t.guide.id, id));
    await logChange(tx, w, { entity: 'guide', entityId: id, label: before?.title ?? `Guide ${id}`, action: 'delete', before, after: null });
    return true;
  });
}
