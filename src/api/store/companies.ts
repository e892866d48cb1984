// Reads and writes of companies for the admin API. A save writes the company, its subcategory links,
// certifications, fines and alternatives in one transaction.
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import type { CompanyValues } from '../../lib/schemas/company.ts';
import { chunks } from '../chunks.ts';
import { InputError } from '../import-export/errors.ts';
import { refreshScores } from '../import-export/scores.ts';
import { writeTransaction } from '../write-lock.ts';

export async function listCompanies(db: Executor) {
  return db
    .select({
      id: t.company.id,
      name: t.company.name,
      slug: t.company.slug,
      country: t.company.country,
      is_unicorn: t.company.isUnicorn,
      double_irish: t.company.doubleIrish,
      category_id: t.company.categoryId,
      category_name: t.category.name,
      created_at: t.company.createdAt,
      alternatives_count: sql<number>`(select count(*) from "alternatives" a where a."company_id" = "company"."id")`.mapWith(Number),
      alternative_to_count: sql<number>`(select count(*) from "alternatives" a where a."alternative_id" = "company"."id")`.mapWith(Number),
    })
    .from(t.company)
    .leftJoin(t.category, eq(t.category.id, t.company.categoryId))
    .orderBy(sql`${t.company.name} collate nocase`, asc(t.company.id));
}

async function linkedCompanies(db: Executor, companyId: number, direction: 'alternatives' | 'alternative_to') {
  const [mine, other] = direction === 'alternatives' ? [t.alternative.companyId, t.alternative.alternativeId] : [t.alternative.alternativeId, t.alternative.companyId];
  return db
    .select({
      company_id: t.company.id,
      name: t.company.name,
      slug: t.company.slug,
      country: t.company.country,
      sustainability_score: t.alternative.sustainabilityScore,
    })
    .from(t.alternative)
    .innerJoin(t.company, eq(t.company.id, other))
    .where(eq(mine, companyId))
    .orderBy(sql`${t.company.name} collate nocase`);
}

/** One company in the shape of the company form, plus names for display. */
export async function getCompany(db: Executor, id: number) {
  const [c] = await db.select().from(t.company).where(eq(t.company.id, id));
  if (!c) return undefined;
  const [category] = await db.select({ id: t.category.id, name: t.category.name, slug: t.category.slug }).from(t.category).where(eq(t.category.id, c.categoryId));
  const subcategories = await db
    .select({ id: t.subcategory.id, name: t.subcategory.name, slug: t.subcategory.slug })
    .from(t.companySubcategory)
    .innerJoin(t.subcategory, eq(t.subcategory.id, t.companySubcategory.subcategoryId))
    .where(eq(t.companySubcategory.companyId, id))
    .orderBy(sql`${t.subcategory.name} collate nocase`);
  const certifications = await db
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
    .orderBy(sql`${t.certification.name} collate nocase`);
  const fines = await db
    .select({
      id: t.euFine.id,
      amount: t.euFine.amount,
      currency: t.euFine.currency,
      date: t.euFine.date,
      description: t.euFine.description,
      description_de: t.euFine.descriptionDe,
      description_fr: t.euFine.descriptionFr,
      announcement_url: t.euFine.announcementUrl,
    })
    .from(t.euFine)
    .where(eq(t.euFine.companyId, id))
    .orderBy(desc(t.euFine.date), asc(t.euFine.id));
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    country: c.country,
    website_url: c.websiteUrl,
    description: c.description,
    description_de: c.descriptionDe,
    description_fr: c.descriptionFr,
    founded_year: c.foundedYear,
    is_unicorn: c.isUnicorn,
    double_irish: c.doubleIrish,
    sustainable: c.sustainable,
    employee_count: c.employeeCount,
    headquarters: c.headquarters,
    logo_url: c.logoUrl,
    category_id: c.categoryId,
    created_at: c.createdAt,
    category: category ?? null,
    subcategory_ids: subcategories.map((s) => s.id),
    subcategories,
    certifications,
    eu_fines: fines,
    alternatives: await linkedCompanies(db, id, 'alternatives'),
    alternative_to: await linkedCompanies(db, id, 'alternative_to'),
  };
}

export type CompanyDetail = NonNullable<Awaited<ReturnType<typeof getCompany>>>;

