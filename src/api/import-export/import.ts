// Import of categories, certificates, countries, companies and guides in the export format. Every function
// expects to run inside one transaction: a bad record throws and nothing is written.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import { countryByCode } from '../../lib/countries.ts';
import {
  categoryRecordSchema,
  certificateRecordSchema,
  companyRecordSchema,
  countryRecordSchema,
  productRecordSchema,
  type CompanyRecord,
  type ProductRecord,
} from '../../lib/schemas/import.ts';
import { guideRecordSchema } from '../../lib/schemas/guide.ts';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { CHUNK_SIZE, chunks } from '../chunks.ts';
import { InputError, parseRecords, recordsError } from './errors.ts';
import { fineRow, sourceRow } from '../store/rows.ts';

export async function importCategories(tx: Executor, input: unknown): Promise<number> {
  const records = parseRecords(categoryRecordSchema, input, 'categories');
  assertUnique(records.map((r) => r.slug), 'category slug');
  assertUnique(records.flatMap((r) => r.subcategories.map((s) => s.slug)), 'subcategory slug');
  for (const r of records) {
    const values = { name: r.name, slug: r.slug, imageUrl: r.image_url, translations: r.translations };
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
      const sub = { name: s.name, slug: s.slug, translations: s.translations, categoryId: row.id };
      await tx.insert(t.subcategory).values(sub).onConflictDoUpdate({ target: t.subcategory.slug, set: sub });
    }
  }
  return records.length;
}

