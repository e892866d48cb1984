// Export (JSON, and CSV for spreadsheets) and Import of the companies, categories and guides lists. Choosing
// a file no longer imports it: the server checks it first (a dry run that writes nothing) and the
// report says what would be created, changed and left alone, and lists every problem. "Confirm
// import" then sends the same file for the real, all-or-nothing import.
import { useRef, useState } from 'react';
import type { DryRunReport } from '../../api/import-export/dry-run.ts';
import { ApiError, api, call } from './api.ts';
import { usePublish } from './publish.tsx';
import { Button, Notice, buttonStyles, plural } from './ui.tsx';

export type ImportKind = 'companies' | 'categories' | 'guides';
const MAX_BYTES = 10 * 1024 * 1024;
const SINGULAR: Record<ImportKind, string> = { companies: 'company', categories: 'category', guides: 'guide' };

export function formatError(kind: ImportKind): string {
  return `Failed to import ${kind}. Please check the file format and try again.`;
}

/** 'Import failed: {message}', or the file-format message when the file is not an export file. */
export function importFailure(kind: ImportKind, error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    return error.message === formatError(kind) ? error.message : `Import failed: ${error.message}`;
  }
  return formatError(kind);
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The dry run: the API's report for the file, or its error (not JSON, not a list, too large). */
async function checkFile(kind: ImportKind, text: string): Promise<DryRunReport> {
  const url = `/api/admin/${kind}/import?dry_run=1`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
  } catch {
    throw new ApiError('Could not reach the server. Check your connection.', 0);
  }
  const body = (await response.json().catch(() => ({}))) as DryRunReport & { error?: string };
  if (!response.ok) throw new ApiError(body.error ?? `The server answered ${response.status}.`, response.status);
  return body;
}

interface Pending {
  file: string;
  text: string;
  report: DryRunReport;
}

