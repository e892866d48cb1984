// The site's languages are data: content/languages.json, one entry per language with its code, its own
// name (the language switcher), its locale (numbers, dates, lists, country names), its Open Graph locale
// and its URL segment for every section of the route table. English comes first: it is the source
// language (plain columns in the database, no URL prefix, the fallback for every missing text).
// Adding a language is one entry there, one UI strings file (content/i18n/<code>.json) and its content;
// see docs/i18n.md.
import config from '../../content/languages.json' with { type: 'json' };

/** A language code of content/languages.json ('en', 'de', ...). */
export type Lang = string;

export interface Language {
  code: Lang;
  /** the language's own name, e.g. "Deutsch" */
  name: string;
  /** BCP 47 locale for Intl formatting, e.g. "de-DE" */
  locale: string;
  /** Open Graph locale, e.g. "de_DE" */
  ogLocale: string;
  /** URL segment per section id of src/lib/routes.ts (a missing one falls back to English) */
  segments: Readonly<Record<string, string>>;
}

export const DEFAULT_LANG: Lang = 'en';

/** Refuses a configuration the site cannot be built from, naming the entry and the field. */
export function checkLanguages(entries: readonly Language[]): readonly Language[] {
  const problems: string[] = [];
  if (entries[0]?.code !== DEFAULT_LANG) problems.push(`the first language must be "${DEFAULT_LANG}" (English is the source language)`);
  const seen = new Set<string>();
  for (const [i, l] of entries.entries()) {
    const where = `entry ${i + 1} (${l.code})`;
    if (!/^[a-z]{2,3}$/.test(l.code)) problems.push(`${where}: code must be a two- or three-letter ISO 639 code in lower case`);
    if (seen.has(l.code)) problems.push(`${where}: the code is listed twice`);
    seen.add(l.code);
    if (!l.name?.trim()) problems.push(`${where}: name is empty`);
    try {
      Intl.getCanonicalLocales(l.locale);
    } catch {
      problems.push(`${where}: locale "${l.locale}" is not a valid BCP 47 locale`);
    }
    if (!/^[a-z]{2,3}_[A-Z]{2}$/.test(l.ogLocale ?? '')) problems.push(`${where}: ogLocale must look like "de_DE"`);
    for (const [section, segment] of Object.entries(l.segments ?? {})) {
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(segment)) problems.push(`${where}: segment "${segment}" of ${section} must be lower-case letters, digits and dashes`);
    }
  }
  if (problems.length) throw new Error(`content/languages.json:\n  ${problems.join('\n  ')}`);
  return entries;
}

export const LANGUAGES: readonly Language[] = checkLanguages(config);
export const LANGS: readonly Lang[] = LANGUAGES.map((l) => l.code);

const byCode = new Map(LANGUAGES.map((l) => [l.code, l]));

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && byCode.has(value);
}

/** The configuration of a language of the site (English for anything else). */
export function languageOf(lang: Lang): Language {
  return byCode.get(lang) ?? LANGUAGES[0];
}
