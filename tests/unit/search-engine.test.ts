// The search behind the search box: ranking, limits, typo tolerance, blank input.
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type IndexSource } from '../../src/lib/search-index.ts';
import { createSearcher, matchTier, parseSearchIndex } from '../../src/islands/search-engine.ts';
import { fold, foldQuery } from '../../src/islands/text.ts';

type Company = IndexSource['companies'][number];
let nextId = 1;
function company(name: string, country = 'DE', categoryId = 1, slug = fold(name).replace(/[^a-z0-9]+/g, '-')): Company {
  return { id: nextId++, name, slug, country, categoryId, isUnicorn: false, description: `${name} description` };
}

const companies = [
  'Netflix',
  'Netcup',
  'Bunny.net',
  'Arte',
  'Deezer',
  'Spotify',
  'HubSpot',
  'Zürich Insurance',
  'Ørsted',
  'Apple',
  'Applause',
  'Pineapple Studio',
  'Snapple',
  'Mapple',
].map((name) => company(name, name === 'Netflix' || name === 'Apple' || name === 'HubSpot' ? 'US' : 'DE', name === 'Ørsted' ? 2 : 1));
const byName = new Map(companies.map((c) => [c.name, c]));
const source: IndexSource = {
  companies: [...companies].sort((a, b) => a.name.localeCompare(b.name)),
  categories: [
    {
      id: 1,
      name: 'Entertainment',
      translations: { de: { name: 'Unterhaltung' }, fr: { name: 'Divertissement' } },
      slug: 'entertainment',
      subcategories: [
        { id: 11, name: 'Music streaming', translations: { de: { name: 'Musikstreaming' }, fr: { name: 'Streaming musical' } }, slug: 'music-streaming' },
        { id: 12, name: 'Video streaming', translations: { de: { name: 'Videostreaming' }, fr: { name: 'Streaming vidéo' } }, slug: 'video-streaming' },
        { id: 13, name: 'Streaming boxes', slug: 'streaming-boxes' },
      ],
    },
    { id: 2, name: 'Energy', translations: { de: { name: 'Energie' }, fr: { name: 'Énergie' } }, slug: 'energy', subcategories: [] },
    { id: 3, name: 'Entertainment venues', slug: 'venues', subcategories: [] },
  ],
  alternativesOf: new Map([
    [
      byName.get('Netflix')!.id,
      ['FR', 'FR', 'DE', 'SE', 'ES', 'IT', 'NL'].map((country) => ({ company: { country } })),
    ],
  ]),
  certifications: [],
  certificationsByCompany: new Map(),
};

const en = createSearcher(buildSearchIndex(source, 'en'));
const de = createSearcher(buildSearchIndex(source, 'de'));
const names = (r: { name: string }[]) => r.map((x) => x.name);

describe('text folding', () => {
  it('ignores case and accents and collapses spaces', () => {
    expect(fold('Zürich ÉNERGIE Ørsted Straße')).toBe('zurich energie orsted strasse');
    expect(foldQuery('  Music    STREAM ')).toBe('music stream');
    expect(foldQuery(' \t ')).toBe('');
  });
});

describe('match tiers', () => {
  it('ranks equal, prefix, word prefix, contains, all words', () => {
    expect(matchTier('apple', 'apple', ['apple'])).toBe(0);
    expect(matchTier('applause', 'appl', ['appl'])).toBe(1);
    expect(matchTier('pineapple studio', 'stud', ['stud'])).toBe(2);
    expect(matchTier('snapple', 'apple', ['apple'])).toBe(3);
    expect(matchTier('music streaming', 'streaming music', ['streaming', 'music'])).toBe(4);
    expect(matchTier('netflix', 'zzz', ['zzz'])).toBe(-1);
  });
});

