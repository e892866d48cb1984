// The search box (home hero, header, mobile menu, 404 page): an ARIA combobox over the prebuilt
// search index. The index and fuse.js load on first focus, so the page's own script stays small.
// Server-rendered it is a plain GET form to the company browser, which is what visitors without
// JavaScript (or before hydration) use.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lib/constants.ts';
import type { SearchResult, SearchResults, Searcher } from './search-engine.ts';
import { fetchDataFile } from './fetch-data.ts';
import { flagSrc } from './flag.ts';

export interface SearchStrings {
  label: string;
  placeholder: string;
  submit: string;
  loading: string;
  /** with {query} */
  noResults: string;
  error: string;
  results: string;
  /** with {count} */
  count: string;
  countOne: string;
  companies: string;
  categories: string;
  subcategories: string;
  alternatives: string;
  /** with {category} */
  inCategory: string;
  /** label of a company headquartered in Europe with a non-European owner */
  foreignOwner: string;
}

export interface SearchRoutes {
  /** localized path templates from the route table, with __slug__, __category__, __subcategory__ */
  company: string;
  category: string;
  subcategory: string;
}

interface Props {
  id: string;
  size?: 'large' | 'small';
  /** the company browser, where the form goes without JavaScript */
  action: string;
  indexUrl: string;
  routes: SearchRoutes;
  strings: SearchStrings;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

// One index per page, shared by every search box on it; forgotten after a failure so a later
// keystroke tries again.
const searchers = new Map<string, Promise<Searcher>>();

export function loadSearcher(indexUrl: string): Promise<Searcher> {
  let searcher = searchers.get(indexUrl);
  if (!searcher) {
    searcher = Promise.all([import('./search-engine.ts'), fetchDataFile(indexUrl)]).then(([engine, json]) => engine.createSearcher(engine.parseSearchIndex(json)));
    searcher.catch(() => searchers.delete(indexUrl));
    searchers.set(indexUrl, searcher);
  }
  return searcher;
}

const EMPTY: SearchResults = { companies: [], categories: [], subcategories: [] };

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export function hrefOf(result: SearchResult, routes: SearchRoutes): string {
  const enc = encodeURIComponent;
  if (result.type === 'company') return routes.company.replace('__slug__', enc(result.slug));
  if (result.type === 'category') return routes.category.replace('__category__', enc(result.slug));
  return routes.subcategory.replace('__category__', enc(result.category.slug)).replace('__subcategory__', enc(result.slug));
}

export default function Search({ id, size = 'large', action, indexUrl, routes, strings }: Props) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [results, setResults] = useState<SearchResults>(EMPTY);
  const [searched, setSearched] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searcher, setSearcher] = useState<Searcher | null>(null);
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

  const options: SearchResult[] = useMemo(() => [...results.companies, ...results.categories, ...results.subcategories], [results]);
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
        const found = loaded.search(value);
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
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function choose(result: SearchResult) {
    const href = hrefOf(result, routes);
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
          choose(options[active >= 0 ? active : 0]);
          return;
        }
        if (status === 'error') return; // the form goes to the company browser instead
        event.preventDefault();
        const found = await run(query);
        const first = found.companies[0] ?? found.categories[0] ?? found.subcategories[0];
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
            ? options.length === 0
              ? fill(strings.noResults, { query: searched.trim() })
              : options.length === 1
                ? strings.countOne
                : fill(strings.count, { count: options.length })
            : '';

  const large = size === 'large';
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
              <OptionBody item={item} strings={strings} countryName={(code) => searcher?.countryName(code) ?? ''} />
            </li>
          );
        })}
      </ul>
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
        name="search"
        type="search"
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
        className={`w-full rounded-full border border-slate-300 bg-white text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-eu-blue focus:outline-none focus:ring-2 focus:ring-eu-blue/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-blue-400 dark:focus:ring-blue-400/40 ${large ? 'py-4 pl-6 pr-32 text-lg' : 'py-2 pl-4 pr-24 text-sm'}`}
      />
      {status === 'loading' && !blank && (
        <span className={`pointer-events-none absolute top-1/2 -translate-y-1/2 ${large ? 'right-28' : 'right-[5.25rem]'}`} data-search-spinner>
          <svg className={`animate-spin text-eu-blue dark:text-blue-300 ${large ? 'size-5' : 'size-4'}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        </span>
      )}
      <button
        type="submit"
        className={`absolute right-1.5 top-1/2 -translate-y-1/2 rounded-full bg-eu-blue font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-eu-blue dark:focus-visible:outline-eu-gold ${large ? 'px-5 py-2.5' : 'px-3 py-1 text-sm'}`}
      >
        {strings.submit}
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
          {group(strings.companies, results.companies, 'companies')}
          {group(strings.categories, results.categories, 'categories')}
          {group(strings.subcategories, results.subcategories, 'subcategories')}
        </ul>
        {status === 'ready' && options.length === 0 && (
          <p className="px-4 py-3 text-sm text-slate-600 dark:text-slate-300" data-search-empty>
            {fill(strings.noResults, { query: searched.trim() })}
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

function Flag({ code, name, className = '' }: { code: string; name: string; className?: string }) {
  return <img src={flagSrc(code)} alt={name || '?'} width={21} height={16} decoding="async" className={`flag ${className}`} />;
}

function OptionBody({ item, strings, countryName }: { item: SearchResult; strings: SearchStrings; countryName: (code: string) => string }) {
  if (item.type === 'company') {
    return (
      <>
        <Flag code={item.country} name={countryName(item.country)} className="mt-0.5" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{item.name}</span>
          {item.foreignOwner && (
            <span className="mt-0.5 inline-block rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" data-foreign-owner>
              {strings.foreignOwner}
            </span>
          )}
          {item.category && <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{item.category}</span>}
        </span>
        {item.alternatives.length > 0 && (
          <span className="flex shrink-0 items-center gap-0.5 text-base leading-none" title={strings.alternatives}>
            <span className="sr-only">{strings.alternatives}</span>
            <span aria-hidden="true" className="mr-1 text-xs text-slate-400">
              →
            </span>
            {item.alternatives.map((code) => (
              <Flag key={code} code={code} name={countryName(code)} />
            ))}
          </span>
        )}
      </>
    );
  }
  const icon =
    item.type === 'category' ? (
      <path d="M4 5h6v6H4zM14 5h6v6h-6zM4 15h6v6H4zM14 15h6v6h-6z" />
    ) : (
      <path d="M4 7h10M4 12h16M4 17h12" />
    );
  return (
    <>
      <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-eu-blue/10 text-eu-blue dark:bg-blue-400/15 dark:text-blue-300" aria-hidden="true">
        <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round">
          {icon}
        </svg>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{item.name}</span>
        {item.type === 'subcategory' && item.category.name && (
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{fill(strings.inCategory, { category: item.category.name })}</span>
        )}
      </span>
    </>
  );
}
