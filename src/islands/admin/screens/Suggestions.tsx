// /admin/suggestions?status=new|accepted|rejected&page=: what visitors sent from the public suggestion
// form. New ones wait in a queue (oldest first); "Accept and edit" records the acceptance and opens the
// company form prefilled (/admin/suggestions/{id}/apply); "Reject" asks for a reason. Everything a
// visitor typed is shown as text (React escapes it); their evidence is a link only when it is https,
// marked nofollow/ugc and without a referrer.
import { useState } from 'react';
import { SUGGESTION_STATUSES } from '../../../../db/enums.ts';
import { isHttpsUrl } from '../../../lib/schemas/suggestion.ts';
import { api, call, failure } from '../api.ts';
import { Pagination, ResultCount } from '../DataTable.tsx';
import { Link, navigate, useLocation } from '../router.tsx';
import { Button, ErrorBox, PageHeader, Spinner, focusRing, inputClass } from '../ui.tsx';
import { useLoad } from '../use-load.ts';

type Status = (typeof SUGGESTION_STATUSES)[number];
const LABELS: Record<Status, string> = { new: 'New', accepted: 'Accepted', rejected: 'Rejected' };
export const PER_PAGE = 20;

export interface SuggestionView {
  id: number;
  kind: 'correction' | 'new_company';
  company_id: number | null;
  company_name: string | null;
  company_slug: string | null;
  message: string;
  evidence_url: string;
  email: string | null;
  lang: string;
  status: Status;
  reason: string | null;
  created_at: string;
  handled_by: string | null;
  handled_at: string | null;
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'German', fr: 'French' };
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A visitor's evidence: a link only when it is https, never followed by search engines, no referrer. */
export function EvidenceLink({ url }: { url: string }) {
  if (!isHttpsUrl(url)) return <span className="break-all">{url}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow ugc" className={`break-all font-medium text-eu-blue underline hover:no-underline ${focusRing}`}>
      {url}
    </a>
  );
}

/** What the visitor sent, as text. */
export function SuggestionDetails({ s }: { s: SuggestionView }) {
  return (
    <dl className="space-y-2 text-sm">
      <div>
        <dt className="font-semibold text-slate-700">What is wrong or missing</dt>
        <dd className="mt-0.5 whitespace-pre-wrap break-words text-slate-900" data-suggestion-message>
          {s.message}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-700">Evidence</dt>
        <dd className="mt-0.5">
          <EvidenceLink url={s.evidence_url} />
        </dd>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-slate-600">
        <span>Sent {when(s.created_at)}</span>
        <span>Page language: {LANGUAGE_NAMES[s.lang] ?? s.lang}</span>
        <span className="break-all">Email: {s.email ?? 'none given'}</span>
      </div>
    </dl>
  );
}

export function SuggestionTitle({ s }: { s: SuggestionView }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s.kind === 'correction' ? 'bg-blue-50 text-blue-900' : 'bg-emerald-50 text-emerald-900'}`}>
        {s.kind === 'correction' ? 'Correction' : 'New company'}
      </span>
      {s.company_id !== null ? (
        <Link to={`/admin/companies/${s.company_id}`} className={`rounded font-semibold text-slate-900 hover:text-eu-blue hover:underline ${focusRing}`}>
          {s.company_name}
        </Link>
      ) : (
        <span className="font-semibold text-slate-900">{s.company_name}</span>
      )}
    </span>
  );
}

function SuggestionCard({ s, onHandled }: { s: SuggestionView; onHandled: () => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const reasonId = `reject-reason-${s.id}`;

  async function accept() {
    setBusy(true);
    setError(undefined);
    try {
      await call(api.api.suggestions[':id'].accept.$post({ param: { id: String(s.id) } }));
      navigate(`/admin/suggestions/${s.id}/apply`);
    } catch (e) {
      setError(failure('Failed to accept the suggestion.', e));
      setBusy(false);
    }
  }

  async function reject() {
    setBusy(true);
    setError(undefined);
    try {
      await call(api.api.suggestions[':id'].reject.$post({ param: { id: String(s.id) }, json: { reason } }));
      onHandled();
    } catch (e) {
      setError(failure('Failed to reject the suggestion.', e));
      setBusy(false);
    }
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-suggestion-id={s.id}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <SuggestionTitle s={s} />
        <span className="text-xs text-slate-500">#{s.id}</span>
      </div>
      <SuggestionDetails s={s} />
      {s.status !== 'new' && (
        <p className="mt-3 text-sm text-slate-700">
          {LABELS[s.status]} by {s.handled_by ?? 'an editor'}
          {s.handled_at ? ` on ${when(s.handled_at)}` : ''}
          {s.reason ? <span className="block whitespace-pre-wrap break-words">Reason: {s.reason}</span> : null}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {s.status === 'new' && !rejecting && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => void accept()} disabled={busy}>
            {s.kind === 'correction' ? 'Accept and edit company' : 'Accept and add company'}
          </Button>
          <Button onClick={() => setRejecting(true)} disabled={busy}>
            Reject…
          </Button>
        </div>
      )}
      {s.status === 'new' && rejecting && (
        <form
          className="mt-4 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            void reject();
          }}
        >
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
            Why is it rejected? (kept with the suggestion, not sent to the visitor)
          </label>
          <textarea id={reasonId} className={inputClass} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} required />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" disabled={busy || reason.trim().length < 3}>
              Reject suggestion
            </Button>
            <Button onClick={() => setRejecting(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

export function Suggestions() {
  const { path, search } = useLocation();
  const raw = search.get('status');
  const status: Status = (SUGGESTION_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as Status) : 'new';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const data = useLoad(
    (signal) => call(api.api.suggestions.queue.$get({ query: { status, page: String(page), per_page: String(PER_PAGE) } }, { init: { signal } })),
    [status, page],
  );

  function go(next: { status?: Status; page?: number }) {
    const merged = { status, page: 1, ...next };
    const params = new URLSearchParams();
    if (merged.status !== 'new') params.set('status', merged.status);
    if (merged.page !== 1) params.set('page', String(merged.page));
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path);
  }

  const counts = data.status === 'ready' ? data.data.counts : undefined;
  return (
    <>
      <PageHeader title="Suggestions" />
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        Sent by visitors from the public form. Nothing here is published: accept to edit the company yourself, or reject with a reason.
      </p>
      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label="Status">
        {SUGGESTION_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === status}
            onClick={() => go({ status: s })}
            className={`min-h-11 rounded-full border px-4 text-sm font-medium ${focusRing} ${s === status ? 'border-eu-blue bg-eu-blue text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
          >
            {LABELS[s]} ({counts ? counts[s] : '…'})
          </button>
        ))}
      </div>
      {data.status === 'loading' && <Spinner label="Loading suggestions…" />}
      {data.status === 'error' && <ErrorBox message="Failed to load suggestions. Please try again." onRetry={data.reload} />}
      {data.status === 'ready' && (
        <>
          <ResultCount page={data.data.page} perPage={data.data.per_page} shown={data.data.items.length} total={data.data.total} noun="suggestions" />
          <ul className="space-y-3" aria-label={`${LABELS[status]} suggestions`}>
            {data.data.items.map((s) => (
              <SuggestionCard key={s.id} s={s as SuggestionView} onHandled={data.reload} />
            ))}
          </ul>
          <Pagination page={data.data.page} perPage={data.data.per_page} total={data.data.total} onPage={(p) => go({ page: p })} label="Suggestions" />
        </>
      )}
    </>
  );
}
