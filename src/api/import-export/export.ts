// Export in the import formats (src/lib/schemas/import.ts), so export -> wipe -> import gives the same data.
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import type { CompanyRecordInput } from '../../lib/schemas/import.ts';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name);

export async function exportCategories(db: Executor) {
  const rows = await db.query.category.findMany({ with: { subcategories: true } });
  return rows.sort(byName).map((c) => ({
    name: c.name,
    slug: c.slug,
    image_url: c.imageUrl,
    name_de: c.nameDe,
    name_fr: c.nameFr,
    subcategories: c.subcategories.sort(byName).map((s) => ({ name: s.name, slug: s.slug, name_de: s.nameDe, name_fr: s.nameFr })),
  }));
}

export async function exportCertificates(db: Executor) {
  const rows = await db.select().from(t.certification);
  return rows.sort(byName).map((c) => ({
    name: c.name,
    description: c.description,
    description_de: c.descriptionDe,
    description_fr: c.descriptionFr,
    icon_type: c.iconType,
  }));
}

export async function exportCompanies(db: Executor): Promise<CompanyRecordInput[]> {
  const rows = await db.query.company.findMany({
    with: {
      category: true,
      subcategoryLinks: { with: { subcategory: true } },
      certifications: { with: { certification: true } },
      fines: true,
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
    description_de: c.descriptionDe,
    description_fr: c.descriptionFr,
    created_at: c.createdAt,
    certifications: c.certifications
      .map((x) => ({ name: x.certification.name, status: x.status, valid_from: x.validFrom, valid_until: x.validUntil, link: x.link }))
      .sort(byName),
    eu_fines: c.fines
      .sort((a, b) => b.date.localeCompare(a.date) || a.id - b.id)
      .map((f) => ({
        amount: f.amount,
        currency: f.currency,
        date: f.date,
        description: f.description,
        description_de: f.descriptionDe,
        description_fr: f.descriptionFr,
        announcement_url: f.announcementUrl,
      })),
    alternatives: c.alternatives
      .map((a) => ({ slug: a.alternative.slug, sustainability_score: a.sustainabilityScore }))
      .sort((a, b) => a.slug.localeCompare(b.slug)),
  }));
}

/** "companies-2025-03-12.json" */
export function exportFileName(kind: string, now: Date = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.json`;
}

