// The compact JSON files the islands load: the search index and the company list, one per language.
// Rows are tuples, not objects (no repeated keys), and hold only what the islands show or filter on.
// Pure: the build feeds it the directory (src/lib/data-files.ts), the benchmark feeds it synthetic data.
import { SEARCH_LIMITS } from './constants.ts';
import { EXCLUDED_FROM_EUROPE, countryByCode, isEuropean } from './countries.ts';
import type { Lang } from './i18n-langs.ts';
import { localizedField, type Translations } from './translations.ts';
import {
  CONTROL_CODES,
  DATA_FORMAT_VERSION,
  type ControlCode,
  type CompanyListData,
  type CompanyListRow,
  type SearchCategoryRow,
  type SearchCompanyRow,
  type SearchIndexData,
  type SearchSubcategoryRow,
} from './data-format.ts';

export * from './data-format.ts';

/** The parts of the directory the indexes are built from (src/lib/data.ts's Directory has them). */
export interface IndexSource {
  /** sorted by name */
  companies: readonly {
    id: number;
    name: string;
    slug: string;
    country: string;
    categoryId: number;
    isUnicorn: boolean;
    description: string;
    translations?: Translations<'description'> | null;
    /** derived control class (src/lib/ownership.ts); missing means not verified */
    control?: (typeof CONTROL_CODES)[number];
    foundedYear?: number | null;
    createdAt?: string;
  }[];
  categories: readonly {
    id: number;
    name: string;
    translations?: Translations<'name' | 'slug'> | null;
    slug: string;
    subcategories: readonly { id: number; name: string; translations?: Translations<'name' | 'slug'> | null; slug: string }[];
  }[];
  /** original company id -> its alternatives, best first */
  alternativesOf: ReadonlyMap<number, readonly { company: { country: string } }[]>;
  certifications: readonly { id: number; name: string }[];
  certificationsByCompany: ReadonlyMap<number, readonly { certification: { id: number } }[]>;
  /** company id -> its score (the browser sorts by it) */
  scoreByCompany?: ReadonlyMap<number, { total: number }>;
}

/** The card shows two lines of description: a few more characters than fit is plenty. */
export const DESCRIPTION_MAX = 140;

function controlCode(control: (typeof CONTROL_CODES)[number] | undefined): ControlCode {
  const i = CONTROL_CODES.indexOf(control ?? 'unverified');
  return (i < 0 ? 3 : i) as ControlCode;
}

/** Cuts at a word boundary and adds an ellipsis; short texts are returned as they are. */
export function shorten(text: string, max = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The key of a certification in URLs (?certification=b-corp): its name as a slug. */
export function certificationKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const knownCode = (code: string) => (countryByCode(code) ? code.toUpperCase() : '');

export function buildSearchIndex(source: IndexSource, lang: Lang): SearchIndexData {
  const catIndex = new Map<number, number>();
  const k: SearchCategoryRow[] = [];
  const s: SearchSubcategoryRow[] = [];
  for (const cat of source.categories) {
    catIndex.set(cat.id, k.length);
    const name = localizedField(cat, 'name', lang);
    // URLs use the slug of the page's language (/de/kategorien/unterhaltung).
    const slug = localizedField(cat, 'slug', lang);
    k.push(name === cat.name ? [name, slug] : [name, slug, cat.name]);
  }
  for (const cat of source.categories) {
    for (const sub of cat.subcategories) {
      const name = localizedField(sub, 'name', lang);
      const parent = catIndex.get(cat.id)!;
      const slug = localizedField(sub, 'slug', lang);
      s.push(name === sub.name ? [name, slug, parent] : [name, slug, parent, sub.name]);
    }
  }
  const used = new Set<string>();
  const c: SearchCompanyRow[] = source.companies.map((company) => {
    const country = knownCode(company.country);
    const alternatives: string[] = [];
    for (const alt of source.alternativesOf.get(company.id) ?? []) {
      const code = knownCode(alt.company.country);
      if (code && !alternatives.includes(code)) alternatives.push(code);
      if (alternatives.length === SEARCH_LIMITS.flags) break;
    }
    for (const code of [country, ...alternatives]) if (code) used.add(code);
    const category = catIndex.get(company.categoryId) ?? -1;
    return company.control === 'european_hq_foreign_owner'
      ? [company.name, company.slug, country, category, alternatives.join(''), 1]
      : [company.name, company.slug, country, category, alternatives.join('')];
  });
  const n = Object.fromEntries([...used].sort().map((code) => [code, countryByCode(code)!.names[lang]]));
  return { v: DATA_FORMAT_VERSION, n, k, s, c };
}

export function buildCompanyList(source: IndexSource, lang: Lang): CompanyListData {
  const k = source.categories.map((cat) => cat.slug);
  const catIndex = new Map(source.categories.map((cat, i) => [cat.id, i]));
  const t = source.certifications.map((cert) => certificationKey(cert.name));
  const certIndex = new Map(source.certifications.map((cert, i) => [cert.id, i]));
  const c: CompanyListRow[] = [];
  // Order of addition: by creation time, then id (a rank, so the file does not carry timestamps).
  const added = new Map(
    [...source.companies].sort((x, y) => (x.createdAt ?? '').localeCompare(y.createdAt ?? '') || x.id - y.id).map((company, i) => [company.id, i + 1]),
  );
  for (const company of source.companies) {
    const country = company.country.toUpperCase();
    if (EXCLUDED_FROM_EUROPE.includes(country)) continue;
    const certs = (source.certificationsByCompany.get(company.id) ?? [])
      .map((cc) => certIndex.get(cc.certification.id))
      .filter((i): i is number => i !== undefined)
      .sort((a, b) => a - b);
    c.push([
      company.name,
      company.slug,
      country,
      catIndex.get(company.categoryId) ?? -1,
      company.isUnicorn ? 1 : 0,
      shorten(localizedField(company, 'description', lang)),
      source.alternativesOf.get(company.id)?.length ?? 0,
      controlCode(company.control),
      certs,
      source.scoreByCompany?.get(company.id)?.total ?? 0,
      company.foundedYear ?? 0,
      added.get(company.id)!,
    ]);
  }
  return { v: DATA_FORMAT_VERSION, k, t, c };
}