/** Checks everything the database would refuse, with messages tied to the form fields. */
async function checkReferences(tx: Executor, v: CompanyValues, id: number | undefined): Promise<void> {
  const [dup] = await tx
    .select({ id: t.company.id })
    .from(t.company)
    .where(id === undefined ? eq(t.company.slug, v.slug) : and(eq(t.company.slug, v.slug), ne(t.company.id, id)));
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
  for (const key of ['alternatives', 'alternative_to'] as const) {
    const list = v[key];
    if (!list?.length) continue;
    const ids = list.map((a) => a.company_id);
    const found = new Set((await tx.select({ id: t.company.id }).from(t.company).where(inArray(t.company.id, ids))).map((r) => r.id));
    const index = ids.findIndex((cid) => !found.has(cid) || cid === id);
    if (index >= 0) {
      const message = ids[index] === id ? 'A company cannot be its own alternative' : 'Company not found';
      throw new InputError(message, 400, [{ path: `${key}.${index}.company_id`, message }]);
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
    descriptionDe: v.description_de,
    descriptionFr: v.description_fr,
    foundedYear: v.founded_year,
    isUnicorn: v.is_unicorn,
    doubleIrish: v.double_irish,
    sustainable: v.sustainable,
    employeeCount: v.employee_count,
    headquarters: v.headquarters,
    logoUrl: v.logo_url,
    categoryId: v.category_id,
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
  if (v.eu_fines) {
    await tx.delete(t.euFine).where(eq(t.euFine.companyId, id));
    // In slices of 100 rows, in this transaction: one statement for all fines could exceed SQLite's limits.
    for (const part of chunks(v.eu_fines)) {
      await tx.insert(t.euFine).values(
        part.map((f) => ({
          companyId: id,
          amount: f.amount,
          currency: f.currency,
          date: f.date,
          description: f.description,
          descriptionDe: f.description_de,
          descriptionFr: f.description_fr,
          announcementUrl: f.announcement_url,
        })),
      );
    }
  }
  const toScore: { companyId: number; alternativeId: number }[] = [];
  if (v.alternatives) {
    await tx.delete(t.alternative).where(eq(t.alternative.companyId, id));
    for (const a of v.alternatives) {
      await tx.insert(t.alternative).values({ companyId: id, alternativeId: a.company_id, sustainabilityScore: a.sustainability_score ?? 0 });
      if (a.sustainability_score === null) toScore.push({ companyId: id, alternativeId: a.company_id });
    }
  }
  if (v.alternative_to) {
    await tx.delete(t.alternative).where(eq(t.alternative.alternativeId, id));
    for (const a of v.alternative_to) {
      await tx.insert(t.alternative).values({ companyId: a.company_id, alternativeId: id, sustainabilityScore: a.sustainability_score ?? 0 });
      if (a.sustainability_score === null) toScore.push({ companyId: a.company_id, alternativeId: id });
    }
  }
  // Scores left empty are computed from the facts just written.
  await refreshScores(tx, toScore);
}

export async function createCompany(db: Db, v: CompanyValues): Promise<number> {
  return writeTransaction(db, async (tx) => {
    await checkReferences(tx, v, undefined);
    const [row] = await tx.insert(t.company).values(companyColumns(v)).returning({ id: t.company.id });
    await writeLinks(tx, row.id, v, false);
    return row.id;
  });
}

/** False when there is no such company. */
export async function updateCompany(db: Db, id: number, v: CompanyValues): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const [current] = await tx.select({ categoryId: t.company.categoryId }).from(t.company).where(eq(t.company.id, id));
    if (!current) return false;
    await checkReferences(tx, v, id);
    await tx.update(t.company).set(companyColumns(v)).where(eq(t.company.id, id));
    await writeLinks(tx, id, v, current.categoryId !== v.category_id);
    return true;
  });
}

/** Deletes the company and every row that points at it. False when there is no such company. */
export async function deleteCompany(db: Db, id: number): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const [current] = await tx.select({ id: t.company.id }).from(t.company).where(eq(t.company.id, id));
    if (!current) return false;
    // Explicit, not only ON DELETE CASCADE: a remote libSQL connection may run without foreign keys.
    await tx.delete(t.companySubcategory).where(eq(t.companySubcategory.companyId, id));
    await tx.delete(t.companyCertification).where(eq(t.companyCertification.companyId, id));
    await tx.delete(t.euFine).where(eq(t.euFine.companyId, id));
    await tx.delete(t.alternative).where(or(eq(t.alternative.companyId, id), eq(t.alternative.alternativeId, id)));
    await tx.delete(t.company).where(eq(t.company.id, id));
    return true;
  });
}
