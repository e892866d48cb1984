// The search behind the search box and the results page, over the prebuilt index
// (src/lib/search-index.ts). Loaded on first focus, never in the page's first script.
//
// Three groups: products (by name, English name and the aliases of the page's language, then by
// the names of their company, subcategory and category from a word's start), companies (by name)
// and categories (categories and subcategories, by their name in the page's language and in
// English). Ranking within a group: names equal to the query, then starting with it, then with a
// word starting with it, then containing it anywhere, then containing all its words, then
// containing it once spaces and punctuation are ignored ("email" finds "E-Mail"). Only when a group
// has none of these, typo-tolerant matches (src/islands/fuzzy.ts): up to one edit per four letters.
import { SEARCH_LIMITS } from '../lib/constants.ts';
import { SEARCH_FORMAT_VERSION, frontDecode, type SearchDetailData, type SearchIndexData, type SearchTexts } from '../lib/data-format.ts';
import { approxDistance, letterSet, mayMatch, pattern, type Pattern } from './fuzzy.ts';
import { compact, fold, foldQuery, nameSlug } from './text.ts';
import { NO_TEXTS } from './search-links.ts';

export interface ProductResult {
  type: 'product';
  name: string;
  slug: string;
  company: { index: number; name: string; slug: string };
  /** its company's country; '' until the details are loaded (withDetails), or when unknown */
  country: string;
  /** number of European alternatives on its page */
  alternatives: number;
  /** it has an alternatives page; otherwise it links to its company */
  page: boolean;
}
export interface CompanyResult {
  type: 'company';
  /** position in the index, for its details */
  index: number;
  name: string;
  slug: string;
  /** '' until the details are loaded (withDetails), or when unknown */
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
export type SearchResult = ProductResult | CompanyResult | CategoryResult | SubcategoryResult;

export const GROUPS = ['products', 'companies', 'categories'] as const;
export type GroupKey = (typeof GROUPS)[number];

export interface SearchResults {
  products: ProductResult[];
  companies: CompanyResult[];
  categories: (CategoryResult | SubcategoryResult)[];
  /** the groups that have results, best match first (the order to show them in) */
  order: GroupKey[];
}

export interface Searcher {
  /** Up to `total` suggestions, shared out between the groups. */
  suggest(query: string, total?: number): SearchResults;
  /** Every match of every group (typo-tolerant ones capped at FUZZY_ALL_LIMIT per group). */
  searchAll(query: string): SearchResults;
  /** The same results with each company's country, category and alternatives, from the detail
   *  shards they need (loaded once each). A shard that fails to load leaves its companies bare. */
  withDetails<R extends { companies: CompanyResult[]; products?: ProductResult[] }>(results: R): Promise<R>;
  countryName(code: string): string;
  /** the words shown with results, in the index's language */
  texts: SearchTexts;
}

/** Loads a detail shard by its path (fetchDataFile in the browser, a lookup in tests). */
export type ShardLoader = (path: string) => Promise<unknown>;

/** Typo tolerance starts at this query length: shorter queries only match exactly. */
export const FUZZY_MIN_LENGTH = 4;
/** One typo per this many letters of the query. */
export const LETTERS_PER_TYPO = 4;
/** The results page lists at most this many typo-tolerant matches per group. */
export const FUZZY_ALL_LIMIT = 50;
/** Longer input is cut: no name is that long. */
export const MAX_QUERY_LENGTH = 64;

export const EMPTY_RESULTS: SearchResults = Object.freeze({ products: [], companies: [], categories: [], order: [] }) as SearchResults;

/** Checks that a fetched file is a search index of the version this code reads. */
export function parseSearchIndex(json: unknown): SearchIndexData {
  const data = json as SearchIndexData;
  if (
    !data ||
    data.v !== SEARCH_FORMAT_VERSION ||
    typeof data.c !== 'string' ||
    !Array.isArray(data.k) ||
    !Array.isArray(data.s) ||
    !Array.isArray(data.p) ||
    !Array.isArray(data.cl) ||
    typeof data.cs !== 'object' ||
    typeof data.n !== 'object' ||
    (data.t !== undefined && typeof data.t !== 'object') ||
    !data.d ||
    !Array.isArray(data.d.f)
  ) {
    throw new Error('Not a search index of this version');
  }
  return data;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A letter or digit (folded text: a–z, 0–9, or another script's letters). */
function isWordChar(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
  return WORD_CHAR.test(text[i]);
}

/** 0 equal, 1 prefix, 2 word prefix, 3 contains, 4 all words contained, -1 no match. */
export function matchTier(name: string, query: string, words: string[]): number {
  const at = name.indexOf(query);
  if (at === 0) return name.length === query.length ? 0 : 1;
  if (at > 0) {
    for (let i = at; i !== -1; i = name.indexOf(query, i + 1)) if (!isWordChar(name, i - 1)) return 2;
    return 3;
  }
  if (words.length > 1 && words.every((w) => name.includes(w))) return 4;
  return -1;
}

/** matchTier(): contains the query inside a word. */
const CONTAINS_TIER = 3;
/** Contains the query once spaces and punctuation are ignored on both sides. */
const COMPACT_TIER = 5;
/** Added to a product's tier when only its company, subcategory or category matched. */
const KEYWORD_TIER = 6;
/** Typo-tolerant matches rank after every other kind: this plus the number of edits. */
const FUZZY_TIER = 20;

interface Query {
  text: string;
  words: string[];
  compact: string;
  /** the typo check, when the query is long enough for one */
  fuzzy?: { pattern: Pattern; max: number };
}

function prepare(input: string): Query | undefined {
  const text = foldQuery(input).slice(0, MAX_QUERY_LENGTH).trim();
  if (!text) return undefined;
  const packed = compact(text);
  return {
    text,
    words: text.split(' '),
    compact: packed,
    fuzzy: packed.length >= FUZZY_MIN_LENGTH ? { pattern: pattern(text), max: Math.floor(text.length / LETTERS_PER_TYPO) } : undefined,
  };
}

interface Hit {
  i: number;
  tier: number;
  /** length of the matching name: shorter is closer */
  len: number;
}

const better = (a: Hit, b: Hit, rank?: Int32Array) =>
  a.tier !== b.tier ? a.tier < b.tier : a.len !== b.len ? a.len < b.len : rank && rank[a.i] !== rank[b.i] ? rank[a.i] < rank[b.i] : a.i < b.i;

/** The best `limit` of some hits, best first. */
function best(hits: Hit[], limit: number, rank?: Int32Array): Hit[] {
  if (hits.length > limit * 8) {
    // Many hits, few places: one pass with a small sorted buffer.
    const top: Hit[] = [];
    for (const hit of hits) {
      if (top.length === limit) {
        if (!better(hit, top[limit - 1], rank)) continue;
        top.pop();
      }
      let at = top.length;
      while (at > 0 && better(hit, top[at - 1], rank)) at--;
      top.splice(at, 0, hit);
    }
    return top;
  }
  return hits.sort((a, b) => (better(a, b, rank) ? -1 : 1)).slice(0, limit);
}

/** Separates the names in a group's joined text (folded names never contain it). */
const SEP = '\u0000';
/** A name that compact() leaves as it is. */
const PLAIN = /^[a-z0-9]*$/;

/**
 * The searchable names of one group, folded once and joined into one text, so finding the names that
 * contain the query is the engine's native indexOf over that text, not a loop over every entry.
 */
class Names {
  /** folded names of all entries, in entry order */
  private readonly keys: string[] = [];
  /** name -> its entry */
  private readonly owner: Int32Array;
  /** the names joined by SEP; where each starts */
  private readonly text: string;
  private readonly starts: Int32Array;
  /** the same with each name compact() */
  private readonly packedText: string;
  private readonly packedStarts: Int32Array;
  /** weaker names, each once, joined like `text`; and the entries each belongs to */
  private readonly keywords: string[];
  private readonly keywordText: string;
  private readonly keywordStarts: Int32Array;
  private readonly keywordOwners: number[][];
  private readonly rank: Int32Array | undefined;
  readonly size: number;
  /** per entry: the tier and length of its best hit so far in the current search (-1: none) */
  private readonly tier: Int8Array;
  private readonly len: Int32Array;
  /** for typo tolerance, built on the first typo-tolerant search: letterSet() of each entry's names, and bigram postings */
  private letters: Int32Array | undefined;
  private postings: { offsets: Int32Array; list: Int32Array } | undefined;
  private counts: Uint8Array | undefined;

  /**
   * @param names per entry: the names it is found by
   * @param keywords per entry: weaker names (a product's company, subcategory, category)
   * @param rank per entry: tie-breaker after tier and length, lower first
   */
  constructor(names: string[][], keywords?: string[][], rank?: Int32Array) {
    this.size = names.length;
    this.rank = rank;
    const owner: number[] = [];
    const packed: string[] = [];
    for (let i = 0; i < names.length; i++) {
      const list = names[i];
      const first = this.keys.length;
      for (let n = 0; n < list.length; n++) {
        if (!list[n]) continue;
        const key = fold(list[n]);
        if (this.keys.indexOf(key, first) !== -1) continue; // the entry has it already
        this.keys.push(key);
        packed.push(PLAIN.test(key) ? key : compact(key));
        owner.push(i);
      }
    }
    this.owner = Int32Array.from(owner);
    [this.text, this.starts] = joined(this.keys);
    [this.packedText, this.packedStarts] = joined(packed);
    // Many products share a keyword (their category's name): each is searched once.
    const owners = new Map<string, number[]>();
    keywords?.forEach((list, i) => {
      for (const keyword of list) {
        if (!keyword) continue;
        const key = fold(keyword);
        const of = owners.get(key);
        if (!of) owners.set(key, [i]);
        else if (of[of.length - 1] !== i) of.push(i);
      }
    });
    this.keywords = [...owners.keys()];
    this.keywordOwners = [...owners.values()];
    [this.keywordText, this.keywordStarts] = joined(this.keywords);
    this.tier = new Int8Array(this.size).fill(-1);
    this.len = new Int32Array(this.size);
  }

  /** The best `limit` entries for a query, best first. */
  find(q: Query, limit: number, fuzzyLimit = limit): Hit[] {
    if (limit <= 0 || this.size === 0) return [];
    const touched: number[] = [];
    const note = (i: number, tier: number, len: number) => {
      const was = this.tier[i];
      if (was === -1) touched.push(i);
      if (was === -1 || tier < was || (tier === was && len < this.len[i])) {
        this.tier[i] = tier;
        this.len[i] = len;
      }
    };
    // Names whose letters and digits contain the query's (spaces and punctuation aside): all names
    // that contain the query, and those that do only without spaces and punctuation ("email" in
    // "E-Mail", "e mail" in "email"). One scan of the joined text; matchTier says how well each matches.
    if (q.compact) {
      this.each(this.packedText, this.packedStarts, q.compact, (k) => {
        const tier = matchTier(this.keys[k], q.text, q.words);
        note(this.owner[k], tier === -1 ? COMPACT_TIER : tier, this.keys[k].length);
      });
    }
    // Several words: names that contain them all, in any order ("streaming music").
    if (q.words.length > 1 || !q.compact) {
      const needle = q.words.reduce((a, b) => (b.length > a.length ? b : a));
      this.each(this.text, this.starts, needle, (k) => {
        const tier = matchTier(this.keys[k], q.text, q.words);
        if (tier !== -1) note(this.owner[k], tier, this.keys[k].length);
      });
    }
    // Weaker names: only where the entry's own names did not match (note keeps the better tier), and
    // only at the start of a word ("mail" is not "Email & Office").
    this.each(this.keywordText, this.keywordStarts, q.words.reduce((a, b) => (b.length > a.length ? b : a)), (k) => {
      const tier = matchTier(this.keywords[k], q.text, q.words);
      if (tier !== -1 && tier !== CONTAINS_TIER) for (const i of this.keywordOwners[k]) note(i, KEYWORD_TIER + tier, this.keywords[k].length);
    });
    if (touched.length === 0) return q.fuzzy ? this.fuzzy(q.fuzzy, Math.min(limit, fuzzyLimit)) : [];
    // Typo tolerance is for when nothing matches (above): a near miss next to a real match is noise.
    const hits = touched.length > limit * 8 ? this.top(touched, limit) : touched.map((i) => ({ i, tier: this.tier[i], len: this.len[i] }));
    for (const i of touched) this.tier[i] = -1;
    return best(hits, limit, this.rank);
  }

  /** The best `limit` of many touched entries, straight from the tier and length arrays (no object per entry). */
  private top(touched: number[], limit: number): Hit[] {
    const { tier, len, rank } = this;
    const top: number[] = [];
    const before = (a: number, b: number) =>
      tier[a] !== tier[b] ? tier[a] < tier[b] : len[a] !== len[b] ? len[a] < len[b] : rank && rank[a] !== rank[b] ? rank[a] < rank[b] : a < b;
    for (const i of touched) {
      if (top.length === limit) {
        if (!before(i, top[limit - 1])) continue;
        top.pop();
      }
      let at = top.length;
      while (at > 0 && before(i, top[at - 1])) at--;
      top.splice(at, 0, i);
    }
    return top.map((i) => ({ i, tier: tier[i], len: len[i] }));
  }

  /** Calls back once per name of `text` that contains `needle`. */
  private each(text: string, starts: Int32Array, needle: string, found: (k: number) => void) {
    if (!needle) return;
    for (let at = text.indexOf(needle); at !== -1; ) {
      // The name holding this position: the last one starting at or before it.
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= at) lo = mid;
        else hi = mid - 1;
      }
      found(lo);
      at = lo + 1 < starts.length ? text.indexOf(needle, starts[lo + 1]) : -1;
    }
  }

  private fuzzy({ pattern: p, max }: NonNullable<Query['fuzzy']>, limit: number): Hit[] {
    const letters = (this.letters ??= this.entryLetters());
    const shortest = p.length - max;
    const distance = new Int8Array(this.size).fill(-1);
    const candidates = this.candidates(p, max);
    const hits: Hit[] = [];
    for (const k of candidates) {
      const i = this.owner[k];
      const key = this.keys[k];
      if (key.length < shortest || !mayMatch(p, letters[i], max)) continue;
      const d = approxDistance(p, key, max);
      if (d > max) continue;
      if (distance[i] === -1) {
        distance[i] = d;
        hits.push({ i, tier: FUZZY_TIER + d, len: key.length });
      } else if (d < distance[i]) {
        distance[i] = d;
        const hit = hits.find((h) => h.i === i)!;
        hit.tier = FUZZY_TIER + d;
        hit.len = key.length;
      }
    }
    return best(hits, limit, this.rank);
  }

  /**
   * The names worth checking for a typo-tolerant match. Within `max` edits a name keeps all but at
   * most 3 * max of the query's pairs of neighbouring letters (an edit breaks at most three), so when
   * that leaves some, only names sharing that many are checked; otherwise all.
   */
  private candidates(p: Pattern, max: number): Iterable<number> {
    const grams = [...new Set(Array.from({ length: Math.max(0, p.text.length - 1) }, (_, i) => bigram(p.text, i)))];
    const need = grams.length - 3 * max;
    if (need <= 0) return this.keys.keys();
    const { offsets, list } = (this.postings ??= this.buildPostings());
    const counts = (this.counts ??= new Uint8Array(this.keys.length));
    const touched: number[] = [];
    for (const gram of grams) {
      for (let at = offsets[gram]; at < offsets[gram + 1]; at++) if (counts[list[at]]++ === 0) touched.push(list[at]);
    }
    const out = touched.filter((k) => counts[k] >= need);
    for (const k of touched) counts[k] = 0;
    return out.sort((a, b) => a - b);
  }

  /** For each bigram, the names that contain it: one flat list, in two passes (count, then fill). */
  private buildPostings(): { offsets: Int32Array; list: Int32Array } {
    const offsets = new Int32Array(BIGRAMS + 2);
    const seen = new Int32Array(BIGRAMS + 1).fill(-1);
    const pass = (visit: (gram: number, k: number) => void) => {
      seen.fill(-1);
      this.keys.forEach((key, k) => {
        for (let i = 0; i + 1 < key.length; i++) {
          const gram = bigram(key, i);
          if (seen[gram] !== k) {
            seen[gram] = k;
            visit(gram, k);
          }
        }
      });
    };
    pass((gram) => offsets[gram + 1]++);
    for (let g = 1; g < offsets.length; g++) offsets[g] += offsets[g - 1];
    const list = new Int32Array(offsets[offsets.length - 1]);
    const fill = offsets.slice(0, -1);
    pass((gram, k) => (list[fill[gram]++] = k));
    return { offsets, list };
  }

  private entryLetters(): Int32Array {
    const letters = new Int32Array(this.size);
    this.keys.forEach((key, k) => {
      letters[this.owner[k]] |= letterSet(key);
    });
    return letters;
  }
}

function joined(keys: string[]): [string, Int32Array] {
  const starts = new Int32Array(keys.length);
  let at = 0;
  keys.forEach((key, k) => {
    starts[k] = at;
    at += key.length + 1;
  });
  return [keys.join(SEP), starts];
}

/** Pairs of neighbouring letters as numbers: ASCII pairs each their own, all others share one. */
const BIGRAMS = 128 * 128;
function bigram(text: string, i: number): number {
  const a = text.charCodeAt(i);
  const b = text.charCodeAt(i + 1);
  return a < 128 && b < 128 ? a * 128 + b : BIGRAMS;
}

/**
 * Shares `total` places out between the groups: one at a time to each group in turn, the group with
 * the best match first, so every group that matches gets a place and a rich one gets the rest.
 */
export function allot(counts: Record<GroupKey, number>, order: readonly GroupKey[], total: number): Record<GroupKey, number> {
  const taken = { products: 0, companies: 0, categories: 0 };
  let left = total;
  for (let progress = true; left > 0 && progress; ) {
    progress = false;
    for (const key of order) {
      if (left > 0 && taken[key] < counts[key]) {
        taken[key]++;
        left--;
        progress = true;
      }
    }
  }
  return taken;
}

export function createSearcher(data: SearchIndexData, loadShard?: ShardLoader): Searcher {
  const categoryCount = data.k.length;
  const categoryOf = (i: number) => (i >= 0 && data.k[i] ? { name: data.k[i][0], slug: data.k[i][1] } : { name: '', slug: '' });
  const subcategoryNames = (i: number) => (i >= 0 && data.s[i] ? [data.s[i][0], data.s[i][3] ?? '', data.k[data.s[i][2]]?.[0] ?? '', data.k[data.s[i][2]]?.[2] ?? ''] : []);

  const companyNames = frontDecode(data.c);
  const products = new Names(
    data.p.map((row) => [row[0], row[6] ?? '', ...(row[5] ?? [])]),
    data.p.map((row) => [companyNames[row[2]] ?? '', ...subcategoryNames(row[3])]),
    // Among equals, products with an alternatives page first, then those with more alternatives.
    Int32Array.from(data.p, (row) => -row[4]),
  );
  const companies = new Names(companyNames.map((name) => [name]));
  const categories = new Names([...data.k.map((row) => [row[0], row[2] ?? '']), ...data.s.map((row) => [row[0], row[3] ?? ''])]);
  const labelled = new Set(data.cl);

  const product = (i: number): ProductResult => {
    const [name, slug, company, , alternatives] = data.p[i];
    return {
      type: 'product',
      name,
      slug: slug || nameSlug(name),
      company: { index: company, name: companyNames[company] ?? '', slug: companySlug(company) },
      country: '',
      alternatives,
      page: alternatives > 0,
    };
  };
  const companySlug = (i: number) => data.cs[i] ?? nameSlug(companyNames[i] ?? '');
  const company = (i: number): CompanyResult => ({
    type: 'company',
    index: i,
    name: companyNames[i],
    slug: companySlug(i),
    country: '',
    category: '',
    alternatives: [],
    foreignOwner: labelled.has(i),
  });
  const category = (i: number): CategoryResult | SubcategoryResult => {
    if (i < categoryCount) return { type: 'category', name: data.k[i][0], slug: data.k[i][1] };
    const [name, slug, parent] = data.s[i - categoryCount];
    return { type: 'subcategory', name, slug, category: categoryOf(parent) };
  };

  function run(input: string, limit: number, fuzzyLimit: number, total?: number): SearchResults {
    const q = prepare(input);
    if (!q) return EMPTY_RESULTS;
    const hits = { products: products.find(q, limit, fuzzyLimit), companies: companies.find(q, limit, fuzzyLimit), categories: categories.find(q, limit, fuzzyLimit) };
    // Groups with the best match first; between equally good ones, the group whose best result is
    // called exactly what was typed ("google": the company Google, not a product with that alias),
    // then products, companies, categories.
    const named = (key: GroupKey) => {
      const i = hits[key][0].i;
      const name = key === 'products' ? data.p[i][0] : key === 'companies' ? companyNames[i] : i < categoryCount ? data.k[i][0] : data.s[i - categoryCount][0];
      return fold(name) === q.text ? 0 : 1;
    };
    const order = GROUPS.filter((key) => hits[key].length).sort(
      (a, b) => hits[a][0].tier - hits[b][0].tier || named(a) - named(b) || GROUPS.indexOf(a) - GROUPS.indexOf(b),
    );
    const take = total === undefined ? undefined : allot({ products: hits.products.length, companies: hits.companies.length, categories: hits.categories.length }, order, total);
    const cut = (list: Hit[], key: GroupKey) => (take ? list.slice(0, take[key]) : list);
    return {
      products: cut(hits.products, 'products').map((h) => product(h.i)),
      companies: cut(hits.companies, 'companies').map((h) => company(h.i)),
      categories: cut(hits.categories, 'categories').map((h) => category(h.i)),
      order,
    };
  }

  const shards = new Map<number, Promise<SearchDetailData | undefined>>();
  function shard(n: number): Promise<SearchDetailData | undefined> {
    let found = shards.get(n);
    if (!found) {
      const path = data.d.f[n];
      found =
        loadShard && path
          ? loadShard(path).then(
              (json) => {
                const detail = json as SearchDetailData;
                // A shard of another build (the site was republished twice since the index loaded) is of no use.
                return detail && detail.v === SEARCH_FORMAT_VERSION && detail.h === data.d.h && typeof detail.co === 'string' ? detail : undefined;
              },
              () => {
                shards.delete(n); // a later search tries again
                return undefined;
              },
            )
          : Promise.resolve(undefined);
      shards.set(n, found);
    }
    return found;
  }

  return {
    suggest: (input, total = SEARCH_LIMITS.suggestions) => run(input, total, total, total),
    searchAll: (input) => run(input, Number.POSITIVE_INFINITY, FUZZY_ALL_LIMIT),
    async withDetails(results) {
      const indexes = [...results.companies.map((c) => c.index), ...(results.products ?? []).map((p) => p.company.index)];
      const needed = [...new Set(indexes.map((i) => Math.floor(i / data.d.z)))];
      const loaded = new Map(await Promise.all(needed.map(async (n) => [n, await shard(n)] as const)));
      const detailOf = (index: number) => {
        const detail = loaded.get(Math.floor(index / data.d.z));
        if (!detail) return undefined;
        const at = index - detail.o;
        const country = detail.co.slice(at * 2, at * 2 + 2);
        return { country: country === '--' ? '' : country, category: categoryOf(detail.ca[at] ?? -1).name, alternatives: detail.a[index]?.match(/../g) ?? [] };
      };
      return {
        ...results,
        companies: results.companies.map((c) => ({ ...c, ...detailOf(c.index) })),
        ...(results.products ? { products: results.products.map((p) => ({ ...p, country: detailOf(p.company.index)?.country ?? '' })) } : {}),
      };
    },
    countryName: (code: string) => data.n[code] ?? '',
    texts: data.t ?? NO_TEXTS,
  };
}
