// Reads and writes of products for the admin API. A save writes the product, its sources and the
// alternative links it was asked to change in one transaction, after checking and bumping its version,
// and records the change (before/after: the product's export record with its company's slug and the
// products that name it as their alternative) in the same transaction.
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import { EUROPEAN_COUNTRIES } from '../../lib/countries.ts';
import { likePattern, type ListQuery, type Paged } from '../../lib/schemas/list.ts';
import type { ProductValues } from '../../lib/schemas/product.ts';
import { chunks } from '../chunks.ts';
import { InputError } from '../import-export/errors.ts';
import { writeTransaction } from '../write-lock.ts';
import { logChange, type WriteContext } from './change-log.ts';
import { productSnapshot } from './product-snapshot.ts';
import { claimVersion } from './versions.ts';
import { createLogged, updateLogged } from './logged-writes.ts';
import { sourceRow } from './rows.ts';

export const PRODUCT_SORTS = ['name', 'company', 'slug', 'status', 'updated_at', 'alternatives', 'has_page'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

const EUROPEAN_CODES = EUROPEAN_COUNTRIES.map((c) => c.code);
const european = (country: SQL | typeof t.company.country) => sql`${country} in (${sql.join(
  EUROPEAN_CODES.map((c) => sql`${c}`),
  sql`, `,
)})`;

const alternativesCount = sql<number>`(select count(*) from "product_alternatives" pa where pa."product_id" = "product"."id")`.mapWith(Number);
/**
 * The rule of the public site (src/lib/data.ts): a published product of a published company made
 * outside Europe, with at least one published European alternative, has an alternatives page.
 */
const hasPage = sql<boolean>`(${t.product.status} = 'published' and ${t.company.status} = 'published' and not ${european(t.company.country)} and exists (
  select 1 from "product_alternatives" pa
  join "product" ap on ap."id" = pa."alternative_id"
  join "company" ac on ac."id" = ap."company_id"
  where pa."product_id" = "product"."id" and ap."status" = 'published' and ac."status" = 'published' and ${european(sql`ac."country"`)}
))`.mapWith((v) => Number(v) === 1);

const sortColumn: Record<ProductSort, SQL> = {
  name: sql`${t.product.name} collate nocase`,
  company: sql`${t.company.name} collate nocase`,
  slug: sql`${t.product.slug}`,
  status: sql`${t.product.status}`,
  updated_at: sql`${t.product.updatedAt}`,
  alternatives: sql`(select count(*) from "product_alternatives" pa where pa."product_id" = "product"."id")`,
  has_page: hasPage,
};

export interface ProductFilter {
  company_id?: number;
  /** only products of companies headquartered in Europe (the alternatives picker) */
  european?: boolean;
}

/**
 * A page of products: search by name, slug, alias or company name (with the default sort, names that
 * start with the query first: the pickers' best guess on top), a whitelisted sort, the total.
 */
export async function listProducts(db: Executor, query: ListQuery<ProductSort>, filter: ProductFilter = {}): Promise<Paged<ProductListItem>> {
  const q = query.q.toLowerCase();
  const pattern = likePattern(q);
  const search = q
    ? sql`(lower(${t.product.name}) like ${pattern} escape '\\' or ${t.product.slug} like ${pattern} escape '\\' or lower(${t.product.aliases}) like ${pattern} escape '\\' or lower(${t.company.name}) like ${pattern} escape '\\')`
    : undefined;
  const where = and(
    search,
    filter.company_id === undefined ? undefined : eq(t.product.companyId, filter.company_id),
    filter.european ? european(t.company.country) : undefined,
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(t.product)
    .innerJoin(t.company, eq(t.company.id, t.product.companyId))
    .where(where);
  const dir = query.desc ? sql`desc` : sql`asc`;
  const starts = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const order: SQL[] = [];
  if (q && query.sort === 'name' && !query.desc) order.push(sql`lower(${t.product.name}) like ${starts} escape '\\' desc`);
  order.push(sql`${sortColumn[query.sort]} ${dir}`, sql`${t.product.name} collate nocase`, sql`${t.product.id}`);
  const items = await db
    .select({
      id: t.product.id,
      slug: t.product.slug,
      name: t.product.name,
      status: t.product.status,
      company_id: t.company.id,
      company_name: t.company.name,
      country: t.company.country,
      subcategory_name: t.subcategory.name,
      alternatives_count: alternativesCount,
      has_page: hasPage,
      updated_at: t.product.updatedAt,
    })
    .from(t.product)
    .innerJoin(t.company, eq(t.company.id, t.product.companyId))
    .leftJoin(t.subcategory, eq(t.subcategory.id, t.product.subcategoryId))
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { items, total: n, page: query.page, per_page: query.per_page };
}

export interface ProductListItem {
  id: number;
  slug: string;
  name: string;
  status: 'published' | 'draft';
  company_id: number;
  company_name: string;
  country: string;
  subcategory_name: string | null;
  alternatives_count: number;
  has_page: boolean;
  updated_at: string | null;
}

/** The products linked from or to `id`, with their company (for the form's lists). */
async function linkedProducts(db: Executor, id: number, direction: 'alternatives' | 'alternative_to') {
  const [mine, other] =
    direction === 'alternatives' ? [t.productAlternative.productId, t.productAlternative.alternativeId] : [t.productAlternative.alternativeId, t.productAlternative.productId];
  return db
    .select({
      product_id: t.product.id,
      name: t.product.name,
      slug: t.product.slug,
      company_name: t.company.name,
      country: t.company.country,
      can_import: t.productAlternative.canImport,
    })
    .from(t.productAlternative)
    .innerJoin(t.product, eq(t.product.id, other))
    .innerJoin(t.company, eq(t.company.id, t.product.companyId))
    .where(eq(mine, id))
    .orderBy(sql`${t.product.name} collate nocase`, asc(t.product.id));
}

/** One product in the shape of the product form, plus names for display, its version and last save. */
export async function getProduct(db: Executor, id: number) {
  const [p] = await db.select().from(t.product).where(eq(t.product.id, id));
  if (!p) return undefined;
  const [company] = await db
    .select({ id: t.company.id, name: t.company.name, slug: t.company.slug, country: t.company.country, category_id: t.company.categoryId })
    .from(t.company)
    .where(eq(t.company.id, p.companyId));
  const sources = await db
    .select({ url: t.source.url, title: t.source.title, facts: t.source.facts, verified_at: t.source.verifiedAt })
    .from(t.source)
    .where(eq(t.source.productId, id))
    .orderBy(asc(t.source.id));
  return {
    id: p.id,
    company_id: p.companyId,
    subcategory_id: p.subcategoryId,
    name: p.name,
    slug: p.slug,
    description: p.description,
    translations: p.translations,
    aliases: p.aliases,
    website_url: p.websiteUrl,
    pricing: p.pricing,
    price_from_eur: p.priceFromEur,
    licence: p.licence,
    self_hostable: p.selfHostable,
    platforms: p.platforms,
    e2ee: p.e2ee,
    data_location: p.dataLocation,
    interface_languages: p.interfaceLanguages,
    status: p.status,
    version: p.version,
    updated_at: p.updatedAt,
    created_at: p.createdAt,
    company: company ?? null,
    sources,
    /** the European products offered instead of this one */
    alternatives: await linkedProducts(db, id, 'alternatives'),
    /** the products this one is offered instead of (edited on their forms) */
    alternative_to: await linkedProducts(db, id, 'alternative_to'),
  };
}

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof getProduct>>>;

/** Checks everything the database would refuse, and the rules of links and aliases, with messages tied to the form fields. */
async function checkReferences(tx: Executor, v: ProductValues, id: number | undefined): Promise<void> {
  const [dup] = await tx
    .select({ id: t.product.id })
    .from(t.product)
    .where(id === undefined ? eq(t.product.slug, v.slug) : and(eq(t.product.slug, v.slug), ne(t.product.id, id)));
  if (dup) throw new InputError(`A product with the slug "${v.slug}" already exists.`, 409, [{ path: 'slug', message: 'This slug is already used by another product' }]);

  const [company] = await tx.select({ id: t.company.id }).from(t.company).where(eq(t.company.id, v.company_id));
  if (!company) throw new InputError('Company not found', 400, [{ path: 'company_id', message: 'Company not found: choose it again' }]);

  if (v.subcategory_id !== null) {
    const [sub] = await tx.select({ id: t.subcategory.id }).from(t.subcategory).where(eq(t.subcategory.id, v.subcategory_id));
    if (!sub) throw new InputError('Subcategory not found', 400, [{ path: 'subcategory_id', message: 'Subcategory not found' }]);
  }

  // An alias finds one product: the same alias (any case) of another product in the same language is refused.
  for (const [lang, aliases] of Object.entries(v.aliases)) {
    if (!aliases?.length) continue;
    const lower = aliases.map((a) => a.toLowerCase());
    const twice = lower.findIndex((a, i) => lower.indexOf(a) !== i);
    if (twice >= 0) throw new InputError(`The alias “${aliases[twice]}” is listed twice.`, 400, [{ path: `aliases.${lang}`, message: `“${aliases[twice]}” is listed twice` }]);
    const taken = await tx.all<{ alias: string; name: string }>(sql`
      select a.value as alias, p.name as name from ${t.product} p, json_each(p.aliases, ${`$.${lang}`}) a
      where p.id <> ${id ?? 0} and lower(a.value) in (${sql.join(lower.map((a) => sql`${a}`), sql`, `)}) limit 1`);
    if (taken.length) {
      const message = `“${taken[0].alias}” is already an alias of ${taken[0].name}`;
      throw new InputError(`The alias ${message}.`, 409, [{ path: `aliases.${lang}`, message }]);
    }
  }

  // Only links being added are checked: removing a link to a product deleted meanwhile is harmless.
  const add = v.alternatives?.add ?? [];
  if (add.length) {
    const ids = add.map((a) => a.product_id);
    const found = new Map<number, string>();
    for (const part of chunks(ids)) {
      const rows = await tx
        .select({ id: t.product.id, country: t.company.country })
        .from(t.product)
        .innerJoin(t.company, eq(t.company.id, t.product.companyId))
        .where(inArray(t.product.id, part));
      for (const r of rows) found.set(r.id, r.country);
    }
    const european = new Set(EUROPEAN_CODES);
    add.forEach((a, i) => {
      const path = `alternatives.add.${i}.product_id`;
      if (a.product_id === id) throw new InputError('A product cannot be its own alternative', 400, [{ path, message: 'A product cannot be its own alternative' }]);
      const country = found.get(a.product_id);
      if (country === undefined) throw new InputError('Alternative product not found', 400, [{ path, message: 'Product not found: choose it again' }]);
      if (!european.has(country)) {
        const message = 'Only products of companies headquartered in Europe can be alternatives';
        throw new InputError(message, 400, [{ path, message }]);
      }
    });
  }
}

function productColumns(v: ProductValues) {
  return {
    companyId: v.company_id,
    subcategoryId: v.subcategory_id,
    slug: v.slug,
    name: v.name,
    description: v.description,
    translations: v.translations,
    aliases: v.aliases,
    websiteUrl: v.website_url,
    pricing: v.pricing,
    priceFromEur: v.price_from_eur,
    licence: v.licence,
    selfHostable: v.self_hostable,
    platforms: v.platforms,
    e2ee: v.e2ee,
    dataLocation: v.data_location,
    interfaceLanguages: v.interface_languages,
    status: v.status,
  };
}

async function writeLinks(tx: Executor, id: number, v: ProductValues): Promise<void> {
  if (v.sources) {
    await tx.delete(t.source).where(eq(t.source.productId, id));
    for (const part of chunks(v.sources)) {
      await tx.insert(t.source).values(part.map((s) => sourceRow(v.company_id, id, s)));
    }
  } else {
    // The product may have moved to another company: its sources go with it.
    await tx.update(t.source).set({ companyId: v.company_id }).where(eq(t.source.productId, id));
  }
  // A diff: links the editor did not touch stay, also ones made meanwhile; `add` also updates can_import.
  if (v.alternatives) {
    const { add, remove } = v.alternatives;
    if (remove.length) await tx.delete(t.productAlternative).where(and(eq(t.productAlternative.productId, id), inArray(t.productAlternative.alternativeId, remove)));
    for (const part of chunks(add)) {
      await tx
        .insert(t.productAlternative)
        .values(part.map((a) => ({ productId: id, alternativeId: a.product_id, canImport: a.can_import })))
        .onConflictDoUpdate({ target: [t.productAlternative.productId, t.productAlternative.alternativeId], set: { canImport: sql`excluded.can_import` } });
    }
  }
}

export async function createProduct(db: Db, v: ProductValues, w: WriteContext): Promise<number> {
  return createLogged(db, w, { entity: 'product', label: v.name }, async (tx) => {
    await checkReferences(tx, v, undefined);
    const [row] = await tx
      .insert(t.product)
      .values({ ...productColumns(v), updatedAt: w.now.toISOString() })
      .returning({ id: t.product.id });
    await writeLinks(tx, row.id, v);
    return row.id;
  });
}

/** False when there is no such product; 412 (InputError) when `version` is no longer current. */
export async function updateProduct(db: Db, id: number, version: number, v: ProductValues, w: WriteContext): Promise<boolean> {
  return updateLogged(db, w, { entity: 'product', label: v.name }, id, version, async (tx) => {
    await checkReferences(tx, v, id);
    await tx.update(t.product).set(productColumns(v)).where(eq(t.product.id, id));
    await writeLinks(tx, id, v);
  });
}

/**
 * Removes a product with its sources and its links both ways (explicitly: a remote libSQL connection
 * may run without foreign keys). A product a switching guide is about stays (409): the guide first.
 */
export async function removeProductRows(tx: Executor, id: number): Promise<void> {
  const guides = await tx.select({ title: t.guide.title }).from(t.guide).where(eq(t.guide.fromProductId, id));
  if (guides.length) {
    const names = guides.map((g) => `“${g.title}”`).join(', ');
    throw new InputError(`The switching ${guides.length === 1 ? 'guide' : 'guides'} ${names} ${guides.length === 1 ? 'is' : 'are'} about this product. Change or delete ${guides.length === 1 ? 'it' : 'them'} first.`, 409);
  }
  await tx.delete(t.productAlternative).where(or(eq(t.productAlternative.productId, id), eq(t.productAlternative.alternativeId, id)));
  await tx.delete(t.source).where(eq(t.source.productId, id));
  await tx.delete(t.product).where(eq(t.product.id, id));
}

/** Deletes the product, its sources and its links both ways. False when there is no such product. */
export async function deleteProduct(db: Db, id: number, version: number, w: WriteContext): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    if ((await claimVersion(tx, 'product', id, version, w)) === undefined) return false;
    const before = await productSnapshot(tx, id);
    await removeProductRows(tx, id);
    await logChange(tx, w, { entity: 'product', entityId: id, label: String(before?.name ?? `Product ${id}`), action: 'delete', before, after: null });
    return true;
  });
}

type CompanyFileRecord = { products?: { slug: string }[] };

/**
 * After a companies import: the stored products whose record changed get a new version, so an editor still
 * holding the old one gets 412 instead of overwriting the import (the company's change-log row has them).
 */
export async function bumpImportedProducts(tx: Executor, before: Map<string, unknown>, after: Map<string, unknown>, w: WriteContext): Promise<void> {
  const productsOf = (record: unknown) => new Map(((record as CompanyFileRecord | undefined)?.products ?? []).map((p) => [p.slug, JSON.stringify(p)]));
  const changed: string[] = [];
  for (const [key, record] of after) {
    const old = productsOf(before.get(key));
    for (const [slug, json] of productsOf(record)) if (old.has(slug) && old.get(slug) !== json) changed.push(slug);
  }
  for (const part of chunks(changed)) {
    await tx.update(t.product).set({ version: sql`${t.product.version} + 1`, updatedAt: w.now.toISOString() }).where(inArray(t.product.slug, part));
  }
}
