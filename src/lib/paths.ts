// Every static path of the public site, computed once per build from the route table and the data.
import { LANGS, type Lang } from './i18n-langs.ts';
import { PAGES, alternatesOf, urlOf, type PageId } from './routes.ts';
import { allCategories, allCompanies } from './data.ts';
import { COUNTRIES, EXCLUDED_FROM_EUROPE, isEuropean } from './countries.ts';
import { COMPANY_PAGE_SIZE } from './constants.ts';

export interface PageEntry {
  lang: Lang;
  page: PageId;
  params: Record<string, string>;
  /** the localized path, e.g. /de/unternehmen/spotify */
  path: string;
}

let cached: Promise<PageEntry[]> | undefined;

export function allPages(): Promise<PageEntry[]> {
  return (cached ??= computePages());
}

async function computePages(): Promise<PageEntry[]> {
  const [companies, categories] = await Promise.all([allCompanies(), allCategories()]);
  const paramSets: { page: PageId; params: Record<string, string> }[] = [];
  for (const page of Object.keys(PAGES) as PageId[]) {
    if (PAGES[page].params.length === 0) paramSets.push({ page, params: {} });
  }
  for (const c of companies) paramSets.push({ page: 'company', params: { slug: c.slug } });
  const listPages = Math.ceil(companies.filter((c) => isEuropean(c.country)).length / COMPANY_PAGE_SIZE);
  for (let n = 2; n <= listPages; n++) paramSets.push({ page: 'companiesPage', params: { n: String(n) } });
  for (const c of categories) {
    paramSets.push({ page: 'category', params: { category: c.slug } });
    for (const s of c.subcategories) paramSets.push({ page: 'subcategory', params: { category: c.slug, subcategory: s.slug } });
  }
  // The United States page is a redirect to the home page (SPEC section 2), so it is not built.
  // RU and BY are listed locked, without a page.
  for (const c of COUNTRIES) {
    if (c.code !== 'US' && !EXCLUDED_FROM_EUROPE.includes(c.code)) paramSets.push({ page: 'country', params: { slug: c.slug } });
  }
  return LANGS.flatMap((lang) => paramSets.map(({ page, params }) => ({ lang, page, params, path: urlOf(lang, page, params) })));
}

/** The same page in every language, for the language switcher and hreflang links. */
export function alternates(entry: Pick<PageEntry, 'page' | 'params'>): Record<Lang, string> {
  return alternatesOf(entry.page, entry.params);
}
