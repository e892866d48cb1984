// The one module that reads the database at build time. Everything is loaded once per build into
// memory and indexed, so 30,000 pages cost a handful of queries. Pages and components call the
// functions below; nothing else under src/pages or src/components touches the database.
// Drafts never reach the public site: they (and everything that hangs on them) are dropped here.
import { asc, desc, eq } from 'drizzle-orm';
import { createDb, type Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { parseEnv } from './env.ts';
import { onDataReset, shareBuildReads } from './build-cache.ts';
import { DEFAULT_EU_MEMBERS, isEuropean } from './countries.ts';
import type { Lang } from './i18n-langs.ts';
import { localizedField } from './translations.ts';
import { controlClass, type ControlClass } from './ownership.ts';
import { countedAmount } from './schemas/facts.ts';
import { DIGITAL_CATEGORY_SLUGS, VERIFIED_CERTIFICATION_STATUSES, heldFacts, scoreOf, type Score } from './score.ts';

let dbPromise: Promise<Db> | undefined;

/** One connection for the whole build, from LIBSQL_URL. */
export function buildDb(): Promise<Db> {
  if (!dbPromise) {
    const env = parseEnv();
    dbPromise = createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
  }
  return dbPromise;
}

/** A published company with its derived control class. */
export type CompanyRow = typeof t.company.$inferSelect & { control: ControlClass };
export type CategoryRow = typeof t.category.$inferSelect;
export type SubcategoryRow = typeof t.subcategory.$inferSelect;
export type CertificationRow = typeof t.certification.$inferSelect;
export type FineRow = typeof t.euFine.$inferSelect;
export type SourceRow = typeof t.source.$inferSelect;
export type ProductRow = typeof t.product.$inferSelect;

export interface CategoryWithSubs extends CategoryRow {
  subcategories: SubcategoryRow[];
}

export interface CompanyCertificationView {
  certification: CertificationRow;
  status: string;
  validFrom: string;
  validUntil: string | null;
  link: string | null;
}

export interface AlternativeLink {
  company: CompanyRow;
  score: number;
}

/** A product with its company (a product page's original, or an alternative in its table). */
export interface ProductLink {
  product: ProductRow;
  company: CompanyRow;
}

/** A European product offered instead of an original, with what the link itself says. */
export interface ProductAlternativeLink extends ProductLink {
  /** the alternative can import the original's data (null: not verified) */
  canImport: boolean | null;
  /** the alternative's company score (the order within a control class) */
  score: number;
}

export interface Directory {
  /** published companies, by name */
  companies: CompanyRow[];
  companyBySlug: Map<string, CompanyRow>;
  companyById: Map<number, CompanyRow>;
  categories: CategoryWithSubs[];
  categoryById: Map<number, CategoryWithSubs>;
  categoryBySlug: Map<string, CategoryWithSubs>;
  subcategoryById: Map<number, SubcategoryRow>;
  subcategoryBySlug: Map<string, SubcategoryRow>;
  subcategoryIdsByCompany: Map<number, number[]>;
  companyIdsBySubcategory: Map<number, number[]>;
  certificationsByCompany: Map<number, CompanyCertificationView[]>;
  certifications: CertificationRow[];
  /** newest first */
  finesByCompany: Map<number, FineRow[]>;
  /** company-level sources (not a product's), newest verification first */
  sourcesByCompany: Map<number, SourceRow[]>;
  scoreByCompany: Map<number, Score>;
  /** original company id -> its (European) alternatives: European-owned first, then by score */
  alternativesOf: Map<number, AlternativeLink[]>;
  /** alternative company id -> the companies it replaces */
  alternativeTo: Map<number, AlternativeLink[]>;
  /** published products of published companies, by name */
  products: ProductRow[];
  productBySlug: Map<string, ProductRow>;
  productById: Map<number, ProductRow>;
  /** company id -> its products, by name */
  productsByCompany: Map<number, ProductRow[]>;
  /** original product id -> its alternatives made in Europe: European-owned first, then by score, then name */
  productAlternativesOf: Map<number, ProductAlternativeLink[]>;
  /** alternative product id -> the originals it replaces, by name */
  productAlternativeTo: Map<number, ProductLink[]>;
  /** product id -> the sources of its facts, newest verification first */
  sourcesByProduct: Map<number, SourceRow[]>;
  euMembers: Set<string>;
}

let directory: Promise<Directory> | undefined;
onDataReset(() => {
  directory = undefined;
  guideViews = undefined;
});
shareBuildReads({ loadDirectory: () => loadDirectory(), publishedGuides: () => publishedGuides(), pageInputs: () => pageInputs() });

/** Loads the whole directory once per build. */
export function loadDirectory(): Promise<Directory> {
  return (directory ??= buildDb().then((db) => loadDirectoryFrom(db, { includeDraft: previewCompany() })));
}

/**
 * A draft preview build (src/server/site-preview.ts) sets PREVIEW_COMPANY to the company's slug: that
 * company is included even as a draft. Never set for a public build.
 */
export function previewCompany(): string | undefined {
  return (typeof process === 'undefined' ? undefined : process.env.PREVIEW_COMPANY) || undefined;
}

/** Forgets the loaded directory: the dev server's API calls it after a write, so pages show the change. */
export function forgetDirectory(): void {
  directory = undefined;
  guideViews = undefined;
}

/** The order classes are listed in: European-owned first, labelled ones after unverified ones. */
export const CONTROL_ORDER: Record<ControlClass, number> = { european: 0, unverified: 1, european_hq_foreign_owner: 2, non_european: 3 };

/** The day the build runs (YYYY-MM-DD): certifications that expired before it do not count. */
const buildDay = () => new Date().toISOString().slice(0, 10);

/** Reads a database into the directory (the build's, or a test's throw-away one). */
export async function loadDirectoryFrom(db: Db, opts: { includeDraft?: string } = {}): Promise<Directory> {
  const [rawCompanies, categories, subcategories, links, certs, companyCerts, fines, alternatives, memberships, sources, rawProducts, productLinks] = await Promise.all([
    db.select().from(t.company).orderBy(asc(t.company.name)),
    db.select().from(t.category).orderBy(asc(t.category.name)),
    db.select().from(t.subcategory).orderBy(asc(t.subcategory.name)),
    db.select().from(t.companySubcategory),
    db.select().from(t.certification).orderBy(asc(t.certification.name)),
    db.select().from(t.companyCertification),
    db.select().from(t.euFine),
    db.select().from(t.alternative),
    db.select().from(t.countryMembership),
    db.select().from(t.source),
    db.select().from(t.product),
    db.select().from(t.productAlternative),
  ]);
  const shown = (c: (typeof rawCompanies)[number]) => c.status === 'published' || (opts.includeDraft !== undefined && c.slug === opts.includeDraft);
  const companies: CompanyRow[] = rawCompanies.filter(shown).map((c) => ({ ...c, control: controlClass(c) }));
  // Names sort as a reader expects (case- and accent-insensitive), not in SQLite's byte order.
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  companies.sort((a, b) => collator.compare(a.name, b.name));
  const companyById = new Map(companies.map((c) => [c.id, c]));
  const published = (companyId: number) => companyById.has(companyId);
  const cats: CategoryWithSubs[] = categories.map((c) => ({ ...c, subcategories: subcategories.filter((s) => s.categoryId === c.id) }));
  const categoryById = new Map(cats.map((c) => [c.id, c]));
  const certById = new Map(certs.map((c) => [c.id, c]));
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };

  const subcategoryIdsByCompany = new Map<number, number[]>();
  const companyIdsBySubcategory = new Map<number, number[]>();
  for (const l of links) {
    if (!published(l.companyId)) continue;
    push(subcategoryIdsByCompany, l.companyId, l.subcategoryId);
    push(companyIdsBySubcategory, l.subcategoryId, l.companyId);
  }
  const certificationsByCompany = new Map<number, CompanyCertificationView[]>();
  for (const cc of companyCerts) {
    const certification = certById.get(cc.certificationId);
    if (certification && published(cc.companyId)) {
      push(certificationsByCompany, cc.companyId, { certification, status: cc.status, validFrom: cc.validFrom, validUntil: cc.validUntil, link: cc.link });
    }
  }
  const finesByCompany = new Map<number, FineRow[]>();
  for (const f of [...fines].sort((a, b) => b.date.localeCompare(a.date) || b.amount - a.amount)) if (published(f.companyId)) push(finesByCompany, f.companyId, f);
  // Products: published ones of published companies, by name.
  const products = rawProducts.filter((p) => p.status === 'published' && published(p.companyId)).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  const productById = new Map(products.map((p) => [p.id, p]));
  const productsByCompany = new Map<number, ProductRow[]>();
  for (const p of products) push(productsByCompany, p.companyId, p);

  const sourcesByCompany = new Map<number, SourceRow[]>();
  const sourcesByProduct = new Map<number, SourceRow[]>();
  for (const s of [...sources].sort((a, b) => b.verifiedAt.localeCompare(a.verifiedAt) || a.id - b.id)) {
    if (!published(s.companyId)) continue;
    if (s.productId == null) push(sourcesByCompany, s.companyId, s);
    else if (productById.has(s.productId)) push(sourcesByProduct, s.productId, s);
  }
  const euMemberCodes = euMemberSet(memberships);

  const digital = new Set<number>(cats.filter((c) => (DIGITAL_CATEGORY_SLUGS as readonly string[]).includes(c.slug)).map((c) => c.id));
  const today = buildDay();
  const scoreByCompany = new Map<number, Score>();
  for (const c of companies) {
    const verified = (certificationsByCompany.get(c.id) ?? []).filter(
      (cc) => (VERIFIED_CERTIFICATION_STATUSES as readonly string[]).includes(cc.status) && (!cc.validUntil || cc.validUntil >= today),
    );
    scoreByCompany.set(
      c.id,
      scoreOf({
        control: c.control,
        ownerKind: c.ownerKind,
        headquarters: euMemberCodes.has(c.country) ? 'eu' : isEuropean(c.country) ? 'europe' : 'outside',
        digital: digital.has(c.categoryId) || c.hosting != null,
        hosting: c.hosting,
        certifications: verified.map((cc) => ({ name: cc.certification.name, iconType: cc.certification.iconType })),
        countedFineStatuses: (finesByCompany.get(c.id) ?? []).filter((f) => countedAmount(f) > 0).map((f) => f.status),
        sustainable: c.sustainable,
        held: heldFacts(c),
        sourced: new Set((sourcesByCompany.get(c.id) ?? []).flatMap((s) => s.facts)),
      }),
    );
  }

  const alternativesOf = new Map<number, AlternativeLink[]>();
  const alternativeTo = new Map<number, AlternativeLink[]>();
  for (const a of alternatives) {
    const original = companyById.get(a.companyId);
    const alt = companyById.get(a.alternativeId);
    if (!original || !alt) continue;
    push(alternativesOf, a.companyId, { company: alt, score: scoreByCompany.get(alt.id)!.total });
    push(alternativeTo, a.alternativeId, { company: original, score: scoreByCompany.get(original.id)!.total });
  }
  const ordered = (x: AlternativeLink, y: AlternativeLink) =>
    CONTROL_ORDER[x.company.control] - CONTROL_ORDER[y.company.control] || y.score - x.score || collator.compare(x.company.name, y.company.name);
  for (const list of alternativesOf.values()) list.sort(ordered);
  for (const list of alternativeTo.values()) list.sort((x, y) => collator.compare(x.company.name, y.company.name));

  // Product alternatives: only products made in Europe count as alternatives (the pages say so), in
  // the order of company alternatives; the reverse lists say what a European product replaces.
  const productAlternativesOf = new Map<number, ProductAlternativeLink[]>();
  const productAlternativeTo = new Map<number, ProductLink[]>();
  for (const l of productLinks) {
    const original = productById.get(l.productId);
    const alt = productById.get(l.alternativeId);
    if (!original || !alt) continue;
    const altCompany = companyById.get(alt.companyId)!;
    if (!isEuropean(altCompany.country)) continue;
    push(productAlternativesOf, original.id, { product: alt, company: altCompany, canImport: l.canImport, score: scoreByCompany.get(altCompany.id)!.total });
    push(productAlternativeTo, alt.id, { product: original, company: companyById.get(original.companyId)! });
  }
  for (const list of productAlternativesOf.values()) {
    list.sort(
      (x, y) => CONTROL_ORDER[x.company.control] - CONTROL_ORDER[y.company.control] || y.score - x.score || collator.compare(x.product.name, y.product.name),
    );
  }
  for (const list of productAlternativeTo.values()) list.sort((x, y) => collator.compare(x.product.name, y.product.name));

  return {
    companies,
    companyBySlug: new Map(companies.map((c) => [c.slug, c])),
    companyById,
    categories: cats,
    categoryById,
    categoryBySlug: new Map(cats.map((c) => [c.slug, c])),
    subcategoryById: new Map(subcategories.map((s) => [s.id, s])),
    subcategoryBySlug: new Map(subcategories.map((s) => [s.slug, s])),
    subcategoryIdsByCompany,
    companyIdsBySubcategory,
    certificationsByCompany,
    certifications: certs,
    finesByCompany,
    sourcesByCompany,
    scoreByCompany,
    alternativesOf,
    alternativeTo,
    products,
    productBySlug: new Map(products.map((p) => [p.slug, p])),
    productById,
    productsByCompany,
    productAlternativesOf,
    productAlternativeTo,
    sourcesByProduct,
    euMembers: euMemberCodes,
  };
}

