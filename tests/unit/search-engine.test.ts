// The search behind the search box and the results page: products by name and by the aliases of the
// page's language, companies, categories; keywords; typos; accents; grouping and the limit of 8; the
// index file and its detail shards.
import { describe, expect, it } from 'vitest';
import { buildSearchFiles, type IndexSource, type SearchProductSource } from '../../src/lib/search-index.ts';
import { frontCode, frontDecode } from '../../src/lib/data-format.ts';
import { allot, createSearcher, matchTier, parseSearchIndex, type SearchResults, type Searcher } from '../../src/islands/search-engine.ts';
import { approxDistance, pattern } from '../../src/islands/fuzzy.ts';
import { compact, fold, foldQuery, nameSlug } from '../../src/islands/text.ts';
import type { Lang } from '../../src/lib/i18n-langs.ts';

type Company = IndexSource['companies'][number];
let nextId = 1;
function company(name: string, country = 'DE', categoryId = 1, slug = nameSlug(name)): Company {
  return { id: nextId++, name, slug, country, categoryId, isUnicorn: false, description: `${name} description` };
}

const companies = [
  company('Netflix', 'US'),
  company('Netcup'),
  company('Bunny.net', 'SI', 5),
  company('Arte', 'FR'),
  company('Deezer', 'FR'),
  company('Spotify', 'SE'),
  company('HubSpot', 'US'),
  company('Zürich Insurance', 'CH', 2),
  company('Ørsted', 'DK', 2),
  company('Apple', 'US', 4),
  company('Applause'),
  company('Pineapple Studio'),
  company('Snapple', 'US'),
  company('Mapple'),
  company('Google', 'US', 4),
  company('Meta', 'US', 6),
  company('Proton', 'CH', 4),
  company('Tuta', 'DE', 4),
  company('Threema', 'CH', 6),
  company('H&M', 'SE', 1, 'hm'),
];
const byName = new Map(companies.map((c) => [c.name, c]));
const id = (name: string) => byName.get(name)!.id;

const categories: IndexSource['categories'] = [
  {
    id: 1,
    name: 'Entertainment',
    translations: { de: { name: 'Unterhaltung', slug: 'unterhaltung' }, fr: { name: 'Divertissement' } },
    slug: 'entertainment',
    subcategories: [
      { id: 11, name: 'Music streaming', translations: { de: { name: 'Musikstreaming', slug: 'musikstreaming' }, fr: { name: 'Streaming musical' } }, slug: 'music-streaming' },
      { id: 12, name: 'Video streaming', translations: { de: { name: 'Videostreaming' }, fr: { name: 'Streaming vidéo' } }, slug: 'video-streaming' },
      { id: 13, name: 'Streaming boxes', slug: 'streaming-boxes' },
    ],
  },
  { id: 2, name: 'Energy', translations: { de: { name: 'Energie' }, fr: { name: 'Énergie' } }, slug: 'energy', subcategories: [] },
  { id: 3, name: 'Entertainment venues', slug: 'venues', subcategories: [] },
  {
    id: 4,
    name: 'Email & Office',
    translations: { de: { name: 'E-Mail & Büro' }, fr: { name: 'E-mail & bureautique' } },
    slug: 'email-office',
    subcategories: [
      { id: 41, name: 'Email Providers', translations: { de: { name: 'E-Mail-Anbieter' }, fr: { name: "Fournisseurs d'e-mail" } }, slug: 'email-providers' },
      { id: 42, name: 'Cloud Storage & File Sharing', translations: { de: { name: 'Cloud-Speicher & Dateiaustausch' }, fr: { name: 'Stockage en ligne & partage de fichiers' } }, slug: 'cloud-storage' },
    ],
  },
  {
    id: 5,
    name: 'Mobility',
    translations: { de: { name: 'Mobilität' }, fr: { name: 'Mobilité' } },
    slug: 'mobility',
    subcategories: [{ id: 51, name: 'Navigation & Maps', translations: { de: { name: 'Navigation & Karten' }, fr: { name: 'Navigation & cartes' } }, slug: 'navigation-maps' }],
  },
  {
    id: 6,
    name: 'Messaging & Calls',
    translations: { de: { name: 'Messaging & Telefonie' }, fr: { name: 'Messagerie & appels' } },
    slug: 'messaging',
    subcategories: [{ id: 61, name: 'Instant Messaging', translations: { fr: { name: 'Messagerie instantanée' } }, slug: 'instant-messaging' }],
  },
];

