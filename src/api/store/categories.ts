// Categories with their subcategories: add, rename, remove; company counts; no deleting a category
// that still has companies.
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import type { CategoryValues } from '../../lib/schemas/category.ts';
import { InputError } from '../import-export/errors.ts';
import { writeTransaction } from '../write-lock.ts';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

export async function listCategories(db: Executor, id?: number) {
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
    name_de: c.nameDe,
    name_fr: c.nameFr,
    slug: c.slug,
    image_url: c.imageUrl,
    company_count: counts.find((x) => x.categoryId === c.id)?.n ?? 0,
    subcategories: c.subcategories.sort(byName).map((s) => ({ id: s.id, name: s.name, name_de: s.nameDe, name_fr: s.nameFr, slug: s.slug })),
  }));
}

export async function getCategory(db: Executor, id: number) {
  return (await listCategories(db, id))[0];
}

export type CategoryDetail = Awaited<ReturnType<typeof listCategories>>[number];

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
    const values = { name: s.name, slug: s.slug, nameDe: s.name_de, nameFr: s.name_fr, categoryId };
    if (s.id === undefined) await tx.insert(t.subcategory).values(values);
    else await tx.update(t.subcategory).set(values).where(eq(t.subcategory.id, s.id));
  }
}

function columns(v: CategoryValues) {
  return { name: v.name, slug: v.slug, nameDe: v.name_de, nameFr: v.name_fr, imageUrl: v.image_url };
}

export async function createCategory(db: Db, v: CategoryValues): Promise<number> {
  return writeTransaction(db, async (tx) => {
    await checkSlugs(tx, v, undefined);
    const [row] = await tx.insert(t.category).values(columns(v)).returning({ id: t.category.id });
    await writeSubcategories(tx, row.id, v);
    return row.id;
  });
}

export async function updateCategory(db: Db, id: number, v: CategoryValues): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const [current] = await tx.select({ id: t.category.id }).from(t.category).where(eq(t.category.id, id));
    if (!current) return false;
    await checkSlugs(tx, v, id);
    await tx.update(t.category).set(columns(v)).where(eq(t.category.id, id));
    await writeSubcategories(tx, id, v);
    return true;
  });
}

export async function deleteCategory(db: Db, id: number): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const [current] = await tx.select({ id: t.category.id }).from(t.category).where(eq(t.category.id, id));
    if (!current) return false;
    const [{ n }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t.company).where(eq(t.company.categoryId, id));
    if (n > 0) {
      throw new InputError(
        `This category still has ${n} ${n === 1 ? 'company' : 'companies'}. Move ${n === 1 ? 'it' : 'them'} to another category or delete ${n === 1 ? 'it' : 'them'} first.`,
        409,
      );
    }
    const subs = tx.select({ id: t.subcategory.id }).from(t.subcategory).where(eq(t.subcategory.categoryId, id));
    await tx.delete(t.companySubcategory).where(inArray(t.companySubcategory.subcategoryId, subs));
    await tx.delete(t.subcategory).where(eq(t.subcategory.categoryId, id));
    await tx.delete(t.category).where(eq(t.category.id, id));
    return true;
  });
}
