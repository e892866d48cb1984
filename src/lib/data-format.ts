// The format of the JSON files the islands load (built by src/lib/search-index.ts). No imports:
// islands import the version from here without pulling build-time code into their bundles.
export const DATA_FORMAT_VERSION = 3;

/** Control classes as numbers in the rows (the order of src/lib/ownership.ts's CONTROL_CLASSES). */
export const CONTROL_CODES = ['european', 'european_hq_foreign_owner', 'non_european', 'unverified'] as const;
export type ControlCode = 0 | 1 | 2 | 3;
/** the class that carries a visible label wherever a company is shown */
export const LABELLED_CONTROL: ControlCode = 1;

/** Search index: companies, categories and subcategories of one language. */
export interface SearchIndexData {
  v: typeof DATA_FORMAT_VERSION;
  /** country code -> localized country name, for the codes used below */
  n: Record<string, string>;
  /** categories: localized name, slug, English name when it differs (so "Mobility" also finds "Mobilität") */
  k: SearchCategoryRow[];
  /** subcategories: localized name, slug, index of the parent in `k`, English name when it differs */
  s: SearchSubcategoryRow[];
  /** companies by name: name, slug, country code ('' if unknown), index of the category in `k` (-1 if none),
   *  up to 5 alternative-country codes run together ("FRDESE"), then 1 when the company is labelled
   *  "European HQ, non-European owner" (left out otherwise) */
  c: SearchCompanyRow[];
}
export type SearchCategoryRow = [name: string, slug: string, english?: string];
export type SearchSubcategoryRow = [name: string, slug: string, category: number, english?: string];
export type SearchCompanyRow =
  | [name: string, slug: string, country: string, category: number, alternativeCountries: string]
  | [name: string, slug: string, country: string, category: number, alternativeCountries: string, foreignOwner: 1];

/** Company list of the browser: every published company (Europe and outside Europe), by name. */
export interface CompanyListData {
  v: typeof DATA_FORMAT_VERSION;
  /** category slugs, referenced by index from the rows */
  k: string[];
  /** certification keys (slugs of their names), referenced by index from the rows */
  t: string[];
  c: CompanyListRow[];
}
/** name, slug, country, category index (-1 if none), unicorn (1/0), short localized description,
 *  number of European alternatives, control class (index in CONTROL_CODES), certification indexes,
 *  score (0..100), year founded (0 if unknown), order of addition (higher is newer), then the
 *  verified features of its products as bits (src/lib/product-features.ts), left out when none */
export type CompanyListRow =
  | [
      name: string,
      slug: string,
      country: string,
      category: number,
      unicorn: 0 | 1,
      description: string,
      alternatives: number,
      control: ControlCode,
      certifications: number[],
      score: number,
      founded: number,
      added: number,
    ]
  | [
      name: string,
      slug: string,
      country: string,
      category: number,
      unicorn: 0 | 1,
      description: string,
      alternatives: number,
      control: ControlCode,
      certifications: number[],
      score: number,
      founded: number,
      added: number,
      features: number,
    ];

/** Content-hashed file name: /data/search-en.3f9c0a1b2d.json */
const FINGERPRINTED = /^\/data\/([a-z]+-[a-z]{2})\.[0-9a-f]{10}\.json$/;

/**
 * The newest version of a data file under a stable name (/data-latest/search-en.json). A page built
 * before the site was republished asks for a fingerprinted file the new build no longer has; the
 * islands then fall back to this one.
 */
export function latestDataPath(path: string): string | undefined {
  const match = FINGERPRINTED.exec(path);
  return match ? `/data-latest/${match[1]}.json` : undefined;
}
