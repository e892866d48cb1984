// The company browser on /companies: filters over the prebuilt company list, with the URL query as
// the source of truth. Server-rendered with the default view: the prerendered grid and page links
// come in as children and stay until the list has loaded, so the page reads fine without JavaScript.
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { COMPANY_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../lib/constants.ts';
import { paginationSlots } from '../lib/pagination.ts';
import {
  DEFAULT_STATE,
  decodeCompanyList,
  filterCompanies,
  isDefault,
  optionCounts,
  paginate,
  PAGE_SIZES,
  SORTS,
  FEATURES,
  parseQuery,
  sameState,
  toggleFeature,
  toQuery,
  withFilter,
  type BrowserState,
  type Feature,
  type Known,
  type ListItem,
  type Region,
  type Sort,
} from './company-browser-state.ts';
import { fetchDataFile } from './fetch-data.ts';
import { initials, monogramColour } from '../lib/monogram.ts';
import { flagSrc } from './flag.ts';

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
  sort: string;
  sortName: string;
  sortScore: string;
  sortFounded: string;
  sortNewest: string;
  pageSize: string;
  apply: string;
  activeFilters: string;
  /** with {filter} */
  removeFilter: string;
  score: string;
  /** the feature filters: legend, hint and one label per feature */
  features: string;
  featuresHint: string;
  featureLabels: Record<Feature, string>;
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

// 'idle': not asked for yet. The server-rendered page already shows the first cards; the whole list
// (about 70 bytes gzip per company) is fetched only when the visitor starts using the filters, search,
// sort or pager, or arrives with an address that asks for another view.
type Load = 'idle' | 'loading' | 'ready' | 'error';

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
  const [load, setLoad] = useState<Load>('idle');
  const loadRef = useRef<Load>('idle');
  loadRef.current = load;
  const stateRef = useRef(state);
  stateRef.current = state;
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resultsRef = useRef<HTMLParagraphElement>(null);

  const fromLocation = useCallback(
    () => parseQuery(window.location.search, known, window.location.pathname.replace(/\/$/, '') === pagePath ? initialPage : 1),
    [known, pagePath, initialPage],
  );

  const fetchList = useCallback(() => {
    loadRef.current = 'loading';
    setLoad('loading');
    fetchDataFile(dataUrl)
      .then((json) => {
        setItems(decodeCompanyList(json));
        setLoad('ready');
      })
      .catch(() => setLoad('error'));
  }, [dataUrl]);
  /** Fetches the list once, the first time it is needed. */
  const ensureList = useCallback(() => {
    if (loadRef.current === 'idle') fetchList();
  }, [fetchList]);

  useEffect(() => {
    const restore = () => {
      clearTimeout(typingTimer.current);
      const next = fromLocation();
      setState(next);
      setSearchText(next.search);
      if (!sameState(next, serverState)) ensureList();
    };
    restore();
    setHydrated(true);
    window.addEventListener('popstate', restore);
    return () => {
      window.removeEventListener('popstate', restore);
      clearTimeout(typingTimer.current);
    };
  }, [fromLocation, ensureList, serverState]);

  /** Shows a state and writes it to the URL: a new history entry, except while typing a search. */
  const commit = useCallback(
    (next: BrowserState, typing = false) => {
      ensureList();
      setState(next);
      const target = basePath + toQuery(next);
      if (target === window.location.pathname + window.location.search) return;
      const entry = typing ? { [TYPING]: true } : null;
      if (typing && window.history.state?.[TYPING]) window.history.replaceState(entry, '', target);
      else window.history.pushState(entry, '', target);
    },
    [basePath, ensureList],
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

  const filtered = useMemo(() => (items ? filterCompanies(items, state, known.countries) : null), [items, state, known]);
  const paged = filtered ? paginate(filtered, state.page, state.size) : null;
  // How many companies each filter option would show: options with none are disabled.
  const counts = useMemo(() => {
    if (!items) return null;
    const c = optionCounts(items, state, known.countries);
    return { category: c.category(known.categories), certification: c.certification(known.certifications), country: c.country(known.countries), feature: c.feature() };
  }, [items, state, known]);
  const labelOf = (options: Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;
  const chips: { key: string; label: string; patch: Partial<Omit<BrowserState, 'page'>> }[] = [];
  if (state.search) chips.push({ key: 'search', label: `“${state.search}”`, patch: { search: '' } });
  if (state.region === 'outside') chips.push({ key: 'region', label: strings.regionUsa, patch: { region: 'Europe' } });
  if (state.category) chips.push({ key: 'category', label: labelOf(props.categories, state.category), patch: { category: '' } });
  if (state.certification) chips.push({ key: 'certification', label: labelOf(props.certifications, state.certification), patch: { certification: '' } });
  if (state.country) chips.push({ key: 'country', label: labelOf(props.countries, state.country), patch: { country: '' } });
  if (state.europeanOwned) chips.push({ key: 'owner', label: strings.europeanOwned, patch: { europeanOwned: false } });
  for (const f of state.features) chips.push({ key: `feature-${f}`, label: strings.featureLabels[f], patch: { features: toggleFeature(state.features, f, false) } });
  // Until the list is loaded the server's view stands in, when it is the view asked for.
  const showServerView = !paged && sameState(state, serverState);
  const total = filtered ? filtered.length : initialTotal;
  const page = paged ? paged.page : initialPage;
  const totalPages = paged ? paged.totalPages : Math.max(1, Math.ceil(initialTotal / COMPANY_PAGE_SIZE));
  const sortLabels: Record<Sort, string> = { name: strings.sortName, score: strings.sortScore, founded: strings.sortFounded, newest: strings.sortNewest };
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
    <div data-company-browser data-hydrated={hydrated ? 'true' : undefined} data-load={load} onFocusCapture={ensureList} onPointerDownCapture={ensureList}>
      <h1 className="text-3xl font-bold tracking-tight">{state.region === 'outside' ? strings.titleUsa : strings.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{state.region === 'outside' ? strings.descriptionUsa : strings.description}</p>

      <form
        className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900/60"
        method="get"
        action={basePath}
        onSubmit={(e) => {
          e.preventDefault();
          change({ search: searchText });
        }}
        role="search"
        aria-label={strings.filters}
        onPointerEnter={ensureList}
      >
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="sr-only">{strings.filters}</legend>
          <div className="sm:col-span-2">
            <label htmlFor="browser-search" className={labelClass}>
              {strings.searchLabel}
            </label>
            <input
              id="browser-search"
              name="search"
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
              {(['Europe', 'outside'] as Region[]).map((region) => (
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
                  {region === 'outside' ? strings.regionUsa : strings.regionEurope}
                </label>
              ))}
            </div>
          </fieldset>
          <Select id="browser-category" name="category" label={strings.category} all={strings.categoryAll} options={props.categories} counts={counts?.category} value={state.category} onChange={(category) => change({ category })} className={control} labelClass={labelClass} />
          <Select
            id="browser-certification"
            name="certification"
            counts={counts?.certification}
            label={strings.certification}
            all={strings.certificationAll}
            options={props.certifications}
            value={state.certification}
            onChange={(certification) => change({ certification })}
            className={control}
            labelClass={labelClass}
          />
          {state.region === 'Europe' && (
            <Select id="browser-country" name="country" label={strings.country} all={strings.countryAll} options={props.countries} counts={counts?.country} value={state.country} onChange={(country) => change({ country })} className={control} labelClass={labelClass} />
          )}
          {state.region === 'Europe' && (
            <div className="flex items-start gap-2 self-end pb-1 sm:col-span-2 lg:col-span-1">
              <input
                id="browser-european-owned"
                name="owner"
                value="european"
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
          <fieldset className="min-w-0 sm:col-span-2 lg:col-span-3" aria-describedby="browser-features-hint" data-feature-filters>
            <legend className={labelClass}>{strings.features}</legend>
            <p id="browser-features-hint" className="-mt-0.5 mb-2 text-xs text-slate-600 dark:text-slate-400">
              {strings.featuresHint}
            </p>
            <div className="flex flex-wrap gap-2">
              {FEATURES.map((f) => {
                const checked = state.features.includes(f);
                const n = counts?.feature.get(f);
                return (
                  <label
                    key={f}
                    className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-eu-blue has-checked:border-eu-blue has-checked:bg-blue-50 has-checked:text-eu-blue has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-eu-blue dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:has-checked:border-blue-400 dark:has-checked:bg-slate-800 dark:has-checked:text-blue-200 dark:has-focus-visible:outline-eu-gold"
                  >
                    <input
                      type="checkbox"
                      name="feature"
                      value={f}
                      checked={checked}
                      disabled={n === 0 && !checked}
                      onChange={(e) => change({ features: toggleFeature(state.features, f, e.target.checked) })}
                      className="size-4 accent-eu-blue"
                      data-feature={f}
                    />
                    {strings.featureLabels[f]}
                    {n !== undefined && <span className="text-xs font-normal text-slate-500 dark:text-slate-400">({n})</span>}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-4 sm:col-span-2 lg:col-span-3">
            <Select
              id="browser-sort"
              name="sort"
              label={strings.sort}
              options={SORTS.map((v) => ({ value: v, label: sortLabels[v] }))}
              value={state.sort}
              onChange={(sort) => change({ sort: sort as Sort })}
              className={control}
              labelClass={labelClass}
            />
            <Select
              id="browser-size"
              name="size"
              label={strings.pageSize}
              options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
              value={String(state.size)}
              onChange={(size) => change({ size: Number(size) })}
              className={control}
              labelClass={labelClass}
            />
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
          {hydrated && filtersActive && (
            <button type="button" onClick={clear} className="rounded-md px-2 py-1 text-sm font-semibold text-eu-blue hover:underline focus-visible:outline-2 focus-visible:outline-eu-blue dark:text-blue-300 dark:focus-visible:outline-eu-gold" data-clear-filters>
              {strings.clear}
            </button>
          )}
          <button type="submit" className="rounded-lg bg-eu-blue px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-eu-blue" data-apply>
            {strings.apply}
          </button>
        </div>
      </form>

      {chips.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-2" data-active-filters>
          <span className="text-sm font-medium text-slate-700 dark:text-slate-300">{strings.activeFilters}</span>
          {chips.map((chip) => (
            <button
              key={chip.key}
              type="button"
              data-chip={chip.key}
              onClick={() => {
                if (chip.key === 'search') setSearchText('');
                change(chip.patch);
              }}
              aria-label={fill(strings.removeFilter, { filter: chip.label })}
              className="inline-flex items-center gap-1.5 rounded-full border border-eu-blue/40 bg-blue-50 px-3 py-1 text-sm font-medium text-eu-blue hover:bg-blue-100 dark:border-blue-400/40 dark:bg-slate-800 dark:text-blue-200 dark:hover:bg-slate-700"
            >
              {chip.label}
              <span aria-hidden="true">×</span>
            </button>
          ))}
        </div>
      )}

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

function Select(props: {
  id: string;
  name: string;
  label: string;
  all?: string;
  options: Option[];
  /** matches per option with the other filters kept; options without any are disabled */
  counts?: Map<string, number>;
  value: string;
  onChange: (value: string) => void;
  className: string;
  labelClass: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={props.labelClass}>
        {props.label}
      </label>
      <select id={props.id} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)} className={props.className}>
        {props.all !== undefined && <option value="">{props.all}</option>}
        {props.options.map((o) => {
          const n = props.counts?.get(o.value);
          return (
            <option key={o.value} value={o.value} disabled={n === 0 && o.value !== props.value} data-count={n}>
              {n === undefined ? o.label : `${o.label} (${n})`}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** Same look as CompanyCard.astro. */
function Card({ company, companyPath, countryNames, strings }: { company: ListItem } & Props) {
  const country = countryNames[company.country] ?? '';
  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-eu-blue hover:shadow-md dark:border-slate-700 dark:bg-slate-900 dark:hover:border-blue-400">
      <div className="flex items-start gap-3">
      <span aria-hidden="true" className={`mono mono-md mono-c${monogramColour(company.slug)}`} data-monogram={initials(company.name)}>
        {initials(company.name)}
      </span>
      <div className="min-w-0 flex-1">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-base font-semibold leading-snug">
          <a href={companyPath.replace('__slug__', encodeURIComponent(company.slug))} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none group-focus-within:underline">
            {company.name}
          </a>
        </h2>
        {company.unicorn && (
          <span title={strings.unicornTitle} className="inline-flex items-center gap-1 rounded-full bg-fuchsia-100 px-2 py-0.5 text-xs font-semibold text-fuchsia-800 dark:bg-fuchsia-900/50 dark:text-fuchsia-200">
            <svg className="inline-block size-3 shrink-0" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" focusable="false">
              <path d="M15.98 1.804a1 1 0 0 0-1.96 0l-.24 1.192a1 1 0 0 1-.784.785l-1.192.238a1 1 0 0 0 0 1.962l1.192.238a1 1 0 0 1 .785.785l.238 1.192a1 1 0 0 0 1.962 0l.238-1.192a1 1 0 0 1 .785-.785l1.192-.238a1 1 0 0 0 0-1.962l-1.192-.238a1 1 0 0 1-.785-.785l-.238-1.192ZM6.949 5.684a1 1 0 0 0-1.898 0l-.683 2.051a1 1 0 0 1-.633.633l-2.051.683a1 1 0 0 0 0 1.898l2.051.684a1 1 0 0 1 .633.632l.683 2.051a1 1 0 0 0 1.898 0l.683-2.051a1 1 0 0 1 .633-.633l2.051-.683a1 1 0 0 0 0-1.898l-2.051-.683a1 1 0 0 1-.633-.633L6.95 5.684ZM13.949 13.684a1 1 0 0 0-1.898 0l-.184.551a1 1 0 0 1-.632.633l-.551.183a1 1 0 0 0 0 1.898l.551.183a1 1 0 0 1 .633.633l.183.551a1 1 0 0 0 1.898 0l.184-.551a1 1 0 0 1 .632-.633l.551-.183a1 1 0 0 0 0-1.898l-.551-.184a1 1 0 0 1-.633-.632l-.183-.551Z" />
            </svg>
            {strings.unicorn}
          </span>
        )}
      </div>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
        <img className="flag" src={flagSrc(country ? company.country : '')} alt="" width={21} height={16} decoding="async" />
        <span>{country}</span>
      </p>
      </div>
      </div>
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
      {company.control === 'non_european' && company.alternatives > 0 && (
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
            // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place among the slots
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
