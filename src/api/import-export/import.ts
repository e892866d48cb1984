// Import of categories, certificates, countries and companies in the export format. Every function
// expects to run inside one transaction: a bad record throws and nothing is written.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import { countryByCode } from '../../lib/countries.ts';
import {
  categoryRecordSchema,
  certificateRecordSchema,
  companyRecordSchema,
  countryRecordSchema,
  type CompanyRecord,
} from '../../lib/schemas/import.ts';
import { chunks } from '../chunks.ts';
import { InputError, parseRecords, recordsError } from './errors.ts';
import { refreshScores } from './scores.ts';

export async function importCategories(tx: Executor, input: unknown): Promise<number> {
  const records = parseRecords(categoryRecordSchema, input, 'categories');
  assertUnique(records.map((r) => r.slug), 'category slug');
  assertUnique(records.flatMap((r) => r.subcategories.map((s) => s.slug)), 'subcategory slug');
  for (const r of records) {
    const values = { name: r.name, nameDe: r.name_de, nameFr: r.name_fr, slug: r.slug, imageUrl: r.image_url };
    const [row] = await tx
      .insert(t.category)
      .values(values)
      .onConflictDoUpdate({ target: t.category.slug, set: values })
      .returning({ id: t.category.id });
    // Keep existing subcategories (and their company links) that the file still lists; drop the rest.
    const keep = r.subcategories.map((s) => s.slug);
    const dropped = keep.length ? and(eq(t.subcategory.categoryId, row.id), notInArray(t.subcategory.slug, keep)) : eq(t.subcategory.categoryId, row.id);
    // The links go explicitly too: a remote libSQL connection may not enforce ON DELETE CASCADE.
    await tx.delete(t.companySubcategory).where(inArray(t.companySubcategory.subcategoryId, tx.select({ id: t.subcategory.id }).from(t.subcategory).where(dropped)));
    await tx.delete(t.subcategory).where(dropped);
    for (const s of r.subcategories) {
      const sub = { name: s.name, nameDe: s.name_de, nameFr: s.name_fr, slug: s.slug, categoryId: row.id };
      await tx.insert(t.subcategory).values(sub).onConflictDoUpdate({ target: t.subcategory.slug, set: sub });
    }
  }
  return records.length;
}

export async function importCertificates(tx: Executor, input: unknown): Promise<number> {
  const records = parseRecords(certificateRecordSchema, input, 'certificates');
  assertUnique(records.map((r) => r.name.toLowerCase()), 'certificate name');
  for (const r of records) {
    const values = { name: r.name, description: r.description, descriptionDe: r.description_de, descriptionFr: r.description_fr, iconType: r.icon_type };
    await tx.insert(t.certification).values(values).onConflictDoUpdate({ target: t.certification.name, set: values });
  }
  return records.length;
}

export async function importCountries(tx: Executor, input: unknown): Promise<number> {
  const records = parseRecords(countryRecordSchema, input, 'countries');
  const unknown = records.filter((r) => !countryByCode(r.code)).map((r) => r.code);
  if (unknown.length) throw new InputError(`Invalid country codes found: ${unknown.join(', ')}`);
  for (const r of records) {
    const tax = { countryCode: r.code, corporateTaxRate: r.corporate_tax_rate, population: r.population };
    await tx.insert(t.countryTaxRate).values(tax).onConflictDoUpdate({ target: t.countryTaxRate.countryCode, set: tax });
    const member = { countryCode: r.code, isEuMember: r.is_eu_member, joinedDate: r.is_eu_member ? r.joined_date : null };
    await tx.insert(t.countryMembership).values(member).onConflictDoUpdate({ target: t.countryMembership.countryCode, set: member });
  }
  return records.length;
}

