// Which pages a change of the data affects, from the directory before and after it (src/lib/data.ts).
// Every company gets a fingerprint of everything its page shows: its own data, the cards of its
// alternatives (with descriptions), the compact cards of the companies it replaces (without), and the
// makers of products linked to its products; a company whose fingerprint changed is "changed". Pages then follow from the kind of page:
// - a company's page (and its open-data file): when the company changed;
// - list pages (the company list, categories, subcategories, countries, 12 or 60 cards a page): the
//   pages whose slice of the list changed or holds a changed company; all of them when the list's
//   length or header (counts) changed;
// - product and guide pages: when their own fingerprint changed; a guide's link (title, check date,
//   product; added or removed) also renders its product's page and its maker's page;
// - pages without parameters: when what they read changed (data.ts pageInputs: categories, countries,
//   criteria, fines, guides, search), the others (home, the company list, open data …) always;
// - the data files and feeds: always (they summarize everything); the sitemaps when a page or the day
//   its data last changed did;
// - data that every page shows (EU membership, which countries have a page): a change there renders
//   everything; a certificate renders the pages of its companies and the company list; a category
//   (names, description, subcategories) is part of what its companies' pages and cards, its own list
//   pages, its products' pages and the company list's filter show, so those follow it.
// Whatever this leaves out would be a stale page, so the incremental publish is held to a full build of
// the same data byte for byte (tests/api/incremental.test.ts).
import { createHash } from 'node:crypto';
import { hasProductPage, type Directory, type GuideView } from '../../lib/data.ts';
import type { PageEntry } from '../../lib/paths.ts';
import { countryBySlug, isEuropean } from '../../lib/countries.ts';
import { COMPANY_PAGE_SIZE, LIST_PAGE_SIZE } from '../../lib/constants.ts';
import { companyChangedAt } from '../../lib/company-changed.ts';

export interface DataSnapshot {
  directory: Directory;
  /** every page of the catch-all route, from lib/paths */
  entries: PageEntry[];
  /** the countries that have a page (footer flag strip on every page) */
  countriesWithPages: Set<string>;
  /** published guides by slug */
  guides: Map<string, GuideSnapshot>;
  /** page id -> fingerprint of what that page without parameters reads (data.ts pageInputs) */
  pageInputs: Map<string, string>;
}

/** A guide as the publisher compares it: fingerprints of its page and of its link, and where that link is shown. */
export interface GuideSnapshot {
  fp: string;
  link: string;
  /** the slug of its product (whose page links it) */
  product: string;
  /** the slug of the product's maker (whose page links it) */
  maker: string;
}