/** EU members: the stored membership where a country has one, the default list otherwise. */
function euMemberSet(memberships: { countryCode: string; isEuMember: boolean }[]): Set<string> {
  const stored = new Map(memberships.map((m) => [m.countryCode, m.isEuMember]));
  const codes = new Set([...DEFAULT_EU_MEMBERS, ...stored.keys()]);
  return new Set([...codes].filter((code) => stored.get(code) ?? DEFAULT_EU_MEMBERS.includes(code)));
}

/** Companies sorted by name (for lists). */
export async function allCompanies(): Promise<CompanyRow[]> {
  return (await loadDirectory()).companies;
}

export async function allCategories(): Promise<CategoryWithSubs[]> {
  return (await loadDirectory()).categories;
}

export async function europeanCompanies(): Promise<CompanyRow[]> {
  return (await allCompanies()).filter((c) => isEuropean(c.country));
}

/** The newest European companies (home page "Recently added"). */
export async function recentlyAdded(limit: number): Promise<CompanyRow[]> {
  return [...(await europeanCompanies())].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id).slice(0, limit);
}

export async function companiesBySlugs(slugs: readonly string[]): Promise<CompanyRow[]> {
  const d = await loadDirectory();
  return slugs.map((s) => d.companyBySlug.get(s)).filter((c): c is CompanyRow => !!c);
}

