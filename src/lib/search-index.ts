// The compact JSON files the islands load: the search index (with its detail shards) and the company
// list, one per language.
// Rows are tuples, not objects (no repeated keys), and hold only what the islands show or filter on.
// Pure: the build feeds it the directory (src/lib/data-files.ts), the benchmark feeds it synthetic data.
import { SEARCH_LIMITS, SEARCH_SHARD_SIZE } from './constants.ts';
import { nameSlug } from '../islands/text.ts';
import { EXCLUDED_FROM_EUROPE, countryByCode, countryName } from './countries.ts';
import type { Lang } from './i18n-langs.ts';
import { localizedField, type Translations } from './translations.ts';
import {
  CONTROL_CODES,
  DATA_FORMAT_VERSION,
  type ControlCode,
  type CompanyListData,
  type CompanyListRow,
  SEARCH_FORMAT_VERSION,
  frontCode,
  type SearchCategoryRow,
  type SearchDetailData,
  type SearchIndexData,
  type SearchProductRow,
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
  /** published products of published companies, as the search needs them */
  searchProducts?: readonly SearchProductSource[];
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

/** A product as the search needs it (src/lib/data-files.ts shapes them from the directory). */
export interface SearchProductSource {
  slug: string;
  name: string;
  translations?: Translations<'name'> | null;
  /** per language: what people type for it ({ "en": ["email"], "fr": ["courriel"] }) */
  aliases?: Readonly<Record<string, readonly string[]>> | null;
  companyId: number;
  subcategoryId: number | null;
  /** European alternatives listed on its page */
  alternatives: number;
  /** it has an alternatives page; otherwise a suggestion opens its company's page */
  hasPage: boolean;
}

export interface SearchFiles {
  index: SearchIndexData;
  shards: { data: SearchDetailData; body: string; path: string }[];
}

/** FNV-1a over a text, as 8 hex digits: ties the detail shards to the index they were built with. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The search files of one language: the index the search box loads first (names, aliases, links)
 * and the detail shards it loads for the companies it shows. `pathOf` names a shard's file (the
 * build puts a hash of the body in it); the index lists those paths.
 */
export function buildSearchFiles(
  source: IndexSource,
  lang: Lang,
  options: { shardSize?: number; pathOf?: (n: number, body: string) => string } = {},
): SearchFiles {
  const shardSize = options.shardSize ?? SEARCH_SHARD_SIZE;
  const pathOf = options.pathOf ?? ((n: number) => `/data/search-${lang}-${n}.json`);
  const catIndex = new Map<number, number>();
  const subIndex = new Map<number, number>();
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
      subIndex.set(sub.id, s.length);
      const name = localizedField(sub, 'name', lang);
      const parent = catIndex.get(cat.id)!;
      const slug = localizedField(sub, 'slug', lang);
      s.push(name === sub.name ? [name, slug, parent] : [name, slug, parent, sub.name]);
    }
  }

  const used = new Set<string>();
  const companyIndex = new Map<number, number>();
  const cs: Record<string, string> = {};
  const cl: number[] = [];
  source.companies.forEach((company, i) => {
    companyIndex.set(company.id, i);
    if (nameSlug(company.name) !== company.slug) cs[i] = company.slug;
    if (company.control === 'european_hq_foreign_owner') cl.push(i);
  });
  const c = frontCode(source.companies.map((company) => company.name));

  const p: SearchProductRow[] = [];
  for (const product of source.searchProducts ?? []) {
    const company = companyIndex.get(product.companyId);
    if (company === undefined) continue;
    const name = localizedField(product, 'name', lang);
    const aliases = [...new Set((product.aliases?.[lang] ?? []).map((a) => a.trim()).filter(Boolean))];
    const row: SearchProductRow = [
      name,
      nameSlug(name) === product.slug ? '' : product.slug,
      company,
      product.subcategoryId == null ? -1 : (subIndex.get(product.subcategoryId) ?? -1),
      product.hasPage ? Math.max(1, product.alternatives) : 0,
    ];
    if (name !== product.name) p.push([...row, aliases, product.name]);
    else p.push(aliases.length ? [...row, aliases] : row);
  }
  const collator = new Intl.Collator(lang, { sensitivity: 'base' });
  p.sort((a, b) => collator.compare(a[0], b[0]) || a[2] - b[2]);

  const h = shortHash(c);
  const shards: SearchFiles['shards'] = [];
  for (let o = 0, n = 0; o < source.companies.length || n === 0; o += shardSize, n++) {
    let co = '';
    const ca: number[] = [];
    const a: Record<string, string> = {};
    source.companies.slice(o, o + shardSize).forEach((company, j) => {
      const country = knownCode(company.country);
      if (country) used.add(country);
      co += country || '--';
      ca.push(catIndex.get(company.categoryId) ?? -1);
      const alternatives: string[] = [];
      for (const alt of source.alternativesOf.get(company.id) ?? []) {
        const code = knownCode(alt.company.country);
        if (code && !alternatives.includes(code)) alternatives.push(code);
        if (alternatives.length === SEARCH_LIMITS.flags) break;
      }
      for (const code of alternatives) used.add(code);
      if (alternatives.length) a[o + j] = alternatives.join('');
    });
    const data: SearchDetailData = { v: SEARCH_FORMAT_VERSION, h, o, co, ca, a };
    const body = JSON.stringify(data);
    shards.push({ data, body, path: pathOf(n, body) });
  }

  const names = Object.fromEntries([...used].sort().map((code) => [code, countryName(code, lang)]));
  const index: SearchIndexData = { v: SEARCH_FORMAT_VERSION, n: names, k, s, c, cs, cl, p, d: { z: shardSize, f: shards.map((x) => x.path), h } };
  return { index, shards };
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
