// The company browser's URL state, filtering and paging.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATE,
  decodeCompanyList,
  optionCounts,
  filterCompanies,
  paginate,
  parseQuery,
  toQuery,
  toggleFeature,
  withFilter,
  type Known,
} from '../../src/islands/company-browser-state.ts';
import type { CompanyListData } from '../../src/lib/search-index.ts';

const known: Known = {
  categories: new Set(['entertainment', 'mobility']),
  certifications: new Set(['b-corp', 'iso-14001']),
  countries: new Set(['SE', 'DE', 'FR']),
};

describe('URL query', () => {
  it('reads every filter and the page', () => {
    expect(parseQuery('?search=spot&region=Europe&category=entertainment&certification=b-corp&country=se&page=3', known)).toEqual({
      search: 'spot',
      region: 'Europe',
      category: 'entertainment',
      certification: 'b-corp',
      country: 'SE',
      europeanOwned: false,
      features: [],
      sort: 'name',
      size: 12,
      page: 3,
    });
    expect(parseQuery('?owner=european', known).europeanOwned).toBe(true);
    expect(parseQuery('?owner=European', known).europeanOwned).toBe(true);
    expect(parseQuery('?owner=yes', known).europeanOwned).toBe(false);
  });

  it('falls back to the default view for missing or unknown values', () => {
    expect(parseQuery('', known)).toEqual(DEFAULT_STATE);
    expect(parseQuery('?region=Mars&category=nope&certification=x&country=RU&page=-2', known)).toEqual(DEFAULT_STATE);
    expect(parseQuery('?page=abc', known).page).toBe(1);
    expect(parseQuery('?page=2.5', known).page).toBe(1);
  });

  it('reads the USA region in any case and drops the country and the ownership filter there', () => {
    expect(parseQuery('?region=USA&country=SE&owner=european', known)).toMatchObject({ region: 'outside', country: '', europeanOwned: false });
    expect(parseQuery('?region=usa', known).region).toBe('outside');
  });

  it('takes the page of a /companies/page/N address when the query has none', () => {
    expect(parseQuery('', known, 4).page).toBe(4);
    expect(parseQuery('?page=2', known, 4).page).toBe(2);
  });

  it('writes non-default filters in a fixed order, always with the page, and nothing for the default view', () => {
    expect(toQuery(DEFAULT_STATE)).toBe('');
    expect(toQuery({ ...DEFAULT_STATE, page: 2 })).toBe('?page=2');
    expect(toQuery({ search: ' spot ', region: 'Europe', category: 'entertainment', certification: 'b-corp', country: 'SE', europeanOwned: true, features: [], sort: 'name' as const, size: 12, page: 1 })).toBe(
      '?search=spot&category=entertainment&certification=b-corp&country=SE&owner=european&page=1',
    );
    expect(toQuery({ ...DEFAULT_STATE, region: 'outside', europeanOwned: true })).toBe('?region=outside&page=1');
    expect(toQuery({ ...DEFAULT_STATE, region: 'outside', country: 'SE' })).toBe('?region=outside&page=1');
    expect(toQuery({ ...DEFAULT_STATE, search: 'a&b=c' })).toBe('?search=a%26b%3Dc&page=1');
  });

  it('round-trips', () => {
    const state = { search: 'Zürich & co', region: 'Europe' as const, category: 'mobility', certification: 'iso-14001', country: 'DE', europeanOwned: true, features: ['open-source' as const, 'e2ee' as const], sort: 'score' as const, size: 24, page: 7 };
    expect(parseQuery(toQuery(state), known)).toEqual(state);
  });
});

describe('filter changes', () => {
  it('reset the page to 1', () => {
    expect(withFilter({ ...DEFAULT_STATE, page: 5 }, { category: 'mobility' })).toEqual({ ...DEFAULT_STATE, category: 'mobility', page: 1 });
  });

  it('clear the country and the ownership filter when leaving Europe', () => {
    expect(withFilter({ ...DEFAULT_STATE, country: 'SE', europeanOwned: true, page: 3 }, { region: 'outside' })).toEqual({ ...DEFAULT_STATE, region: 'outside', page: 1 });
  });
});

const data: CompanyListData = {
  v: 3,
  k: ['entertainment', 'mobility'],
  t: ['b-corp', 'iso-14001'],
  c: [
    ['Arte', 'arte', 'FR', 0, 0, 'TV', 0, 3, [], 40, 1991, 1],
    // features: bits of src/lib/product-features.ts (1 open source, 2 free plan, 4 EU data, 8 E2EE)
    ['BlaBlaCar', 'blablacar', 'FR', 1, 1, 'Rides', 0, 0, [0], 80, 2006, 5, 2],
    ['Deezer', 'deezer', 'FR', 0, 0, 'Music', 0, 0, [], 70, 2007, 2, 1 | 2 | 4 | 8],
    ['Netflix', 'netflix', 'US', 0, 0, 'Streaming', 5, 2, [], 10, 1997, 3],
    ['Spotify', 'spotify', 'SE', 0, 1, 'Music', 0, 0, [0, 1], 90, 2006, 7],
    ['Uber', 'uber', 'US', 1, 0, 'Rides', 3, 2, [1], 5, 2009, 4],
    ['Zürich Films', 'zurich-films', 'DE', 0, 0, 'Films', 0, 1, [], 50, 0, 6],
  ],
};
const items = decodeCompanyList(JSON.parse(JSON.stringify(data)));
const slugs = (list: { slug: string }[]) => list.map((c) => c.slug);