/** European companies of a category (RU and BY excluded), by name. */
export async function europeanCompaniesInCategory(categoryId: number): Promise<CompanyRow[]> {
  return (await europeanCompanies()).filter((c) => c.categoryId === categoryId);
}

export async function europeanCompaniesInSubcategory(subcategoryId: number): Promise<CompanyRow[]> {
  const d = await loadDirectory();
  const ids = new Set(d.companyIdsBySubcategory.get(subcategoryId) ?? []);
  return (await europeanCompanies()).filter((c) => ids.has(c.id));
}

/** Number of European companies per category and per subcategory. */
export async function europeanCounts(): Promise<{ byCategory: Map<number, number>; bySubcategory: Map<number, number> }> {
  const d = await loadDirectory();
  const byCategory = new Map<number, number>();
  const bySubcategory = new Map<number, number>();
  for (const c of await europeanCompanies()) {
    byCategory.set(c.categoryId, (byCategory.get(c.categoryId) ?? 0) + 1);
    for (const s of d.subcategoryIdsByCompany.get(c.id) ?? []) bySubcategory.set(s, (bySubcategory.get(s) ?? 0) + 1);
  }
  return { byCategory, bySubcategory };
}

/** A product as its company's page lists it. */
export interface CompanyProduct {
  product: ProductRow;
  /** European alternatives of a non-European product (its alternatives page exists when there is one) */
  alternatives: number;
  /** the originals a European product replaces, each with an alternatives page */
  replaces: ProductLink[];
}