function product(name: string, owner: string, subcategoryId: number | null, aliases: Readonly<Record<Lang, readonly string[]>> = {}, alternatives = 0, extra: Partial<SearchProductSource> = {}): SearchProductSource {
  return { slug: nameSlug(name), name, aliases, companyId: id(owner), subcategoryId, alternatives, hasPage: alternatives > 0, ...extra };
}
const products: SearchProductSource[] = [
  product('Gmail', 'Google', 41, { en: ['google mail', 'email'], de: ['E-Mail', 'Google Mail'], fr: ['courriel', 'messagerie'] }, 7),
  product('Google Drive', 'Google', 42, { en: ['cloud storage'], de: ['Cloud-Speicher'], fr: ['stockage en ligne'] }, 5),
  product('Google Maps', 'Google', 51, { en: ['maps'], de: ['Karten'], fr: ['cartes'] }, 4),
  product('YouTube', 'Google', 12, {}, 3),
  product('WhatsApp', 'Meta', 61, { en: ['messenger'], de: ['Messenger'], fr: ['messagerie instantanée'] }, 6),
  product('Proton Mail', 'Proton', 41, { en: ['protonmail'] }),
  product('Tuta Mail', 'Tuta', 41, {}, 0, { translations: { fr: { name: 'Tuta Courrier' } } }),
  product('Threema', 'Threema', 61),
];

const alternativesOf = new Map([[id('Netflix'), ['FR', 'FR', 'DE', 'SE', 'ES', 'IT', 'NL'].map((country) => ({ company: { country } }))]]);
const source: IndexSource = {
  companies: [...companies].sort((a, b) => a.name.localeCompare(b.name)),
  categories,
  alternativesOf,
  certifications: [],
  certificationsByCompany: new Map(),
  searchProducts: products,
};

/** A searcher over the built files, loading its shards from memory (as the browser would fetch them). */
function searcherOf(lang: Lang, src: IndexSource = source, shardSize = 4): Searcher {
  const files = buildSearchFiles(src, lang, { shardSize });
  const bodies = new Map(files.shards.map((s) => [s.path, s.body]));
  const index = parseSearchIndex(JSON.parse(JSON.stringify(files.index)));
  return createSearcher(index, async (path) => JSON.parse(bodies.get(path)!));
}
const en = searcherOf('en');
const de = searcherOf('de');
const fr = searcherOf('fr');
const names = (r: { name: string }[]) => r.map((x) => x.name);
const all = (r: SearchResults) => [...r.products, ...r.companies, ...r.categories];

describe('text folding', () => {
  it('ignores case, accents and typographic punctuation, and collapses spaces', () => {
    expect(fold('Zürich ÉNERGIE Ørsted Straße')).toBe('zurich energie orsted strasse');
    expect(fold('De’Longhi – Œuvre')).toBe("de'longhi - oeuvre");
    expect(foldQuery('  Music    STREAM ')).toBe('music stream');
    expect(foldQuery(' \t ')).toBe('');
  });

  it('compacts to letters and digits, and makes slugs', () => {
    expect(compact('e-mail')).toBe('email');
    expect(compact("levi's 501")).toBe('levis501');
    expect(compact('übersetzung & ki')).toBe('übersetzungki');
    expect(nameSlug('Zürich Insurance')).toBe('zurich-insurance');
    expect(nameSlug('H&M')).toBe('h-m');
  });

  it('front-codes sorted names and decodes them back', () => {
    const list = ['Berstra', 'Berstra SA', 'Berta', 'Bertelsmann', 'Zürich', 'Zürich Insurance', ''];
    expect(frontDecode(frontCode(list))).toEqual(list);
    expect(frontCode(['Berstra', 'Berstra SA'])).toBe('0Berstra\n7 SA');
    expect(frontDecode('')).toEqual([]);
    expect(frontDecode(frontCode(['a\nb']))).toEqual(['a b']);
  });
});

