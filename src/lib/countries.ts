// The built-in country list (54 entries). Names are localized; each language has its own slug, derived
// from the name (English keeps its historical slugs): /de/laender/deutschland, /fr/pays/allemagne.
import { LANGS, languageOf, type Lang } from './i18n-langs.ts';

export type Region = 'Europe' | 'Americas' | 'Asia' | 'Oceania' | 'Africa';

export interface Country {
  code: string;
  region: Region;
  slug: string;
  /** names in the languages that have their own (en, de, fr); others use the locale's name (nameIn) */
  names: Readonly<Record<Lang, string>>;
}

export const COUNTRIES: readonly Country[] = [
  { code: 'AT', region: 'Europe', slug: 'austria', names: { en: 'Austria', de: 'Österreich', fr: 'Autriche' } },
  { code: 'BE', region: 'Europe', slug: 'belgium', names: { en: 'Belgium', de: 'Belgien', fr: 'Belgique' } },
  { code: 'BG', region: 'Europe', slug: 'bulgaria', names: { en: 'Bulgaria', de: 'Bulgarien', fr: 'Bulgarie' } },
  { code: 'HR', region: 'Europe', slug: 'croatia', names: { en: 'Croatia', de: 'Kroatien', fr: 'Croatie' } },
  { code: 'CY', region: 'Europe', slug: 'cyprus', names: { en: 'Cyprus', de: 'Zypern', fr: 'Chypre' } },
  { code: 'CZ', region: 'Europe', slug: 'czechia', names: { en: 'Czechia', de: 'Tschechien', fr: 'Tchéquie' } },
  { code: 'DK', region: 'Europe', slug: 'denmark', names: { en: 'Denmark', de: 'Dänemark', fr: 'Danemark' } },
  { code: 'EE', region: 'Europe', slug: 'estonia', names: { en: 'Estonia', de: 'Estland', fr: 'Estonie' } },
  { code: 'FI', region: 'Europe', slug: 'finland', names: { en: 'Finland', de: 'Finnland', fr: 'Finlande' } },
  { code: 'FR', region: 'Europe', slug: 'france', names: { en: 'France', de: 'Frankreich', fr: 'France' } },
  { code: 'DE', region: 'Europe', slug: 'germany', names: { en: 'Germany', de: 'Deutschland', fr: 'Allemagne' } },
  { code: 'GR', region: 'Europe', slug: 'greece', names: { en: 'Greece', de: 'Griechenland', fr: 'Grèce' } },
  { code: 'HU', region: 'Europe', slug: 'hungary', names: { en: 'Hungary', de: 'Ungarn', fr: 'Hongrie' } },
  { code: 'IE', region: 'Europe', slug: 'ireland', names: { en: 'Ireland', de: 'Irland', fr: 'Irlande' } },
  { code: 'IT', region: 'Europe', slug: 'italy', names: { en: 'Italy', de: 'Italien', fr: 'Italie' } },
  { code: 'LV', region: 'Europe', slug: 'latvia', names: { en: 'Latvia', de: 'Lettland', fr: 'Lettonie' } },
  { code: 'LT', region: 'Europe', slug: 'lithuania', names: { en: 'Lithuania', de: 'Litauen', fr: 'Lituanie' } },
  { code: 'LU', region: 'Europe', slug: 'luxembourg', names: { en: 'Luxembourg', de: 'Luxemburg', fr: 'Luxembourg' } },
  { code: 'MT', region: 'Europe', slug: 'malta', names: { en: 'Malta', de: 'Malta', fr: 'Malte' } },
  { code: 'NL', region: 'Europe', slug: 'netherlands', names: { en: 'Netherlands', de: 'Niederlande', fr: 'Pays-Bas' } },
  { code: 'PL', region: 'Europe', slug: 'poland', names: { en: 'Poland', de: 'Polen', fr: 'Pologne' } },
  { code: 'PT', region: 'Europe', slug: 'portugal', names: { en: 'Portugal', de: 'Portugal', fr: 'Portugal' } },
  { code: 'RO', region: 'Europe', slug: 'romania', names: { en: 'Romania', de: 'Rumänien', fr: 'Roumanie' } },
  { code: 'SK', region: 'Europe', slug: 'slovakia', names: { en: 'Slovakia', de: 'Slowakei', fr: 'Slovaquie' } },
  { code: 'SI', region: 'Europe', slug: 'slovenia', names: { en: 'Slovenia', de: 'Slowenien', fr: 'Slovénie' } },
  { code: 'ES', region: 'Europe', slug: 'spain', names: { en: 'Spain', de: 'Spanien', fr: 'Espagne' } },
  { code: 'SE', region: 'Europe', slug: 'sweden', names: { en: 'Sweden', de: 'Schweden', fr: 'Suède' } },
  { code: 'GB', region: 'Europe', slug: 'united-kingdom', names: { en: 'United Kingdom', de: 'Vereinigtes Königreich', fr: 'Royaume-Uni' } },
  { code: 'NO', region: 'Europe', slug: 'norway', names: { en: 'Norway', de: 'Norwegen', fr: 'Norvège' } },
  { code: 'CH', region: 'Europe', slug: 'switzerland', names: { en: 'Switzerland', de: 'Schweiz', fr: 'Suisse' } },
  { code: 'IS', region: 'Europe', slug: 'iceland', names: { en: 'Iceland', de: 'Island', fr: 'Islande' } },
  { code: 'LI', region: 'Europe', slug: 'liechtenstein', names: { en: 'Liechtenstein', de: 'Liechtenstein', fr: 'Liechtenstein' } },
  { code: 'MC', region: 'Europe', slug: 'monaco', names: { en: 'Monaco', de: 'Monaco', fr: 'Monaco' } },
  { code: 'AD', region: 'Europe', slug: 'andorra', names: { en: 'Andorra', de: 'Andorra', fr: 'Andorre' } },
  { code: 'UA', region: 'Europe', slug: 'ukraine', names: { en: 'Ukraine', de: 'Ukraine', fr: 'Ukraine' } },
  { code: 'RS', region: 'Europe', slug: 'serbia', names: { en: 'Serbia', de: 'Serbien', fr: 'Serbie' } },
  { code: 'BA', region: 'Europe', slug: 'bosnia-and-herzegovina', names: { en: 'Bosnia and Herzegovina', de: 'Bosnien und Herzegowina', fr: 'Bosnie-Herzégovine' } },
  { code: 'ME', region: 'Europe', slug: 'montenegro', names: { en: 'Montenegro', de: 'Montenegro', fr: 'Monténégro' } },
  { code: 'MK', region: 'Europe', slug: 'north-macedonia', names: { en: 'North Macedonia', de: 'Nordmazedonien', fr: 'Macédoine du Nord' } },
  { code: 'AL', region: 'Europe', slug: 'albania', names: { en: 'Albania', de: 'Albanien', fr: 'Albanie' } },
  { code: 'MD', region: 'Europe', slug: 'moldova', names: { en: 'Moldova', de: 'Moldau', fr: 'Moldavie' } },
  { code: 'RU', region: 'Europe', slug: 'russia', names: { en: 'Russia', de: 'Russland', fr: 'Russie' } },
  { code: 'BY', region: 'Europe', slug: 'belarus', names: { en: 'Belarus', de: 'Belarus', fr: 'Biélorussie' } },
  { code: 'US', region: 'Americas', slug: 'united-states', names: { en: 'United States', de: 'Vereinigte Staaten', fr: 'États-Unis' } },
  { code: 'CA', region: 'Americas', slug: 'canada', names: { en: 'Canada', de: 'Kanada', fr: 'Canada' } },
  { code: 'BR', region: 'Americas', slug: 'brazil', names: { en: 'Brazil', de: 'Brasilien', fr: 'Brésil' } },
  { code: 'MX', region: 'Americas', slug: 'mexico', names: { en: 'Mexico', de: 'Mexiko', fr: 'Mexique' } },
  { code: 'CN', region: 'Asia', slug: 'china', names: { en: 'China', de: 'China', fr: 'Chine' } },
  { code: 'JP', region: 'Asia', slug: 'japan', names: { en: 'Japan', de: 'Japan', fr: 'Japon' } },
  { code: 'TW', region: 'Asia', slug: 'taiwan', names: { en: 'Taiwan', de: 'Taiwan', fr: 'Taïwan' } },
  { code: 'HK', region: 'Asia', slug: 'hong-kong', names: { en: 'Hong Kong', de: 'Hongkong', fr: 'Hong Kong' } },
  { code: 'KR', region: 'Asia', slug: 'south-korea', names: { en: 'South Korea', de: 'Südkorea', fr: 'Corée du Sud' } },
  { code: 'SG', region: 'Asia', slug: 'singapore', names: { en: 'Singapore', de: 'Singapur', fr: 'Singapour' } },
  { code: 'IN', region: 'Asia', slug: 'india', names: { en: 'India', de: 'Indien', fr: 'Inde' } },
  { code: 'IL', region: 'Asia', slug: 'israel', names: { en: 'Israel', de: 'Israel', fr: 'Israël' } },
  { code: 'AE', region: 'Asia', slug: 'united-arab-emirates', names: { en: 'United Arab Emirates', de: 'Vereinigte Arabische Emirate', fr: 'Émirats arabes unis' } },
  { code: 'AU', region: 'Oceania', slug: 'australia', names: { en: 'Australia', de: 'Australien', fr: 'Australie' } },
  { code: 'NZ', region: 'Oceania', slug: 'new-zealand', names: { en: 'New Zealand', de: 'Neuseeland', fr: 'Nouvelle-Zélande' } },
  { code: 'ZA', region: 'Africa', slug: 'south-africa', names: { en: 'South Africa', de: 'Südafrika', fr: 'Afrique du Sud' } },
];

