// The company's change history (read-only): who changed it when, newest first, with the fields that
// changed. Loaded on its own, so the form never waits for it.
import { api, call } from '../../api.ts';
import { Section, Spinner } from '../../ui.tsx';
import { useLoad } from '../../use-load.ts';

const ACTIONS: Record<string, string> = { create: 'Created', update: 'Changed', delete: 'Deleted', import: 'Imported', revert: 'Reverted' };

/** The top-level fields whose export value differs between before and after. */
function changedFields(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
}

export function HistorySection({ companyId }: { companyId: string }) {
  const history = useLoad(
    (signal) => call(api.api.changes.$get({ query: { entity: 'company', entity_id: companyId } }, { init: { signal } })),
    [companyId],
  );
  return (
    <Section id="company-history" title="History" description="Every save, import and delete of this company, newest first.">
      {history.status === 'loading' && <Spinner label="Loading history…" className="!py-4" />}
      {history.status === 'error' && <p className="text-sm text-red-700">The history could not be loaded.</p>}
      {history.status === 'ready' &&
        (history.data.changes.length === 0 ? (
          <p className="text-sm text-slate-600">No recorded changes yet (the company was imported before history was kept).</p>
        ) : (
          <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" data-history>
            {history.data.changes.map((c) => {
              const fields = changedFields(c.before, c.after);
              return (
                <li key={c.id} className="px-3 py-2">
                  <span className="font-medium text-slate-900">{ACTIONS[c.action] ?? c.action}</span>{' '}
                  <span className="text-slate-700">by {c.admin_email ?? 'a removed admin'}</span>{' '}
                  <time dateTime={c.created_at} className="text-slate-500">
                    {new Date(c.created_at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                  {fields.length > 0 && <span className="block text-slate-600">Fields: {fields.join(', ')}</span>}
                </li>
              );
            })}
          </ol>
        ))}
      {history.status === 'ready' && history.data.total > history.data.changes.length && (
        <p className="mt-2 text-xs text-slate-500">
          Showing the latest {history.data.changes.length} of {history.data.total} changes.
        </p>
      )}
    </Section>
  );
}
