// The search box (home hero, header, mobile menu, 404 page): an ARIA combobox over the prebuilt
// search index. The index and the search engine load on first focus, so the page's own script stays
// small. Up to 8 suggestions in groups (products, companies, categories), best group first, then
// "Show all results", which opens the results page. Server-rendered it is a plain GET form to the
// results page (?q=…), which is what visitors without JavaScript (or before hydration) use.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lib/constants.ts';
import type { GroupKey, SearchResult, SearchResults, Searcher } from './search-engine.ts';
import { loadSearcher } from './search-loader.ts';
import { NO_TEXTS, fill, hrefOf, ordered, resultsHref, type SearchRoutes } from './search-links.ts';
import { ResultBody } from './SearchResultBody.tsx';

export { loadSearcher };
export type { SearchRoutes };

/** The words the box needs before its index is loaded; the rest come with the index (searcher.texts). */
export interface SearchStrings {
  label: string;
  placeholder: string;
  submit: string;
  loading: string;
  error: string;
  /** the list's name */
  results: string;
}

interface Props {
  id: string;
  size?: 'large' | 'small';
  /** the results page, where the form goes (?q=…), also without JavaScript */
  action: string;
  indexUrl: string;
  routes: SearchRoutes;
  strings: SearchStrings;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

const EMPTY: SearchResults = { products: [], companies: [], categories: [], order: [] };

/** The last option of a non-empty list: the results page with every match. */
interface ShowAll {
  type: 'all';
  slug: '';
}
type Option = SearchResult | ShowAll;
const SHOW_ALL: ShowAll = { type: 'all', slug: '' };


export default function Search({ id, size = 'large', action, indexUrl, routes, strings }: Props) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [results, setResults] = useState<SearchResults>(EMPTY);
  const [searched, setSearched] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searcher, setSearcher] = useState<Searcher | null>(null);
  const texts = searcher?.texts ?? NO_TEXTS;
  const [layer, setLayer] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const rootRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const listId = `${id}-listbox-${uid}`;
  const optionId = (i: number) => `${id}-option-${uid}-${i}`;

  const found: SearchResult[] = useMemo(() => ordered(results), [results]);
  const options: Option[] = useMemo(() => (found.length ? [...found, SHOW_ALL] : []), [found]);
  const blank = !query.trim();
  const expanded = open && !blank && status === 'ready' && options.length > 0;
  const showPanel = open && !blank && (status === 'error' || (status === 'ready' && searched.trim() !== ''));

  const prefetch = useCallback(() => {
    loadSearcher(indexUrl).then(setSearcher, () => {
      /* reported when a search needs it */
    });
  }, [indexUrl]);

  /** Runs a search now; resolves to its results (empty on failure). */
  const run = useCallback(
    async (value: string): Promise<SearchResults> => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (!value.trim()) return EMPTY;
      if (!searcher) setStatus('loading');
      try {
        const loaded = searcher ?? (await loadSearcher(indexUrl));
        if (!searcher) setSearcher(loaded);
        // The suggestions are known at once; their flags and categories come with the detail shards
        // they need (usually loaded already, a small file each otherwise).
        const found = await loaded.withDetails(loaded.suggest(value));
        if (latest.current !== value) return found;
        setResults(found);
        setSearched(value);
        setStatus('ready');
        setActive(-1);
        setOpen(true);
        return found;
      } catch {
        if (latest.current === value) {
          setResults(EMPTY);
          setSearched(value);
          setStatus('error');
          setOpen(true);
        }
        return EMPTY;
      }
    },
    [indexUrl, searcher],
  );

  const update = useCallback(
    (value: string) => {
      setQuery(value);
      latest.current = value;
      clearTimeout(timer.current);
      timer.current = undefined;
      if (!value.trim()) {
        // Blank or whitespace: no query, nothing shown.
        setResults(EMPTY);
        setSearched('');
        setOpen(false);
        setActive(-1);
        setStatus((s) => (s === 'error' ? 'idle' : s));
        return;
      }
      timer.current = setTimeout(() => void run(value), SEARCH_DEBOUNCE_MS);
    },
    [run],
  );

  // Text typed before hydration counts; so does focus that arrived before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (input.value) update(input.value);
    if (document.activeElement === input) prefetch();
    return () => clearTimeout(timer.current);
  }, []);

  // The list opens in the top layer (a manual popover) where browsers have it, so no ancestor's
  // overflow or stacking (the home hero, the sticky header, the menu dialog) can clip or cover it.
  useEffect(() => setLayer(typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype), []);

  const placePanel = useCallback(() => {
    const input = inputRef.current;
    if (!input) return;
    const rect = input.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    const width = size === 'large' ? rect.width : Math.max(rect.width, Math.min(416, vw - 32));
    const left = Math.max(16, Math.min(size === 'large' ? rect.left : rect.right - width, vw - width - 16));
    const top = rect.bottom + 8;
    setPlace({ position: 'fixed', top, left, width, maxHeight: Math.max(160, window.innerHeight - top - 16) });
  }, [size]);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!layer || !panel) return;
    if (!showPanel) {
      if (panel.matches(':popover-open')) panel.hidePopover();
      return;
    }
    placePanel();
    if (!panel.matches(':popover-open')) panel.showPopover();
    const follow = () => placePanel();
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
    };
  }, [layer, showPanel, placePanel]);

  // A click or tap outside closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Keep the active option in view when the list scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: optionId() only joins the component's fixed id and the index
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function choose(option: Option) {
    const href = option.type === 'all' ? resultsHref(action, query) : hrefOf(option, routes);
    latest.current = '';
    setQuery('');
    setResults(EMPTY);
    setSearched('');
    setOpen(false);
    setActive(-1);
    window.location.assign(href);
  }

  async function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (blank) return;
        event.preventDefault();
        if (!expanded) {
          if (status === 'ready' && count) {
            setOpen(true);
            setActive(event.key === 'ArrowDown' ? 0 : count - 1);
          }
          return;
        }
        if (event.key === 'ArrowDown') setActive((a) => (a + 1 >= count ? 0 : a + 1));
        else setActive((a) => (a <= 0 ? count - 1 : a - 1));
        return;
      }
      case 'Enter': {
        if (event.nativeEvent.isComposing) return;
        if (blank) {
          event.preventDefault();
          return;
        }
        // Enter opens the highlighted result, else the first one, searching
        // right away if the pause after typing has not run out yet.
        if (expanded && searched === query) {
          event.preventDefault();
          choose(options[Math.max(active, 0)]);
          return;
        }
        if (status === 'error') return; // the form goes to the results page instead
        event.preventDefault();
        const first = ordered(await run(query))[0];
        if (first && latest.current === query) choose(first);
        return;
      }
      case 'Escape': {
        if (open && !blank) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (query) {
          event.preventDefault();
          event.stopPropagation();
          update('');
        }
        return;
      }
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  const announcement =
    blank || !open
      ? ''
      : status === 'loading'
        ? strings.loading
        : status === 'error'
          ? strings.error
          : status === 'ready' && searched
            ? found.length === 0
              ? fill(texts.noResults, { query: searched.trim() })
              : found.length === 1
                ? texts.countOne
                : fill(texts.count, { count: found.length })
            : '';

  const large = size === 'large';
  const labels: Record<GroupKey, string> = { products: texts.products, companies: texts.companies, categories: texts.categories };
  let index = 0;
  const group = (label: string, items: SearchResult[], key: string): ReactNode => {
    if (!items.length) return null;
    const headId = `${listId}-${key}`;
    return (
      <ul role="group" aria-labelledby={headId} className="py-1" key={key}>
        <li role="presentation" id={headId} className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {label}
        </li>
        {items.map((item) => {
          const i = index++;
          return (
            <li
              key={`${item.type}-${item.slug}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              data-search-option={item.type}
              onClick={() => choose(item)}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-100 aria-selected:bg-eu-blue/10 aria-selected:ring-2 aria-selected:ring-inset aria-selected:ring-eu-blue dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-selected:bg-blue-400/15 dark:aria-selected:ring-blue-300"
            >
              <ResultBody item={item} texts={texts} countryName={(code) => searcher?.countryName(code) ?? ''} />
            </li>
          );
        })}
      </ul>
    );
  };
  const showAll = (): ReactNode => {
    if (!found.length) return null;
    const i = index++;
    return (
      <li role="presentation" className="mt-1 border-t border-slate-200 pt-1 dark:border-slate-700" key="all">
        <div
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          data-search-option="all"
          onClick={() => choose(SHOW_ALL)}
          className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold text-eu-blue hover:bg-slate-100 aria-selected:bg-eu-blue/10 aria-selected:ring-2 aria-selected:ring-inset aria-selected:ring-eu-blue dark:text-blue-300 dark:hover:bg-slate-800 dark:aria-selected:bg-blue-400/15 dark:aria-selected:ring-blue-300"
        >
          <span className="min-w-0 break-words">{fill(texts.showAll, { query: searched.trim() })}</span>
          <span aria-hidden="true">→</span>
        </div>
      </li>
    );
  };

  return (
    <form
      ref={rootRef}
      role="search"
      action={action}
      method="get"
      className={`relative w-full text-left ${large ? 'max-w-2xl' : 'max-w-xs'}`}
      data-search-slot
      data-search-status={status}
      onBlur={(e) => {
        // Focus leaving the box (Tab, a click elsewhere, the menu closing) closes the list.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {strings.label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="q"
        // A text input: HTML allows role=combobox on type=text, not on type=search (Nu HTML checker).
        // inputMode and enterKeyHint keep the phone keyboard's search key.
        type="text"
        inputMode="search"
        enterKeyHint="search"
        role="combobox"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={strings.placeholder}
        value={query}
        onChange={(e) => update(e.target.value)}
        onFocus={() => {
          prefetch();
          if (!blank && (status === 'ready' || status === 'error')) setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className={`w-full rounded-full border border-slate-300 bg-white text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-eu-blue focus:outline-none focus:ring-2 focus:ring-eu-blue/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-blue-400 dark:focus:ring-blue-400/40 ${large ? 'py-4 pl-5 pr-16 text-lg sm:pl-6 sm:pr-36' : 'py-2 pl-4 pr-24 text-sm'}`}
      />
      {status === 'loading' && !blank && (
        <span className={`pointer-events-none absolute top-1/2 -translate-y-1/2 ${large ? 'right-16 sm:right-32' : 'right-[5.25rem]'}`} data-search-spinner>
          <svg className={`animate-spin text-eu-blue dark:text-blue-300 ${large ? 'size-5' : 'size-4'}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        </span>
      )}
      <button
        type="submit"
        className={`absolute right-1.5 top-1/2 -translate-y-1/2 rounded-full bg-eu-blue font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-eu-blue dark:focus-visible:outline-eu-gold ${large ? 'p-2.5 sm:px-5' : 'px-3 py-1 text-sm'}`}
      >
        {/* On a phone the large box's button is a magnifier (its name stays the word), so the placeholder fits at 360 px in every language. */}
        {large && (
          <svg className="size-6 sm:hidden" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-4-4" />
          </svg>
        )}
        <span className={large ? 'max-sm:sr-only' : undefined}>{strings.submit}</span>
      </button>
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <div
        ref={panelRef}
        popover={layer ? 'manual' : undefined}
        style={layer ? place : undefined}
        className={`m-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-0 text-left text-slate-900 shadow-xl ring-1 ring-black/5 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:ring-white/5 ${layer ? 'open:flex' : `absolute top-full z-50 mt-2 flex ${large ? 'inset-x-0' : 'right-0 w-[max(100%,min(26rem,calc(100vw-3rem)))]'}`}`}
        hidden={!layer && !showPanel}
        data-search-panel
        onMouseDown={(e) => e.preventDefault()}
        data-open={showPanel ? 'true' : undefined}
      >
        <ul id={listId} role="listbox" aria-label={strings.results} hidden={!expanded} className="max-h-[28rem] min-h-0 overflow-y-auto p-1.5">
          {results.order.map((key) => group(labels[key], results[key], key))}
          {showAll()}
        </ul>
        {status === 'ready' && found.length === 0 && (
          <p className="px-4 py-3 text-sm text-slate-600 dark:text-slate-300" data-search-empty>
            {fill(texts.noResults, { query: searched.trim() })}
          </p>
        )}
        {status === 'error' && (
          <p className="m-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200" data-search-error>
            {strings.error}
          </p>
        )}
      </div>
    </form>
  );
}
