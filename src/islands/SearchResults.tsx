// The results page (/search?q=…, /de/suche?q=…, /fr/recherche?q=…): every match of a query, in groups
// (products, companies, categories), best group first. A static page: the query is read from the
// address in the browser, and typing here updates the list and the address (replaceState, so the back
// button leaves the page). Server-rendered, it is the same GET form with a short explanation; the page
// around it says what to do without JavaScript.
import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lib/constants.ts';
import type { GroupKey, SearchResults as Results, Searcher } from './search-engine.ts';
import type { SearchStrings } from './Search.tsx';
import { loadSearcher } from './search-loader.ts';
import { NO_TEXTS, fill, hrefOf, type SearchRoutes } from './search-links.ts';
import { ResultBody } from './SearchResultBody.tsx';

export interface SearchPageStrings {
  title: string;
  /** with {query} */
  heading: string;
  /** with {count} */
  count: string;
  countOne: string;
  intro: string;
  /** with {query} */
  none: string;
  /** with {count} */
  more: string;
}

interface Props {
  /** this page's path, where the form goes */
  page: string;
  indexUrl: string;
  routes: SearchRoutes;
  strings: SearchStrings;
  pageStrings: SearchPageStrings;
}

/** Results per group shown at first, and added by each "Show more". */
export const PAGE_STEP = 50;

type Status = 'idle' | 'loading' | 'ready' | 'error';
const EMPTY: Results = { products: [], companies: [], categories: [], order: [] };
const NONE_SHOWN: Record<GroupKey, number> = { products: 0, companies: 0, categories: 0 };

const queryOfAddress = () => (typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('q') ?? '').trim());

