// The dry run of an import (POST /api/admin/{kind}/import?dry_run=1): what the file would create,
// update (with the changed fields) and leave unchanged, and EVERY problem of every record (index, slug,
// field), without writing anything. When the file has no problems, the real importer runs inside a
// transaction that is always rolled back, so the report is exactly what a confirmed import would do.
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import { changedFields } from '../../lib/change-diff.ts';
import { countryByCode } from '../../lib/countries.ts';
import { categoryRecordSchema, certificateRecordSchema, companyRecordSchema, type CategoryRecord, type CertificateRecord, type CompanyRecord } from '../../lib/schemas/import.ts';
import { guideRecordSchema, type GuideRecord } from '../../lib/schemas/guide.ts';
import { writeTransaction } from '../write-lock.ts';
import { InputError, MAX_ISSUES, checkRecords, type RecordIssue } from './errors.ts';
import { exportCategories, exportCertificates, exportCompanies, exportGuides } from './export.ts';

export type ImportKind = 'companies' | 'categories' | 'certificates' | 'guides';

export interface RecordRef {
  index: number;
  slug: string;
  name: string;
}

export interface DryRunReport {
  dry_run: true;
  kind: ImportKind;
  /** records in the file */
  total: number;
  created: RecordRef[];
  updated: (RecordRef & { fields: string[] })[];
  unchanged: RecordRef[];
  /** every problem, up to MAX_ISSUES; error_count says how many there are in all */
  errors: RecordIssue[];
  error_count: number;
  /** false when problems kept the importer from running: created/updated then come from comparing the valid records */
  exact: boolean;
}

const SCHEMAS = { companies: companyRecordSchema, categories: categoryRecordSchema, certificates: certificateRecordSchema, guides: guideRecordSchema } as const;

/** The import key of a record: slug, or the lowercased name of a certificate. */
export function recordKey(kind: ImportKind, r: { name?: string; slug?: string }): string {
  return kind === 'certificates' ? r.name!.toLowerCase() : r.slug!;
}

/** What a person calls a record: its name, or a guide's title. */
export function recordName(r: { name?: string; title?: string }): string {
  return r.name ?? r.title ?? '';
}

/** Every stored record of the kind in the export format, by its import key. */
export async function snapshotAll(tx: Executor, kind: ImportKind): Promise<Map<string, { name?: string; title?: string }>> {
  if (kind === 'certificates') return new Map((await exportCertificates(tx)).map((r) => [r.name.toLowerCase(), r]));
  if (kind === 'guides') return new Map((await exportGuides(tx)).map((r) => [r.slug, r]));
  const rows: { slug: string; name: string }[] = kind === 'companies' ? await exportCompanies(tx) : await exportCategories(tx);
  return new Map(rows.map((r) => [r.slug, r]));
}

class Rollback extends Error {}

