// Reads and writes of companies for the admin API. A save writes the company, its subcategory links,
// certifications, sources, fines and alternative links in one transaction, after checking and bumping
// its version, and records the change (before/after in the export format) in the same transaction.
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import type { CompanyValues } from '../../lib/schemas/company.ts';
import { likePattern, type ListQuery, type Paged } from '../../lib/schemas/list.ts';
import { chunks } from '../chunks.ts';
import { InputError } from '../import-export/errors.ts';
import { writeTransaction } from '../write-lock.ts';
import { logChange, recordSnapshot, type WriteContext } from './change-log.ts';
import { claimVersion } from './versions.ts';
import { createLogged, updateLogged } from './logged-writes.ts';
import { fineRow, sourceRow } from './rows.ts';

const alternativesCount = sql<number>`(select count(*) from "alternatives" a where a."company_id" = "company"."id")`.mapWith(Number);
const alternativeToCount = sql<number>`(select count(*) from "alternatives" a where a."alternative_id" = "company"."id")`.mapWith(Number);

/** The sort keys of the companies list (?sort=name, ?sort=-created_at …). */
export const COMPANY_SORTS = ['name', 'country', 'category', 'status', 'created_at', 'updated_at', 'alternatives'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

const companySortColumn: Record<CompanySort, SQL> = {
  name: sql`${t.company.name} collate nocase`,
  country: sql`${t.company.country}`,
  category: sql`${t.category.name} collate nocase`,
  status: sql`${t.company.status}`,
  created_at: sql`${t.company.createdAt}`,
  updated_at: sql`${t.company.updatedAt}`,
  alternatives: sql`(select count(*) from "alternatives" a where a."company_id" = "company"."id" or a."alternative_id" = "company"."id")`,
};

/**
 * A page of companies: search by name or slug, a whitelisted sort (ties by name, then id), the total.
 * Two steps, so the cost does not grow with the table: the page's ids first (the name sort reads them
 * in order from company_name_nocase_idx), then the rows and their link counts for those ids only.
 */
export async function listCompanies(db: Executor, query: ListQuery<CompanySort>, filter: { status?: 'published' | 'draft' } = {}): Promise<Paged<CompanyListItem>> {
  const pattern = likePattern(query.q);
  const search = query.q
    ? sql`(lower(${t.company.name}) like ${pattern} escape '\\' or ${t.company.slug} like ${pattern} escape '\\')`
    : undefined;
  // ?status=draft: the drafts waiting for review.
  const where = and(search, filter.status ? eq(t.company.status, filter.status) : undefined);
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t.company).where(where);
  const dir = query.desc ? sql`desc` : sql`asc`;
  const page = db.select({ id: t.company.id }).from(t.company);
  const ids = (
    await (query.sort === 'category' ? page.leftJoin(t.category, eq(t.category.id, t.company.categoryId)) : page)
      .where(where)
      .orderBy(...(query.sort === 'name' ? [] : [sql`${companySortColumn[query.sort]} ${dir}`]), sql`${t.company.name} collate nocase ${query.sort === 'name' ? dir : sql`asc`}`, asc(t.company.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
  ).map((r) => r.id);
  const rows = ids.length
    ? await db
        .select({
          id: t.company.id,
          name: t.company.name,
          slug: t.company.slug,
          country: t.company.country,
          status: t.company.status,
          is_unicorn: t.company.isUnicorn,
          double_irish: t.company.doubleIrish,
          category_id: t.company.categoryId,
          category_name: t.category.name,
          created_at: t.company.createdAt,
          updated_at: t.company.updatedAt,
          alternatives_count: alternativesCount,
          alternative_to_count: alternativeToCount,
        })
        .from(t.company)
        .leftJoin(t.category, eq(t.category.id, t.company.categoryId))
        .where(inArray(t.company.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: ids.map((id) => byId.get(id)!), total: n, page: query.page, per_page: query.per_page };
}

export interface CompanyListItem {
  id: number;
  name: string;
  slug: string;
  country: string;
  status: 'published' | 'draft';
  is_unicorn: boolean;
  double_irish: boolean;
  category_id: number;
  category_name: string | null;
  created_at: string;
  updated_at: string | null;
  alternatives_count: number;
  alternative_to_count: number;
}

function linkedCompanies(db: Db, companyId: number, direction: 'alternatives' | 'alternative_to') {
  const [mine, other] = direction === 'alternatives' ? [t.alternative.companyId, t.alternative.alternativeId] : [t.alternative.alternativeId, t.alternative.companyId];
  return db
    .select({ company_id: t.company.id, name: t.company.name, slug: t.company.slug, country: t.company.country })
    .from(t.alternative)
    .innerJoin(t.company, eq(t.company.id, other))
    .where(eq(mine, companyId))
    .orderBy(sql`${t.company.name} collate nocase`);
}

/**
 * One company in the shape of the company form, plus names for display, its version and last save.
 * Its seven reads go as one batch: one round trip to Turso (one Workers subrequest) instead of seven.
 */
export async function getCompany(db: Db, id: number) {
  const [[row], subcategories, certifications, fines, sources, alternatives, alternativeTo] = await db.batch([
    db
      .select({ c: t.company, category: { id: t.category.id, name: t.category.name, slug: t.category.slug } })
      .from(t.company)
      .leftJoin(t.category, eq(t.category.id, t.company.categoryId))
      .where(eq(t.company.id, id)),
    db
      .select({ id: t.subcategory.id, name: t.subcategory.name, slug: t.subcategory.slug })
      .from(t.companySubcategory)
      .innerJoin(t.subcategory, eq(t.subcategory.id, t.companySubcategory.subcategoryId))
      .where(eq(t.companySubcategory.companyId, id))
      .orderBy(sql`${t.subcategory.name} collate nocase`),
    db
      .select({
        certification_id: t.companyCertification.certificationId,
        name: t.certification.name,
        icon_type: t.certification.iconType,
        status: t.companyCertification.status,
        valid_from: t.companyCertification.validFrom,
        valid_until: t.companyCertification.validUntil,
        link: t.companyCertification.link,
      })
      .from(t.companyCertification)
      .innerJoin(t.certification, eq(t.certification.id, t.companyCertification.certificationId))
      .where(eq(t.companyCertification.companyId, id))
      .orderBy(sql`${t.certification.name} collate nocase`),
    db
      .select({
        id: t.euFine.id,
        body: t.euFine.body,
        kind: t.euFine.kind,
        amount: t.euFine.amount,
        current_amount: t.euFine.currentAmount,
        status: t.euFine.status,
        currency: t.euFine.currency,
        date: t.euFine.date,
        description: t.euFine.description,
        translations: t.euFine.translations,
        announcement_url: t.euFine.announcementUrl,
        status_url: t.euFine.statusUrl,
        verified_at: t.euFine.verifiedAt,
      })
      .from(t.euFine)
      .where(eq(t.euFine.companyId, id))
      .orderBy(desc(t.euFine.date), asc(t.euFine.id)),
    db
      .select({ url: t.source.url, title: t.source.title, facts: t.source.facts, verified_at: t.source.verifiedAt })
      .from(t.source)
      .where(and(eq(t.source.companyId, id), isNull(t.source.productId)))
      .orderBy(asc(t.source.id)),
    linkedCompanies(db, id, 'alternatives'),
    linkedCompanies(db, id, 'alternative_to'),
  ]);
  if (!row) return undefined;
  const { c, category } = row;
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    country: c.country,
    website_url: c.websiteUrl,
    description: c.description,
    translations: c.translations,
    founded_year: c.foundedYear,
    is_unicorn: c.isUnicorn,
    double_irish: c.doubleIrish,
    sustainable: c.sustainable,
    employee_count: c.employeeCount,
    headquarters: c.headquarters,
    logo_url: c.logoUrl,
    legal_name: c.legalName,
    owner_kind: c.ownerKind,
    owner_name: c.ownerName,
    owner_country: c.ownerCountry,
    owner_since: c.ownerSince,
    hosting: c.hosting,
    status: c.status,
    category_id: c.categoryId,
    created_at: c.createdAt,
    version: c.version,
    updated_at: c.updatedAt,
    category: category ?? null,
    subcategory_ids: subcategories.map((s) => s.id),
    subcategories,
    certifications,
    sources,
    eu_fines: fines,
    alternatives,
    alternative_to: alternativeTo,
  };
}

export type CompanyDetail = NonNullable<Awaited<ReturnType<typeof getCompany>>>;

/** The company as an export record (the change log's before/after), or null when it does not exist. */
async function snapshot(tx: Executor, id: number) {
  return recordSnapshot(tx, 'company', id);
}

/** Checks everything the database would refuse, with messages tied to the form fields. */
async function checkReferences(tx: Executor, v: CompanyValues, id: number | undefined): Promise<void> {
  const [dup] = await tx
    .select({ id: t.company.id })
    .from(t.company)
    .where(id === undefined ? eq(t.company.slug, v.slug) : and(eq(t.company.slug, v.slug), sql`${t.company.id} <> ${id}`));
  if (dup) throw new InputError(`A company with the slug "${v.slug}" already exists.`, 409, [{ path: 'slug', message: 'This slug is already used by another company' }]);

  const [category] = await tx.select({ id: t.category.id }).from(t.category).where(eq(t.category.id, v.category_id));
  if (!category) throw new InputError('Category not found', 400, [{ path: 'category_id', message: 'Category not found' }]);

  if (v.subcategory_ids?.length) {
    const subs = await tx
      .select({ id: t.subcategory.id, categoryId: t.subcategory.categoryId })
      .from(t.subcategory)
      .where(inArray(t.subcategory.id, v.subcategory_ids));
    const index = v.subcategory_ids.findIndex((sid) => subs.find((s) => s.id === sid)?.categoryId !== v.category_id);
    if (index >= 0) {
      const message = 'Subcategory does not belong to the selected category';
      throw new InputError(message, 400, [{ path: `subcategory_ids.${index}`, message }]);
    }
  }
  if (v.certifications?.length) {
    const ids = v.certifications.map((c) => c.certification_id);
    const found = new Set((await tx.select({ id: t.certification.id }).from(t.certification).where(inArray(t.certification.id, ids))).map((r) => r.id));
    const index = ids.findIndex((cid) => !found.has(cid));
    if (index >= 0) throw new InputError('Certification not found', 400, [{ path: `certifications.${index}.certification_id`, message: 'Certification not found' }]);
  }
  // Only links being added must exist; removing a link to a company deleted meanwhile is harmless.
  for (const key of ['alternatives', 'alternative_to'] as const) {
    const ids = v[key]?.add ?? [];
    if (!ids.length) continue;
    const found = new Set((await tx.select({ id: t.company.id }).from(t.company).where(inArray(t.company.id, ids))).map((r) => r.id));
    const index = ids.findIndex((cid) => !found.has(cid) || cid === id);
    if (index >= 0) {
      const message = ids[index] === id ? 'A company cannot be its own alternative' : 'Company not found';
      throw new InputError(message, 400, [{ path: `${key}.add.${index}`, message }]);
    }
  }
}

function companyColumns(v: CompanyValues) {
  return {
    name: v.name,
    slug: v.slug,
    country: v.country,
    websiteUrl: v.website_url,
    description: v.description,
    translations: v.translations,
    foundedYear: v.founded_year,
    isUnicorn: v.is_unicorn,
    doubleIrish: v.double_irish,
    sustainable: v.sustainable,
    employeeCount: v.employee_count,
    headquarters: v.headquarters,
    logoUrl: v.logo_url,
    categoryId: v.category_id,
    legalName: v.legal_name,
    ownerKind: v.owner_kind,
    ownerName: v.owner_name,
    ownerCountry: v.owner_country,
    ownerSince: v.owner_since,
    hosting: v.hosting,
    status: v.status,
  };
}

async function writeLinks(tx: Executor, id: number, v: CompanyValues, categoryChanged: boolean): Promise<void> {
  if (v.subcategory_ids) {
    await tx.delete(t.companySubcategory).where(eq(t.companySubcategory.companyId, id));
    for (const part of chunks(v.subcategory_ids)) {
      await tx.insert(t.companySubcategory).values(part.map((subcategoryId) => ({ companyId: id, subcategoryId })));
    }
  } else if (categoryChanged) {
    // Links to subcategories of the old category no longer make sense.
    const keep = tx.select({ id: t.subcategory.id }).from(t.subcategory).where(eq(t.subcategory.categoryId, v.category_id));
    await tx.delete(t.companySubcategory).where(and(eq(t.companySubcategory.companyId, id), sql`${t.companySubcategory.subcategoryId} not in ${keep}`));
  }
  if (v.certifications) {
    await tx.delete(t.companyCertification).where(eq(t.companyCertification.companyId, id));
    for (const part of chunks(v.certifications)) {
      await tx.insert(t.companyCertification).values(
        part.map((c) => ({
          companyId: id,
          certificationId: c.certification_id,
          status: c.status,
          validFrom: c.valid_from,
          validUntil: c.valid_until,
          link: c.link,
        })),
      );
    }
  }
  if (v.sources) {
    await tx.delete(t.source).where(and(eq(t.source.companyId, id), isNull(t.source.productId)));
    if (v.sources.length) {
      await tx.insert(t.source).values(v.sources.map((s) => sourceRow(id, null, s)));
    }
  }
  if (v.eu_fines) {
    await tx.delete(t.euFine).where(eq(t.euFine.companyId, id));
    // In slices of 100 rows, in this transaction: one statement for all fines could exceed SQLite's limits.
    for (const part of chunks(v.eu_fines)) {
      await tx.insert(t.euFine).values(part.map((f) => fineRow(id, f)));
    }
  }
  // Alternative links change as a diff: links the editor did not touch stay, also ones made meanwhile.
  if (v.alternatives) {
    const { add, remove } = v.alternatives;
    if (remove.length) await tx.delete(t.alternative).where(and(eq(t.alternative.companyId, id), inArray(t.alternative.alternativeId, remove)));
    if (add.length) await tx.insert(t.alternative).values(add.map((alternativeId) => ({ companyId: id, alternativeId }))).onConflictDoNothing();
  }
  if (v.alternative_to) {
    const { add, remove } = v.alternative_to;
    if (remove.length) await tx.delete(t.alternative).where(and(eq(t.alternative.alternativeId, id), inArray(t.alternative.companyId, remove)));
    if (add.length) await tx.insert(t.alternative).values(add.map((companyId) => ({ companyId, alternativeId: id }))).onConflictDoNothing();
  }
}

export async function createCompany(db: Db, v: CompanyValues, w: WriteContext): Promise<number> {
  return createLogged(db, w, { entity: 'company', label: v.name }, async (tx) => {
    await checkReferences(tx, v, undefined);
    const [row] = await tx
      .insert(t.company)
      .values({ ...companyColumns(v), updatedAt: w.now.toISOString() })
      .returning({ id: t.company.id });
    await writeLinks(tx, row.id, v, false);
    return row.id;
  });
}

/** False when there is no such company; 412 (InputError) when `version` is no longer current. */
export async function updateCompany(db: Db, id: number, version: number, v: CompanyValues, w: WriteContext): Promise<boolean> {
  return updateLogged(db, w, { entity: 'company', label: v.name }, id, version, async (tx) => {
    const [current] = await tx.select({ categoryId: t.company.categoryId }).from(t.company).where(eq(t.company.id, id));
    await checkReferences(tx, v, id);
    await tx.update(t.company).set(companyColumns(v)).where(eq(t.company.id, id));
    await writeLinks(tx, id, v, current.categoryId !== v.category_id);
  });
}

/** Deletes the company and every row that points at it. False when there is no such company. */
export async function deleteCompany(db: Db, id: number, version: number, w: WriteContext): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    if ((await claimVersion(tx, 'company', id, version, w)) === undefined) return false;
    const before = await snapshot(tx, id);
    // Explicit, not only ON DELETE CASCADE: a remote libSQL connection may run without foreign keys.
    const products = tx.select({ id: t.product.id }).from(t.product).where(eq(t.product.companyId, id));
    await tx.delete(t.productAlternative).where(or(inArray(t.productAlternative.productId, products), inArray(t.productAlternative.alternativeId, products)));
    await tx.delete(t.source).where(eq(t.source.companyId, id));
    await tx.delete(t.product).where(eq(t.product.companyId, id));
    await tx.delete(t.companySubcategory).where(eq(t.companySubcategory.companyId, id));
    await tx.delete(t.companyCertification).where(eq(t.companyCertification.companyId, id));
    await tx.delete(t.euFine).where(eq(t.euFine.companyId, id));
    await tx.delete(t.alternative).where(or(eq(t.alternative.companyId, id), eq(t.alternative.alternativeId, id)));
    await tx.delete(t.company).where(eq(t.company.id, id));
    await logChange(tx, w, { entity: 'company', entityId: id, label: before?.name ?? `Company ${id}`, action: 'delete', before, after: null });
    return true;
  });
}
