// Categories with their subcategories: add, rename, remove; company counts; no deleting a category
// that still has companies. Names and slugs in other languages live in `translations`. Every write
// checks and bumps the category's version and is recorded in the change log.
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import type { CategoryValues } from '../../lib/schemas/category.ts';
import { pageInMemory, type ListQuery, type Paged } from '../../lib/schemas/list.ts';
import { exportCategories } from '../import-export/export.ts';
import { InputError } from '../import-export/errors.ts';
import { writeTransaction } from '../write-lock.ts';
import { logChange, type WriteContext } from './change-log.ts';
import { claimVersion } from './versions.ts';
import { createLogged, updateLogged } from './logged-writes.ts';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

async function loadCategories(db: Executor, id?: number) {
  const rows = await db.query.category.findMany({
    where: id === undefined ? undefined : eq(t.category.id, id),
    with: { subcategories: true },
  });
  const counts = await db
    .select({ categoryId: t.company.categoryId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(t.company)
    .groupBy(t.company.categoryId);
  return rows.sort(byName).map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    translations: c.translations,
    image_url: c.imageUrl,
    version: c.version,
    updated_at: c.updatedAt,
    company_count: counts.find((x) => x.categoryId === c.id)?.n ?? 0,
    subcategories: c.subcategories.sort(byName).map((s) => ({ id: s.id, name: s.name, slug: s.slug, translations: s.translations })),
  }));
}

export async function getCategory(db: Executor, id: number) {
  return (await loadCategories(db, id))[0];
}

export type CategoryDetail = Awaited<ReturnType<typeof loadCategories>>[number];

export const CATEGORY_SORTS = ['name', 'slug', 'companies', 'updated_at'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

/** A page of categories (a few dozen rows: filtered and sorted in memory); search by name, slug or subcategory name. */
export async function listCategories(db: Executor, query: ListQuery<CategorySort>): Promise<Paged<CategoryDetail>> {
  return pageInMemory(await loadCategories(db), query, (c) => [c.name, c.slug, ...c.subcategories.map((s) => s.name)], {
    name: (c) => c.name,
    slug: (c) => c.slug,
    companies: (c) => c.company_count,
    updated_at: (c) => c.updated_at,
  });
}

async function checkSlugs(tx: Executor, v: CategoryValues, id: number | undefined): Promise<void> {
  const [dup] = await tx
    .select({ id: t.category.id })
    .from(t.category)
    .where(id === undefined ? eq(t.category.slug, v.slug) : and(eq(t.category.slug, v.slug), ne(t.category.id, id)));
  if (dup) throw new InputError(`A category with the slug "${v.slug}" already exists.`, 409, [{ path: 'slug', message: 'This slug is already used by another category' }]);
  const subs = v.subcategories ?? [];
  if (!subs.length) return;
  const existing = await tx
    .select({ id: t.subcategory.id, slug: t.subcategory.slug, categoryId: t.subcategory.categoryId })
    .from(t.subcategory)
    .where(inArray(t.subcategory.slug, subs.map((s) => s.slug)));
  for (const [i, s] of subs.entries()) {
    const other = existing.find((e) => e.slug === s.slug && e.categoryId !== id);
    if (other) {
      throw new InputError(`A subcategory with the slug "${s.slug}" already exists in another category.`, 409, [
        { path: `subcategories.${i}.slug`, message: 'This slug is already used by another subcategory' },
      ]);
    }
  }
}

async function writeSubcategories(tx: Executor, categoryId: number, v: CategoryValues): Promise<void> {
  if (!v.subcategories) return;
  const current = await tx.select({ id: t.subcategory.id }).from(t.subcategory).where(eq(t.subcategory.categoryId, categoryId));
  const currentIds = new Set(current.map((s) => s.id));
  const bad = v.subcategories.findIndex((s) => s.id !== undefined && !currentIds.has(s.id));
  if (bad >= 0) throw new InputError('Unknown subcategory', 400, [{ path: `subcategories.${bad}.id`, message: 'This subcategory does not belong to the category' }]);

  const keep = v.subcategories.flatMap((s) => (s.id === undefined ? [] : [s.id]));
  // Removed subcategories go first (with their company links), so their slugs can be reused.
  const removed = keep.length ? and(eq(t.subcategory.categoryId, categoryId), notInArray(t.subcategory.id, keep)) : eq(t.subcategory.categoryId, categoryId);
  const removedIds = (await tx.select({ id: t.subcategory.id }).from(t.subcategory).where(removed)).map((r) => r.id);
  if (removedIds.length) {
    await tx.delete(t.companySubcategory).where(inArray(t.companySubcategory.subcategoryId, removedIds));
    await tx.delete(t.subcategory).where(inArray(t.subcategory.id, removedIds));
  }
  // Renames may swap slugs within the category: park the kept ones on unique temporary slugs first.
  for (const id of keep) {
    await tx.update(t.subcategory).set({ slug: `tmp-${id}-${crypto.randomUUID()}` }).where(eq(t.subcategory.id, id));
  }
  for (const s of v.subcategories) {
    const values = { name: s.name, slug: s.slug, translations: s.translations, categoryId };
    if (s.id === undefined) await tx.insert(t.subcategory).values(values);
    else await tx.update(t.subcategory).set(values).where(eq(t.subcategory.id, s.id));
  }
}

function columns(v: CategoryValues) {
  return { name: v.name, slug: v.slug, translations: v.translations, imageUrl: v.image_url };
}

async function snapshot(tx: Executor, id: number) {
  return (await exportCategories(tx, [id]))[0] ?? null;
}

export async function createCategory(db: Db, v: CategoryValues, w: WriteContext): Promise<number> {
  return createLogged(db, w, { entity: 'category', label: v.name }, async (tx) => {
    await checkSlugs(tx, v, undefined);
    const [row] = await tx
      .insert(t.category)
      .values({ ...columns(v), updatedAt: w.now.toISOString() })
      .returning({ id: t.category.id });
    await writeSubcategories(tx, row.id, v);
    return row.id;
  });
}

/** False when there is no such category; 412 (InputError) when `version` is no longer current. */
export async function updateCategory(db: Db, id: number, version: number, v: CategoryValues, w: WriteContext): Promise<boolean> {
  return updateLogged(db, w, { entity: 'category', label: v.name }, id, version, async (tx) => {
    await checkSlugs(tx, v, id);
    await tx.update(t.category).set(columns(v)).where(eq(t.category.id, id));
    await writeSubcategories(tx, id, v);
  });
}

export async function deleteCategory(db: Db, id: number, version: number, w: WriteContext): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    if ((await claimVersion(tx, 'category', id, version, w)) === undefined) return false;
    const [{ n }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t.company).where(eq(t.company.categoryId, id));
    if (n > 0) {
      throw new InputError(
        `This category still has ${n} ${n === 1 ? 'company' : 'companies'}. Move ${n === 1 ? 'it' : 'them'} to another category or delete ${n === 1 ? 'it' : 'them'} first.`,
        409,
      );
    }
    const before = await snapshot(tx, id);
    const subs = tx.select({ id: t.subcategory.id }).from(t.subcategory).where(eq(t.subcategory.categoryId, id));
    await tx.delete(t.companySubcategory).where(inArray(t.companySubcategory.subcategoryId, subs));
    await tx.delete(t.subcategory).where(eq(t.subcategory.categoryId, id));
    await tx.delete(t.category).where(eq(t.category.id, id));
    await logChange(tx, w, { entity: 'category', entityId: id, label: before?.name ?? `Category ${id}`, action: 'delete', before, after: null });
    return true;
  });
}
