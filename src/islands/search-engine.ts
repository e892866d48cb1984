// The search behind the search box, over the prebuilt index (src/lib/search-index.ts). Loaded with
// fuse.js on first focus, never in the page's first script. Ranking per group: names equal to the
// query, then starting with it, then with a word starting with it, then containing it anywhere, then
// containing all its words; only when a group has no such match, typo-tolerant matches from fuse.js.
import Fuse from 'fuse.js/basic';
import { SEARCH_LIMITS } from '../lib/constants.ts';
import { DATA_FORMAT_VERSION, type SearchIndexData } from '../lib/data-format.ts';
import { fold, foldQuery } from './text.ts';

export interface CompanyResult {
  type: 'company';
  name: string;
  slug: string;
  country: string;
  category: string;
  /** up to 5 country codes of its European alternatives */
  alternatives: string[];
  /** headquartered in Europe, controlled from outside: shown with a label */
  foreignOwner: boolean;
}
export interface CategoryResult {
  type: 'category';
  name: string;
  slug: string;
}
export interface SubcategoryResult {
  type: 'subcategory';
  name: string;
  slug: string;
  category: { name: string; slug: string };
}
export type SearchResult = CompanyResult | CategoryResult | SubcategoryResult;

export interface SearchResults {
  companies: CompanyResult[];
  categories: CategoryResult[];
  subcategories: SubcategoryResult[];
}

export interface Searcher {
  search(query: string): SearchResults;
  countryName(code: string): string;
}

export type Limits = { companies: number; categories: number; subcategories: number };

/** Typo tolerance starts at this query length: shorter queries only match exactly. */
export const FUZZY_MIN_LENGTH = 4;
/** fuse.js threshold: one typo per four letters of the query. */
export const FUZZY_THRESHOLD = 0.25;
/** Longer input is cut: no name is that long, and fuzzy matching cost grows with the pattern. */
export const MAX_QUERY_LENGTH = 64;

/** Checks that a fetched file is a search index of the version this code reads. */
export function parseSearchIndex(json: unknown): SearchIndexData {
  const data = json as SearchIndexData;
  if (!data || data.v !== DATA_FORMAT_VERSION || !Array.isArray(data.c) || !Array.isArray(data.k) || !Array.isArray(data.s) || typeof data.n !== 'object') {
    throw new Error('Not a search index of this version');
  }
  return data;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** 0 equal, 1 prefix, 2 word prefix, 3 contains, 4 all words contained, -1 no match. */
export function matchTier(name: string, query: string, words: string[]): number {
  const at = name.indexOf(query);
  if (at === 0) return name.length === query.length ? 0 : 1;
  if (at > 0) {
    for (let i = at; i !== -1; i = name.indexOf(query, i + 1)) if (!WORD_CHAR.test(name[i - 1])) return 2;
    return 3;
  }
  if (words.length > 1 && words.every((w) => name.includes(w))) return 4;
  return -1;
}

const FUSE_OPTIONS = { keys: ['k'], threshold: FUZZY_THRESHOLD, ignoreLocation: true, isCaseSensitive: true, includeScore: false };

/** The distinct two-letter pieces of a text, as numbers. */
function bigrams(text: string): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + 1 < text.length; i++) out.add(text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1));
  return out;
}

/** One searchable group (companies, categories or subcategories): folded names, best matches first. */
class Group {
  private readonly keys: string[][];
  /** bigram -> entries whose names contain it; built on the first fuzzy search */
  private postings: Map<number, number[]> | undefined;
  private counts: Uint16Array | undefined;

  constructor(names: string[][]) {
    this.keys = names.map((list) => [...new Set(list.map(fold))]);
  }

