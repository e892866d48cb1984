// Every static path of the public site, computed once per build from the route table and the data.
import { LANGS, type Lang } from './i18n-langs.ts';
import { PAGES, alternatesOf, urlOf, type PageId, type ParamValue } from './routes.ts';
import { allCategories, allCompanies, companyCountsByCountry, europeanCounts, productPages, publishedGuides, type CategoryRow, type SubcategoryRow } from './data.ts';
import { COUNTRIES, EXCLUDED_FROM_EUROPE, countryByCode, countrySlugs, isEuropean, type Country } from './countries.ts';
import { COMPANY_PAGE_SIZE, LIST_PAGE_SIZE } from './constants.ts';
import { localizedField, type Translations } from './translations.ts';
import { onDataReset, shareBuildReads } from './build-cache.ts';

export interface PageEntry {
  lang: Lang;
  page: PageId;
  /** the page's identity: English slugs, which the data is keyed by */
  params: Record<string, string>;
  /** the parameters of its URL: one slug per language where the data has localized slugs */
  urlParams: Record<string, ParamValue>;
  /** the localized path, e.g. /de/unternehmen/spotify */
  path: string;
}

/** A category's or subcategory's slug in every language (`translations.<lang>.slug`, else English). */
export function categorySlugs(c: Pick<CategoryRow | SubcategoryRow, 'slug' | 'translations'>): Record<Lang, string> {
  const record = c as { slug: string; translations?: Translations | null };
  return Object.fromEntries(LANGS.map((l) => [l, localizedField(record, 'slug', l)])) as Record<Lang, string>;
}

/** URL parameters of a category page and of a subcategory page. */
export const categoryParams = (c: Pick<CategoryRow, 'slug' | 'translations'>) => ({ category: categorySlugs(c) });
export const subcategoryParams = (c: Pick<CategoryRow, 'slug' | 'translations'>, s: Pick<SubcategoryRow, 'slug' | 'translations'>) => ({
  category: categorySlugs(c),
  subcategory: categorySlugs(s),
});
export const countryParams = (c: Country) => ({ slug: countrySlugs(c) });

/** Pages of a list of `count` cards (category, subcategory, country): at least one. */
export function listPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / LIST_PAGE_SIZE));
}

/**
 * Which page of its list an entry is (1 for the first page, which has no /page/N), how many there are,
 * the cards on it, and the address of page n (the same list in the entry's language).
 */
export function listPage<T>(entry: PageEntry, base: PageId, items: readonly T[]) {
  const page = entry.params.n ? Number(entry.params.n) : 1;
  const total = listPageCount(items.length);
  const urlParams = Object.fromEntries(Object.entries(entry.urlParams).filter(([name]) => name !== 'n'));
  const href = (k: number) => (k === 1 ? urlOf(entry.lang, base, urlParams) : urlOf(entry.lang, `${base}Page` as PageId, { ...urlParams, n: String(k) }));
  return { page, total, items: items.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE), href };
}

let cached: Promise<PageEntry[]> | undefined;

export function allPages(): Promise<PageEntry[]> {
  return (cached ??= computePages());
}

let countryCodes: Promise<Set<string>> | undefined;
onDataReset(() => {
  cached = undefined;
  countryCodes = undefined;
});
shareBuildReads({ allPages: () => allPages(), countriesWithPages: () => countriesWithPages() });

/**
 * Countries that have a page: at least one published company, not the United States (its address
 * goes to the home page) and not RU/BY (listed locked). Others are not linked and not in the sitemap.
 */
export function countriesWithPages(): Promise<Set<string>> {
  return (countryCodes ??= allCompanies().then((companies) => {
    const used = new Set(companies.map((c) => c.country));
    return new Set(COUNTRIES.filter((c) => used.has(c.code) && c.code !== 'US' && !EXCLUDED_FROM_EUROPE.includes(c.code)).map((c) => c.code));
  }));
}

/** The country page of a code, or undefined when that country has none. */
export async function countryPageParams(code: string | null | undefined) {
  const country = countryByCode(code);
  return country && (await countriesWithPages()).has(country.code) ? countryParams(country) : undefined;
}

async function computePages(): Promise<PageEntry[]> {
  const [companies, categories, withPages, products, guides] = await Promise.all([allCompanies(), allCategories(), countriesWithPages(), productPages(), publishedGuides()]);
  const paramSets: { page: PageId; params: Record<string, string>; urlParams?: Record<string, ParamValue> }[] = [];
  for (const page of Object.keys(PAGES) as PageId[]) {
    if (PAGES[page].params.length === 0) paramSets.push({ page, params: {} });
  }
  for (const c of companies) paramSets.push({ page: 'company', params: { slug: c.slug } });
  for (const p of products) paramSets.push({ page: 'product', params: { slug: p.product.slug } });
  for (const g of guides) paramSets.push({ page: 'guide', params: { slug: g.guide.slug } });
  const listPages = Math.ceil(companies.filter((c) => isEuropean(c.country)).length / COMPANY_PAGE_SIZE);
  for (let n = 2; n <= listPages; n++) paramSets.push({ page: 'companiesPage', params: { n: String(n) } });
  const [{ byCategory, bySubcategory }, byCountry] = await Promise.all([europeanCounts(), companyCountsByCountry()]);
  // Pages 2..n of a long list: the same parameters plus the page number.
  const pagesOf = (page: PageId, count: number, params: Record<string, string>, urlParams: Record<string, ParamValue>) => {
    for (let n = 2; n <= listPageCount(count); n++) paramSets.push({ page, params: { ...params, n: String(n) }, urlParams: { ...urlParams, n: String(n) } });
  };
  for (const c of categories) {
    paramSets.push({ page: 'category', params: { category: c.slug }, urlParams: categoryParams(c) });
    pagesOf('categoryPage', byCategory.get(c.id) ?? 0, { category: c.slug }, categoryParams(c));
    for (const s of c.subcategories) {
      paramSets.push({ page: 'subcategory', params: { category: c.slug, subcategory: s.slug }, urlParams: subcategoryParams(c, s) });
      pagesOf('subcategoryPage', bySubcategory.get(s.id) ?? 0, { category: c.slug, subcategory: s.slug }, subcategoryParams(c, s));
    }
  }
  for (const c of COUNTRIES) {
    if (!withPages.has(c.code)) continue;
    paramSets.push({ page: 'country', params: { slug: c.slug }, urlParams: countryParams(c) });
    pagesOf('countryPage', byCountry.get(c.code) ?? 0, { slug: c.slug }, countryParams(c));
  }
  return LANGS.flatMap((lang) =>
    paramSets.map(({ page, params, urlParams = params }) => ({ lang, page, params, urlParams, path: urlOf(lang, page, urlParams) })),
  );
}

/** The same page in every language, for the language switcher and hreflang links. */
export function alternates(entry: Pick<PageEntry, 'page' | 'urlParams'>): Record<Lang, string> {
  return alternatesOf(entry.page, entry.urlParams);
}

/** Slug changes of this build's data: the address a category, subcategory or country page had before
 *  localized slugs (English slugs under every language) and where it lives now, for _redirects. */
export async function localizedSlugMoves(entries?: PageEntry[]): Promise<{ from: string; to: string }[]> {
  const moves: { from: string; to: string }[] = [];
  for (const entry of entries ?? (await allPages())) {
    if (entry.lang === 'en' || !['category', 'subcategory', 'country'].includes(entry.page)) continue;
    const from = urlOf(entry.lang, entry.page, entry.params);
    if (from !== entry.path) moves.push({ from, to: entry.path });
  }
  return moves;
}
