// Export and Import (JSON) buttons of the companies and categories lists (SPEC sections 4 and 8):
// export downloads the API's file; import sends a chosen file, shows "Importing…" meanwhile, then the
// success or failure message.
import { useRef, useState } from 'react';
import { ApiError, api, call } from './api.ts';
import { usePublish } from './publish.tsx';
import { Button, Notice } from './ui.tsx';

type Kind = 'companies' | 'categories';
const MAX_BYTES = 10 * 1024 * 1024;

export function formatError(kind: Kind): string {
  return `Failed to import ${kind}. Please check the file format and try again.`;
}

/** SPEC: 'Import failed: {message}', or the file-format message when the file is not an export file. */
export function importFailure(kind: Kind, error: unknown): string {
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

export function useImportExport(kind: Kind, onImported: () => void) {
  const publish = usePublish();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import'>();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
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

  async function importFile(file: File) {
    setBusy('import');
    setMessage(undefined);
    try {
      if (file.size > MAX_BYTES) throw new ApiError(`The file is too large (at most ${MAX_BYTES / 1024 / 1024} MB).`, 413);
      const text = await file.text();
      const result = await call(endpoint.import.$post(undefined, { init: { body: text, headers: { 'content-type': 'application/json' } } }));
      setMessage({ tone: 'success', text: result.message });
      publish.changed();
      onImported();
    } catch (error) {
      console.error(error);
      setMessage({ tone: 'error', text: importFailure(kind, error) });
    } finally {
      setBusy(undefined);
      if (input.current) input.current.value = '';
    }
  }

  const buttons = (
    <>
      <Button onClick={() => void exportFile()} disabled={!!busy} aria-busy={busy === 'export'}>
        {busy === 'export' ? 'Exporting…' : 'Export'}
      </Button>
      <Button onClick={() => input.current?.click()} disabled={!!busy} aria-busy={busy === 'import'}>
        {busy === 'import' ? 'Importing…' : 'Import'}
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
          if (file) void importFile(file);
        }}
      />
    </>
  );
  const notice = message && (
    <div className="mb-4">
      <Notice tone={message.tone} onDismiss={() => setMessage(undefined)}>
        {message.text}
      </Notice>
    </div>
  );
  return { buttons, notice };
}