export default function SearchResults({ page, indexUrl, routes, strings, pageStrings }: Props) {
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [all, setAll] = useState<Results>(EMPTY);
  /** the results on screen, with their details */
  const [shown, setShown] = useState<Results>(EMPTY);
  const [searcher, setSearcher] = useState<Searcher | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');
  const baseTitle = useRef('');

  /** The first `counts` results of each group, with their details (flags, categories). */
  const reveal = useCallback(async (loaded: Searcher, results: Results, counts: Record<GroupKey, number>, value: string) => {
    const slice: Results = {
      order: results.order,
      products: results.products.slice(0, counts.products),
      companies: results.companies.slice(0, counts.companies),
      categories: results.categories.slice(0, counts.categories),
    };
    const detailed = await loaded.withDetails(slice);
    if (latest.current === value) setShown(detailed);
  }, []);

  const run = useCallback(
    async (input: string) => {
      clearTimeout(timer.current);
      const value = input.trim();
      latest.current = value;
      // The address says what is shown, so a reload or a shared link shows the same.
      const address = value ? `${page}?q=${encodeURIComponent(value)}` : page;
      if (location.pathname + location.search !== address) history.replaceState(history.state, '', address);
      document.title = value ? `${fill(pageStrings.heading, { query: value })} – ${baseTitle.current}` : baseTitle.current;
      if (!value) {
        setSearched('');
        setAll(EMPTY);
        setShown(EMPTY);
        setStatus('idle');
        return;
      }
      setStatus('loading');
      try {
        const loaded = searcher ?? (await loadSearcher(indexUrl));
        if (!searcher) setSearcher(loaded);
        const results = loaded.searchAll(value);
        const counts = { products: PAGE_STEP, companies: PAGE_STEP, categories: PAGE_STEP };
        await reveal(loaded, results, counts, value);
        if (latest.current !== value) return;
        setAll(results);
        setSearched(value);
        setStatus('ready');
      } catch {
        if (latest.current !== value) return;
        setAll(EMPTY);
        setShown(EMPTY);
        setSearched(value);
        setStatus('error');
      }
    },
    [indexUrl, page, pageStrings.heading, reveal, searcher],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration: the address's query and then history
  useEffect(() => {
    baseTitle.current = document.title;
    const fromAddress = () => {
      const q = queryOfAddress();
      setQuery(q);
      void run(q);
    };
    fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => {
      window.removeEventListener('popstate', fromAddress);
      clearTimeout(timer.current);
    };
    // Once, on hydration: later searches come from typing and submitting.
  }, []);

  function onChange(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(value), SEARCH_DEBOUNCE_MS);
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    void run(query);
  }

  async function more(group: GroupKey) {
    if (!searcher) return;
    const counts = { ...NONE_SHOWN };
    for (const key of all.order) counts[key] = shown[key].length;
    counts[group] += PAGE_STEP;
    await reveal(searcher, all, counts, latest.current);
  }

  const total = all.products.length + all.companies.length + all.categories.length;
  const texts = searcher?.texts ?? NO_TEXTS;
  const labels: Record<GroupKey, string> = { products: texts.products, companies: texts.companies, categories: texts.categories };
  const countText = total === 1 ? pageStrings.countOne : fill(pageStrings.count, { count: total });
  const status_ =
    status === 'loading'
      ? strings.loading
      : status === 'error'
        ? strings.error
        : status === 'ready'
          ? total === 0
            ? fill(pageStrings.none, { query: searched })
            : countText
          : '';

  return (
    <div data-search-results data-status={status}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {searched ? fill(pageStrings.heading, { query: searched }) : pageStrings.title}
      </h1>
      <form role="search" action={page} method="get" onSubmit={onSubmit} className="relative mt-6 max-w-2xl">
        <label htmlFor="results-search" className="sr-only">
          {strings.label}
        </label>
        <input
          id="results-search"
          name="q"
          type="search"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={strings.placeholder}
          value={query}
          onChange={(e) => onChange(e.target.value)}
          className="w-full rounded-full border border-slate-300 bg-white py-3.5 pl-5 pr-28 text-lg text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-eu-blue focus:outline-none focus:ring-2 focus:ring-eu-blue/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-blue-400 dark:focus:ring-blue-400/40"
        />
        <button
          type="submit"
          className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded-full bg-eu-blue px-5 py-2 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-eu-blue dark:focus-visible:outline-eu-gold"
        >
          {strings.submit}
        </button>
      </form>
      <p role="status" aria-live="polite" className={`mt-4 min-h-6 ${status === 'error' ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`} data-results-status>
        {status_}
      </p>
      {status === 'idle' && <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300" data-results-intro>{pageStrings.intro}</p>}
      {shown.order.map((key) => {
        const items = shown[key];
        const left = all[key].length - items.length;
        if (!items.length) return null;
        return (
          <section key={key} className="mt-8" aria-labelledby={`results-${key}`} data-results-group={key}>
            <h2 id={`results-${key}`} className="text-xl font-semibold text-slate-900 dark:text-white">
              {labels[key]} <span className="font-normal text-slate-500 dark:text-slate-400">({all[key].length})</span>
            </h2>
            <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" role="list">
              {items.map((item) => (
                <li key={`${item.type}-${item.slug}-${item.type === 'product' ? item.company.slug : ''}`} className="min-w-0">
                  <a
                    href={hrefOf(item, routes)}
                    data-result={item.type}
                    className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-800 hover:border-eu-blue hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-eu-blue dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-blue-400 dark:hover:bg-slate-800 dark:focus-visible:outline-eu-gold"
                  >
                    <ResultBody item={item} texts={texts} countryName={(code) => searcher?.countryName(code) ?? ''} />
                  </a>
                </li>
              ))}
            </ul>
            {left > 0 && (
              <button
                type="button"
                onClick={() => void more(key)}
                className="mt-3 rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-slate-700 hover:border-eu-blue hover:text-eu-blue focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-eu-blue dark:border-slate-600 dark:text-slate-200 dark:hover:border-blue-300 dark:hover:text-white"
                data-results-more={key}
              >
                {fill(pageStrings.more, { count: Math.min(PAGE_STEP, left) })}
              </button>
            )}
          </section>
        );
      })}
    </div>
  );
}