export async function dryRunImport(db: Db, kind: ImportKind, input: unknown[], importer: (tx: Executor, input: unknown) => Promise<number>): Promise<DryRunReport> {
  const { records, issues } = checkRecords(SCHEMAS[kind] as z.ZodType, input);
  issues.push(...(await referenceIssues(db, kind, records as (Parsed | undefined)[], input)));
  issues.sort((a, b) => (a.index ?? -1) - (b.index ?? -1));

  // A record with any problem is listed under problems only, never as new or changed.
  const bad = new Set(issues.map((i) => i.index));
  const valid = records.flatMap((r, index) => (r && !bad.has(index) ? [{ r: r as Parsed, index }] : []));
  const ref = ({ r, index }: { r: Parsed; index: number }): RecordRef => ({ index, slug: 'slug' in r ? r.slug : r.name, name: recordName(r) });
  const report: DryRunReport = { dry_run: true, kind, total: input.length, created: [], updated: [], unchanged: [], errors: [], error_count: 0, exact: false };
  const classify = (before: Map<string, unknown>, after: (key: string, r: Parsed) => unknown) => {
    for (const v of valid) {
      const key = recordKey(kind, v.r);
      const old = before.get(key);
      if (old === undefined) report.created.push(ref(v));
      else {
        const fields = changedFields(old, after(key, v.r)).filter((f) => f !== 'created_at');
        if (fields.length) report.updated.push({ ...ref(v), fields });
        else report.unchanged.push(ref(v));
      }
    }
  };

  if (!issues.length) {
    try {
      await writeTransaction(db, async (tx) => {
        const before = await snapshotAll(tx, kind);
        await importer(tx, input);
        const after = await snapshotAll(tx, kind);
        classify(before, (key) => after.get(key));
        report.exact = true;
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) {
        if (!(error instanceof InputError)) throw error;
        // A rule only the importer knows: still reported, never a half answer.
        report.created = [];
        report.updated = [];
        report.unchanged = [];
        issues.push({ index: null, slug: null, name: null, field: '', message: error.message });
      }
    }
  }
  if (!report.exact) {
    // Without running the importer: the valid records against the stored ones, both read through the schema.
    const stored = await snapshotAll(db, kind);
    const normalized = new Map([...stored].map(([k, v]) => [k, (SCHEMAS[kind] as z.ZodType).safeParse(v).data ?? v]));
    classify(normalized, (_, r) => r);
  }
  report.error_count = issues.length;
  report.errors = issues.slice(0, MAX_ISSUES);
  return report;
}

type Parsed = CompanyRecord | CategoryRecord | CertificateRecord | GuideRecord;

/** The problems the schema cannot see: duplicates in the file and names that match nothing stored. */
async function referenceIssues(db: Executor, kind: ImportKind, records: (Parsed | undefined)[], input: unknown[]): Promise<RecordIssue[]> {
  const issues: RecordIssue[] = [];
  const add = (index: number, r: Parsed, field: string, message: string) =>
    issues.push({ index, slug: 'slug' in r ? r.slug : null, name: recordName(r), field, message });
  const firstIndex = new Map<string, number>();
  const duplicate = (key: string, index: number) => {
    if (firstIndex.has(key)) return true;
    firstIndex.set(key, index);
    return false;
  };

  if (kind === 'certificates') {
    records.forEach((r, i) => {
      if (r && duplicate(recordName(r).toLowerCase(), i)) add(i, r, 'name', `Duplicate certificate name in the file: ${recordName(r)}`);
    });
    return issues;
  }
  if (kind === 'guides') {
    const guides = records as (GuideRecord | undefined)[];
    const stored = await slugsIn(db, t.product, [...new Set(guides.flatMap((r) => (r?.from_product ? [r.from_product] : [])))]);
    guides.forEach((r, i) => {
      if (!r) return;
      if (duplicate(r.slug, i)) add(i, r, 'slug', `Duplicate guide slug in the file: ${r.slug}`);
      if (r.from_product && !stored.has(r.from_product)) add(i, r, 'from_product', `Product not found: ${r.from_product}`);
    });
    return issues;
  }
  if (kind === 'categories') {
    const subSeen = new Set<string>();
    records.forEach((r, i) => {
      if (!r) return;
      const c = r as CategoryRecord;
      if (duplicate(c.slug, i)) add(i, r, 'slug', `Duplicate category slug in the file: ${c.slug}`);
      c.subcategories.forEach((s, j) => {
        if (subSeen.has(s.slug)) add(i, r, `subcategories.${j}.slug`, `Duplicate subcategory slug in the file: ${s.slug}`);
        subSeen.add(s.slug);
      });
    });
    return issues;
  }

  const companies = records as (CompanyRecord | undefined)[];
  const fileSlugs = new Set(input.map((raw) => (raw && typeof raw === 'object' ? (raw as { slug?: unknown }).slug : undefined)).filter((s): s is string => typeof s === 'string'));
  const fileProducts = new Set(companies.flatMap((r) => r?.products.map((p) => p.slug) ?? []));
  const categories = await db.query.category.findMany({ with: { subcategories: true } });
  const categoryNames = new Set(categories.map((c) => c.name.toLowerCase()));
  const subcategorySlugs = new Set(categories.flatMap((c) => c.subcategories.map((s) => s.slug)));
  const certNames = new Set((await db.select({ name: t.certification.name }).from(t.certification)).map((c) => c.name.toLowerCase()));
  const wantedCompanies = [...new Set(companies.flatMap((r) => r?.alternatives?.map((a) => a.slug) ?? []))].filter((s) => !fileSlugs.has(s));
  const storedCompanies = await slugsIn(db, t.company, wantedCompanies);
  const wantedProducts = [...new Set(companies.flatMap((r) => r?.products.flatMap((p) => p.alternatives.map((a) => a.product)) ?? []))].filter((s) => !fileProducts.has(s));
  const storedProducts = await slugsIn(db, t.product, wantedProducts);
  const productSeen = new Set<string>();

  // Records the schema refused: their stored references are still checked, so every problem shows at once.
  input.forEach((raw, i) => {
    if (companies[i] || !raw || typeof raw !== 'object') return;
    const r = raw as Record<string, unknown>;
    const ref = { slug: typeof r.slug === 'string' ? r.slug : null, name: typeof r.name === 'string' ? r.name : null };
    if (typeof r.country === 'string' && r.country.trim().length === 2 && !countryByCode(r.country.trim().toUpperCase())) {
      issues.push({ index: i, ...ref, field: 'country', message: `Invalid country codes found: ${r.country.trim().toUpperCase()}` });
    }
    if (typeof r.category === 'string' && r.category.trim() && !categoryNames.has(r.category.trim().toLowerCase())) {
      issues.push({ index: i, ...ref, field: 'category', message: `Category not found: ${r.category.trim()}` });
    }
  });
  companies.forEach((r, i) => {
    if (!r) return;
    if (duplicate(r.slug, i)) add(i, r, 'slug', `Duplicate company slug in the file: ${r.slug}`);
    if (!countryByCode(r.country)) add(i, r, 'country', `Invalid country codes found: ${r.country}`);
    if (!categoryNames.has(r.category.toLowerCase())) add(i, r, 'category', `Category not found: ${r.category}`);
    r.certifications.forEach((c, j) => {
      if (!certNames.has(c.name.toLowerCase())) add(i, r, `certifications.${j}.name`, `Certification not found: ${c.name}`);
    });
    r.alternatives?.forEach((a, j) => {
      if (a.slug === r.slug) add(i, r, `alternatives.${j}.slug`, 'A company cannot be its own alternative');
      else if (!fileSlugs.has(a.slug) && !storedCompanies.has(a.slug)) add(i, r, `alternatives.${j}.slug`, `Alternative not found: ${a.slug}`);
    });
    r.products.forEach((p, j) => {
      if (productSeen.has(p.slug)) add(i, r, `products.${j}.slug`, `Duplicate product slug in the file: ${p.slug}`);
      productSeen.add(p.slug);
      if (p.subcategory && !subcategorySlugs.has(p.subcategory)) add(i, r, `products.${j}.subcategory`, `Subcategory not found: ${p.subcategory}`);
      p.alternatives.forEach((a, k) => {
        if (a.product === p.slug) add(i, r, `products.${j}.alternatives.${k}.product`, 'A product cannot be its own alternative');
        else if (!fileProducts.has(a.product) && !storedProducts.has(a.product)) add(i, r, `products.${j}.alternatives.${k}.product`, `Alternative product not found: ${a.product}`);
      });
    });
  });
  return issues;
}

async function slugsIn(db: Executor, table: typeof t.company | typeof t.product, slugs: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < slugs.length; i += 500) {
    const part = slugs.slice(i, i + 500);
    for (const row of await db.select({ slug: table.slug }).from(table).where(inArray(table.slug, part))) out.add(row.slug);
  }
  return out;
}
