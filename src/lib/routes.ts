// The one route table: every public URL is built from a route id and a language here.
import { DEFAULT_LANG, LANGS, LANGUAGES, isLang, type Lang } from './i18n-langs.ts';

/** A section's path segment in every language, from content/languages.json (English when a language has none). */
function segments(section: string): Readonly<Record<Lang, string>> {
  const english = LANGUAGES[0].segments[section];
  if (!english) throw new Error(`content/languages.json: English has no segment for the section "${section}".`);
  return Object.fromEntries(LANGUAGES.map((l) => [l.code, l.segments[section] ?? english]));
}

/** Path segment of each section per language (content/languages.json). English has no language prefix. */
export const SECTIONS = {
  companies: segments('companies'),
  categories: segments('categories'),
  countries: segments('countries'),
  mission: segments('mission'),
  privacy: segments('privacy'),
  terms: segments('terms'),
  imprint: segments('imprint'),
  criteria: segments('criteria'),
  fines: segments('fines'),
  notFound: segments('notFound'),
  page: segments('page'),
  suggest: segments('suggest'),
  thanks: segments('thanks'),
  openData: segments('openData'),
  alternatives: segments('alternatives'),
  guides: segments('guides'),
  search: segments('search'),
};

export type Section = keyof typeof SECTIONS;

/** Every kind of public page, with the section it lives under and the parameters it takes. */
export const PAGES = {
  home: { section: null, params: [] },
  companies: { section: 'companies', params: [] },
  // Pages 2..n of the default company list, for visitors without JavaScript: /companies/page/2
  companiesPage: { section: 'companies', sub: 'page', params: ['n'] },
  company: { section: 'companies', params: ['slug'] },
  categories: { section: 'categories', params: [] },
  category: { section: 'categories', params: ['category'] },
  subcategory: { section: 'categories', params: ['category', 'subcategory'] },
  countries: { section: 'countries', params: [] },
  country: { section: 'countries', params: ['slug'] },
  // Pages 2..n of long lists (60 cards a page): /categories/fashion/page/2, /de/laender/deutschland/seite/2.
  // `tail` is a localized segment before the last parameter.
  categoryPage: { section: 'categories', params: ['category', 'n'], tail: 'page' },
  subcategoryPage: { section: 'categories', params: ['category', 'subcategory', 'n'], tail: 'page' },
  countryPage: { section: 'countries', params: ['slug', 'n'], tail: 'page' },
  mission: { section: 'mission', params: [] },
  privacy: { section: 'privacy', params: [] },
  terms: { section: 'terms', params: [] },
  imprint: { section: 'imprint', params: [] },
  criteria: { section: 'criteria', params: [] },
  fines: { section: 'fines', params: [] },
  notFound: { section: 'notFound', params: [] },
  suggest: { section: 'suggest', params: [] },
  suggestThanks: { section: 'suggest', sub: 'thanks', params: [] },
  openData: { section: 'openData', params: [] },
  // European alternatives to well-known products: the index, and one page per product (/alternatives/gmail)
  alternatives: { section: 'alternatives', params: [] },
  product: { section: 'alternatives', params: ['slug'] },
  // Step-by-step switching guides: the index, and one page per move (/guides/gmail-to-european-email)
  guides: { section: 'guides', params: [] },
  guide: { section: 'guides', params: ['slug'] },
  // Every match of a search (?q=…, read in the browser): where the search box's form goes
  search: { section: 'search', params: [] },
} as const satisfies Record<string, { section: Section | null; sub?: Section; tail?: Section; params: readonly string[] }>;

export type PageId = keyof typeof PAGES;
/**
 * A path parameter: one slug for every language, or one per language when the data has localized
 * slugs (e.g. a category `{ en: 'food-beverage', de: 'lebensmittel-getraenke', fr: 'alimentation' }`).
 */
export type ParamValue = string | Readonly<Record<Lang, string>>;
export type PageParams<P extends PageId> = { [K in (typeof PAGES)[P]['params'][number]]: ParamValue };

function paramIn(value: ParamValue, lang: Lang): string {
  return typeof value === 'string' ? value : value[lang];
}

export function langPrefix(lang: Lang): string {
  return lang === DEFAULT_LANG ? '' : `/${lang}`;
}

