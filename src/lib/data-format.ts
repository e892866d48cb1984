// The format of the JSON files the islands load (built by src/lib/search-index.ts). No imports:
// islands import the version from here without pulling build-time code into their bundles.
/** The company list's format. */
export const DATA_FORMAT_VERSION = 3;

/** Control classes as numbers in the rows (the order of src/lib/ownership.ts's CONTROL_CLASSES). */
export const CONTROL_CODES = ['european', 'european_hq_foreign_owner', 'non_european', 'unverified'] as const;
export type ControlCode = 0 | 1 | 2 | 3;
/** the class that carries a visible label wherever a company is shown */
export const LABELLED_CONTROL: ControlCode = 1;

/** The search's format, versioned apart from the company list's. */
export const SEARCH_FORMAT_VERSION = 4;

/**
 * Search index of one language, the first file the search box loads: every name it matches on and
 * what a suggestion needs to link, nothing more (src/lib/search-index.ts). A company's country,
 * category and alternative flags live in detail shards (SearchDetailData), loaded for the companies
 * a search shows, so the first file stays small however large the directory grows.
 */
export interface SearchIndexData {
  v: typeof SEARCH_FORMAT_VERSION;
  /** country code -> localized country name, for the codes used by products and the shards */
  n: Record<string, string>;
  /** categories: localized name, slug, English name when it differs (so "Mobility" also finds "Mobilität") */
  k: SearchCategoryRow[];
  /** subcategories: localized name, slug, index of the parent in `k`, English name when it differs */
  s: SearchSubcategoryRow[];
  /** company names in the directory's order (by name), front-coded (frontCode()) */
  c: string;
  /** company index -> slug, for the companies whose slug is not nameSlug(name) (src/islands/text.ts) */
  cs: Record<string, string>;
  /** indexes of the companies labelled "European HQ, non-European owner" */
  cl: number[];
  /** products (Gmail, Proton Mail …) */
  p: SearchProductRow[];
  /** the search's words in this language that only results need (the page's HTML carries the others);
   *  left out by the benchmark */
  t?: SearchTexts;
  /** detail shards: `z` companies each, shard i holds companies i*z … i*z+z-1; `f` their paths; `h` the
   *  hash of this file's names, which each shard repeats (a shard of another build is ignored) */
  d: { z: number; f: string[]; h: string };
}
/** Words of the search box and the results page that are shown with results only: they travel with
 *  the index instead of in the HTML of every page (where each search box would repeat them). */
export interface SearchTexts {
  /** with {query} */
  noResults: string;
  /** with {count} */
  count: string;
  countOne: string;
  products: string;
  companies: string;
  categories: string;
  alternatives: string;
  /** with {category} */
  inCategory: string;
  /** with {company} */
  productOf: string;
  /** with {count} */
  productAlternatives: string;
  productAlternativesOne: string;
  /** with {query} */
  showAll: string;
  /** label of a company headquartered in Europe with a non-European owner */
  foreignOwner: string;
}
export type SearchCategoryRow = [name: string, slug: string, english?: string];
export type SearchSubcategoryRow = [name: string, slug: string, category: number, english?: string];
/** localized name, slug ('' when it is nameSlug(name)), index of its company in `c`, index of its
 *  subcategory in `s` (-1 if none), number of European alternatives on its alternatives page (0: it has
 *  none, a suggestion opens its company), what people type for it in this language, English name when
 *  it differs (the last two left out when empty) */
export type SearchProductRow =
  | [name: string, slug: string, company: number, subcategory: number, alternatives: number]
  | [name: string, slug: string, company: number, subcategory: number, alternatives: number, aliases: string[]]
  | [name: string, slug: string, company: number, subcategory: number, alternatives: number, aliases: string[], english: string];

/**
 * Sorted names as one string: each name is the number of leading characters it shares with the one
 * before (as one character, "0" + n) followed by the rest, names separated by newlines. Neighbours in
 * a sorted list share a lot, so this is a third smaller than a JSON list, even gzipped.
 */
export function frontCode(names: readonly string[]): string {
  let previous = '';
  return names
    .map((raw) => {
      const name = raw.replace(/[\n\r]/g, ' ');
      let shared = 0;
      while (shared < FRONT_CODE_MAX && shared < name.length && name[shared] === previous[shared]) shared++;
      previous = name;
      return String.fromCharCode(48 + shared) + name.slice(shared);
    })
    .join('\n');
}

export function frontDecode(text: string): string[] {
  if (!text) return [];
  let previous = '';
  return text.split('\n').map((line) => (previous = previous.slice(0, line.charCodeAt(0) - 48) + line.slice(1)));
}

/** "0" + 74 is "z": the shared length stays one readable character. */
const FRONT_CODE_MAX = 74;

/** One detail shard of the search: country, category and alternative flags of a run of companies. */
export interface SearchDetailData {
  v: typeof SEARCH_FORMAT_VERSION;
  /** the index file's `d.h` */
  h: string;
  /** index of the shard's first company */
  o: number;
  /** country codes, two letters per company ("--" if unknown) */
  co: string;
  /** category index in `k` per company (-1 if none) */
  ca: number[];
  /** company index -> up to 5 country codes of its European alternatives, run together ("FRDESE") */
  a: Record<string, string>;
}

/** Company list of the browser: every published company (Europe and outside Europe), by name. */
export interface CompanyListData {
  v: typeof DATA_FORMAT_VERSION;
  /** category slugs, referenced by index from the rows */
  k: string[];
  /** certification keys (slugs of their names), referenced by index from the rows */
  t: string[];
  c: CompanyListRow[];
}
/** the fields every row has */
type CompanyListFields = [
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
];
/** name, slug, country, category index (-1 if none), unicorn (1/0), short localized description,
 *  number of European alternatives, control class (index in CONTROL_CODES), certification indexes,
 *  score (0..100), year founded (0 if unknown), order of addition (higher is newer), then the
 *  verified features of its products as bits (src/lib/product-features.ts), left out when none */
export type CompanyListRow = CompanyListFields | [...fields: CompanyListFields, features: number];

/** Content-hashed file name: /data/search-en.3f9c0a1b2d.json, /data/search-en-3.3f9c0a1b2d.json (a shard) */
const FINGERPRINTED = /^\/data\/([a-z]+-[a-z]{2}(?:-\d+)?)\.[0-9a-f]{10}\.json$/;

/**
 * The newest version of a data file under a stable name (/data-latest/search-en.json). A page built
 * before the site was republished asks for a fingerprinted file the new build no longer has; the
 * islands then fall back to this one.
 */
export function latestDataPath(path: string): string | undefined {
  const match = FINGERPRINTED.exec(path);
  return match ? `/data-latest/${match[1]}.json` : undefined;
}
