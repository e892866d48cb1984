// The company browser on /companies: filters over the prebuilt company list, with the URL query as
// the source of truth. Server-rendered with the default view: the prerendered grid and page links
// come in as children and stay until the list has loaded, so the page reads fine without JavaScript.
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { COMPANY_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../lib/constants.ts';
import { paginationSlots } from '../lib/format.ts';
import {
  DEFAULT_STATE,
  decodeCompanyList,
  filterCompanies,
  isDefault,
  paginate,
  parseQuery,
  sameState,
  toQuery,
  withFilter,
  type BrowserState,
  type Known,
  type ListItem,
  type Region,
} from './company-browser-state.ts';
import { fetchDataFile } from './fetch-data.ts';
import { flag } from './flag.ts';

export interface CompanyBrowserStrings {
  title: string;
  titleUsa: string;
  description: string;
  descriptionUsa: string;
  filters: string;
  searchLabel: string;
  searchPlaceholder: string;
  region: string;
  regionEurope: string;
  regionUsa: string;
  category: string;
  categoryAll: string;
  certification: string;
  certificationAll: string;
  country: string;
  countryAll: string;
  clear: string;
  empty: string;
  loading: string;
  error: string;
  retry: string;
  /** with {count} */
  resultCount: string;
  resultCountOne: string;
  /** with {page} and {total} */
  pageOf: string;
  pagination: string;
  previous: string;
  next: string;
  /** with {page} */
  pageLabel: string;
  unicorn: string;
  unicornTitle: string;
  /** with {count} */
  alternatives: string;
  alternativesOne: string;
  europeanOwned: string;
  europeanOwnedHint: string;
  /** the label of a company headquartered in Europe with a non-European owner, and its explanation */
  foreignOwner: string;
  foreignOwnerTitle: string;
}

interface Option {
  value: string;
  label: string;
}

interface Props {
  dataUrl: string;
  /** the browser's own path, e.g. /de/unternehmen; the URL query goes after it */
  basePath: string;
  /** the path of this prerendered page (/companies or /companies/page/N) */
  pagePath: string;
  /** the page this prerendered view shows */
  initialPage: number;
  /** European companies, the default view's count */
  initialTotal: number;
  /** company page template with __slug__ */
  companyPath: string;
  categories: Option[];
  certifications: Option[];
  /** European countries offered in the filter (never RU or BY) */
  countries: Option[];
  /** code -> name, for every country a card can show */
  countryNames: Record<string, string>;
  strings: CompanyBrowserStrings;
  children?: ReactNode;
}

type Load = 'loading' | 'ready' | 'error';

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

const TYPING = 'companyBrowserTyping';

export default function CompanyBrowser(props: Props) {
  const { dataUrl, basePath, pagePath, initialPage, initialTotal, strings, children } = props;
  const known: Known = useMemo(
    () => ({
      categories: new Set(props.categories.map((o) => o.value)),
      certifications: new Set(props.certifications.map((o) => o.value)),
      countries: new Set(props.countries.map((o) => o.value)),
    }),
    [props.categories, props.certifications, props.countries],
  );
  const serverState: BrowserState = useMemo(() => ({ ...DEFAULT_STATE, page: initialPage }), [initialPage]);
  const [state, setState] = useState<BrowserState>(serverState);
  const [searchText, setSearchText] = useState('');
  const [hydrated, setHydrated] = useState(false);
  const [items, setItems] = useState<ListItem[] | null>(null);
  const [load, setLoad] = useState<Load>('loading');
  const stateRef = useRef(state);
  stateRef.current = state;
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resultsRef = useRef<HTMLParagraphElement>(null);

  const fromLocation = useCallback(
    () => parseQuery(window.location.search, known, window.location.pathname.replace(/\/$/, '') === pagePath ? initialPage : 1),
    [known, pagePath, initialPage],
  );

  const fetchList = useCallback(() => {
    setLoad('loading');
    fetchDataFile(dataUrl)
      .then((json) => {
        setItems(decodeCompanyList(json));
        setLoad('ready');
      })
      .catch(() => setLoad('error'));
  }, [dataUrl]);

  useEffect(() => {
    const restore = () => {
      clearTimeout(typingTimer.current);
      const next = fromLocation();
      setState(next);
      setSearchText(next.search);
    };
    restore();
    setHydrated(true);
    fetchList();
    window.addEventListener('popstate', restore);
    return () => {
      window.removeEventListener('popstate', restore);
      clearTimeout(typingTimer.current);
    };
  }, [fromLocation, fetchList]);

  /** Shows a state and writes it to the URL: a new history entry, except while typing a search. */
  const commit = useCallback(
    (next: BrowserState, typing = false) => {
      setState(next);
      const target = basePath + toQuery(next);
      if (target === window.location.pathname + window.location.search) return;
      const entry = typing ? { [TYPING]: true } : null;
      if (typing && window.history.state?.[TYPING]) window.history.replaceState(entry, '', target);
      else window.history.pushState(entry, '', target);
    },
    [basePath],
  );

  const change = (patch: Partial<Omit<BrowserState, 'page'>>) => {
    clearTimeout(typingTimer.current);
    commit(withFilter({ ...stateRef.current, search: searchText }, patch));
  };

  const onSearchInput = (value: string) => {
    setSearchText(value);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => commit(withFilter(stateRef.current, { search: value }), true), SEARCH_DEBOUNCE_MS);
  };

  const clear = () => {
    clearTimeout(typingTimer.current);
    setSearchText('');
    commit(DEFAULT_STATE);
  };

  const goToPage = (event: MouseEvent<HTMLAnchorElement>, page: number) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    commit({ ...stateRef.current, page });
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const filtered = useMemo(() => (items ? filterCompanies(items, state) : null), [items, state]);
  const paged = filtered ? paginate(filtered, state.page, COMPANY_PAGE_SIZE) : null;
  // Until the list is loaded the server's view stands in, when it is the view asked for.
  const showServerView = !paged && sameState(state, serverState);
  const total = filtered ? filtered.length : initialTotal;
  const page = paged ? paged.page : initialPage;
  const totalPages = paged ? paged.totalPages : Math.max(1, Math.ceil(initialTotal / COMPANY_PAGE_SIZE));
  // The server's view does not show what the URL asks for: wait for the list (or say it failed).
  const stale = !paged && !showServerView;
  const busy = stale && load === 'loading';
  const filtersActive = !isDefault({ ...state, search: searchText, page: 1 });

  const summary = busy
    ? strings.loading
    : stale
      ? ''
      : `${total === 1 ? strings.resultCountOne : fill(strings.resultCount, { count: total })} · ${fill(strings.pageOf, { page, total: totalPages })}`;

  const hrefFor = (p: number) => basePath + toQuery({ ...state, page: p });
  const control = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-eu-blue focus:outline-none focus:ring-2 focus:ring-eu-blue/30 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:focus:border-blue-400 dark:focus:ring-blue-400/40';
  const labelClass = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300';

  return (
    <div data-company-browser data-hydrated={hydrated ? 'true' : undefined} data-load={load}>
      <h1 className="text-3xl font-bold tracking-tight">{state.region === 'USA' ? strings.titleUsa : strings.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{state.region === 'USA' ? strings.descriptionUsa : strings.description}</p>

      <form className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900/60" onSubmit={(e) => e.preventDefault()} role="search" aria-label={strings.filters}>
        <fieldset disabled={!hydrated} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="sr-only">{strings.filters}</legend>
          <div className="sm:col-span-2">
            <label htmlFor="browser-search" className={labelClass}>
              {strings.searchLabel}
            </label>
            <input
              id="browser-search"
              type="search"
              autoComplete="off"
              value={searchText}
              placeholder={strings.searchPlaceholder}
              onChange={(e) => onSearchInput(e.target.value)}
              className={control}
            />
          </div>
          <fieldset className="min-w-0">
            <legend className={labelClass}>{strings.region}</legend>
            <div className="flex rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900">
              {(['Europe', 'USA'] as Region[]).map((region) => (
                <label
                  key={region}
                  className="flex-1 cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-semibold text-slate-700 hover:bg-slate-100 has-checked:bg-eu-blue has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-eu-blue dark:text-slate-200 dark:hover:bg-slate-800 dark:has-checked:bg-blue-700 dark:has-focus-visible:outline-eu-gold"
                >
                  <input
                    type="radio"
                    name="region"
                    value={region}
                    checked={state.region === region}
                    onChange={() => change({ region })}
                    className="sr-only"
                  />
                  {region === 'USA' ? strings.regionUsa : strings.regionEurope}
                </label>
              ))}
            </div>
          </fieldset>
          <Select id="browser-category" label={strings.category} all={strings.categoryAll} options={props.categories} value={state.category} onChange={(category) => change({ category })} className={control} labelClass={labelClass} />
          <Select
            id="browser-certification"
            label={strings.certification}
            all={strings.certificationAll}
            options={props.certifications}
            value={state.certification}
            onChange={(certification) => change({ certification })}
            className={control}
            labelClass={labelClass}
          />
          {state.region === 'Europe' && (
            <Select id="browser-country" label={strings.country} all={strings.countryAll} options={props.countries} value={state.country} onChange={(country) => change({ country })} className={control} labelClass={labelClass} />
          )}
          {state.region === 'Europe' && (
            <div className="flex items-start gap-2 self-end pb-1 sm:col-span-2 lg:col-span-1">
              <input
                id="browser-european-owned"
                type="checkbox"
                checked={state.europeanOwned}
                onChange={(e) => change({ europeanOwned: e.target.checked })}
                aria-describedby="browser-european-owned-hint"
                className="mt-1 size-4 shrink-0 accent-eu-blue"
              />
              <span>
                <label htmlFor="browser-european-owned" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
                  {strings.europeanOwned}
                </label>
                <span id="browser-european-owned-hint" className="block text-xs text-slate-600 dark:text-slate-400">
                  {strings.europeanOwnedHint}
                </span>
              </span>
            </div>
          )}
        </fieldset>
        {hydrated && filtersActive && (
          <p className="mt-4 text-right">
            <button type="button" onClick={clear} className="rounded-md px-2 py-1 text-sm font-semibold text-eu-blue hover:underline focus-visible:outline-2 focus-visible:outline-eu-blue dark:text-blue-300 dark:focus-visible:outline-eu-gold" data-clear-filters>
              {strings.clear}
            </button>
          </p>
        )}
      </form>

      <p ref={resultsRef} tabIndex={-1} role="status" aria-atomic="true" className="mt-6 min-h-5 scroll-mt-24 text-sm font-medium text-slate-700 focus:outline-none dark:text-slate-300" data-result-count>
        {summary}
      </p>

      {load === 'error' && !paged && (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200" role="alert" data-load-error>
          <span>{strings.error}</span>
          <button type="button" onClick={fetchList} className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800">
            {strings.retry}
          </button>
        </div>
      )}

      <div className={`mt-4 transition-opacity ${busy ? 'opacity-50' : ''}`} aria-busy={busy || undefined}>
        {paged ? (
          <>
            {paged.items.length ? (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="list">
                {paged.items.map((company) => (
                  <li key={company.slug}>
                    <Card company={company} {...props} />
                  </li>
                ))}
              </ul>
            ) : (
              <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400" data-empty>
                <p>{strings.empty}</p>
                <button type="button" onClick={clear} className="mt-4 rounded-lg bg-eu-blue px-4 py-2 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-eu-blue">
                  {strings.clear}
                </button>
              </div>
            )}
            <Pagination page={paged.page} total={paged.totalPages} hrefFor={hrefFor} onGo={goToPage} strings={strings} />
          </>
        ) : stale && load === 'error' ? null : (
          children
        )}
      </div>
    </div>
  );
}

function Select(props: { id: string; label: string; all: string; options: Option[]; value: string; onChange: (value: string) => void; className: string; labelClass: string }) {
  return (
    <div>
      <label htmlFor={props.id} className={props.labelClass}>
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)} className={props.className}>
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Same look as CompanyCard.astro. */
function Card({ company, companyPath, countryNames, strings }: { company: ListItem } & Props) {
  const country = countryNames[company.country] ?? '';
  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-eu-blue hover:shadow-md dark:border-slate-700 dark:bg-slate-900 dark:hover:border-blue-400">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-base font-semibold leading-snug">
          <a href={companyPath.replace('__slug__', encodeURIComponent(company.slug))} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none group-focus-within:underline">
            {company.name}
          </a>
        </h2>
        {company.unicorn && (
          <span title={strings.unicornTitle} className="inline-flex items-center gap-1 rounded-full bg-fuchsia-100 px-2 py-0.5 text-xs font-semibold text-fuchsia-800 dark:bg-fuchsia-900/50 dark:text-fuchsia-200">
            <span aria-hidden="true">🦄</span>
            {strings.unicorn}
          </span>
        )}
      </div>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
        <span role="img" aria-label={country || '?'} className="not-italic">
          {flag(country ? company.country : '')}
        </span>
        <span>{country}</span>
      </p>
      {company.control === 'european_hq_foreign_owner' && (
        <p className="mt-1">
          <span
            title={strings.foreignOwnerTitle}
            data-foreign-owner
            className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 dark:bg-amber-900/60 dark:text-amber-100 dark:ring-amber-700"
          >
            <span aria-hidden="true">⚑</span>
            {strings.foreignOwner}
          </span>
        </p>
      )}
      <p className="mt-2 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{company.description}</p>
      {company.country === 'US' && company.alternatives > 0 && (
        <p className="mt-2 text-sm font-medium text-eu-blue dark:text-blue-300" data-alternatives-count>
          {company.alternatives === 1 ? strings.alternativesOne : fill(strings.alternatives, { count: company.alternatives })}
        </p>
      )}
    </article>
  );
}