/** Listed as European but excluded from "Europe" everywhere (lists, filters, counts, the flag strip). */
export const EXCLUDED_FROM_EUROPE: readonly string[] = ['RU', 'BY'];

export const DEFAULT_EU_MEMBERS: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
];

/** A URL slug from a name in a language: German umlauts as ae/oe/ue/ss, accents dropped. */
export function slugIn(name: string, lang: Lang): string {
  const text = lang === 'de' ? name.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue').replace(/ß/g, 'ss') : name;
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A country's name in a language: its own entry in `names`, else the name the language's locale gives
 * the region code (Intl.DisplayNames), so a new language needs no entry here; English as the last resort.
 */
export function nameIn(country: Country, lang: Lang): string {
  const own = country.names[lang];
  if (own) return own;
  try {
    return new Intl.DisplayNames([languageOf(lang).locale], { type: 'region', fallback: 'none' }).of(country.code) ?? country.names.en;
  } catch {
    return country.names.en;
  }
}

/** A country's slug in every language (English: its `slug`; others: from the localized name). */
export function countrySlugs(country: Country): Record<Lang, string> {
  return Object.fromEntries(LANGS.map((l) => [l, l === 'en' ? country.slug : slugIn(nameIn(country, l), l)]));
}

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));
const bySlug = new Map(COUNTRIES.flatMap((c) => [...new Set(Object.values(countrySlugs(c)))].map((slug) => [slug, c] as const)));