export async function importCompanies(tx: Executor, input: unknown): Promise<number> {
  const records = parseRecords(companyRecordSchema, input, 'companies');
  assertUnique(records.map((r) => r.slug), 'company slug');

  // Every reference is checked before anything is written, and every problem is reported at once.
  const problems: { index: number; raw: unknown; path: string; message: string }[] = [];
  const problem = (index: number, path: string, message: string) => problems.push({ index, raw: (input as unknown[])[index], path, message });
  const badCodes = [...new Set(records.map((r) => r.country).filter((c) => !countryByCode(c)))];
  records.forEach((r, i) => !countryByCode(r.country) && problem(i, 'country', `Unknown country code: ${r.country}`));

  const categories = await tx.query.category.findMany({ with: { subcategories: true } });
  const categoryByName = new Map(categories.map((c) => [c.name.toLowerCase(), c]));
  records.forEach((r, i) => !categoryByName.has(r.category.toLowerCase()) && problem(i, 'category', `Category not found: ${r.category}`));

  const certs = await tx.select({ id: t.certification.id, name: t.certification.name }).from(t.certification);
  const certByName = new Map(certs.map((c) => [c.name.toLowerCase(), c.id]));
  records.forEach((r, i) =>
    r.certifications.forEach((c, j) => !certByName.has(c.name.toLowerCase()) && problem(i, `certifications.${j}.name`, `Certification not found: ${c.name}`)),
  );

  // Alternatives may point at companies later in the file or already in the database.
  const inFile = new Set(records.map((r) => r.slug));
  const elsewhere = [...new Set(records.flatMap((r) => (r.alternatives ?? []).map((a) => a.slug)))].filter((s) => !inFile.has(s));
  const existing = new Map<string, number>();
  for (const part of chunks(elsewhere)) {
    for (const row of await tx.select({ id: t.company.id, slug: t.company.slug }).from(t.company).where(inArray(t.company.slug, part))) existing.set(row.slug, row.id);
  }
  records.forEach((r, i) =>
    r.alternatives?.forEach((a, j) => {
      if (a.slug === r.slug) problem(i, `alternatives.${j}.slug`, 'A company cannot be its own alternative');
      else if (!inFile.has(a.slug) && !existing.has(a.slug)) problem(i, `alternatives.${j}.slug`, `Alternative not found: ${a.slug}`);
    }),
  );

  if (problems.length) {
    // SPEC's sentences for countries and categories ("Invalid country codes found: XX, QQ", "Category
    // not found: X"), then every other problem by record; the issues list all of them by record.
    const spec = [
      ...(badCodes.length ? [`Invalid country codes found: ${badCodes.join(', ')}`] : []),
      ...new Set(problems.filter((p) => p.path === 'category').map((p) => p.message)),
    ];
    const others = problems.filter((p) => p.path !== 'country' && p.path !== 'category');
    const message = [...spec, ...(others.length ? [recordsError(others).message] : [])].join('; ');
    throw new InputError(message, 400, recordsError(problems).issues);
  }

  const idBySlug = new Map<string, number>();
  for (const r of records) {
    const category = categoryByName.get(r.category.toLowerCase())!;
    idBySlug.set(r.slug, await upsertCompany(tx, r, category.id));
    const companyId = idBySlug.get(r.slug)!;
    // Subcategories are matched by name within the category; unknown names are skipped (SPEC section 5).
    const wanted = new Set(r.subcategories.map((s) => s.toLowerCase()));
    const subIds = category.subcategories.filter((s) => wanted.has(s.name.toLowerCase())).map((s) => s.id);
    await tx.delete(t.companySubcategory).where(eq(t.companySubcategory.companyId, companyId));
    for (const part of chunks(subIds)) await tx.insert(t.companySubcategory).values(part.map((subcategoryId) => ({ companyId, subcategoryId })));

    await tx.delete(t.companyCertification).where(eq(t.companyCertification.companyId, companyId));
    for (const part of chunks(r.certifications)) {
      await tx.insert(t.companyCertification).values(
        part.map((c) => ({
          companyId,
          certificationId: certByName.get(c.name.toLowerCase())!,
          status: c.status,
          validFrom: c.valid_from,
          validUntil: c.valid_until,
          link: c.link,
        })),
      );
    }
    await tx.delete(t.euFine).where(eq(t.euFine.companyId, companyId));
    for (const part of chunks(r.eu_fines)) {
      await tx.insert(t.euFine).values(
        part.map((f) => ({
          companyId,
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

  // Alternatives may point at companies later in the file, so they are linked in a second pass.
  for (const [slug, id] of existing) if (!idBySlug.has(slug)) idBySlug.set(slug, id);
  const toScore: { companyId: number; alternativeId: number }[] = [];
  for (const r of records) {
    if (!r.alternatives) continue;
    const companyId = idBySlug.get(r.slug)!;
    await tx.delete(t.alternative).where(eq(t.alternative.companyId, companyId));
    for (const a of r.alternatives) {
      const alternativeId = idBySlug.get(a.slug)!; // checked above
      await tx
        .insert(t.alternative)
        .values({ companyId, alternativeId, sustainabilityScore: a.sustainability_score ?? 0 })
        .onConflictDoNothing();
      if (a.sustainability_score == null) toScore.push({ companyId, alternativeId });
    }
  }
  // Scores that the file did not give are computed from the facts now in the database.
  await refreshScores(tx, toScore);
  return records.length;
}

async function upsertCompany(tx: Executor, r: CompanyRecord, categoryId: number): Promise<number> {
  const values = {
    name: r.name,
    slug: r.slug,
    country: r.country,
    websiteUrl: r.website_url,
    description: r.description,
    descriptionDe: r.description_de,
    descriptionFr: r.description_fr,
    foundedYear: r.founded_year,
    isUnicorn: r.is_unicorn,
    doubleIrish: r.double_irish,
    sustainable: r.sustainable,
    employeeCount: r.employee_count,
    headquarters: r.headquarters,
    logoUrl: r.logo_url,
    categoryId,
  };
  const insertValues = r.created_at ? { ...values, createdAt: r.created_at } : values;
  const [row] = await tx
    .insert(t.company)
    .values(insertValues)
    .onConflictDoUpdate({ target: t.company.slug, set: values })
    .returning({ id: t.company.id });
  return row.id;
}

function assertUnique(values: string[], what: string): void {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const v of values) (seen.has(v) ? twice : seen).add(v);
  if (twice.size) throw new InputError(`Duplicate ${what} in the file: ${[...twice].join(', ')}`);
}
