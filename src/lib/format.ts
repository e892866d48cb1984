// Formatting of money, numbers, dates and the page control, per language.
import { LANGS, languageOf, type Lang } from './i18n-langs.ts';
import { t } from './i18n.ts';

/** Each language's locale (content/languages.json). */
const LOCALES: Readonly<Record<Lang, string>> = Object.fromEntries(LANGS.map((l) => [l, languageOf(l).locale]));
/** The locale of each language, for Intl formatters outside this file (e.g. ListFormat). */
export const LIST_LOCALES: Readonly<Record<Lang, string>> = LOCALES;

/** "A, B and C" / "A, B und C" / "A, B et C". */
export function formatList(items: readonly string[], lang: Lang): string {
  return new Intl.ListFormat(LOCALES[lang], { style: 'long', type: 'conjunction' }).format(items);
}

function decimal(lang: Lang, value: number, digits: number): string {
  return new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** Fines: at least 1e9 as billions, at least 1e6 as millions, one decimal, in euros. */
export function formatMoney(amount: number, lang: Lang, currency = 'EUR'): string {
  if (currency === 'EUR' && amount >= 1e9) return t(lang, 'format.billions', { amount: decimal(lang, amount / 1e9, 1) });
  if (currency === 'EUR' && amount >= 1e6) return t(lang, 'format.millions', { amount: decimal(lang, amount / 1e6, 1) });
  try {
    return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    // A code Intl refuses (stored before currencies were checked, e.g. "EURO") must not fail the whole build.
    return `${new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 }).format(amount)} ${currency}`;
  }
}

export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(value);
}

/** A YYYY-MM-DD date as "18 July 2018" / "18. Juli 2018" / "18 juillet 2018". */
export function formatDate(isoDate: string, lang: Lang): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

// "in Germany" / "in der Schweiz" / "au Portugal": a country name with the preposition (and article,
// declined) it takes after "headquartered". Exceptions by country code; a rule for the rest.
const IN_COUNTRY: Partial<Record<Lang, Record<string, string>>> = {
  en: { US: 'in the {name}', GB: 'in the {name}', NL: 'in the {name}', AE: 'in the {name}', PH: 'in the {name}' },
  de: {
    CH: 'in der {name}', SK: 'in der {name}', TR: 'in der {name}', UA: 'in der {name}',
    NL: 'in den Niederlanden', US: 'in den Vereinigten Staaten', AE: 'in den Vereinigten Arabischen Emiraten', GB: 'im Vereinigten Königreich',
  },
  fr: {
    US: 'aux {name}', NL: 'aux {name}', AE: 'aux {name}', PH: 'aux {name}',
    CY: 'à {name}', MT: 'à {name}', MC: 'à {name}', SM: 'à {name}', SG: 'à {name}', HK: 'à {name}', IL: 'en {name}',
    MX: 'au {name}', KH: 'au {name}', MZ: 'au {name}', ZW: 'au {name}',
  },
};

/** A country name with the preposition it takes in a language: "in the United Kingdom", "au Danemark". */
export function inCountry(code: string, name: string, lang: Lang): string {
  const fixed = IN_COUNTRY[lang]?.[code.toUpperCase()];
  if (fixed) return fixed.replace('{name}', name);
  // Languages without a rule here take the pattern of their strings file ("in {name}").
  if (lang !== 'fr') return t(lang, 'country.in', { name });
  // French: feminine names (ending in -e) and names starting with a vowel take "en", others "au".
  return /e$/.test(name) || /^[AEIOUÉÈÎ]/.test(name) ? `en ${name}` : `au ${name}`;
}
