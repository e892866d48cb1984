// Where a search result leads, shared by the search box and the results page. The islands get the
// route table's paths as templates (src/components/SearchForm.astro), never write them by hand.
// Small and eager: the search box imports it, the engine (loaded on focus) must not be pulled in here.
import type { SearchResult, SearchResults } from './search-engine.ts';
import type { SearchTexts } from '../lib/data-format.ts';

export interface SearchRoutes {
  /** localized path templates from the route table, with __slug__, __category__, __subcategory__ */
  company: string;
  /** a product's alternatives page */
  product: string;
  category: string;
  subcategory: string;
}

export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export function hrefOf(result: SearchResult, routes: SearchRoutes): string {
  const enc = encodeURIComponent;
  switch (result.type) {
    case 'product':
      // A product without an alternatives page (a European one) is shown on its maker's page.
      return result.page ? routes.product.replace('__slug__', enc(result.slug)) : routes.company.replace('__slug__', enc(result.company.slug));
    case 'company':
      return routes.company.replace('__slug__', enc(result.slug));
    case 'category':
      return routes.category.replace('__category__', enc(result.slug));
    case 'subcategory':
      return routes.subcategory.replace('__category__', enc(result.category.slug)).replace('__subcategory__', enc(result.slug));
  }
}

/** The results page for a query: /search?q=… (/de/suche?q=…). */
export function resultsHref(page: string, query: string): string {
  const q = query.trim();
  return q ? `${page}?q=${encodeURIComponent(q)}` : page;
}

/** The results in the order they are shown: group by group, best group first. */
export function ordered(results: SearchResults): SearchResult[] {
  return results.order.flatMap((group) => results[group] as SearchResult[]);
}

/** Without words (an index built without them, as the benchmark's): every text empty. */
export const NO_TEXTS: SearchTexts = {
  noResults: '',
  count: '',
  countOne: '',
  products: '',
  companies: '',
  categories: '',
  alternatives: '',
  inCategory: '',
  productOf: '',
  productAlternatives: '',
  productAlternativesOne: '',
  showAll: '',
  foreignOwner: '',
};
