// The company browser's state and its URL query, the source of truth
// (?search=&region=&category=&certification=&country=&owner=&feature=&sort=&size=&page=), plus filtering,
// sorting, counting and paging. Pure.
import { CONTROL_CODES, DATA_FORMAT_VERSION, type CompanyListData } from '../lib/data-format.ts';
import { FEATURES, bitsOf, isFeature, type Feature } from '../lib/product-features.ts';
import { fold, foldQuery } from './text.ts';

/** Europe, or every company headquartered outside it (not only the United States). */
export type Region = 'Europe' | 'outside';
export type Sort = 'name' | 'score' | 'founded' | 'newest';
export const SORTS: readonly Sort[] = ['name', 'score', 'founded', 'newest'];
export const PAGE_SIZES: readonly number[] = [12, 24, 48];

export interface BrowserState {
  search: string;
  region: Region;
  /** category slug */
  category: string;
  /** certification key */
  certification: string;
  /** two-letter code; only with region Europe */
  country: string;
  /** European-owned companies only (?owner=european); only with region Europe */
  europeanOwned: boolean;
  /** companies whose products verifiably offer all of these (?feature=open-source&feature=e2ee), in FEATURES order */
  features: Feature[];
  sort: Sort;
  /** companies per page, one of PAGE_SIZES */
  size: number;
  page: number;
}

export const DEFAULT_STATE: BrowserState = {
  search: '',
  region: 'Europe',
  category: '',
  certification: '',
  country: '',
  europeanOwned: false,
  features: [],
  sort: 'name',
  size: PAGE_SIZES[0],
  page: 1,
};

/** The query value of the "European-owned only" filter. */
export const OWNER_EUROPEAN = 'european';

/** The values the island offers; anything else in a URL is dropped. */
export interface Known {
  categories: ReadonlySet<string>;
  certifications: ReadonlySet<string>;
  countries: ReadonlySet<string>;
}

// "USA" is the region's old name: old links still open the non-European side.
function parseRegion(value: string | null): Region {
  return value && /^(outside|usa?|united-states)$/i.test(value.trim()) ? 'outside' : 'Europe';
}

function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Reads a URL query; `fallbackPage` is the page of a /companies/page/N address without a query. */
export function parseQuery(search: string, known?: Known, fallbackPage = 1): BrowserState {
  const q = new URLSearchParams(search);
  const region = parseRegion(q.get('region'));
  const pick = (value: string | null, allowed?: ReadonlySet<string>, normalize = (v: string) => v) => {
    const v = normalize((value ?? '').trim());
    return v && (!allowed || allowed.has(v)) ? v : '';
  };
  return {
    search: (q.get('search') ?? '').slice(0, 100),
    region,
    category: pick(q.get('category'), known?.categories),
    certification: pick(q.get('certification'), known?.certifications),
    country: region === 'Europe' ? pick(q.get('country'), known?.countries, (v) => v.toUpperCase()) : '',
    europeanOwned: region === 'Europe' && (q.get('owner') ?? '').trim().toLowerCase() === OWNER_EUROPEAN,
    features: parseFeatures(q.getAll('feature')),
    sort: (SORTS as readonly string[]).includes(q.get('sort') ?? '') ? (q.get('sort') as Sort) : 'name',
    size: PAGE_SIZES.includes(Number(q.get('size'))) ? Number(q.get('size')) : PAGE_SIZES[0],
    page: q.has('page') ? parsePage(q.get('page')) : fallbackPage,
  };
}

/** Repeated or comma-separated feature keys; unknown ones are dropped, the order is FEATURES'. */
function parseFeatures(values: string[]): Feature[] {
  const asked = new Set(values.flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()));
  return FEATURES.filter((f) => asked.has(f));
}

/** The features with one turned on or off, in FEATURES order. */
export function toggleFeature(features: readonly Feature[], feature: Feature, on: boolean): Feature[] {
  return FEATURES.filter((f) => (f === feature ? on : features.includes(f)));
}

export { FEATURES, isFeature, type Feature };

export function isDefault(state: BrowserState): boolean {
  return toQuery(state) === '';
}

/** The query for a state, in a fixed order; '' for the default view (Europe, no filter, page 1). */
export function toQuery(state: BrowserState): string {
  const q = new URLSearchParams();
  if (state.search.trim()) q.set('search', state.search.trim());
  if (state.region === 'outside') q.set('region', 'outside');
  if (state.category) q.set('category', state.category);
  if (state.certification) q.set('certification', state.certification);
  if (state.region === 'Europe' && state.country) q.set('country', state.country);
  if (state.region === 'Europe' && state.europeanOwned) q.set('owner', OWNER_EUROPEAN);
  for (const f of state.features) q.append('feature', f);
  if (state.sort !== 'name') q.set('sort', state.sort);
  if (state.size !== PAGE_SIZES[0]) q.set('size', String(state.size));
  if ([...q.keys()].length === 0 && state.page <= 1) return '';
  q.set('page', String(state.page));
  return `?${q.toString()}`;
}