export interface Dependencies {
  /** render every path: something every page shows changed */
  all: boolean;
  reason: string;
  /** the companies whose pages change */
  changed: Set<number>;
  /** whether a path of the catch-all route must be rendered again */
  page(path: string): boolean;
  /** whether an endpoint's output (data files, open data, feeds, sitemaps) must be rendered again */
  endpoint(pathname: string): boolean;
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64');

// Page inputs may hold Maps and Sets: they hash by their entries (JSON.stringify writes both as {}).
// Only there: a replacer function slows every other fingerprint down by half.
const entries = (_key: string, value: unknown) => (value instanceof Map ? [...value] : value instanceof Set ? [...value] : value);

/** The fingerprints of what some pages without parameters read (data.ts pageInputs). */
export function pageInputsSnapshot(inputs: Record<string, unknown>): Map<string, string> {
  return new Map(Object.entries(inputs).map(([page, value]) => [page, createHash('sha256').update(JSON.stringify(value, entries)).digest('base64')]));
}

/** A category as pages show it: names in every language, description, its subcategories. */
const categoryData = (d: Directory, id: number | null | undefined): unknown => (id == null ? null : (d.categoryById.get(id) ?? null));

/** The data of a company that any page shows, without its neighbours. */
function ownData(d: Directory, id: number): unknown {
  const c = d.companyById.get(id);
  if (!c) return null;
  const products = (d.productsByCompany.get(id) ?? []).map((p) => ({
    p,
    sources: d.sourcesByProduct.get(p.id) ?? [],
    alternatives: (d.productAlternativesOf.get(p.id) ?? []).map((a) => [a.product.id, a.canImport, a.score]),
    replaces: (d.productAlternativeTo.get(p.id) ?? []).map((o) => o.product.id),
  }));
  return {
    c,
    category: categoryData(d, c.categoryId),
    score: d.scoreByCompany.get(id),
    subcategories: d.subcategoryIdsByCompany.get(id) ?? [],
    certifications: d.certificationsByCompany.get(id) ?? [],
    fines: d.finesByCompany.get(id) ?? [],
    sources: d.sourcesByCompany.get(id) ?? [],
    alternatives: (d.alternativesOf.get(id) ?? []).map((a) => [a.company.id, a.score]),
    alternativeTo: (d.alternativeTo.get(id) ?? []).map((a) => [a.company.id, a.score]),
    products,
  };
}

/** The companies a company's page shows through its products (the makers of their alternatives and originals). */
function productNeighbours(d: Directory, id: number): number[] {
  const ids = new Set<number>();
  for (const p of d.productsByCompany.get(id) ?? []) {
    for (const a of d.productAlternativesOf.get(p.id) ?? []) ids.add(a.company.id);
    for (const o of d.productAlternativeTo.get(p.id) ?? []) ids.add(o.company.id);
  }
  ids.delete(id);
  return [...ids].sort((a, b) => a - b);
}

// The fingerprints of a directory are computed once: the snapshot an update compares against is the
// one the previous update read, so its fingerprints come from here instead of being hashed again.
const companyFps = new WeakMap<Directory, Map<number, string>>();
const productFps = new WeakMap<Directory, Map<string, string>>();
const listsOf = new WeakMap<DataSnapshot, Map<string, { ids: number[]; header: unknown }>>();
const sitemapFps = new WeakMap<DataSnapshot, string>();

function memo<K, V>(cache: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, compute: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute(key);
    cache.set(key, value);
  }
  return value;
}

function companyFingerprints(d: Directory): Map<number, string> {
  return memo(companyFps, d, computeCompanyFingerprints);
}

/**
 * What a company page's AlternativeList shows of a linked company: its alternatives with their
 * description, the companies it replaces without it (AlternativeList.astro).
 */
function linkedData(d: Directory, id: number, withDescription: boolean): unknown {
  const c = d.companyById.get(id);
  if (!c) return null;
  const { name, slug, logoUrl, country, control, ownerName, ownerCountry, description, translations } = c;
  const shown = { name, slug, logoUrl, country, control, ownerName, ownerCountry };
  if (withDescription) return { ...shown, description, translations };
  // Without the description, only the owner's name per language (the foreign-owner label).
  return { ...shown, ownerNames: Object.fromEntries(Object.entries(translations ?? {}).map(([lang, v]) => [lang, (v as { owner_name?: string } | undefined)?.owner_name ?? null])) };
}

function computeCompanyFingerprints(d: Directory): Map<number, string> {
  const own = new Map(d.companies.map((c) => [c.id, hash(ownData(d, c.id))]));
  const withDescription = new Map<number, string>();
  const withoutDescription = new Map<number, string>();
  const linked = (id: number, full: boolean) => memo(full ? withDescription : withoutDescription, id, () => hash(linkedData(d, id, full)));
  return new Map(
    d.companies.map((c) => {
      const alternatives = (d.alternativesOf.get(c.id) ?? []).map((a) => linked(a.company.id, true));
      const replaces = (d.alternativeTo.get(c.id) ?? []).map((a) => linked(a.company.id, false));
      // Companies linked through products: everything they show, as before.
      const viaProducts = productNeighbours(d, c.id).map((n) => own.get(n));
      return [c.id, hash([own.get(c.id), alternatives, replaces, viaProducts])];
    }),
  );
}

/**
 * What a list shows of a company: the card (CompanyCard.astro's props) and, on the pages of countries
 * outside Europe, its category, number of alternatives and their average score.
 */
function cardData(d: Directory, id: number): unknown {
  const c = d.companyById.get(id);
  if (!c) return null;
  const { name, slug, logoUrl, country, isUnicorn, description, translations, control, ownerName, ownerCountry, categoryId } = c;
  const alternatives = (d.alternativesOf.get(id) ?? []).map((a) => a.score);
  return { name, slug, logoUrl, country, isUnicorn, description, translations, control, ownerName, ownerCountry, category: categoryData(d, categoryId), alternatives };
}

