// Export in the import formats (src/lib/schemas/import.ts, guide.ts), so export -> wipe -> import gives the same data.
import { inArray } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import type { SourceFact } from '../../../db/enums.ts';
import type { CompanyRecordInput } from '../../lib/schemas/import.ts';
import type { GuideRecordInput } from '../../lib/schemas/guide.ts';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name);

/** `ids`: only these records (the change log stores one record's export as before/after). */
export async function exportCategories(db: Executor, ids?: number[]) {
  const rows = await db.query.category.findMany({ where: ids && inArray(t.category.id, ids), with: { subcategories: true } });
  return rows.sort(byName).map((c) => ({
    name: c.name,
    slug: c.slug,
    image_url: c.imageUrl,
    translations: c.translations,
    subcategories: c.subcategories.sort(byName).map((s) => ({ name: s.name, slug: s.slug, translations: s.translations })),
  }));
}

export async function exportCertificates(db: Executor, ids?: number[]) {
  const rows = await db.select().from(t.certification).where(ids && inArray(t.certification.id, ids));
  return rows.sort(byName).map((c) => ({
    name: c.name,
    description: c.description,
    translations: c.translations,
    icon_type: c.iconType,
  }));
}

export async function exportCompanies(db: Executor, ids?: number[]): Promise<CompanyRecordInput[]> {
  const rows = await db.query.company.findMany({
    where: ids && inArray(t.company.id, ids),
    with: {
      category: true,
      subcategoryLinks: { with: { subcategory: true } },
      certifications: { with: { certification: true } },
      fines: true,
      sources: true,
      products: { with: { subcategory: true, sources: true, alternatives: { with: { alternative: { columns: { slug: true } } } } } },
      alternatives: { with: { alternative: { columns: { slug: true } } } },
    },
  });
  return rows.sort(byName).map((c) => ({
    name: c.name,
    slug: c.slug,
    country: c.country,
    website_url: c.websiteUrl,
    category: c.category.name,
    subcategories: c.subcategoryLinks.map((l) => l.subcategory.name).sort(),
    founded_year: c.foundedYear,
    headquarters: c.headquarters,
    employee_count: c.employeeCount,
    is_unicorn: c.isUnicorn,
    double_irish: c.doubleIrish,
    sustainable: c.sustainable,
    logo_url: c.logoUrl,
    description: c.description,
    translations: c.translations,
    legal_name: c.legalName,
    owner_kind: c.ownerKind,
    owner_name: c.ownerName,
    owner_country: c.ownerCountry,
    owner_since: c.ownerSince,
    hosting: c.hosting,
    status: c.status,
    created_at: c.createdAt,
    sources: c.sources.filter((s) => s.productId === null).sort((a, b) => a.id - b.id).map(sourceRecord),
    certifications: c.certifications
      .map((x) => ({ name: x.certification.name, status: x.status, valid_from: x.validFrom, valid_until: x.validUntil, link: x.link }))
      .sort(byName),
    eu_fines: c.fines
      .sort((a, b) => b.date.localeCompare(a.date) || a.id - b.id)
      .map((f) => ({
        body: f.body,
        kind: f.kind,
        amount: f.amount,
        current_amount: f.currentAmount,
        status: f.status,
        currency: f.currency,
        date: f.date,
        description: f.description,
        translations: f.translations,
        announcement_url: f.announcementUrl ?? '',
        status_url: f.statusUrl,
        verified_at: f.verifiedAt,
      })),
    alternatives: c.alternatives.map((a) => ({ slug: a.alternative.slug })).sort((a, b) => a.slug.localeCompare(b.slug)),
    products: c.products
      .sort((a, b) => a.slug.localeCompare(b.slug))
      .map((p) => ({
        name: p.name,
        slug: p.slug,
        description: p.description,
        translations: p.translations,
        aliases: p.aliases,
        subcategory: p.subcategory?.slug ?? null,
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
        sources: p.sources.sort((a, b) => a.id - b.id).map(sourceRecord),
        alternatives: p.alternatives.map((a) => ({ product: a.alternative.slug, can_import: a.canImport })).sort((a, b) => a.product.localeCompare(b.product)),
      })),
  }));
}

/** Guides in the guides file format: the product they are about by its slug, bodies as markdown. */
export async function exportGuides(db: Executor, ids?: number[]): Promise<(GuideRecordInput & { slug: string; title: string })[]> {
  const rows = await db.query.guide.findMany({ where: ids && inArray(t.guide.id, ids), with: { fromProduct: { columns: { slug: true } } } });
  return rows
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .map((g) => ({
      slug: g.slug,
      title: g.title,
      summary: g.summary,
      body: g.body,
      time_needed: g.timeNeeded,
      translations: g.translations,
      from_product: g.fromProduct?.slug ?? null,
      sources: g.sources.map((s) => ({ url: s.url, title: s.title, verified_at: s.verified_at })),
      last_checked: g.lastChecked,
      status: g.status,
    }));
}

function sourceRecord(s: typeof t.source.$inferSelect) {
  return { url: s.url, title: s.title, facts: s.facts as SourceFact[], verified_at: s.verifiedAt };
}

/** "companies-2025-03-12.json" */
export function exportFileName(kind: string, now: Date = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.json`;
}

