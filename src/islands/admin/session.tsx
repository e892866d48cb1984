// Who is signed in, observed live: checked at start, when the tab regains focus, when the session is due
// to expire, when any admin call answers 401, and at once when another tab signs in or out
// (BroadcastChannel). Polling on a timer is avoided on purpose: every check counts as activity on the
// server and would keep an unattended session alive past its inactivity timeout.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, api, call, onUnauthorized, withRetry } from './api.ts';
import { navigate } from './router.tsx';

export type SessionState =
  | { status: 'checking' }
  | { status: 'unreachable'; message: string }
  | { status: 'signed-out' }
  | { status: 'signed-in'; email: string; expiresAt: number };

interface SessionApi {
  state: SessionState;
  /** asks the server again; failures keep the current state (the next check will tell) */
  check(): Promise<void>;
  /** throws an ApiError with the server's message when sign-in fails */
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionApi | null>(null);
const CHANNEL = 'ea-admin-session';
type ChannelMessage = 'signed-in' | 'signed-out';
/** focus and visibilitychange fire together; one check is enough */
const MIN_CHECK_INTERVAL_MS = 500;
const MAX_TIMER_MS = 2 ** 31 - 1;

function stateOf(body: { user: { email: string } | null; expires_at: string | null }): SessionState {
  return body.user && body.expires_at ? { status: 'signed-in', email: body.user.email, expiresAt: Date.parse(body.expires_at) } : { status: 'signed-out' };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'checking' });
  const lastCheck = useRef(0);
  const channel = useRef<BroadcastChannel | null>(null);

  const check = useCallback(async () => {
    lastCheck.current = Date.now();
    try {
      setState(stateOf(await call(api.api.auth.session.$get())));
    } catch (error) {
      console.warn('Session check failed', error);
    }
  }, []);

  const firstCheck = useCallback(async () => {
    setState({ status: 'checking' });
    try {
      setState(stateOf(await withRetry(() => call(api.api.auth.session.$get()))));
    } catch (error) {
      setState({ status: 'unreachable', message: error instanceof ApiError ? error.message : 'Could not check your session.' });
    }
  }, []);

  const post = (message: ChannelMessage) => channel.current?.postMessage(message);

  // biome-ignore lint/correctness/useExhaustiveDependencies: post() only reads a ref
  const signIn = useCallback(async (email: string, password: string) => {
    const body = await call(api.api.auth['sign-in'].$post({ json: { email, password } }));
    setState(stateOf(body));
    post('signed-in');
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: post() only reads a ref
  const signOut = useCallback(async () => {
    await call(api.api.auth['sign-out'].$post());
    // To the sign-in page first, so it is not remembered as the page to come back to.
    navigate('/admin');
    setState({ status: 'signed-out' });
    post('signed-out');
  }, []);

  useEffect(() => {
    void firstCheck();
    const soon = () => {
      if (Date.now() - lastCheck.current >= MIN_CHECK_INTERVAL_MS) void check();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') soon();
    };
    addEventListener('focus', soon);
    document.addEventListener('visibilitychange', onVisible);
    const stopWatching = onUnauthorized(() => void check());
    if (typeof BroadcastChannel !== 'undefined') {
      channel.current = new BroadcastChannel(CHANNEL);
      channel.current.onmessage = () => void check();
    }
    return () => {
      removeEventListener('focus', soon);
      document.removeEventListener('visibilitychange', onVisible);
      stopWatching();
      channel.current?.close();
      channel.current = null;
    };
  }, [check, firstCheck]);

  // Look again when the session is due to end (the server may have extended it meanwhile).
  const expiresAt = state.status === 'signed-in' ? state.expiresAt : undefined;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = setTimeout(() => void check(), Math.min(Math.max(expiresAt - Date.now() + 1000, 1000), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [expiresAt, check]);

  const value = useMemo<SessionApi>(
    () => ({ state, check: state.status === 'unreachable' ? firstCheck : check, signIn, signOut }),
    [state, check, firstCheck, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