/** What a page shows of a company it only mentions (a maker on a product page): row, class, score. */
function makerData(d: Directory, id: number): unknown {
  const c = d.companyById.get(id);
  return c ? { c, score: d.scoreByCompany.get(id) } : null;
}

/**
 * What an alternatives page shows: the original, its maker (and how many company-level alternatives
 * the maker has), its alternatives and their makers, its category, and the other alternatives pages of
 * the same subcategory or maker (ProductPage.astro's "related" and "same maker" lists).
 */
function productFingerprints(d: Directory): Map<string, string> {
  return memo(productFps, d, computeProductFingerprints);
}

function computeProductFingerprints(d: Directory): Map<string, string> {
  const out = new Map<string, string>();
  const withPage = d.products.filter((p) => hasProductPage(d, p));
  const siblings = (key: (p: (typeof withPage)[number]) => unknown, value: unknown) => withPage.filter((p) => value != null && key(p) === value).map((p) => [p.slug, p.name, p.translations]);
  for (const p of d.products) {
    const makers = new Set([p.companyId, ...(d.productAlternativesOf.get(p.id) ?? []).map((a) => a.company.id)]);
    const alternatives = (d.productAlternativesOf.get(p.id) ?? []).map((a) => ({ a, sources: d.sourcesByProduct.get(a.product.id) ?? [] }));
    const category = p.subcategoryId != null ? categoryData(d, d.subcategoryById.get(p.subcategoryId)?.categoryId) : null;
    const around = [siblings((x) => x.subcategoryId, p.subcategoryId), siblings((x) => x.companyId, p.companyId), d.alternativesOf.get(p.companyId)?.length ?? 0];
    out.set(p.slug, hash([p, d.sourcesByProduct.get(p.id) ?? [], alternatives, [...makers].map((m) => makerData(d, m)), category, around]));
  }
  return out;
}

/**
 * Pages whose component reads no data (only their own addresses from lib/paths): the data every page
 * shows (the footer's countries) is in the global fingerprint. Keep this list to such pages only.
 */
const DATA_FREE_PAGES = new Set(['mission', 'privacy', 'terms', 'imprint', 'notFound', 'suggest', 'suggestThanks']);

/** Everything every page (or every card) shows: a change here re-renders the whole site. */
function globalFingerprint(s: DataSnapshot): string {
  const d = s.directory;
  // The year: every footer's copyright line.
  // Certificates are not here: a company page shows its own (in its fingerprint) and the company list's
  // filter shows all of them (the header of the 'companies' list below).
  // Categories are not here either: the footer only links to the categories page (see categoryData).
  return hash([[...d.euMembers].sort(), [...s.countriesWithPages].sort(), new Date().getFullYear()]);
}

/**
 * What the sitemap files show (lib/sitemap.ts): every page with its language alternates, and the day
 * the data behind it last changed. A day, not a time: most saves leave the sitemap as it was.
 */
function sitemapFingerprint(s: DataSnapshot): string {
  return memo(sitemapFps, s, () => {
    const d = s.directory;
    const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
    return hash([
      s.entries,
      d.categories,
      d.companies.map((c) => [c.id, c.slug, c.categoryId, c.country, day(c.updatedAt), day(c.createdAt)]),
      d.products.map((p) => [p.id, p.slug, p.companyId, day(p.updatedAt), day(p.createdAt), (d.productAlternativesOf.get(p.id) ?? []).map((a) => a.product.id)]),
    ]);
  });
}

/** The pages (1-based) of a list whose content changed. */
export function changedListPages(before: readonly number[], after: readonly number[], changed: Set<number>, size: number, headerChanged: boolean): Set<number> | 'all' {
  if (headerChanged || before.length !== after.length) return 'all';
  const pages = new Set<number>();
  for (let i = 0; i < after.length; i += 1) {
    if (before[i] !== after[i] || changed.has(after[i]) || changed.has(before[i])) pages.add(Math.floor(i / size) + 1);
  }
  return pages;
}