export interface CompanyDetail {
  company: CompanyRow;
  products: CompanyProduct[];
  category: CategoryWithSubs | undefined;
  subcategories: SubcategoryRow[];
  certifications: CompanyCertificationView[];
  fines: FineRow[];
  sources: SourceRow[];
  score: Score;
  alternatives: AlternativeLink[];
  alternativeTo: AlternativeLink[];
}

export async function companyDetail(slug: string): Promise<CompanyDetail | undefined> {
  const d = await loadDirectory();
  const company = d.companyBySlug.get(slug);
  if (!company) return undefined;
  return {
    company,
    products: (d.productsByCompany.get(company.id) ?? []).map((product) => ({
      product,
      alternatives: hasProductPage(d, product) ? d.productAlternativesOf.get(product.id)!.length : 0,
      replaces: (d.productAlternativeTo.get(product.id) ?? []).filter((o) => hasProductPage(d, o.product)),
    })),
    category: d.categoryById.get(company.categoryId),
    subcategories: (d.subcategoryIdsByCompany.get(company.id) ?? [])
      .map((id) => d.subcategoryById.get(id))
      .filter((s): s is SubcategoryRow => !!s),
    certifications: d.certificationsByCompany.get(company.id) ?? [],
    fines: d.finesByCompany.get(company.id) ?? [],
    sources: d.sourcesByCompany.get(company.id) ?? [],
    score: d.scoreByCompany.get(company.id)!,
    alternatives: d.alternativesOf.get(company.id) ?? [],
    alternativeTo: d.alternativeTo.get(company.id) ?? [],
  };
}