  /** Indexes of the best `limit` entries for a folded query. */
  find(query: string, limit: number): number[] {
    if (limit <= 0) return [];
    const words = query.split(' ');
    // Best `limit` by (tier, name length, position): a small sorted buffer, one pass over all names.
    const best: { i: number; tier: number; len: number }[] = [];
    for (let i = 0; i < this.keys.length; i++) {
      let tier = -1;
      let len = 0;
      for (const key of this.keys[i]) {
        const t = matchTier(key, query, words);
        if (t !== -1 && (tier === -1 || t < tier)) {
          tier = t;
          len = key.length;
        }
      }
      if (tier === -1) continue;
      if (best.length === limit) {
        const last = best[limit - 1];
        if (tier > last.tier || (tier === last.tier && len >= last.len)) continue;
        best.pop();
      }
      let at = best.length;
      while (at > 0 && (best[at - 1].tier > tier || (best[at - 1].tier === tier && best[at - 1].len > len))) at--;
      best.splice(at, 0, { i, tier, len });
    }
    // Typo tolerance is for when nothing contains the query: a near miss next to a real match is noise.
    if (best.length === 0 && query.length >= FUZZY_MIN_LENGTH) return this.fuzzy(query, limit);
    return best.map((b) => b.i);
  }

  /**
   * fuse.js over the entries that can match at all. A name within `e` typos of the query shares all
   * but at most 2e of the query's bigrams (each typo breaks at most two), so names sharing fewer are
   * skipped without changing the result; at 20,000 companies that is most of them.
   */
  private fuzzy(query: string, limit: number): number[] {
    const grams = bigrams(query);
    const need = grams.size - 2 * Math.floor(FUZZY_THRESHOLD * query.length + 1e-9);
    let candidates: number[];
    if (need <= 0) {
      candidates = this.keys.map((_, i) => i);
    } else {
      const postings = (this.postings ??= this.buildPostings());
      const counts = (this.counts ??= new Uint16Array(this.keys.length));
      const touched: number[] = [];
      for (const gram of grams) for (const i of postings.get(gram) ?? []) if (counts[i]++ === 0) touched.push(i);
      candidates = touched.filter((i) => counts[i] >= need).sort((a, b) => a - b);
      for (const i of touched) counts[i] = 0;
    }
    if (!candidates.length) return [];
    const fuse = new Fuse(candidates.map((i) => ({ k: this.keys[i] })), FUSE_OPTIONS);
    return fuse.search(query, { limit }).map((hit) => candidates[hit.refIndex]);
  }

  private buildPostings(): Map<number, number[]> {
    const postings = new Map<number, number[]>();
    this.keys.forEach((keys, i) => {
      for (const gram of bigrams(keys.join('\n'))) {
        const list = postings.get(gram);
        if (list) list.push(i);
        else postings.set(gram, [i]);
      }
    });
    return postings;
  }
}

export function createSearcher(data: SearchIndexData, limits: Limits = SEARCH_LIMITS): Searcher {
  const companies = new Group(data.c.map((row) => [row[0]]));
  const categories = new Group(data.k.map((row) => (row[2] ? [row[0], row[2]] : [row[0]])));
  const subcategories = new Group(data.s.map((row) => (row[3] ? [row[0], row[3]] : [row[0]])));
  const categoryOf = (i: number) => (i >= 0 && data.k[i] ? { name: data.k[i][0], slug: data.k[i][1] } : { name: '', slug: '' });

  return {
    search(input: string): SearchResults {
      const query = foldQuery(input).slice(0, MAX_QUERY_LENGTH);
      if (!query) return { companies: [], categories: [], subcategories: [] };
      return {
        companies: companies.find(query, limits.companies).map((i) => {
          const [name, slug, country, category, alternatives, foreignOwner] = data.c[i];
          return { type: 'company', name, slug, country, category: categoryOf(category).name, alternatives: alternatives.match(/../g) ?? [], foreignOwner: foreignOwner === 1 };
        }),
        categories: categories.find(query, limits.categories).map((i) => ({ type: 'category', name: data.k[i][0], slug: data.k[i][1] })),
        subcategories: subcategories
          .find(query, limits.subcategories)
          .map((i) => ({ type: 'subcategory', name: data.s[i][0], slug: data.s[i][1], category: categoryOf(data.s[i][2]) })),
      };
    },
    countryName: (code: string) => data.n[code] ?? '',
  };
}