/** The lists the site pages: key -> company ids in page order, and what the list's header shows. */
function lists(s: DataSnapshot): Map<string, { ids: number[]; header: unknown }> {
  return memo(listsOf, s, computeLists);
}

function computeLists(s: DataSnapshot): Map<string, { ids: number[]; header: unknown }> {
  const d = s.directory;
  const out = new Map<string, { ids: number[]; header: unknown }>();
  const european = d.companies.filter((c) => isEuropean(c.country));
  // The company list pages' filters list every certificate and every category (CompaniesPage.astro).
  out.set('companies', { ids: european.map((c) => c.id), header: [d.certifications.map((c) => c.name), d.categories] });
  const subCount = new Map<number, number>();
  for (const c of european) for (const sid of d.subcategoryIdsByCompany.get(c.id) ?? []) subCount.set(sid, (subCount.get(sid) ?? 0) + 1);
  for (const cat of d.categories) {
    const ids = european.filter((c) => c.categoryId === cat.id).map((c) => c.id);
    out.set(`category:${cat.slug}`, { ids, header: [cat, cat.subcategories.map((sub) => subCount.get(sub.id) ?? 0)] });
    for (const sub of cat.subcategories) {
      const members = new Set(d.companyIdsBySubcategory.get(sub.id) ?? []);
      out.set(`subcategory:${cat.slug}/${sub.slug}`, { ids: european.filter((c) => members.has(c.id)).map((c) => c.id), header: cat });
    }
  }
  const byCountry = new Map<string, number[]>();
  for (const c of d.companies) {
    const ids = byCountry.get(c.country);
    if (ids) ids.push(c.id);
    else byCountry.set(c.country, [c.id]);
  }
  for (const [code, ids] of byCountry) {
    out.set(`country:${code}`, { ids, header: ids.filter((id) => d.companyById.get(id)!.isUnicorn).length });
  }
  return out;
}

/** The list a page shows and its page number, or undefined for pages that are not lists. */
function listOf(entry: PageEntry): { key: string; page: number; size: number } | undefined {
  const n = entry.params.n ? Number(entry.params.n) : 1;
  switch (entry.page) {
    case 'companiesPage':
      return { key: 'companies', page: n, size: COMPANY_PAGE_SIZE };
    case 'category':
    case 'categoryPage':
      return { key: `category:${entry.params.category}`, page: n, size: LIST_PAGE_SIZE };
    case 'subcategory':
    case 'subcategoryPage':
      return { key: `subcategory:${entry.params.category}/${entry.params.subcategory}`, page: n, size: LIST_PAGE_SIZE };
    case 'country':
    case 'countryPage':
      return { key: `country:${countryBySlug(entry.params.slug)?.code ?? entry.params.slug}`, page: n, size: LIST_PAGE_SIZE };
    default:
      return undefined;
  }
}