/** A product has an alternatives page when it is made outside Europe and has a European alternative. */
export function hasProductPage(d: Directory, product: ProductRow): boolean {
  const company = d.companyById.get(product.companyId);
  return !!company && !isEuropean(company.country) && (d.productAlternativesOf.get(product.id)?.length ?? 0) > 0;
}

/** An original with its European alternatives (one alternatives page). */
export interface ProductPage extends ProductLink {
  alternatives: ProductAlternativeLink[];
  subcategory: SubcategoryRow | undefined;
  category: CategoryWithSubs | undefined;
}

function productPageOf(d: Directory, product: ProductRow): ProductPage {
  const subcategory = product.subcategoryId != null ? d.subcategoryById.get(product.subcategoryId) : undefined;
  return {
    product,
    company: d.companyById.get(product.companyId)!,
    alternatives: d.productAlternativesOf.get(product.id) ?? [],
    subcategory,
    category: subcategory ? d.categoryById.get(subcategory.categoryId) : undefined,
  };
}

/** Every product with an alternatives page (made outside Europe, at least one European alternative), by name. */
export async function productPages(): Promise<ProductPage[]> {
  const d = await loadDirectory();
  return d.products.filter((p) => hasProductPage(d, p)).map((p) => productPageOf(d, p));
}

export interface ProductDetail extends ProductPage {
  /** sources of the original's facts */
  sources: SourceRow[];
  /** alternative product id -> the sources of its facts */
  sourcesOf: Map<number, SourceRow[]>;
  /** European alternatives of the original's company as a whole (its company page lists them) */
  companyAlternatives: number;
}