/** A filter change: back to page 1, and no country outside Europe. */
export function withFilter(state: BrowserState, change: Partial<Omit<BrowserState, 'page'>>): BrowserState {
  const next = { ...state, ...change, page: 1 };
  if (next.region !== 'Europe') {
    next.country = '';
    next.europeanOwned = false;
  }
  return next;
}

export function sameState(a: BrowserState, b: BrowserState): boolean {
  return toQuery(a) === toQuery(b);
}

export interface ListItem {
  name: string;
  slug: string;
  country: string;
  category: string;
  unicorn: boolean;
  description: string;
  alternatives: number;
  /** control class (src/lib/ownership.ts) */
  control: (typeof CONTROL_CODES)[number];
  certifications: string[];
  /** score out of 100 */
  score: number;
  /** year founded, 0 when unknown */
  founded: number;
  /** order of addition, higher is newer */
  added: number;
  /** verified features of its products, as bits (src/lib/product-features.ts) */
  features: number;
  /** folded name, for matching */
  key: string;
}

/** Checks a fetched company list and turns its rows into items. */
export function decodeCompanyList(json: unknown): ListItem[] {
  const data = json as CompanyListData;
  if (!data || data.v !== DATA_FORMAT_VERSION || !Array.isArray(data.c) || !Array.isArray(data.k) || !Array.isArray(data.t)) {
    throw new Error('Not a company list of this version');
  }
  return data.c.map(([name, slug, country, category, unicorn, description, alternatives, control, certs, score, founded, added, features]) => ({
    name,
    slug,
    country,
    category: data.k[category] ?? '',
    unicorn: unicorn === 1,
    description,
    alternatives,
    control: CONTROL_CODES[control] ?? 'unverified',
    certifications: (certs ?? []).map((i) => data.t[i]).filter(Boolean),
    score: score ?? 0,
    founded: founded ?? 0,
    added: added ?? 0,
    features: features ?? 0,
    key: fold(name),
  }));
}

/** The companies a state shows, in its sort order. Search: name contains, case- and accent-insensitive.
 *  `european` holds the codes of the European side (the island gets them from the build). */
export function filterCompanies(items: readonly ListItem[], state: BrowserState, european?: ReadonlySet<string>): ListItem[] {
  const shown = matching(items, state, european);
  return state.sort === 'name' ? shown : [...shown].sort(SORTERS[state.sort]);
}

const SORTERS: Record<Exclude<Sort, 'name'>, (a: ListItem, b: ListItem) => number> = {
  score: (a, b) => b.score - a.score,
  // unknown founding years last
  founded: (a, b) => (a.founded || 9999) - (b.founded || 9999),
  newest: (a, b) => b.added - a.added,
};

const inEurope = (item: ListItem, european?: ReadonlySet<string>) => (european ? european.has(item.country) : item.country !== 'US' && item.control !== 'non_european');

function matching(items: readonly ListItem[], state: BrowserState, european?: ReadonlySet<string>): ListItem[] {
  const query = foldQuery(state.search);
  const features = bitsOf(state.features);
  return items.filter(
    (item) =>
      (state.region === 'outside' ? !inEurope(item, european) : inEurope(item, european)) &&
      (!state.country || item.country === state.country) &&
      (!state.europeanOwned || item.control === 'european') &&
      (!state.category || item.category === state.category) &&
      (!state.certification || item.certifications.includes(state.certification)) &&
      (item.features & features) === features &&
      (!query || item.key.includes(query)),
  );
}

/** How many companies each option of a filter would show with the other filters kept (zero: disabled). */
export function optionCounts(items: readonly ListItem[], state: BrowserState, european?: ReadonlySet<string>) {
  const count = (patch: Partial<BrowserState>) => matching(items, { ...state, ...patch }, european).length;
  const per = (values: Iterable<string>, key: 'category' | 'certification' | 'country') => new Map([...values].map((v) => [v, count({ [key]: v })]));
  return {
    category: (values: Iterable<string>) => per(values, 'category'),
    certification: (values: Iterable<string>) => per(values, 'certification'),
    country: (values: Iterable<string>) => per(values, 'country'),
    /** each feature added to the ones already asked for */
    feature: () => new Map(FEATURES.map((f) => [f, count({ features: toggleFeature(state.features, f, true) })])),
  };
}

export interface Paged<T> {
  items: T[];
  /** the page shown: the requested one, within 1..totalPages */
  page: number;
  totalPages: number;
}

export function paginate<T>(items: readonly T[], page: number, size: number): Paged<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), totalPages);
  return { items: items.slice((current - 1) * size, current * size), page: current, totalPages };
}