export async function importCertificates(tx: Executor, input: unknown): Promise<number> {
  const records = parseRecords(certificateRecordSchema, input, 'certificates');
  assertUnique(records.map((r) => r.name.toLowerCase()), 'certificate name');
  for (const r of records) {
    const values = { name: r.name, description: r.description, translations: r.translations, iconType: r.icon_type };
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
  records.forEach((r, i) => {
    if (!countryByCode(r.country)) problem(i, 'country', `Unknown country code: ${r.country}`);
  });

  const categories = await tx.query.category.findMany({ with: { subcategories: true } });
  const categoryByName = new Map(categories.map((c) => [c.name.toLowerCase(), c]));
  records.forEach((r, i) => {
    if (!categoryByName.has(r.category.toLowerCase())) problem(i, 'category', `Category not found: ${r.category}`);
  });

  const certs = await tx.select({ id: t.certification.id, name: t.certification.name }).from(t.certification);
  const certByName = new Map(certs.map((c) => [c.name.toLowerCase(), c.id]));
  records.forEach((r, i) => {
    r.certifications.forEach((c, j) => {
      if (!certByName.has(c.name.toLowerCase())) problem(i, `certifications.${j}.name`, `Certification not found: ${c.name}`);
    });
  });

  // Alternatives may point at companies later in the file or already in the database.
  const inFile = new Set(records.map((r) => r.slug));
  const elsewhere = [...new Set(records.flatMap((r) => (r.alternatives ?? []).map((a) => a.slug)))].filter((s) => !inFile.has(s));
  const existing = new Map<string, number>();
  for (const part of chunks(elsewhere)) {
    for (const row of await tx.select({ id: t.company.id, slug: t.company.slug }).from(t.company).where(inArray(t.company.slug, part))) existing.set(row.slug, row.id);
  }
  records.forEach((r, i) => {
    r.alternatives?.forEach((a, j) => {
      if (a.slug === r.slug) problem(i, `alternatives.${j}.slug`, 'A company cannot be its own alternative');
      else if (!inFile.has(a.slug) && !existing.has(a.slug)) problem(i, `alternatives.${j}.slug`, `Alternative not found: ${a.slug}`);
    });
  });

  const subcategoryBySlug = new Map(categories.flatMap((c) => c.subcategories.map((s) => [s.slug, s.id] as const)));
  records.forEach((r, i) => {
    r.products.forEach((p, j) => {
      if (p.subcategory && !subcategoryBySlug.has(p.subcategory)) problem(i, `products.${j}.subcategory`, `Subcategory not found: ${p.subcategory}`);
    });
  });

  if (problems.length) {
    // One sentence for countries and one for categories ("Invalid country codes found: XX, QQ", "Category
    // not found: X"), then every other problem by record; the issues list all of them by record.
    const spec = [
      ...(badCodes.length ? [`Invalid country codes found: ${badCodes.join(', ')}`] : []),
      ...new Set(problems.filter((p) => p.path === 'category').map((p) => p.message)),
    ];
    const others = problems.filter((p) => p.path !== 'country' && p.path !== 'category');
    const message = [...spec, ...(others.length ? [recordsError(others).message] : [])].join('; ');
    throw new InputError(message, 400, recordsError(problems).issues);
  }

  assertUnique(records.flatMap((r) => r.products.map((p) => p.slug)), 'product slug');
  // Written set by set, not record by record: on Cloudflare each statement is a round trip to Turso and
  // counts against the Worker's subrequest limit, so the number of statements grows with the number of
  // slices (100 records), not of records. The result is the same as writing the records one by one.
  const productIdBySlug = new Map<string, number>();
  const idBySlug = await upsertCompanies(tx, records, (r) => categoryByName.get(r.category.toLowerCase())!.id);
  const companyIds = records.map((r) => idBySlug.get(r.slug)!);
  for (const table of [t.companySubcategory, t.companyCertification, t.euFine, t.source]) {
    for (const part of chunks(companyIds)) await tx.delete(table).where(inArray(table.companyId, part));
  }
  const subcategoryRows: (typeof t.companySubcategory.$inferInsert)[] = [];
  const certificationRows: (typeof t.companyCertification.$inferInsert)[] = [];
  const fineRows: (typeof t.euFine.$inferInsert)[] = [];
  const sourceRows: (typeof t.source.$inferInsert)[] = [];
  for (const r of records) {
    const category = categoryByName.get(r.category.toLowerCase())!;
    const companyId = idBySlug.get(r.slug)!;
    // Subcategories are matched by name within the category; unknown names are skipped (docs/data-model.md, "Import and export").
    const wanted = new Set(r.subcategories.map((s) => s.toLowerCase()));
    for (const s of category.subcategories) if (wanted.has(s.name.toLowerCase())) subcategoryRows.push({ companyId, subcategoryId: s.id });
    for (const c of r.certifications) {
      certificationRows.push({ companyId, certificationId: certByName.get(c.name.toLowerCase())!, status: c.status, validFrom: c.valid_from, validUntil: c.valid_until, link: c.link });
    }
    for (const f of r.eu_fines) fineRows.push(fineRow(companyId, f));
    for (const src of r.sources) sourceRows.push(sourceRow(companyId, null, src));
  }
  await insertChunked(tx, t.companySubcategory, subcategoryRows);
  await insertChunked(tx, t.companyCertification, certificationRows);
  await insertChunked(tx, t.euFine, fineRows);
  await insertChunked(tx, t.source, sourceRows);
  await importProducts(tx, records, idBySlug, productIdBySlug, subcategoryBySlug);

  // Alternatives may point at companies later in the file, so they are linked after every company is written.
  for (const [slug, id] of existing) if (!idBySlug.has(slug)) idBySlug.set(slug, id);
  const relinked: number[] = [];
  const alternativeRows: (typeof t.alternative.$inferInsert)[] = [];
  for (const r of records) {
    if (!r.alternatives) continue;
    const companyId = idBySlug.get(r.slug)!;
    relinked.push(companyId);
    for (const a of r.alternatives) {
      const alternativeId = idBySlug.get(a.slug);
      if (!alternativeId) throw new InputError(`Alternative not found: ${a.slug} (company "${r.name}")`);
      if (alternativeId === companyId) throw new InputError(`A company cannot be its own alternative: ${r.slug}`);
      alternativeRows.push({ companyId, alternativeId });
    }
  }
  for (const part of chunks(relinked)) await tx.delete(t.alternative).where(inArray(t.alternative.companyId, part));
  await insertChunked(tx, t.alternative, alternativeRows, true);
  await linkProducts(tx, records, productIdBySlug);
  return records.length;
}

/**
 * Guides, upserted by slug. The product each names must already be stored (import companies first):
 * every unknown product is reported at once and nothing is written.
 */
export async function importGuides(tx: Executor, input: unknown): Promise<number> {
  const records = parseRecords(guideRecordSchema, input, 'guides');
  assertUnique(records.map((r) => r.slug), 'guide slug');
  const wanted = [...new Set(records.map((r) => r.from_product).filter((s): s is string => s !== null))];
  const productIds = new Map<string, number>();
  for (const part of chunks(wanted, 500)) {
    for (const row of await tx.select({ id: t.product.id, slug: t.product.slug }).from(t.product).where(inArray(t.product.slug, part))) productIds.set(row.slug, row.id);
  }
  const problems = records.flatMap((r, index) =>
    r.from_product !== null && !productIds.has(r.from_product)
      ? [{ index, raw: (input as unknown[])[index], path: 'from_product', message: `Product not found: ${r.from_product}` }]
      : [],
  );
  if (problems.length) throw recordsError(problems);
  for (const r of records) {
    const values = {
      slug: r.slug,
      title: r.title,
      summary: r.summary,
      body: r.body,
      timeNeeded: r.time_needed,
      translations: r.translations,
      fromProductId: r.from_product === null ? null : productIds.get(r.from_product)!,
      sources: r.sources,
      lastChecked: r.last_checked,
      status: r.status,
    };
    await tx.insert(t.guide).values(values).onConflictDoUpdate({ target: t.guide.slug, set: values });
  }
  return records.length;
}


/**
 * Writes the companies' products and remembers their ids by slug. A company's stored products that no
 * record of the file names are removed (one statement per slice of companies); a product the file names
 * under another company is moved there by its upsert, keeping its id and the links to it.
 */
async function importProducts(
  tx: Executor,
  records: CompanyRecord[],
  companyIdBySlug: Map<string, number>,
  idBySlug: Map<string, number>,
  subcategoryBySlug: Map<string, number>,
) {
  const named = JSON.stringify(records.flatMap((r) => r.products.map((p) => p.slug)));
  for (const part of chunks(records)) {
    const ids = part.map((r) => companyIdBySlug.get(r.slug)!);
    await tx.delete(t.product).where(and(inArray(t.product.companyId, ids), sql`not exists (select 1 from json_each(${named}) as named where named.value = ${t.product.slug})`));
  }
  for (const r of records) {
    const companyId = companyIdBySlug.get(r.slug)!;
    for (const p of r.products) idBySlug.set(p.slug, await upsertProduct(tx, companyId, p, subcategoryBySlug));
  }
}

/** One product of a company, upserted by slug, with its sources (the caller removed the old ones); its id. */
async function upsertProduct(tx: Executor, companyId: number, p: ProductRecord, subcategoryBySlug: Map<string, number>): Promise<number> {
  const values = {
    companyId,
    slug: p.slug,
    name: p.name,
    description: p.description,
    translations: p.translations,
    aliases: p.aliases,
    subcategoryId: p.subcategory ? subcategoryBySlug.get(p.subcategory)! : null,
    websiteUrl: p.website_url,
    pricing: p.pricing,
    priceFromEur: p.price_from_eur,
    licence: p.licence,
    selfHostable: p.self_hostable,
    platforms: p.platforms,
    e2ee: p.e2ee,
    dataLocation: p.data_location,
    interfaceLanguages: p.interface_languages,
    status: p.status,
  };
  const [row] = await tx.insert(t.product).values(values).onConflictDoUpdate({ target: t.product.slug, set: values }).returning({ id: t.product.id });
  await insertChunked(tx, t.source, p.sources.map((src) => sourceRow(companyId, row.id, src)));
  return row.id;
}

/**
 * One product record (the change log's, when a product change is reverted) into company `companyId`:
 * upserted by slug, its sources and alternative links replaced. Its subcategory and alternatives must exist.
 */
export async function importProduct(tx: Executor, companyId: number, input: unknown): Promise<number> {
  const [p] = parseRecords(productRecordSchema, [input], 'products');
  const subcategoryBySlug = new Map<string, number>();
  if (p.subcategory) {
    const [sub] = await tx.select({ id: t.subcategory.id }).from(t.subcategory).where(eq(t.subcategory.slug, p.subcategory));
    if (!sub) throw new InputError(`Subcategory not found: ${p.subcategory}`);
    subcategoryBySlug.set(p.subcategory, sub.id);
  }
  const [stored] = await tx.select({ id: t.product.id }).from(t.product).where(eq(t.product.slug, p.slug));
  if (stored) await tx.delete(t.source).where(eq(t.source.productId, stored.id));
  const id = await upsertProduct(tx, companyId, p, subcategoryBySlug);
  await linkProducts(tx, [{ products: [p] }], new Map([[p.slug, id]]));
  return id;
}

/** Product alternatives may point at products of later records or of companies already stored. */
async function linkProducts(tx: Executor, records: { products: ProductRecord[] }[], idBySlug: Map<string, number>) {
  const needed = [...new Set(records.flatMap((r) => r.products.flatMap((p) => p.alternatives.map((a) => a.product))))].filter((s) => !idBySlug.has(s));
  for (const part of chunks(needed, 500)) {
    const rows = await tx.select({ id: t.product.id, slug: t.product.slug }).from(t.product).where(inArray(t.product.slug, part));
    for (const row of rows) idBySlug.set(row.slug, row.id);
  }
  for (const r of records) {
    for (const p of r.products) {
      const productId = idBySlug.get(p.slug)!;
      await tx.delete(t.productAlternative).where(eq(t.productAlternative.productId, productId));
      const rows = p.alternatives.map((a) => {
        const alternativeId = idBySlug.get(a.product);
        if (!alternativeId) throw new InputError(`Alternative product not found: ${a.product} (product "${p.slug}")`);
        if (alternativeId === productId) throw new InputError(`A product cannot be its own alternative: ${p.slug}`);
        return { productId, alternativeId, canImport: a.can_import };
      });
      await insertChunked(tx, t.productAlternative, rows, true);
    }
  }
}

/** Inserts rows in slices (src/api/chunks.ts), so huge lists never exceed SQLite's statement limits. */
async function insertChunked<T extends SQLiteTable>(tx: Executor, table: T, rows: T['$inferInsert'][], ignoreDuplicates = false) {
  for (const part of chunks(rows)) {
    const q = tx.insert(table).values(part);
    await (ignoreDuplicates ? q.onConflictDoNothing() : q);
  }
}

function companyValues(r: CompanyRecord, categoryId: number) {
  return {
    name: r.name,
    slug: r.slug,
    country: r.country,
    websiteUrl: r.website_url,
    description: r.description,
    translations: r.translations,
    legalName: r.legal_name,
    ownerKind: r.owner_kind,
    ownerName: r.owner_name,
    ownerCountry: r.owner_country,
    ownerSince: r.owner_since,
    hosting: r.hosting,
    status: r.status,
    foundedYear: r.founded_year,
    isUnicorn: r.is_unicorn,
    doubleIrish: r.double_irish,
    sustainable: r.sustainable,
    employeeCount: r.employee_count,
    headquarters: r.headquarters,
    logoUrl: r.logo_url,
    categoryId,
  };
}

/**
 * Companies upserted by slug, in file order, one multi-row statement per slice of records that set the
 * same fields: a field a record leaves unset keeps its stored value on update (and its default on
 * insert), exactly as a single-row upsert does. Returns the ids by slug.
 */
async function upsertCompanies(tx: Executor, records: CompanyRecord[], categoryIdOf: (r: CompanyRecord) => number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const rows = records.map((r) => {
    const values = companyValues(r, categoryIdOf(r));
    const insert: Record<string, unknown> = r.created_at ? { ...values, createdAt: r.created_at } : values;
    const set = Object.keys(values).filter((k) => values[k as keyof typeof values] !== undefined);
    return { insert, set, signature: `${Object.keys(insert).filter((k) => insert[k] !== undefined).join(',')}|${set.join(',')}` };
  });
  const columns = t.company as unknown as Record<string, { name: string }>;
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    while (j < rows.length && j - i < CHUNK_SIZE && rows[j].signature === rows[i].signature) j += 1;
    const slice = rows.slice(i, j);
    const set = Object.fromEntries(slice[0].set.map((k) => [k, sql.raw(`excluded."${columns[k].name}"`)]));
    const returned = await tx
      .insert(t.company)
      .values(slice.map((r) => r.insert) as (typeof t.company.$inferInsert)[])
      .onConflictDoUpdate({ target: t.company.slug, set })
      .returning({ id: t.company.id, slug: t.company.slug });
    for (const row of returned) ids.set(row.slug, row.id);
    i = j;
  }
  return ids;
}

function assertUnique(values: string[], what: string): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new InputError(`Duplicate ${what} in the file: ${v}`);
    seen.add(v);
  }
}

