// How a product's decision facts read on a page: one cell per fact, each either verified (yes, no or
// a value) or not verified. Null is "not verified", never "no" (docs/data-model.md: unknown is a
// valid value, a guess is not). Pure: pages and tests feed it products.
import type { Lang } from './i18n-langs.ts';
import { t } from './i18n.ts';
import { HOSTING_REGIONS } from '../../db/enums.ts';
import { LIST_LOCALES, formatList } from './format.ts';

/** yes / no: a verified answer; value: a verified value; unknown: no source yet */
export type FactState = 'yes' | 'no' | 'value' | 'unknown';

export interface FactCell {
  state: FactState;
  text: string;
  /** a second, smaller line (e.g. the cheapest paid plan) */
  detail?: string;
}

/** The facts a cell is made from (a product row has them all). */
export interface ProductFacts {
  pricing: string | null;
  priceFromEur: number | null;
  licence: string | null;
  selfHostable: boolean | null;
  platforms: string[] | null;
  e2ee: boolean | null;
  dataLocation: string | null;
  interfaceLanguages: string[] | null;
}

export const PLATFORM_NAMES: Record<string, string> = { web: 'Web', android: 'Android', ios: 'iOS', windows: 'Windows', macos: 'macOS', linux: 'Linux' };

const unknown = (lang: Lang): FactCell => ({ state: 'unknown', text: t(lang, 'product.not_verified') });

/** A monthly price in euros as the language writes it: €3.99, 3,99 €, 3 €. */
export function formatEuro(amount: number, lang: Lang): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(LIST_LOCALES[lang], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function booleanCell(value: boolean | null | undefined, lang: Lang): FactCell {
  if (value == null) return unknown(lang);
  return value ? { state: 'yes', text: t(lang, 'product.yes') } : { state: 'no', text: t(lang, 'product.no') };
}

/** Free / Free plan / Paid, with the cheapest paid plan per month where it is public. */
export function pricingCell(p: Pick<ProductFacts, 'pricing' | 'priceFromEur'>, lang: Lang): FactCell {
  const price = p.priceFromEur != null && p.priceFromEur > 0 ? formatEuro(p.priceFromEur, lang) : undefined;
  if (p.pricing === 'free' || p.pricing === 'freemium' || p.pricing === 'paid') {
    const text = t(lang, `product.pricing.${p.pricing}`);
    if (!price || p.pricing === 'free') return { state: 'value', text };
    return { state: 'value', text, detail: t(lang, p.pricing === 'freemium' ? 'product.price_from' : 'product.price_only', { price }) };
  }
  return price ? { state: 'value', text: t(lang, 'product.price_only', { price }) } : unknown(lang);
}

/** Open source with its licence; '' is a verified "no", null not verified. */
export function licenceCell(p: Pick<ProductFacts, 'licence'>, lang: Lang): FactCell {
  if (p.licence == null) return unknown(lang);
  const licence = p.licence.trim();
  return licence ? { state: 'yes', text: t(lang, 'product.yes'), detail: licence } : { state: 'no', text: t(lang, 'product.no') };
}

export function platformsCell(p: Pick<ProductFacts, 'platforms'>, lang: Lang): FactCell {
  if (!p.platforms?.length) return unknown(lang);
  const order = Object.keys(PLATFORM_NAMES);
  const names = [...p.platforms].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((code) => PLATFORM_NAMES[code] ?? code);
  return { state: 'value', text: names.join(', ') };
}

export function dataLocationCell(p: Pick<ProductFacts, 'dataLocation'>, lang: Lang): FactCell {
  const region = HOSTING_REGIONS.find((h) => h === p.dataLocation);
  if (!region || region === 'unknown') return unknown(lang);
  return { state: 'value', text: t(lang, `hosting.${region}`) };
}

/** Language names in the page's language, the page's own language first, then alphabetically. */
export function languageNames(codes: readonly string[], lang: Lang): string[] {
  let display: Intl.DisplayNames | undefined;
  try {
    display = new Intl.DisplayNames([LIST_LOCALES[lang]], { type: 'language' });
  } catch {
    display = undefined;
  }
  const nameOf = (code: string) => {
    try {
      return display?.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const own = (code: string) => code.toLowerCase().split('-')[0] === lang;
  const collator = new Intl.Collator(LIST_LOCALES[lang]);
  const unique = [...new Set(codes)];
  return unique
    .map((code) => ({ code, name: nameOf(code) }))
    .sort((a, b) => Number(own(b.code)) - Number(own(a.code)) || collator.compare(a.name, b.name))
    .map((x) => x.name);
}

/** A cell starts with a capital, whatever the language writes its language names with ("allemand et anglais"). */
const capitalized = (text: string, lang: Lang) => text.charAt(0).toLocaleUpperCase(LIST_LOCALES[lang]) + text.slice(1);

/** Up to `max` language names, then "and N more"; the full list is the cell's detail when cut. */
export function languagesCell(p: Pick<ProductFacts, 'interfaceLanguages'>, lang: Lang, max = 3): FactCell {
  if (!p.interfaceLanguages?.length) return unknown(lang);
  const names = languageNames(p.interfaceLanguages, lang);
  if (names.length <= max + 1) return { state: 'value', text: capitalized(formatList(names, lang), lang) };
  return { state: 'value', text: capitalized(t(lang, 'product.languages_more', { list: names.slice(0, max).join(', '), count: names.length - max }), lang) };
}

export type FactColumn = 'pricing' | 'open_source' | 'self_hostable' | 'platforms' | 'e2ee' | 'data_location' | 'languages' | 'can_import';

/** The comparison table's columns, in order. */
export const FACT_COLUMNS: readonly FactColumn[] = ['pricing', 'open_source', 'self_hostable', 'platforms', 'e2ee', 'data_location', 'languages', 'can_import'];

/** Every cell of one alternative's row; `canImport` is a fact of the link to the original. */
export function factCells(p: ProductFacts, canImport: boolean | null, lang: Lang): Record<FactColumn, FactCell> {
  return {
    pricing: pricingCell(p, lang),
    open_source: licenceCell(p, lang),
    self_hostable: booleanCell(p.selfHostable, lang),
    platforms: platformsCell(p, lang),
    e2ee: booleanCell(p.e2ee, lang),
    data_location: dataLocationCell(p, lang),
    languages: languagesCell(p, lang),
    can_import: booleanCell(canImport, lang),
  };
}