describe('typo distance', () => {
  /** The same measure by the textbook table: fewest edits to any part of the text, a swap of neighbours one edit. */
  function reference(p: string, t: string): number {
    const d = Array.from({ length: p.length + 1 }, (_, i) => new Array<number>(t.length + 1).fill(0).fill(i, 0, 1));
    for (let i = 1; i <= p.length; i++) {
      for (let j = 1; j <= t.length; j++) {
        let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (p[i - 1] === t[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && p[i - 1] === t[j - 2] && p[i - 2] === t[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
        d[i][j] = v;
      }
    }
    return Math.min(...d[p.length]);
  }

  it('agrees with the textbook table on random texts', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const text = (n: number, letters: string) => Array.from({ length: n }, () => letters[Math.floor(random() * letters.length)]).join('');
    for (let k = 0; k < 3000; k++) {
      const letters = k % 2 ? 'ab' : 'abcdé';
      const p = text(1 + Math.floor(random() * 32), letters);
      const t = text(Math.floor(random() * 40), letters);
      expect(approxDistance(pattern(p), t), `${p} in ${t}`).toBe(reference(p, t));
    }
  });

  it('counts a left-out, wrong, added or swapped letter as one edit, anywhere in the name', () => {
    expect(approxDistance(pattern('netflx'), 'netflix')).toBe(1);
    expect(approxDistance(pattern('gmial'), 'gmail')).toBe(1);
    expect(approxDistance(pattern('spotifyy'), 'spotify')).toBe(1);
    expect(approxDistance(pattern('drive'), 'google drive')).toBe(0);
    expect(approxDistance(pattern('messenger'), 'instant messaging', 2)).toBe(3);
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

describe('products', () => {
  it('finds a product by the aliases of the page language only: "courriel" on a French page is Gmail', () => {
    const r = fr.suggest('courriel');
    expect(r.order[0]).toBe('products');
    expect(r.products[0]).toMatchObject({ type: 'product', name: 'Gmail', slug: 'gmail', company: { name: 'Google', slug: 'google' }, alternatives: 7, page: true });
    expect(names(en.suggest('courriel').products)).not.toContain('Gmail');
    expect(names(de.suggest('courriel').products)).not.toContain('Gmail');
    expect(names(de.suggest('Google Mail').products)[0]).toBe('Gmail');
  });

  it('matches "email" and "E-Mail" either way, ignoring the hyphen', () => {
    expect(names(de.suggest('E-Mail').products)[0]).toBe('Gmail');
    expect(names(de.suggest('email').products)[0]).toBe('Gmail');
    expect(names(en.suggest('e-mail').products)[0]).toBe('Gmail');
    expect(names(en.suggest('GoogleDrive').products)).toEqual(['Google Drive']);
  });

  it('finds products by their subcategory in the page language: "Karten", "cloud storage", "messenger"', () => {
    const karten = de.suggest('Karten');
    expect(names(karten.products)).toEqual(['Google Maps']);
    expect(karten.categories[0]).toMatchObject({ type: 'subcategory', name: 'Navigation & Karten', category: { name: 'Mobilität' } });
    const storage = en.suggest('cloud storage');
    expect(names(storage.products)[0]).toBe('Google Drive');
    expect(names(storage.categories)).toEqual(['Cloud Storage & File Sharing']);
    // an alias first, then a product of a subcategory that matches ("Instant Messaging")
    expect(names(en.suggest('messenger').products)).toEqual(['WhatsApp']);
    expect(names(fr.suggest('messagerie').products)).toEqual(['Gmail', 'WhatsApp', 'Threema']);
  });

  it('finds a maker’s products by its name, after the products that carry the name', () => {
    const r = en.suggest('google');
    expect(r.order).toEqual(['companies', 'products']);
    expect(names(r.companies)).toEqual(['Google']);
    // "Google Mail" is Gmail's alias; YouTube is found by its maker's name only
    expect(names(r.products)).toEqual(['Gmail', 'Google Maps', 'Google Drive', 'YouTube']);
  });

  it('puts the group first whose best result is called exactly what was typed', () => {
    const withAlias = searcherOf('en', {
      ...source,
      searchProducts: [...products, product('Google Search', 'Google', null, { en: ['google'] }, 3)],
    });
    // an alias equal to the query is as good a match as the company's name, but the name wins
    expect(withAlias.suggest('google').order).toEqual(['companies', 'products']);
    // equal names: the product first (its page lists the alternatives)
    const netflix = searcherOf('en', { ...source, searchProducts: [...products, product('Netflix', 'Netflix', 12, {}, 5)] });
    expect(netflix.suggest('netflix').order).toEqual(['products', 'companies']);
  });

  it('tolerates typos in product names and aliases', () => {
    expect(names(en.suggest('gmial').products)).toEqual(['Gmail']);
    expect(names(en.suggest('whatsap').products)).toEqual(['WhatsApp']);
    expect(names(fr.suggest('couriel').products)).toEqual(['Gmail']);
    expect(names(en.suggest('gogle drive').products)).toEqual(['Google Drive']);
  });

  it('uses the localized name, keeps the English one findable, and links a product without a page to its company', () => {
    const tuta = fr.suggest('tuta courrier').products[0];
    expect(tuta).toMatchObject({ name: 'Tuta Courrier', slug: 'tuta-mail', page: false, company: { slug: 'tuta' } });
    expect(names(fr.suggest('tuta mail').products)).toEqual(['Tuta Courrier']);
    // shorter names first; among names that match as well, a product with an alternatives page first
    // ("google mail" and "proton mail"); a category matches only at a word's start ("Email & Office"
    // is found by "office", not by "mail")
    expect(names(en.suggest('mail').products)).toEqual(['Tuta Mail', 'Gmail', 'Proton Mail']);
    expect(names(en.suggest('office').products)).toEqual(['Gmail', 'Google Drive', 'Proton Mail', 'Tuta Mail']);
  });
});

describe('companies and categories', () => {
  it('finds a company by name, case- and accent-insensitively, and with a typo', () => {
    expect(en.suggest('NETFLIX').companies[0]).toMatchObject({ type: 'company', name: 'Netflix', slug: 'netflix' });
    expect(names(en.suggest('zurich').companies)).toEqual(['Zürich Insurance']);
    expect(names(en.suggest('orsted').companies)).toEqual(['Ørsted']);
    expect(names(en.suggest('spotfy').companies)).toEqual(['Spotify']);
    expect(names(en.suggest('netflx').companies)).toEqual(['Netflix']);
  });

  it('ranks an exact name, then names starting with the query, then word starts, then other contains', () => {
    expect(names(en.suggest('apple').companies)).toEqual(['Apple', 'Mapple', 'Snapple', 'Pineapple Studio']);
    expect(names(en.suggest('appl').companies).slice(0, 3)).toEqual(['Apple', 'Applause', 'Mapple']);
    expect(names(en.suggest('net').companies)).toEqual(['Netcup', 'Netflix', 'Bunny.net']);
    // "Spotify" and "HubSpot" contain "spot": no near miss is mixed in.
    expect(names(en.suggest('spot').companies)).toEqual(['Spotify', 'HubSpot']);
  });

  it('does not guess for short queries', () => {
    expect(en.suggest('nfx').companies).toEqual([]);
  });

  it('keeps the slug of a company whose slug is not its name', () => {
    expect(en.suggest('h&m').companies[0]).toMatchObject({ name: 'H&M', slug: 'hm' });
  });

  it('searches categories and subcategories in the page language, and by their English name', () => {
    expect(de.suggest('unterhaltung').categories).toEqual([{ type: 'category', name: 'Unterhaltung', slug: 'unterhaltung' }]);
    expect(names(de.suggest('entertainment').categories)).toEqual(['Unterhaltung', 'Entertainment venues']);
    expect(de.suggest('musik').categories).toEqual([
      { type: 'subcategory', name: 'Musikstreaming', slug: 'musikstreaming', category: { name: 'Unterhaltung', slug: 'unterhaltung' } },
    ]);
    expect(names(de.suggest('streaming music').categories)).toEqual(['Musikstreaming']);
  });

  it('returns nothing for blank or whitespace-only input, and for no match', () => {
    for (const q of ['', '   ', '\n\t']) expect(all(en.suggest(q))).toEqual([]);
    expect(en.suggest('zzqqxxjj')).toMatchObject({ products: [], companies: [], categories: [], order: [] });
  });
});

describe('grouping and the limit', () => {
  it('shows at most 8 suggestions, shared out so that every group that matches has a place', () => {
    const r = en.suggest('e');
    expect(all(r)).toHaveLength(8);
    for (const group of ['products', 'companies', 'categories'] as const) expect(r[group].length).toBeGreaterThan(0);
    expect(r.order).toHaveLength(3);
    expect(all(en.suggest('e', 3))).toHaveLength(3);
  });

  it('gives the places one at a time, best group first, and the rest to groups with more', () => {
    expect(allot({ products: 10, companies: 10, categories: 10 }, ['companies', 'products', 'categories'], 8)).toEqual({ products: 3, companies: 3, categories: 2 });
    expect(allot({ products: 1, companies: 20, categories: 0 }, ['companies', 'products'], 8)).toEqual({ products: 1, companies: 7, categories: 0 });
    expect(allot({ products: 2, companies: 1, categories: 1 }, ['products', 'companies', 'categories'], 8)).toEqual({ products: 2, companies: 1, categories: 1 });
  });

  it('lists every match for the results page', () => {
    const r = en.searchAll('e');
    expect(r.companies.length).toBeGreaterThan(8);
    expect(all(r).length).toBe(r.products.length + r.companies.length + r.categories.length);
    expect(names(r.companies)).toContain('Deezer');
    expect(en.searchAll('appl').companies.length).toBe(5);
  });
});

describe('details', () => {
  it('loads each company’s country, category and alternatives from the shards', async () => {
    const r = await en.withDetails(en.suggest('netflix'));
    expect(r.companies[0]).toMatchObject({ name: 'Netflix', country: 'US', category: 'Entertainment', alternatives: ['FR', 'DE', 'SE', 'ES', 'IT'] });
    const zurich = await de.withDetails(de.suggest('zürich'));
    expect(zurich.companies[0]).toMatchObject({ country: 'CH', category: 'Energie', alternatives: [] });
    const gmail = await en.withDetails(en.suggest('gmail'));
    expect(gmail.products[0].country).toBe('US');
    expect(de.countryName('SE')).toBe('Schweden');
    expect(en.countryName('US')).toBe('United States');
  });

  it('leaves the details out when a shard fails or belongs to another build', async () => {
    const files = buildSearchFiles(source, 'en', { shardSize: 4 });
    const failing = createSearcher(files.index, async () => {
      throw new Error('offline');
    });
    expect((await failing.withDetails(failing.suggest('netflix'))).companies[0]).toMatchObject({ name: 'Netflix', country: '', alternatives: [] });
    const other = buildSearchFiles({ ...source, companies: source.companies.slice(1) }, 'en', { shardSize: 4 });
    const stale = createSearcher(files.index, async (path) => JSON.parse(other.shards[files.index.d.f.indexOf(path)].body));
    expect((await stale.withDetails(stale.suggest('netflix'))).companies[0].country).toBe('');
  });

  it('keeps the index small: names front-coded, slugs and details only where needed', () => {
    const { index, shards } = buildSearchFiles(source, 'en', { shardSize: 4 });
    expect(frontDecode(index.c)).toEqual(source.companies.map((c) => c.name));
    expect(Object.values(index.cs)).toEqual(['hm']);
    expect(shards).toHaveLength(Math.ceil(companies.length / 4));
    expect(index.d.f).toEqual(shards.map((s) => s.path));
    const gmail = index.p.find((row) => row[0] === 'Gmail')!;
    expect(gmail[1]).toBe(''); // its slug is its name's
    expect(gmail[5]).toEqual(['google mail', 'email']);
  });
});

describe('parseSearchIndex', () => {
  it('rejects what is not an index of this version', () => {
    expect(() => parseSearchIndex(null)).toThrow();
    expect(() => parseSearchIndex('<html>')).toThrow();
    expect(() => parseSearchIndex({ v: 3, c: [], k: [], s: [], n: {} })).toThrow();
    expect(parseSearchIndex(JSON.parse(JSON.stringify(buildSearchFiles(source, 'fr').index))).v).toBe(4);
  });
});

describe('labelled companies', () => {
  it('marks a company headquartered in Europe with a non-European owner in its suggestion', () => {
    const labelled = { ...company('Jack Wolfskin'), control: 'european_hq_foreign_owner' as const };
    const owned = { ...company('Vaude'), control: 'european' as const };
    const searcher = searcherOf('en', { ...source, companies: [labelled, owned], searchProducts: [] });
    expect(searcher.suggest('jack').companies[0]).toMatchObject({ name: 'Jack Wolfskin', foreignOwner: true });
    expect(searcher.suggest('vaude').companies[0]).toMatchObject({ name: 'Vaude', foreignOwner: false });
  });
});
