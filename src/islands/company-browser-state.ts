// The company browser's state and its URL query, the source of truth
// (?search=&region=&category=&certification=&country=&owner=&page=), plus filtering and paging. Pure.
import { CONTROL_CODES, DATA_FORMAT_VERSION, type CompanyListData } from '../lib/data-format.ts';
import { fold, foldQuery } from './text.ts';

export type Region = 'Europe' | 'USA';

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
  page: number;
}

export const DEFAULT_STATE: BrowserState = { search: '', region: 'Europe', category: '', certification: '', country: '', europeanOwned: false, page: 1 };

/** The query value of the "European-owned only" filter. */
export const OWNER_EUROPEAN = 'european';

/** The values the island offers; anything else in a URL is dropped. */
export interface Known {
  categories: ReadonlySet<string>;
  certifications: ReadonlySet<string>;
  countries: ReadonlySet<string>;
}

function parseRegion(value: string | null): Region {
  return value && /^(usa?|united-states)$/i.test(value.trim()) ? 'USA' : 'Europe';
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
    page: q.has('page') ? parsePage(q.get('page')) : fallbackPage,
  };
}

export function isDefault(state: BrowserState): boolean {
  return toQuery(state) === '';
}

/** The query for a state, in a fixed order; '' for the default view (Europe, no filter, page 1). */
export function toQuery(state: BrowserState): string {
  const q = new URLSearchParams();
  if (state.search.trim()) q.set('search', state.search.trim());
  if (state.region === 'USA') q.set('region', 'USA');
  if (state.category) q.set('category', state.category);
  if (state.certification) q.set('certification', state.certification);
  if (state.region === 'Europe' && state.country) q.set('country', state.country);
  if (state.region === 'Europe' && state.europeanOwned) q.set('owner', OWNER_EUROPEAN);
  if ([...q.keys()].length === 0 && state.page <= 1) return '';
  q.set('page', String(state.page));
  return `?${q.toString()}`;
}

/** A filter change: back to page 1, and no country outside Europe (SPEC section 4). */
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
  /** folded name, for matching */
  key: string;
}

/** Checks a fetched company list and turns its rows into items. */
export function decodeCompanyList(json: unknown): ListItem[] {
  const data = json as CompanyListData;
  if (!data || data.v !== DATA_FORMAT_VERSION || !Array.isArray(data.c) || !Array.isArray(data.k) || !Array.isArray(data.t)) {
    throw new Error('Not a company list of this version');
  }
  return data.c.map(([name, slug, country, category, unicorn, description, alternatives, control, certs]) => ({
    name,
    slug,
    country,
    category: data.k[category] ?? '',
    unicorn: unicorn === 1,
    description,
    alternatives,
    control: CONTROL_CODES[control] ?? 'unverified',
    certifications: (certs ?? []).map((i) => data.t[i]).filter(Boolean),
    key: fold(name),
  }));
}

/** The companies a state shows, in list (name) order. Search: name contains, case- and accent-insensitive. */
export function filterCompanies(items: readonly ListItem[], state: BrowserState): ListItem[] {
  const query = foldQuery(state.search);
  return items.filter(
    (item) =>
      (state.region === 'USA' ? item.country === 'US' : item.country !== 'US') &&
      (!state.country || item.country === state.country) &&
      (!state.europeanOwned || item.control === 'european') &&
      (!state.category || item.category === state.category) &&
      (!state.certification || item.certifications.includes(state.certification)) &&
      (!query || item.key.includes(query)),
  );
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