/** One alternatives page: the original, its maker, its European alternatives and their sources. */
export async function productDetail(slug: string): Promise<ProductDetail | undefined> {
  const d = await loadDirectory();
  const product = d.productBySlug.get(slug);
  if (!product || !hasProductPage(d, product)) return undefined;
  const page = productPageOf(d, product);
  return {
    ...page,
    sources: d.sourcesByProduct.get(product.id) ?? [],
    sourcesOf: new Map(page.alternatives.map((a) => [a.product.id, d.sourcesByProduct.get(a.product.id) ?? []])),
    companyAlternatives: d.alternativesOf.get(product.companyId)?.length ?? 0,
  };
}

/** Sum of the amounts that count (not annulled, after appeals), per currency; EUR first. */
export function fineTotal(fines: readonly FineRow[]): number {
  return fines.filter((f) => f.currency === 'EUR').reduce((sum, f) => sum + countedAmount(f), 0);
}

export interface FineWithCompany extends FineRow {
  company: CompanyRow;
}

/** Every fine of a published company, newest decision first (the /fines page). */
export async function allFines(): Promise<FineWithCompany[]> {
  const d = await loadDirectory();
  return [...d.finesByCompany.entries()]
    .flatMap(([id, fines]) => fines.map((f) => ({ ...f, company: d.companyById.get(id)! })))
    .sort((a, b) => b.date.localeCompare(a.date) || b.amount - a.amount);
}

export interface ForeignOwned {
  company: CompanyRow;
  /** sources that support the ownership */
  sources: SourceRow[];
}

/** European-headquartered companies controlled from outside Europe (the criteria page's register). */
export async function foreignOwnedCompanies(): Promise<ForeignOwned[]> {
  const d = await loadDirectory();
  return d.companies
    .filter((c) => c.control === 'european_hq_foreign_owner')
    .map((company) => ({ company, sources: (d.sourcesByCompany.get(company.id) ?? []).filter((s) => s.facts.includes('ownership')) }));
}

export interface CountryCompanies {
  companies: (CompanyRow & { alternativesCount: number; averageScore: number | null })[];
  unicornCount: number;
  totalAlternatives: number;
}

/** A country page's data: its companies, unicorn count and alternatives total. */
export async function countryCompanies(code: string): Promise<CountryCompanies> {
  const d = await loadDirectory();
  const companies = d.companies
    .filter((c) => c.country === code)
    .map((c) => {
      const alts = d.alternativesOf.get(c.id) ?? [];
      const averageScore = alts.length ? Math.round(alts.reduce((s, a) => s + a.score, 0) / alts.length) : null;
      return { ...c, alternativesCount: alts.length, averageScore };
    });
  return {
    companies,
    unicornCount: companies.filter((c) => c.isUnicorn).length,
    totalAlternatives: companies.reduce((s, c) => s + c.alternativesCount, 0),
  };
}

/** Companies per country code (all regions). */
export async function companyCountsByCountry(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const c of await allCompanies()) counts.set(c.country, (counts.get(c.country) ?? 0) + 1);
  return counts;
}

export async function euMembers(): Promise<Set<string>> {
  return (await loadDirectory()).euMembers;
}

/**
 * What each of some pages without parameters reads from the data, for the incremental publisher
 * (src/server/renderer/dependencies.ts): such a page is rendered again only when its inputs change.
 * A page listed here must read nothing else from the data (the footer's countries are in the
 * publisher's global fingerprint); keep its component and this list in step. Pages not listed (home,
 * the company list, open data, alternatives) are rendered on every publish.
 */
export async function pageInputs(): Promise<Record<string, unknown>> {
  const [categories, counts, byCountry, members, fines, register, guides] = await Promise.all([
    allCategories(),
    europeanCounts(),
    companyCountsByCountry(),
    euMembers(),
    allFines(),
    foreignOwnedCompanies(),
    publishedGuides(),
  ]);
  return {
    categories: [categories, counts], // CategoriesPage.astro
    countries: [byCountry, members], // CountriesPage.astro
    criteria: [register, categories], // CriteriaPage.astro
    fines, // FinesPage.astro
    guides, // GuidesPage.astro
    search: categories, // SearchPage.astro (its index is named through the stable manifest reference)
  };
}

