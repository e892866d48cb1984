// The one route table: every public URL is built from a route id and a language here.
import { DEFAULT_LANG, LANGS, isLang, type Lang } from './i18n-langs.ts';

/** Path segment of each section per language. English has no language prefix. */
export const SECTIONS = {
  companies: { en: 'companies', de: 'unternehmen', fr: 'entreprises' },
  categories: { en: 'categories', de: 'kategorien', fr: 'categories' },
  countries: { en: 'countries', de: 'laender', fr: 'pays' },
  mission: { en: 'mission', de: 'mission', fr: 'mission' },
  privacy: { en: 'privacy', de: 'datenschutz', fr: 'confidentialite' },
  terms: { en: 'terms', de: 'nutzungsbedingungen', fr: 'conditions' },
  imprint: { en: 'imprint', de: 'impressum', fr: 'mentions-legales' },
  notFound: { en: '404', de: '404', fr: '404' },
} as const satisfies Record<string, Record<Lang, string>>;

export type Section = keyof typeof SECTIONS;

/** Every kind of public page, with the section it lives under and the parameters it takes. */
export const PAGES = {
  home: { section: null, params: [] },
  companies: { section: 'companies', params: [] },
  company: { section: 'companies', params: ['slug'] },
  categories: { section: 'categories', params: [] },
  category: { section: 'categories', params: ['category'] },
  subcategory: { section: 'categories', params: ['category', 'subcategory'] },
  countries: { section: 'countries', params: [] },
  country: { section: 'countries', params: ['slug'] },
  mission: { section: 'mission', params: [] },
  privacy: { section: 'privacy', params: [] },
  terms: { section: 'terms', params: [] },
  imprint: { section: 'imprint', params: [] },
  notFound: { section: 'notFound', params: [] },
} as const satisfies Record<string, { section: Section | null; params: readonly string[] }>;

export type PageId = keyof typeof PAGES;
export type PageParams<P extends PageId> = { [K in (typeof PAGES)[P]['params'][number]]: string };

export function langPrefix(lang: Lang): string {
  return lang === DEFAULT_LANG ? '' : `/${lang}`;
}

/** The localized path of a page, e.g. url('de', 'company', { slug: 'spotify' }) -> /de/unternehmen/spotify */
export function url<P extends PageId>(lang: Lang, page: P, ...[params]: PageParams<P> extends Record<string, never> ? [] : [PageParams<P>]): string {
  const def = PAGES[page];
  const parts: string[] = [];
  if (def.section) parts.push(SECTIONS[def.section][lang]);
  for (const name of def.params) parts.push(encodeURIComponent((params as Record<string, string>)[name]));
  const path = `${langPrefix(lang)}/${parts.join('/')}`;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path || '/';
}

/** Same as url() but for a page id and params known only at run time (e.g. the language switcher). */
export function urlOf(lang: Lang, page: PageId, params: Record<string, string> = {}): string {
  return (url as (l: Lang, p: PageId, q?: Record<string, string>) => string)(lang, page, params);
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

export { LANGS, DEFAULT_LANG, type Lang };