describe('search', () => {
  it('finds a company by name, case-insensitively, with its country, category and alternative flags', () => {
    const { companies: found } = en.search('NETFLIX');
    expect(found[0]).toEqual({ type: 'company', name: 'Netflix', slug: 'netflix', country: 'US', category: 'Entertainment', alternatives: ['FR', 'DE', 'SE', 'ES', 'IT'], foreignOwner: false });
  });

  it('keeps the limits: 3 companies, 2 categories, 2 subcategories, 5 flags', () => {
    const r = en.search('e');
    expect(r.companies).toHaveLength(3);
    expect(r.categories).toHaveLength(2);
    expect(r.subcategories).toHaveLength(2);
    expect(en.search('netflix').companies[0].alternatives).toHaveLength(5);
  });

  it('ranks an exact name, then names starting with the query, then word starts, then other contains', () => {
    expect(names(en.search('apple').companies)).toEqual(['Apple', 'Mapple', 'Snapple']);
    expect(names(en.search('appl').companies)).toEqual(['Apple', 'Applause', 'Mapple']);
    expect(names(en.search('net').companies)).toEqual(['Netcup', 'Netflix', 'Bunny.net']);
  });

  it('puts contains matches before typo-tolerant ones and tolerates typos when nothing contains the query', () => {
    expect(names(en.search('netflx').companies)).toEqual(['Netflix']);
    expect(names(en.search('spotfy').companies)).toEqual(['Spotify']);
    // "Spotify" and "HubSpot" contain "spot": no near miss is mixed in.
    expect(names(en.search('spot').companies)).toEqual(['Spotify', 'HubSpot']);
  });

  it('does not guess for short queries', () => {
    expect(en.search('nfx').companies).toEqual([]);
  });

  it('matches accents and umlauts either way', () => {
    expect(names(en.search('zurich').companies)).toEqual(['Zürich Insurance']);
    expect(names(en.search('orsted').companies)).toEqual(['Ørsted']);
  });

  it('searches categories and subcategories in the page language, and by their English name', () => {
    expect(de.search('unterhaltung').categories).toEqual([{ type: 'category', name: 'Unterhaltung', slug: 'entertainment' }]);
    expect(names(de.search('entertainment').categories)).toEqual(['Unterhaltung', 'Entertainment venues']);
    expect(de.search('musik').subcategories).toEqual([
      { type: 'subcategory', name: 'Musikstreaming', slug: 'music-streaming', category: { name: 'Unterhaltung', slug: 'entertainment' } },
    ]);
    expect(names(de.search('streaming music').subcategories)).toEqual(['Musikstreaming']);
    expect(de.search('zürich').companies[0].category).toBe('Unterhaltung');
  });

  it('returns nothing for blank or whitespace-only input, and for no match', () => {
    for (const q of ['', '   ', '\n\t']) expect(en.search(q)).toEqual({ companies: [], categories: [], subcategories: [] });
    expect(en.search('zzqqxxjj')).toEqual({ companies: [], categories: [], subcategories: [] });
  });

  it('names the countries of the flags in the page language', () => {
    expect(de.countryName('SE')).toBe('Schweden');
    expect(en.countryName('US')).toBe('United States');
  });
});

describe('parseSearchIndex', () => {
  it('rejects what is not an index of this version', () => {
    expect(() => parseSearchIndex(null)).toThrow();
    expect(() => parseSearchIndex({ v: 0, c: [], k: [], s: [], n: {} })).toThrow();
    expect(() => parseSearchIndex('<html>')).toThrow();
    expect(() => parseSearchIndex({ v: 1, c: [], k: [], s: [], n: {} })).toThrow();
    expect(parseSearchIndex(JSON.parse(JSON.stringify(buildSearchIndex(source, 'fr')))).v).toBe(3);
  });
});

describe('labelled companies', () => {
  it('marks a company headquartered in Europe with a non-European owner in its suggestion', () => {
    const labelled = { ...company('Jack Wolfskin'), control: 'european_hq_foreign_owner' as const };
    const owned = { ...company('Vaude'), control: 'european' as const };
    const searcher = createSearcher(buildSearchIndex({ ...source, companies: [labelled, owned] }, 'en'));
    expect(searcher.search('jack').companies[0]).toMatchObject({ name: 'Jack Wolfskin', foreignOwner: true });
    expect(searcher.search('vaude').companies[0]).toMatchObject({ name: 'Vaude', foreignOwner: false });
  });
});
