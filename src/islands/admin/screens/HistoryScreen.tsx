// /admin/history: every recorded change, newest first, filtered by kind of record, record name,
// editor and day range (kept in the address, so a filtered view can be linked), 50 a page, each one
// revertible.
import { useEffect, useState, type FormEvent } from 'react';
import { api, call, failure } from '../api.ts';
import { navigate, useLocation } from '../router.tsx';
import { Button, ErrorBox, Notice, PageHeader, Spinner, inputClass } from '../ui.tsx';
import { useLoad } from '../use-load.ts';
import { HistoryChanges } from './HistoryChanges.tsx';

type ChangeQuery = Parameters<typeof api.api.changes.$get>[0]['query'];

const FILTERS = ['entity', 'entity_id', 'q', 'admin', 'from', 'to'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number] | 'page', string>>;

const ENTITY_OPTIONS = [
  ['', 'All records'],
  ['company', 'Companies'],
  ['category', 'Categories'],
  ['certification', 'Certificates'],
  ['product', 'Products'],
  ['guide', 'Guides'],
] as const;

export function HistoryScreen() {
  const { search } = useLocation();
  const query: Filters = {};
  for (const key of [...FILTERS, 'page'] as const) {
    const value = search.get(key);
    if (value) query[key] = value;
  }
  const key = JSON.stringify(query);
  const history = useLoad((signal) => call(api.api.changes.$get({ query: query as ChangeQuery }, { init: { signal } })), [key]);
  const editors = useLoad((signal) => call(api.api.changes.editors.$get(undefined, { init: { signal } })), []);
  const [draft, setDraft] = useState<Filters>(query);
  const [message, setMessage] = useState<string>();
  useEffect(() => setDraft(JSON.parse(key) as Filters), [key]);

  function go(next: Filters) {
    const params = new URLSearchParams(Object.entries(next).filter(([, v]) => v) as [string, string][]);
    const qs = params.toString();
    navigate(`/admin/history${qs ? `?${qs}` : ''}`, { replace: true });
  }
  function apply(event: FormEvent) {
    event.preventDefault();
    go({ ...draft, page: undefined });
  }
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const page = Number(query.page ?? '1');

  return (
    <>
      <PageHeader title="History" />
      <p className="-mt-3 mb-4 text-sm text-slate-600">Every save, import, delete and revert, newest first. Reverting a change is recorded too, so it can be undone.</p>
      <form onSubmit={apply} className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end" aria-label="Filter the history">
        <div>
          <label htmlFor="history-entity" className="mb-1 block text-sm font-medium text-slate-800">Records</label>
          <select id="history-entity" className={inputClass} value={draft.entity ?? ''} onChange={set('entity')}>
            {ENTITY_OPTIONS.map(([value, text]) => (
              <option key={value} value={value}>{text}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="history-q" className="mb-1 block text-sm font-medium text-slate-800">Record name</label>
          <input id="history-q" type="search" className={inputClass} value={draft.q ?? ''} onChange={set('q')} placeholder="e.g. Deezer" />
        </div>
        <div>
          <label htmlFor="history-admin" className="mb-1 block text-sm font-medium text-slate-800">Editor</label>
          <select id="history-admin" className={inputClass} value={draft.admin ?? ''} onChange={set('admin')}>
            <option value="">Everyone</option>
            {editors.status === 'ready' && editors.data.editors.map((e) => <option key={e} value={e}>{e}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="history-from" className="mb-1 block text-sm font-medium text-slate-800">From</label>
          <input id="history-from" type="date" className={inputClass} value={draft.from ?? ''} onChange={set('from')} />
        </div>
        <div>
          <label htmlFor="history-to" className="mb-1 block text-sm font-medium text-slate-800">To</label>
          <input id="history-to" type="date" className={inputClass} value={draft.to ?? ''} onChange={set('to')} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="primary">Filter</Button>
          {Object.keys(query).length > 0 && (
            <Button variant="ghost" onClick={() => go({})}>Clear</Button>
          )}
        </div>
        {query.entity_id && (
          <p className="text-sm text-slate-600 sm:col-span-2 lg:col-span-6">
            Showing one record only.{' '}
            <button type="button" className="font-medium text-eu-blue underline" onClick={() => go({ ...query, entity_id: undefined, page: undefined })}>
              Show all records
            </button>
          </p>
        )}
      </form>
      {message && (
        <div className="mb-4">
          <Notice tone="success" onDismiss={() => setMessage(undefined)}>{message}</Notice>
        </div>
      )}
      {history.status === 'loading' && <Spinner label="Loading history…" />}
      {history.status === 'error' && <ErrorBox message={failure('The history could not be loaded.', history.error)} onRetry={history.reload} />}
      {history.status === 'ready' && (
        <>
          <p className="mb-2 text-sm text-slate-600" role="status">
            {history.data.total === 0
              ? 'No changes match these filters.'
              : `${history.data.total} ${history.data.total === 1 ? 'change' : 'changes'}${history.data.total > history.data.per_page ? `, page ${page} of ${Math.ceil(history.data.total / history.data.per_page)}` : ''}`}
          </p>
          {history.data.changes.length > 0 && (
            <HistoryChanges
              changes={history.data.changes}
              showRecord
              onReverted={(m) => {
                setMessage(m);
                history.reload();
              }}
            />
          )}
          {history.data.total > history.data.per_page && (
            <nav aria-label="History pages" className="mt-4 flex items-center justify-between gap-2">
              <Button disabled={page <= 1} onClick={() => go({ ...query, page: String(page - 1) })}>← Newer</Button>
              <Button disabled={page * history.data.per_page >= history.data.total} onClick={() => go({ ...query, page: String(page + 1) })}>Older →</Button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
