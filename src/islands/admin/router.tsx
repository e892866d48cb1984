// A small history-based router for the admin app: every /admin/* URL is served the same page (the
// build's _redirects rewrite), and this picks the screen from location.pathname in the browser.
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) addEventListener('popstate', onPopState);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) removeEventListener('popstate', onPopState);
  };
}

const snapshot = () => location.pathname + location.search;

/** A screen with unsaved work: asked before the app leaves it (true: leave). */
let guard: (() => boolean) | undefined;
let shown = typeof location === 'undefined' ? '' : snapshot();

export function setNavigationGuard(next: (() => boolean) | undefined): void {
  guard = next;
}

function onPopState() {
  // Back/forward out of a form with unsaved work: stay (the address goes back to the form) unless confirmed.
  if (guard && !guard()) {
    history.pushState(null, '', shown);
    return;
  }
  shown = snapshot();
  notify();
}

export interface Location {
  path: string;
  search: URLSearchParams;
  /** path and query, e.g. /admin/companies?x=1 */
  href: string;
}

/** The current location; re-renders on navigate() and on the browser's back and forward buttons. */
export function useLocation(): Location {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, 'http://x');
  // One canonical form: no trailing slash (except the bare /admin/ which is /admin).
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return { path, search: url.searchParams, href };
}

export function navigate(to: string, options: { replace?: boolean; /** skip the unsaved-work guard (after a save) */ force?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (!options.force && guard && !guard()) return;
  guard = undefined;
  if (options.replace) history.replaceState(null, '', to);
  else {
    history.pushState(null, '', to);
    // A new screen starts at the top; back and forward keep the browser's scroll.
    scrollTo(0, 0);
  }
  shown = snapshot();
  notify();
}

/** Matches "/admin/companies/:id" against a path; the parameters, or null. */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const m = new RegExp(`^${source}$`).exec(path);
  if (!m) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(m[i + 1])]));
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** A real link (works with middle-click, copy link, keyboard) that navigates in the app on a plain click. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  function handle(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  }
  return <a href={to} onClick={handle} {...rest} />;
}

/** Where the sign-in page sends the user: the admin path they first asked for, else the companies list. */
export function safeReturnPath(from: string | null): string {
  if (from) {
    const url = new URL(from, location.origin);
    if (url.origin === location.origin && /^\/admin\/[^/]/.test(url.pathname)) return url.pathname + url.search;
  }
  return '/admin/companies';
}
