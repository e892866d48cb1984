// /admin/data-health: what needs work, with counts: companies without a source for headquarters or
// ownership, without a description in a site language, without ownership, and drafts. Each problem
// lists its companies a page at a time, each linking to the company form. Choice kept in the URL.
import { api, call } from '../api.ts';
import { Pagination, ResultCount } from '../DataTable.tsx';
import { Flag } from '../Flag.tsx';
import { DEFAULT_LANG, isLang, type Lang } from '../../../lib/i18n-langs.ts';
import { Link, navigate, useLocation } from '../router.tsx';
import { ErrorBox, PageHeader, Spinner, focusRing } from '../ui.tsx';
import { useLoad } from '../use-load.ts';

const ISSUES = ['missing_sources', 'missing_description', 'missing_ownership', 'drafts'] as const;
type Issue = (typeof ISSUES)[number];
const LABELS: Record<Issue, string> = {
  missing_sources: 'Missing sources',
  missing_description: 'Missing description',
  missing_ownership: 'Missing ownership',
  drafts: 'Drafts',
};
const HINTS: Record<Issue, string> = {
  missing_sources: 'no source backs the headquarters or the ownership',
  missing_description: 'no description in this language',
  missing_ownership: 'the ultimate owner is not set',
  drafts: 'not shown on the public site',
};
const LANG_NAMES: Record<string, string> = { en: 'English', de: 'German', fr: 'French' };
const langName = (lang: string) => LANG_NAMES[lang] ?? lang.toUpperCase();

export function DataHealth() {
  const { path, search } = useLocation();
  const issue: Issue = (ISSUES as readonly string[]).includes(search.get('issue') ?? '') ? (search.get('issue') as Issue) : 'missing_sources';
  const raw = search.get('lang');
  const lang: Lang = isLang(raw) ? raw : DEFAULT_LANG;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const data = useLoad(
    (signal) => call(api.api.admin['data-health'].$get({ query: { issue, lang, page: String(page) } }, { init: { signal } })),
    [issue, lang, page],
  );

  function go(next: { issue?: Issue; lang?: Lang; page?: number }) {
    const merged = { issue, lang, page: 1, ...next };
    const params = new URLSearchParams();
    if (merged.issue !== 'missing_sources') params.set('issue', merged.issue);
    if (merged.issue === 'missing_description' && merged.lang !== DEFAULT_LANG) params.set('lang', merged.lang);
    if (merged.page !== 1) params.set('page', String(merged.page));
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path, { replace: next.page === undefined });
  }

  const counts = data.status === 'ready' ? data.data.counts : undefined;
  const languages: Lang[] = data.status === 'ready' ? data.data.languages : [DEFAULT_LANG];

  const tile = (key: Issue, label: string, n: number | undefined, onClick: () => void, selected: boolean, hint: string) => (
    <li key={label}>
      <button
        type="button"
        onClick={onClick}
        aria-pressed={selected}
        className={`flex h-full min-h-11 w-full flex-col items-start rounded-xl border p-4 text-left shadow-sm ${focusRing} ${
          selected ? 'border-eu-blue bg-blue-50' : 'border-slate-200 bg-white hover:border-slate-300'
        }`}
        data-health-issue={key}
      >
        <span className="text-2xl font-bold text-slate-900 tabular-nums">{n ?? '…'}</span>
        <span className="font-semibold text-slate-900">{label}</span>
        <span className="text-xs text-slate-600">{hint}</span>
      </button>
    </li>
  );

  return (
    <>
      <PageHeader title="Data health" />
      <ul className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Problems">
        {tile('missing_sources', LABELS.missing_sources, counts?.missing_sources, () => go({ issue: 'missing_sources' }), issue === 'missing_sources', HINTS.missing_sources)}
        {tile(
          'missing_description',
          LABELS.missing_description,
          counts ? Math.max(...languages.map((l) => counts.missing_description[l] ?? 0)) : undefined,
          () => go({ issue: 'missing_description' }),
          issue === 'missing_description',
          counts ? languages.map((l) => `${l.toUpperCase()} ${counts.missing_description[l] ?? 0}`).join(' · ') : 'per language',
        )}
        {tile('missing_ownership', LABELS.missing_ownership, counts?.missing_ownership, () => go({ issue: 'missing_ownership' }), issue === 'missing_ownership', HINTS.missing_ownership)}
        {tile('drafts', LABELS.drafts, counts?.drafts, () => go({ issue: 'drafts' }), issue === 'drafts', HINTS.drafts)}
      </ul>

      <section aria-labelledby="health-list-title">
        <h2 id="health-list-title" className="mb-3 text-lg font-semibold text-slate-900">
          {LABELS[issue]}
          {issue === 'missing_description' ? ` (${langName(lang)})` : ''}: {HINTS[issue]}
        </h2>
        {issue === 'missing_description' && (
          <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Language">
            {languages.map((l) => (
              <button
                key={l}
                type="button"
                aria-pressed={l === lang}
                onClick={() => go({ issue, lang: l })}
                className={`min-h-11 rounded-full border px-4 text-sm font-medium ${focusRing} ${l === lang ? 'border-eu-blue bg-eu-blue text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
              >
                {langName(l)} ({counts ? (counts.missing_description[l] ?? 0) : '…'})
              </button>
            ))}
          </div>
        )}
        {data.status === 'loading' && <Spinner label="Loading data health…" />}
        {data.status === 'error' && <ErrorBox message="Failed to load data health. Please try again." onRetry={data.reload} />}
        {data.status === 'ready' && (
          <>
            <ResultCount page={data.data.page} perPage={data.data.per_page} shown={data.data.items.length} total={data.data.total} noun="companies" />
            {data.data.items.length > 0 && (
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm" aria-label={`Companies: ${LABELS[issue]}`}>
                {data.data.items.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
                    <Link to={`/admin/companies/${c.id}`} data-company-name={c.name} className={`inline-flex min-h-11 items-center gap-2 rounded font-medium text-slate-900 hover:text-eu-blue hover:underline ${focusRing}`}>
                      <Flag code={c.country} />
                      {c.name}
                    </Link>
                    <span className="flex flex-wrap gap-2 text-xs">
                      {c.status === 'draft' && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Draft</span>}
                      {!c.has_headquarters_source && <span className="rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-800">No HQ source</span>}
                      {!c.has_ownership_source && <span className="rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-800">No ownership source</span>}
                      {!c.owner_kind && <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800">No owner</span>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={data.data.page} perPage={data.data.per_page} total={data.data.total} onPage={(p) => go({ page: p })} label="Data health" />
          </>
        )}
      </section>
    </>
  );
}