export function useImportExport(kind: ImportKind, onImported: () => void) {
  const publish = usePublish();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'check' | 'import'>();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [pending, setPending] = useState<Pending>();
  const endpoint = api.api.admin[kind];

  async function exportFile() {
    setBusy('export');
    setMessage(undefined);
    try {
      const response = await endpoint.export.$get();
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}-${new Date().toISOString().slice(0, 10)}.json`;
      const data = await call(response);
      download(name, `${JSON.stringify(data, null, 2)}\n`);
    } catch (error) {
      console.error(error);
      setMessage({ tone: 'error', text: `Failed to export ${kind}. Please try again.` });
    } finally {
      setBusy(undefined);
    }
  }

  async function check(file: File) {
    setBusy('check');
    setMessage(undefined);
    setPending(undefined);
    try {
      if (file.size > MAX_BYTES) throw new ApiError(`The file is too large (at most ${MAX_BYTES / 1024 / 1024} MB).`, 413);
      const text = await file.text();
      setPending({ file: file.name, text, report: await checkFile(kind, text) });
    } catch (error) {
      console.error(error);
      setMessage({ tone: 'error', text: importFailure(kind, error) });
    } finally {
      setBusy(undefined);
      if (input.current) input.current.value = '';
    }
  }

  async function confirmImport() {
    if (!pending) return;
    setBusy('import');
    setMessage(undefined);
    try {
      const result = await call(endpoint.import.$post(undefined, { init: { body: pending.text, headers: { 'content-type': 'application/json' } } }));
      setPending(undefined);
      setMessage({ tone: 'success', text: 'message' in result ? result.message : 'Import completed.' });
      publish.changed();
      onImported();
    } catch (error) {
      console.error(error);
      setMessage({ tone: 'error', text: importFailure(kind, error) });
    } finally {
      setBusy(undefined);
    }
  }

  const buttons = (
    <>
      <Button onClick={() => void exportFile()} disabled={!!busy} aria-busy={busy === 'export'}>
        {busy === 'export' ? 'Exporting…' : 'Export'}
      </Button>
      <a href={`/api/admin/export/${kind}.csv`} download className={buttonStyles.secondary} title={`All ${kind} as a spreadsheet (CSV, UTF-8)`}>
        Download CSV
      </a>
      <Button onClick={() => input.current?.click()} disabled={!!busy} aria-busy={busy === 'check'}>
        {busy === 'check' ? 'Checking file…' : 'Import'}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-label={`Import ${kind} from a JSON file`}
        data-import-input={kind}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void check(file);
        }}
      />
    </>
  );
  const notice = (
    <>
      {message && (
        <div className="mb-4">
          <Notice tone={message.tone} onDismiss={() => setMessage(undefined)}>
            {message.text}
          </Notice>
        </div>
      )}
      {pending && (
        <ImportReport
          kind={kind}
          pending={pending}
          importing={busy === 'import'}
          onConfirm={() => void confirmImport()}
          onCancel={() => {
            setPending(undefined);
            setMessage(undefined);
          }}
        />
      )}
    </>
  );
  return { buttons, notice };
}

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';
const td = 'px-3 py-2 align-top';

function ImportReport({ kind, pending, importing, onConfirm, onCancel }: { kind: ImportKind; pending: Pending; importing: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { report } = pending;
  const one = SINGULAR[kind];
  const errors = report.error_count;
  const first = report.errors[0];
  return (
    <section aria-labelledby="import-report-title" className="mb-6 rounded-xl border border-slate-300 bg-white p-4 shadow-sm sm:p-5" data-import-report>
      <h2 id="import-report-title" className="text-lg font-semibold text-slate-900">
        Import check: {pending.file}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Nothing has been imported yet. {errors ? 'Fix the file and choose it again.' : 'Check the changes, then confirm.'}</p>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-center sm:grid-cols-4" data-import-counts>
        {(
          [
            ['New', report.created.length, 'text-green-800'],
            ['Changed', report.updated.length, 'text-blue-800'],
            ['Unchanged', report.unchanged.length, 'text-slate-700'],
            ['Problems', errors, errors ? 'text-red-700' : 'text-slate-700'],
          ] as const
        ).map(([term, n, color]) => (
          <div key={term} className="rounded-lg border border-slate-200 p-2">
            <dt className="text-xs font-medium text-slate-600 uppercase">{term}</dt>
            <dd className={`text-2xl font-bold tabular-nums ${color}`}>{n}</dd>
          </div>
        ))}
      </dl>

      {errors > 0 && first && (
        <div className="mt-4 space-y-2">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            Import failed: {first.message}
            {errors > 1 ? ` (and ${plural(errors - 1, 'more problem', 'more problems')}, listed below)` : ''}
          </p>
          {/* Phones: one problem per line instead of a four-column table. */}
          <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm sm:hidden" aria-label="Problems in the file">
            {report.errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed report, never reordered
              <li key={i} className="px-3 py-2">
                <span className="font-semibold">{e.index === null ? 'File' : `Record #${e.index + 1}`}</span>
                {(e.slug ?? e.name) && <span className="ml-1 font-mono text-xs break-all text-slate-600">{e.slug ?? e.name}</span>}
                {e.field && <span className="block font-mono text-xs break-all text-slate-600">{e.field}</span>}
                <span className="block">{e.message}</span>
              </li>
            ))}
          </ol>
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 sm:block">
            <table className="min-w-full text-sm" aria-label="Problems in the file">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={th}>Record</th>
                  <th scope="col" className={th}>Slug / name</th>
                  <th scope="col" className={th}>Field</th>
                  <th scope="col" className={th}>Problem</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {report.errors.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed report, never reordered
                  <tr key={i}>
                    <td className={`${td} tabular-nums`}>{e.index === null ? '—' : `#${e.index + 1}`}</td>
                    <td className={`${td} font-mono text-xs break-all`}>{e.slug ?? e.name ?? '—'}</td>
                    <td className={`${td} font-mono text-xs break-all`}>{e.field || '—'}</td>
                    <td className={td}>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.errors.length < errors && <p className="text-sm text-slate-600">Showing the first {report.errors.length} of {errors} problems.</p>}
        </div>
      )}

      {report.created.length > 0 && (
        <details className="mt-4" open={report.created.length <= 20}>
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">{plural(report.created.length, `new ${one}`, `new ${kind}`)}</summary>
          <ul className="mt-2 columns-1 gap-6 text-sm sm:columns-2">
            {report.created.map((r) => (
              <li key={r.index}>
                {r.name} <span className="font-mono text-xs text-slate-500">{r.slug}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.updated.length > 0 && (
        <details className="mt-4" open={report.updated.length <= 20}>
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">{plural(report.updated.length, `changed ${one}`, `changed ${kind}`)}</summary>
          <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full text-sm" aria-label={`Changed ${kind}`}>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={th}>Name</th>
                  <th scope="col" className={th}>Changed fields</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {report.updated.map((r) => (
                  <tr key={r.index}>
                    <td className={td}>
                      {r.name} <span className="font-mono text-xs text-slate-500">{r.slug}</span>
                    </td>
                    <td className={td}>{r.fields.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      {!report.exact && errors > 0 && (report.created.length > 0 || report.updated.length > 0) && (
        <p className="mt-2 text-xs text-slate-500">New and changed records are estimated from the valid records; the exact changes show once the file has no problems.</p>
      )}

      <div className="mt-5 flex flex-wrap gap-2">
        {errors === 0 && (
          <Button variant="primary" onClick={onConfirm} disabled={importing} aria-busy={importing}>
            {importing ? 'Importing…' : `Confirm import of ${plural(report.total, 'record', 'records')}`}
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={importing}>
          {errors === 0 ? 'Cancel' : 'Close'}
        </Button>
      </div>
    </section>
  );
}
