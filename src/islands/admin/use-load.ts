// Loading state of a screen's data: loading, error or ready, with retries (withRetry in api.ts) and a reload
// for the 'Try again' button. A load that is no longer wanted (screen left) is aborted and ignored.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { withRetry } from './api.ts';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on (deps), like useEffect's own list
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    withRetry(() => load(controller.signal), controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Stable between renders while nothing changed, so it can be an effect or memo dependency.
  return useMemo(() => ({ ...state, reload }), [state, reload]);
}
