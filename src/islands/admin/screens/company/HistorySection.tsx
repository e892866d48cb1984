// A company's (or product's) change history: who changed it when, newest first, with each field before → after,
// and a revert for every entry. Loaded on its own, so the form never waits for it.
import { useState } from 'react';
import { api, call } from '../../api.ts';
import { Link } from '../../router.tsx';
import { Notice, Section, Spinner } from '../../ui.tsx';
import { useLoad } from '../../use-load.ts';
import { HistoryChanges } from '../HistoryChanges.tsx';

export function HistorySection({ companyId, entity = 'company', onReverted }: { companyId: string; entity?: 'company' | 'product'; onReverted?: () => void }) {
  const history = useLoad(
    (signal) => call(api.api.changes.$get({ query: { entity, entity_id: companyId } }, { init: { signal } })),
    [entity, companyId],
  );
  const [message, setMessage] = useState<string>();
  return (
    <Section id={`${entity}-history`} title="History" description={`Every save, import, delete and revert of this ${entity}, newest first.`}>
      {message && (
        <div className="mb-3">
          <Notice tone="success" onDismiss={() => setMessage(undefined)}>
            {message}
          </Notice>
        </div>
      )}
      {history.status === 'loading' && <Spinner label="Loading history…" className="!py-4" />}
      {history.status === 'error' && <p className="text-sm text-red-700">The history could not be loaded.</p>}
      {history.status === 'ready' &&
        (history.data.changes.length === 0 ? (
          <p className="text-sm text-slate-600">No recorded changes yet (the {entity} was imported before history was kept).</p>
        ) : (
          <HistoryChanges
            changes={history.data.changes}
            onReverted={(m) => {
              setMessage(m);
              history.reload();
              onReverted?.();
            }}
          />
        ))}
      {history.status === 'ready' && history.data.total > history.data.changes.length && (
        <p className="mt-2 text-xs text-slate-500">
          Showing the latest {history.data.changes.length} of {history.data.total} changes.{' '}
          <Link to={`/admin/history?entity=${entity}&entity_id=${companyId}`} className="font-medium text-eu-blue underline">
            See all in History
          </Link>
        </p>
      )}
    </Section>
  );
}