export function dependencies(before: DataSnapshot, after: DataSnapshot): Dependencies {
  const all = (reason: string): Dependencies => ({ all: true, reason, changed: new Set(after.directory.companies.map((c) => c.id)), page: () => true, endpoint: () => true });
  if (globalFingerprint(before) !== globalFingerprint(after)) return all('EU members or countries with a page changed');

  const fpBefore = companyFingerprints(before.directory);
  const fpAfter = companyFingerprints(after.directory);
  const changed = new Set<number>();
  for (const [id, fp] of fpAfter) if (fpBefore.get(id) !== fp) changed.add(id);
  for (const id of fpBefore.keys()) if (!fpAfter.has(id)) changed.add(id);
  // Companies whose card in a list changed.
  const cards = new Set<number>();
  for (const id of changed) if (hash(cardData(before.directory, id)) !== hash(cardData(after.directory, id))) cards.add(id);

  const changedSlugs = new Set<string>();
  for (const id of changed) {
    for (const d of [before.directory, after.directory]) {
      const slug = d.companyById.get(id)?.slug;
      if (slug) changedSlugs.add(slug);
    }
  }

  const productsBefore = productFingerprints(before.directory);
  const productsAfter = productFingerprints(after.directory);
  const changedProducts = new Set<string>();
  for (const [slug, fp] of productsAfter) if (productsBefore.get(slug) !== fp) changedProducts.add(slug);
  for (const slug of productsBefore.keys()) if (!productsAfter.has(slug)) changedProducts.add(slug);
  // A guide's page follows everything it shows; the page of its product and its maker's page (both
  // link it) follow its link: added, removed, retitled, checked again or moved to another product.
  const changedGuides = new Set<string>();
  for (const [slug, g] of after.guides) if (before.guides.get(slug)?.fp !== g.fp) changedGuides.add(slug);
  for (const slug of new Set([...before.guides.keys(), ...after.guides.keys()])) {
    const [was, is] = [before.guides.get(slug), after.guides.get(slug)];
    if (was?.link === is?.link) continue;
    for (const g of [was, is]) {
      if (!g) continue;
      changedProducts.add(g.product);
      changedSlugs.add(g.maker);
    }
  }

  // List pages to render, by list key and page number.
  const listsBefore = lists(before);
  const listsAfter = lists(after);
  const listPages = new Map<string, Set<number> | 'all'>();
  const sizeOf = (key: string) => (key === 'companies' ? COMPANY_PAGE_SIZE : LIST_PAGE_SIZE);
  for (const key of new Set([...listsBefore.keys(), ...listsAfter.keys()])) {
    const b = listsBefore.get(key) ?? { ids: [], header: null };
    const a = listsAfter.get(key) ?? { ids: [], header: null };
    listPages.set(key, changedListPages(b.ids, a.ids, cards, sizeOf(key), hash(b.header) !== hash(a.header)));
  }

  const byPath = new Map(after.entries.map((e) => [e.path, e]));
  const sitemapChanged = sitemapFingerprint(before) !== sitemapFingerprint(after);
  return {
    all: false,
    reason: `${changed.size} companies, ${changedProducts.size} product pages, ${changedGuides.size} guides changed`,
    changed,
    page(path: string): boolean {
      const entry = byPath.get(path);
      if (!entry) return true; // unknown: render
      if (DATA_FREE_PAGES.has(entry.page)) return false;
      if (Object.keys(entry.params).length === 0) {
        const fp = after.pageInputs.get(entry.page);
        return fp === undefined || before.pageInputs.get(entry.page) !== fp;
      }
      switch (entry.page) {
        case 'company':
          return changedSlugs.has(entry.params.slug);
        case 'product':
          return changedProducts.has(entry.params.slug);
        case 'guide':
          return changedGuides.has(entry.params.slug);
        default: {
          const list = listOf(entry);
          if (!list) return true;
          const pages = listPages.get(list.key);
          return pages === 'all' || !!pages?.has(list.page);
        }
      }
    },
    endpoint(pathname: string): boolean {
      // Pictures, schemas and pages that no data goes into (the English 404 page, the admin shell).
      if (/^\/(flags|og)\/|^\/open-data\/schema\/|^\/robots\.txt$|^\/404$|^\/admin$/.test(pathname)) return false;
      if (/^\/sitemap-(index|\d+)\.xml$/.test(pathname)) return sitemapChanged;
      const company = /^\/open-data\/v1\/companies\/(.+)\.json$/.exec(pathname);
      if (company && !/^index-\d+$/.test(company[1])) {
        // A company's file also carries the time its linked companies last changed (open-data.ts).
        const slug = decodeURIComponent(company[1]);
        return changedSlugs.has(slug) || companyChangedAt(before.directory, slug) !== companyChangedAt(after.directory, slug);
      }
      return true;
    },
  };
}

/** What a guide's page shows (fp), what the pages linking it show (link), and where those pages are. */
export function guideSnapshot(g: GuideView): GuideSnapshot {
  const { guide, from, alternatives, productPage } = g;
  const product = (p: GuideView['from']['product']) => [p.id, p.slug, p.name, p.translations];
  const company = (c: GuideView['from']['company']) => [c.slug, c.name, c.country];
  const titles = Object.fromEntries(Object.entries(guide.translations ?? {}).map(([lang, t]) => [lang, t?.title]));
  return {
    fp: hash([guide, productPage, product(from.product), company(from.company), alternatives.map((a) => [product(a.product), company(a.company)])]),
    link: hash([guide.slug, guide.title, titles, guide.lastChecked, from.product.id]),
    product: from.product.slug,
    maker: from.company.slug,
  };
}