export function countryByCode(code: string | null | undefined): Country | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}

/** A country by its slug in any language. */
export function countryBySlug(slug: string): Country | undefined {
  return bySlug.get(slug);
}

/** True for countries of region Europe, minus RU and BY. */
export function isEuropean(code: string | null | undefined): boolean {
  const country = countryByCode(code);
  return !!country && country.region === 'Europe' && !EXCLUDED_FROM_EUROPE.includes(country.code);
}

export const EUROPEAN_COUNTRIES: readonly Country[] = COUNTRIES.filter((c) => isEuropean(c.code));

/** The path of a flag SVG served from our origin (src/pages/flags/[code].svg.ts, from flag-icons);
 *  the neutral flag for a missing or malformed code. */
export function flagSrc(code: string | null | undefined): string {
  return /^[A-Za-z]{2}$/.test(code ?? '') ? `/flags/${code!.toLowerCase()}.svg` : UNKNOWN_FLAG_SRC;
}
export const UNKNOWN_FLAG_SRC = '/flags/xx.svg';

/** The placeholder emoji for an unknown or missing country code (the admin API's `flag` field). */
export const WHITE_FLAG = '\u{1F3F3}\u{FE0F}';

/** Regional-indicator emoji for a two-letter code, the white flag when unknown: the `flag` field of the admin countries API (screens show the SVG flags). */
export function flagEmoji(code: string | null | undefined): string {
  const country = countryByCode(code);
  if (!country) return WHITE_FLAG;
  return String.fromCodePoint(...[...country.code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}

export function countryName(code: string | null | undefined, lang: Lang): string {
  const country = countryByCode(code);
  return country ? nameIn(country, lang) : (code ?? '');
}
