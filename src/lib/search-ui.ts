// What the search islands get from the build: their strings in the page's language and the route
// table's paths as templates (the islands fill in the slugs). Shared by the search box
// (src/components/SearchForm.astro) and the results page (src/components/pages/SearchPage.astro).
// The words shown only with results travel in the search index (searchTexts, src/lib/data-files.ts),
// not in every page's HTML.
import type { SearchStrings } from '../islands/Search.tsx';
import type { SearchTexts } from './data-format.ts';
import type { SearchRoutes } from '../islands/search-links.ts';
import type { Lang } from './i18n-langs.ts';
import { t } from './i18n.ts';
import { url } from './routes.ts';

export function searchStrings(lang: Lang, size: 'large' | 'small' = 'large'): SearchStrings {
  return {
    label: t(lang, 'search.label'),
    placeholder: t(lang, size === 'large' ? 'search.placeholder' : 'search.placeholder_short'),
    submit: t(lang, 'search.submit'),
    loading: t(lang, 'search.loading'),
    error: t(lang, 'search.error'),
    results: t(lang, 'search.results'),
  };
}

export function searchTexts(lang: Lang): SearchTexts {
  return {
    noResults: t(lang, 'search.no_results'),
    count: t(lang, 'search.results_count'),
    countOne: t(lang, 'search.results_count_one'),
    products: t(lang, 'search.group_products'),
    companies: t(lang, 'search.group_companies'),
    categories: t(lang, 'search.group_categories'),
    alternatives: t(lang, 'search.alternatives'),
    inCategory: t(lang, 'search.in_category'),
    productOf: t(lang, 'search.product_of'),
    productAlternatives: t(lang, 'search.product_alternatives'),
    productAlternativesOne: t(lang, 'search.product_alternatives_one'),
    showAll: t(lang, 'search.show_all'),
    foreignOwner: t(lang, 'label.foreign_owner'),
  };
}

export function searchRoutes(lang: Lang): SearchRoutes {
  return {
    company: url(lang, 'company', { slug: '__slug__' }),
    product: url(lang, 'product', { slug: '__slug__' }),
    category: url(lang, 'category', { category: '__category__' }),
    subcategory: url(lang, 'subcategory', { category: '__category__', subcategory: '__subcategory__' }),
  };
}