describe('sorting, page size, option counts and the non-European side', () => {
  const europe = new Set(['FR', 'SE', 'DE']);
  it('sorts by score, founding year (unknown last) and newest', () => {
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, sort: 'score' }, europe))).toEqual(['spotify', 'blablacar', 'deezer', 'zurich-films', 'arte']);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, sort: 'founded' }, europe))).toEqual(['arte', 'blablacar', 'spotify', 'deezer', 'zurich-films']);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, sort: 'newest' }, europe))).toEqual(['spotify', 'zurich-films', 'blablacar', 'deezer', 'arte']);
  });
  it('reads and writes sort and page size, dropping unknown values', () => {
    expect(parseQuery('?sort=score&size=24')).toMatchObject({ sort: 'score', size: 24 });
    expect(parseQuery('?sort=evil&size=1000')).toMatchObject({ sort: 'name', size: 12 });
    expect(toQuery({ ...DEFAULT_STATE, sort: 'newest', size: 48 })).toBe('?sort=newest&size=48&page=1');
  });
  it('shows every company headquartered outside Europe on the other side, and old ?region=USA links open it', () => {
    expect(parseQuery('?region=USA').region).toBe('outside');
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, region: 'outside' }, new Set(['FR', 'SE'])))).toEqual(['netflix', 'uber', 'zurich-films']);
  });
  it('counts the matches of every option with the other filters kept', () => {
    const counts = optionCounts(items, { ...DEFAULT_STATE, category: 'entertainment' }, europe);
    expect(counts.country(['FR', 'SE', 'DE'])).toEqual(new Map([['FR', 2], ['SE', 1], ['DE', 1]]));
    expect(counts.certification(['b-corp', 'iso-14001'])).toEqual(new Map([['b-corp', 1], ['iso-14001', 1]]));
  });
});

describe('feature filters (verified facts of the companies’ products)', () => {
  it('reads repeated or comma-separated keys in a fixed order, drops unknown ones and writes them back repeated', () => {
    expect(parseQuery('?feature=e2ee&feature=open-source&feature=cheap', known).features).toEqual(['open-source', 'e2ee']);
    expect(parseQuery('?feature=eu-data,free-plan', known).features).toEqual(['free-plan', 'eu-data']);
    expect(toQuery({ ...DEFAULT_STATE, features: ['open-source', 'e2ee'] })).toBe('?feature=open-source&feature=e2ee&page=1');
    expect(toggleFeature(['e2ee'], 'open-source', true)).toEqual(['open-source', 'e2ee']);
    expect(toggleFeature(['open-source', 'e2ee'], 'open-source', false)).toEqual(['e2ee']);
  });

  it('keeps the companies that offer every feature asked for; rows without features offer none', () => {
    expect(items.find((i) => i.slug === 'arte')!.features).toBe(0);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, features: ['free-plan'] }))).toEqual(['blablacar', 'deezer']);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, features: ['free-plan', 'e2ee'] }))).toEqual(['deezer']);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, features: ['self-hostable'] }))).toEqual([]);
  });

  it('counts each feature added to the ones already asked for', () => {
    const counts = optionCounts(items, { ...DEFAULT_STATE, features: ['free-plan'] }).feature();
    expect(counts.get('free-plan')).toBe(2);
    expect(counts.get('open-source')).toBe(1);
    expect(counts.get('self-hostable')).toBe(0);
  });
});

describe('filtering', () => {
  it('decodes rows with category and certification keys', () => {
    expect(items[4]).toMatchObject({ name: 'Spotify', country: 'SE', category: 'entertainment', unicorn: true, certifications: ['b-corp', 'iso-14001'] });
    expect(items[0].certifications).toEqual([]);
    expect(items.map((i) => i.control)).toEqual(['unverified', 'european', 'european', 'non_european', 'european', 'non_european', 'european_hq_foreign_owner']);
  });

  it('keeps only European-owned companies when asked (no labelled or unverified ones)', () => {
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, europeanOwned: true }))).toEqual(['blablacar', 'deezer', 'spotify']);
  });

  it('shows Europe by default and only US companies for the USA', () => {
    expect(slugs(filterCompanies(items, DEFAULT_STATE))).toEqual(['arte', 'blablacar', 'deezer', 'spotify', 'zurich-films']);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, region: 'outside' }))).toEqual(['netflix', 'uber']);
  });

  it('combines category, certification, country and a case- and accent-insensitive name search', () => {
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, category: 'entertainment', country: 'FR' }))).toEqual(['arte', 'deezer']);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, certification: 'b-corp' }))).toEqual(['blablacar', 'spotify']);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, region: 'outside', certification: 'iso-14001' }))).toEqual(['uber']);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, search: '  ZURICH ' }))).toEqual(['zurich-films']);
    expect(slugs(filterCompanies(items, { ...DEFAULT_STATE, search: 'ee' }))).toEqual(['deezer']);
  });

  it('rejects a file of another format', () => {
    expect(() => decodeCompanyList({ v: 2, k: [], t: [], c: [] })).toThrow();
    expect(() => decodeCompanyList({ v: 4, k: [], t: [], c: [] })).toThrow();
    expect(() => decodeCompanyList([])).toThrow();
  });
});

describe('paging', () => {
  const list = Array.from({ length: 30 }, (_, i) => i + 1);
  it('cuts pages of the given size and keeps the page within range', () => {
    expect(paginate(list, 1, 12)).toEqual({ items: list.slice(0, 12), page: 1, totalPages: 3 });
    expect(paginate(list, 3, 12).items).toEqual([25, 26, 27, 28, 29, 30]);
    expect(paginate(list, 99, 12).page).toBe(3);
    expect(paginate([], 2, 12)).toEqual({ items: [], page: 1, totalPages: 1 });
  });
});
