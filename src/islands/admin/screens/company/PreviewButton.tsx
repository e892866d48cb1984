// "Preview" on the company form: builds the public page of the saved company (drafts included) and
// opens it in a new tab when it is ready, with the progress in between. Where the server cannot build
// previews (Cloudflare), the button says so.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviewStatus } from '../../../../api/routes/preview.ts';
import { ApiError, api, call } from '../../api.ts';
import { Button } from '../../ui.tsx';

const POLL_MS = 1000;

const LANG_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch', fr: 'Français' };

/** The tab opened on click (a tab opened later, when the build ends, would be blocked as a pop-up). */
function openWaitingTab(): Window | null {
  const win = window.open('', '_blank');
  if (!win) return null;
  try {
    win.document.title = 'Building the preview…';
    win.document.body.textContent = 'Building the preview… This tab shows the page when it is ready.';
    win.document.body.style.font = '16px system-ui, sans-serif';
    win.document.body.style.padding = '2rem';
  } catch {
    /* nothing to write into: the tab still gets the page */
  }
  return win;
}

export function PreviewButton({ companyId, dirty }: { companyId: string; dirty: boolean }) {
  const [status, setStatus] = useState<PreviewStatus>();
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const tab = useRef<Window | null>(null);

  const settle = useCallback((next: PreviewStatus) => {
    const win = tab.current;
    if (!win || win.closed) return;
    if (next.state === 'ready' && next.url) {
      win.opener = null;
      win.location.href = next.url;
      tab.current = null;
    } else if (next.state === 'failed') {
      win.close();
      tab.current = null;
    }
  }, []);

  const poll = useCallback(async () => {
    clearTimeout(timer.current);
    try {
      const next = (await call(api.api.admin.preview.companies[':id'].$get({ param: { id: companyId } }))) as PreviewStatus;
      setStatus(next);
      setSeconds(Math.round((Date.now() - Date.parse(next.startedAt)) / 1000));
      if (next.state === 'queued' || next.state === 'building') timer.current = setTimeout(() => void poll(), POLL_MS);
      else settle(next);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not ask for the preview. Please try again.');
      tab.current?.close();
      tab.current = null;
    }
  }, [companyId, settle]);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function start() {
    setError(undefined);
    setStarting(true);
    tab.current = openWaitingTab();
    try {
      const next = (await call(api.api.admin.preview.companies[':id'].$post({ param: { id: companyId } }))) as PreviewStatus;
      setStatus(next);
      setSeconds(0);
      timer.current = setTimeout(() => void poll(), POLL_MS);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not start the preview. Please try again.');
      setStatus(undefined);
      tab.current?.close();
      tab.current = null;
    } finally {
      setStarting(false);
    }
  }

  const busy = starting || status?.state === 'queued' || status?.state === 'building';
  return (
    <div className="mt-3 space-y-2" data-preview>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void start()} disabled={busy}>
          {busy ? 'Building preview…' : 'Preview'}
        </Button>
        <span role="status" aria-live="polite" className="text-sm text-slate-600" data-preview-state={status?.state ?? (error ? 'unavailable' : 'idle')}>
          {busy && status && `${status.phase}… ${seconds > 0 ? `(${seconds} s)` : ''}`}
          {status?.state === 'ready' && status.urls && (
            <>
              Preview ready:{' '}
              {Object.entries(status.urls).map(([lang, url], i) => (
                <span key={lang}>
                  {i > 0 && ' · '}
                  <a href={url} target="_blank" rel="noopener" className="font-medium text-eu-blue underline">
                    {LANG_NAMES[lang] ?? lang}
                  </a>
                </span>
              ))}
            </>
          )}
        </span>
      </div>
      {!busy && dirty && <p className="text-sm text-slate-600">The preview shows the saved version: save first to see your latest changes.</p>}
      {status?.state === 'failed' && (
        <div role="alert" className="text-sm text-red-800">
          <p className="font-medium">The preview could not be built.</p>
          {status.error && <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap rounded bg-red-50 p-2 font-mono text-xs">{status.error}</pre>}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