/** Same look as Pagination.astro: at most 7 slots with ellipses. */
function Pagination({ page, total, hrefFor, onGo, strings }: { page: number; total: number; hrefFor: (p: number) => string; onGo: (e: MouseEvent<HTMLAnchorElement>, p: number) => void; strings: CompanyBrowserStrings }) {
  if (total <= 1) return null;
  const base = 'inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm';
  const idle = 'border-slate-300 hover:border-eu-blue hover:text-eu-blue dark:border-slate-700 dark:hover:border-blue-400 dark:hover:text-blue-300';
  return (
    <nav aria-label={strings.pagination} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1" role="list">
        <li>
          {page > 1 ? (
            <a className={`${base} ${idle}`} href={hrefFor(page - 1)} rel="prev" onClick={(e) => onGo(e, page - 1)}>
              <span aria-hidden="true">‹</span>
              <span className="sr-only sm:not-sr-only sm:ml-1">{strings.previous}</span>
            </a>
          ) : null}
        </li>
        {paginationSlots(page, total).map((slot, i) =>
          slot === 'ellipsis' ? (
            <li key={`e${i}`} aria-hidden="true" className="px-2 text-slate-500">
              …
            </li>
          ) : (
            <li key={slot}>
              <a
                className={`${base} ${slot === page ? 'border-eu-blue bg-eu-blue font-semibold text-white dark:border-blue-400 dark:bg-blue-500' : idle}`}
                href={hrefFor(slot)}
                aria-current={slot === page ? 'page' : undefined}
                aria-label={fill(strings.pageLabel, { page: slot })}
                onClick={(e) => onGo(e, slot)}
              >
                {slot}
              </a>
            </li>
          ),
        )}
        <li>
          {page < total ? (
            <a className={`${base} ${idle}`} href={hrefFor(page + 1)} rel="next" onClick={(e) => onGo(e, page + 1)}>
              <span className="sr-only sm:not-sr-only sm:mr-1">{strings.next}</span>
              <span aria-hidden="true">›</span>
            </a>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