/** The localized path of a page, e.g. url('de', 'company', { slug: 'spotify' }) -> /de/unternehmen/spotify */
export function url<P extends PageId>(lang: Lang, page: P, ...[params]: PageParams<P> extends Record<string, never> ? [] : [PageParams<P>]): string {
  const def = PAGES[page];
  const parts: string[] = [];
  if (def.section) parts.push(SECTIONS[def.section][lang]);
  if ('sub' in def) parts.push(SECTIONS[def.sub][lang]);
  def.params.forEach((name: string, i: number) => {
    if ('tail' in def && i === def.params.length - 1) parts.push(SECTIONS[def.tail][lang]);
    parts.push(encodeURIComponent(paramIn((params as Record<string, ParamValue>)[name], lang)));
  });
  const path = `${langPrefix(lang)}/${parts.join('/')}`;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path || '/';
}

/** Same as url() but for a page id and params known only at run time (e.g. the language switcher). */
export function urlOf(lang: Lang, page: PageId, params: Record<string, ParamValue> = {}): string {
  return (url as (l: Lang, p: PageId, q?: Record<string, ParamValue>) => string)(lang, page, params);
}

/** The language a path belongs to, from its first segment. */
export function langOfPath(pathname: string): Lang {
  const first = pathname.split('/').filter(Boolean)[0];
  return isLang(first) && first !== DEFAULT_LANG ? first : DEFAULT_LANG;
}

/** Finds the section whose segment in any language equals `segment`. */
export function sectionOfSegment(segment: string): { section: Section; lang: Lang } | undefined {
  for (const [section, segs] of Object.entries(SECTIONS) as [Section, Record<Lang, string>][]) {
    for (const lang of LANGS) if (segs[lang] === segment) return { section, lang };
  }
  return undefined;
}

/** The same page in every language (language switcher, hreflang links, sitemap alternates). */
export function alternatesOf(page: PageId, params: Record<string, ParamValue> = {}): Record<Lang, string> {
  return Object.fromEntries(LANGS.map((lang) => [lang, urlOf(lang, page, params)])) as Record<Lang, string>;
}

/** Sections that can start a path after the language prefix (not sub-segments such as "page"). */
export const TOP_SECTIONS: readonly Section[] = [
  ...new Set(Object.values(PAGES).flatMap((def) => (def.section ? [def.section as Section] : []))),
];

/** Sub-segments that follow a section (e.g. /companies/page/2), per page id. */
export function subSectionOf(page: PageId): Section | undefined {
  const def = PAGES[page];
  return 'sub' in def ? def.sub : undefined;
}

export interface RouteMatch {
  lang: Lang;
  page: PageId;
  params: Record<string, string>;
}

/** The literal segments of a page in one language; params are left out. */
function literalSegments(lang: Lang, page: PageId): string[] {
  const def = PAGES[page];
  const sub = subSectionOf(page);
  return [...(def.section ? [SECTIONS[def.section][lang]] : []), ...(sub ? [SECTIONS[sub][lang]] : [])];
}

// Pages with more literal segments first, so /companies/page/2 is never read as a company slug (and
// /categories/x/page/2 never as a subcategory page).
const literalCount = (page: PageId) => literalSegments(DEFAULT_LANG, page).length + ('tail' in PAGES[page] ? 1 : 0);
const MATCH_ORDER = (Object.keys(PAGES) as PageId[]).sort((a, b) => literalCount(b) - literalCount(a));

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The inverse of url(): which page of which language a path is, or undefined when the route table
 * has no such shape. Accepts the build's file names too (/de/unternehmen.html, /index.html).
 * It does not know whether a slug exists; that is the build's business.
 */
export function matchPath(pathname: string): RouteMatch | undefined {
  const clean = pathname.replace(/\.html$/, '').replace(/(^|\/)index$/, '');
  const segments = clean.split('/').filter(Boolean).map(decodeSegment);
  let lang: Lang = DEFAULT_LANG;
  if (isLang(segments[0]) && segments[0] !== DEFAULT_LANG) lang = segments.shift() as Lang;
  for (const page of MATCH_ORDER) {
    const literals = literalSegments(lang, page);
    const names = PAGES[page].params as readonly string[];
    const def = PAGES[page];
    const tail = 'tail' in def ? SECTIONS[def.tail][lang] : undefined;
    if (segments.length !== literals.length + names.length + (tail ? 1 : 0)) continue;
    if (!literals.every((seg, i) => segments[i] === seg)) continue;
    const values = segments.slice(literals.length);
    if (tail) {
      if (values[values.length - 2] !== tail) continue;
      values.splice(values.length - 2, 1);
    }
    const params = Object.fromEntries(names.map((name, i) => [name, values[i]]));
    return { lang, page, params };
  }
  return undefined;
}

export { LANGS, DEFAULT_LANG, type Lang };
