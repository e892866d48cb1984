// The publish status of the public site (GET /api/admin/build) in the admin header, and "Publish now".
// The status comes from the publish_run table, so it is the same for every admin and after a restart.
// Asked for when the admin opens, when the tab regains focus, after every change, every second while
// a publish is waiting or building, and every 5 seconds while CI builds and deploys.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PublishStatus } from '../../api/publisher.ts';
import { api, call, failure } from './api.ts';
import { Button } from './ui.tsx';

interface PublishApi {
  status: PublishStatus | undefined;
  /** something changed on the server: a publish is on its way */
  changed(): void;
  publishNow(): Promise<void>;
  starting: boolean;
  error: string | undefined;
}

const PublishContext = createContext<PublishApi | null>(null);
const POLL_MS = 1000;
/** CI takes minutes: asking every second would only cost requests. */
const DEPLOY_POLL_MS = 5000;

export function PublishProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<PublishStatus>();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refresh = useCallback(async () => {
    clearTimeout(timer.current);
    try {
      const next = await call(api.api.admin.build.$get());
      setStatus(next);
      setError(undefined);
      if (next.state === 'pending' || next.state === 'building') timer.current = setTimeout(() => void refresh(), POLL_MS);
      else if (next.state === 'deploying') timer.current = setTimeout(() => void refresh(), DEPLOY_POLL_MS);
    } catch (e) {
      console.warn('Publish status unavailable', e);
    }
  }, []);

  const changed = useCallback(() => {
    setStatus((s) => (s && s.state !== 'building' && s.state !== 'deploying' ? { ...s, state: 'pending', error: undefined } : s));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refresh(), 300);
  }, [refresh]);

  const publishNow = useCallback(async () => {
    setStarting(true);
    setError(undefined);
    try {
      setStatus(await call(api.api.admin.build.$post()));
      timer.current = setTimeout(() => void refresh(), POLL_MS);
    } catch (e) {
      setError(failure('Failed to start publishing. Please try again.', e));
    } finally {
      setStarting(false);
    }
  }, [refresh]);

  useEffect(() => {
    void refresh();
    const onFocus = () => void refresh();
    addEventListener('focus', onFocus);
    return () => {
      removeEventListener('focus', onFocus);
      clearTimeout(timer.current);
    };
  }, [refresh]);

  const value = useMemo(() => ({ status, changed, publishNow, starting, error }), [status, changed, publishNow, starting, error]);
  return <PublishContext.Provider value={value}>{children}</PublishContext.Provider>;
}

export function usePublish(): PublishApi {
  const value = useContext(PublishContext);
  if (!value) throw new Error('usePublish outside PublishProvider');
  return value;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay
    ? `today at ${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`
    : date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

const LABELS: Record<PublishStatus['state'], string> = {
  idle: 'Published',
  pending: 'Changes waiting to publish',
  building: 'Publishing…',
  deploying: 'Deploying (building in CI)…',
  failed: 'Publishing failed',
};

const DOTS: Record<PublishStatus['state'], string> = {
  idle: 'bg-green-600',
  pending: 'bg-amber-500',
  building: 'bg-amber-500 animate-pulse motion-reduce:animate-none',
  deploying: 'bg-amber-500 animate-pulse motion-reduce:animate-none',
  failed: 'bg-red-600',
};

/** The compact status with the last publish time and the "Publish now" button. */
export function PublishStatusBar() {
  const { status, publishNow, starting, error } = usePublish();
  const busy = starting || status?.state === 'building';
  const run = status?.run;
  const detail = run
    ? [`run #${run.id}`, run.triggeredBy ? `asked for by ${run.triggeredBy}` : run.trigger, run.filesWritten != null ? `${run.filesWritten} files written` : '']
        .filter(Boolean)
        .join(' · ')
    : undefined;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p role="status" aria-live="polite" data-publish-state={status?.state ?? 'unknown'} title={detail} className="flex items-center gap-2 text-slate-700">
        <span aria-hidden="true" className={`size-2.5 rounded-full ${status ? DOTS[status.state] : 'bg-slate-300'}`} />
        <span>
          <span className="font-medium">{status ? LABELS[status.state] : 'Publish status…'}</span>
          {status?.lastPublishedAt && <span className="text-slate-500"> · last published {formatTime(status.lastPublishedAt)}</span>}
        </span>
      </p>
      <Button onClick={() => void publishNow()} disabled={busy} className="!px-3 !py-1.5">
        Publish now
      </Button>
      {error && (
        <p role="alert" className="basis-full text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Shown under the header when the last publish failed: the message of the build. */
export function PublishFailure() {
  const { status } = usePublish();
  if (status?.state !== 'failed') return null;
  return (
    <div role="alert" className="border-b border-red-200 bg-red-50">
      <div className="mx-auto max-w-6xl px-4 py-3 text-sm text-red-800">
        <p className="font-semibold">The last publish failed. The public site still shows the previous version.</p>
        {status.error && <pre className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap rounded-lg bg-white/70 p-2 font-mono text-xs text-red-900">{status.error}</pre>}
      </div>
    </div>
  );
}
