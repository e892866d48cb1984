// State of a paged admin list, kept in the URL (?q=&page=&sort=) so back/forward and reload keep it: the
// search box is debounced before it reaches the URL and the server; a new search or sort starts at page 1.
// Only values that differ from the defaults are sent, so the plain list is a plain GET of the endpoint.
import { useEffect, useRef, useState } from 'react';
import type { ListParams, Paged } from '../../lib/schemas/list.ts';
import { navigate, useLocation } from './router.tsx';
import { useLoad } from './use-load.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export interface ListState<T> {
  /** what the search box shows (ahead of the debounced query) */
  input: string;
  setInput: (value: string) => void;
  /** the query the shown page was asked for */
  q: string;
  page: number;
  sort: string;
  setSort: (sort: string) => void;
  setPage: (page: number) => void;
  /** the last page that arrived (kept while the next one loads, so the table does not flicker) */
  data: Paged<T> | undefined;
  loading: boolean;
  error: boolean;
  reload: () => void;
}

export function useList<T>(
  load: (query: ListParams, signal: AbortSignal) => Promise<Paged<T>>,
  defaultSort: string,
  options: { perPage?: number } = {},
): ListState<T> {
  const { path, search } = useLocation();
  const q = search.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const sort = search.get('sort') || defaultSort;
  const [input, setInputState] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  function go(next: { q?: string; page?: number; sort?: string }, replace = true) {
    const params = new URLSearchParams(search);
    const merged = { q, page, sort, ...next };
    for (const [key, value, fallback] of [
      ['q', merged.q.trim(), ''],
      ['page', String(merged.page), '1'],
      ['sort', merged.sort, defaultSort],
    ] as const) {
      if (value === fallback) params.delete(key);
      else params.set(key, value);
    }
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path, { replace });
  }

  // Back/forward to another query: the box follows the URL.
  useEffect(() => setInputState(q), [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function setInput(value: string) {
    setInputState(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go({ q: value, page: 1 }), SEARCH_DEBOUNCE_MS);
  }

  const list = useLoad(
    (signal) => {
      const query: ListParams = {};
      if (q.trim()) query.q = q.trim();
      if (page !== 1) query.page = String(page);
      if (sort !== defaultSort) query.sort = sort;
      if (options.perPage) query.per_page = String(options.perPage);
      return load(query, signal);
    },
    [q, page, sort],
  );

  const last = useRef<Paged<T>>(undefined);
  if (list.status === 'ready') last.current = list.data;

  return {
    input,
    setInput,
    q,
    page,
    sort,
    setSort: (next) => go({ sort: next, page: 1 }),
    // A new page is a new history entry (back returns to the previous page) and starts at the top.
    setPage: (next) => go({ page: next }, false),
    data: list.status === 'ready' ? list.data : last.current,
    loading: list.status === 'loading',
    error: list.status === 'error',
    reload: list.reload,
  };
}