/** Localized names and descriptions, falling back to English. */
export const categoryName = (c: Pick<CategoryRow, 'name' | 'translations'>, lang: Lang) => localizedField(c, 'name', lang);
export const companyDescription = (c: Pick<CompanyRow, 'description' | 'translations'>, lang: Lang) => localizedField(c, 'description', lang);
export const productName = (p: Pick<ProductRow, 'name' | 'translations'>, lang: Lang) => localizedField(p, 'name', lang);
export const productDescription = (p: Pick<ProductRow, 'description' | 'translations'>, lang: Lang) => localizedField(p, 'description', lang);
export const fineDescription = (f: Pick<FineRow, 'description' | 'translations'>, lang: Lang) => localizedField(f, 'description', lang);

/** Open data (src/lib/open-data.ts): published products of published companies and their alternatives. */
export async function publishedProducts() {
  const db = await buildDb();
  const { companyById } = await loadDirectory();
  const [products, links] = await Promise.all([db.select().from(t.product).orderBy(asc(t.product.slug)), db.select().from(t.productAlternative)]);
  const visible = products.filter((p) => p.status === 'published' && companyById.has(p.companyId));
  const ids = new Set(visible.map((p) => p.id));
  return { products: visible, alternatives: links.filter((l) => ids.has(l.productId) && ids.has(l.alternativeId)) };
}

/** The change feed (src/lib/open-data.ts): the latest company changes of the change log, newest first. */
export async function recentCompanyChanges(limit = 2000) {
  const db = await buildDb();
  return db.select().from(t.change).where(eq(t.change.entity, 'company')).orderBy(desc(t.change.id)).limit(limit);
}

// --- Switching guides -------------------------------------------------------------------------

export type GuideRow = typeof t.guide.$inferSelect;

/** A published guide with the product it is about and where people move to. */
export interface GuideView {
  guide: GuideRow;
  /** the product people move away from (published, of a published company) */
  from: ProductLink;
  /** the product's European alternatives, in the order of its alternatives page */
  alternatives: ProductAlternativeLink[];
  /** whether the product has an alternatives page (/alternatives/<slug>) */
  productPage: boolean;
}

let guideViews: Promise<GuideView[]> | undefined;

/** Published guides whose product is on the public site (a guide hangs on its product, like a draft's parts), by slug. */
export function publishedGuides(): Promise<GuideView[]> {
  return (guideViews ??= Promise.all([buildDb(), loadDirectory()]).then(([db, d]) => loadGuidesFrom(db, d)));
}

/** Reads the guides of a database against its directory (the build's, or a test's). */
export async function loadGuidesFrom(db: Db, d: Directory): Promise<GuideView[]> {
  const rows = await db.select().from(t.guide).where(eq(t.guide.status, 'published')).orderBy(asc(t.guide.slug));
  return rows.flatMap((guide) => {
    const product = guide.fromProductId == null ? undefined : d.productById.get(guide.fromProductId);
    if (!product) return [];
    return [{ guide, from: { product, company: d.companyById.get(product.companyId)! }, alternatives: d.productAlternativesOf.get(product.id) ?? [], productPage: hasProductPage(d, product) }];
  });
}

export async function guideDetail(slug: string): Promise<GuideView | undefined> {
  return (await publishedGuides()).find((g) => g.guide.slug === slug);
}

/** The guide about a product, if one is published (the product page links it). */
export async function guideOfProduct(productId: number): Promise<GuideView | undefined> {
  return (await publishedGuides()).find((g) => g.from.product.id === productId);
}

/** A guide's text in a language, falling back to English. */
export function guideText(g: GuideRow, field: 'title' | 'summary' | 'body' | 'time_needed', lang: Lang): string {
  return localizedField({ title: g.title, summary: g.summary, body: g.body, time_needed: g.timeNeeded, translations: g.translations }, field, lang);
}
