// A search box that asks the server as the editor types (debounced, stale answers dropped) and lists
// the matches as buttons; Enter picks the first one. Used for linking records: companies (alternatives)
// and products (a guide's product).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { focusRing, inputClass } from './ui.tsx';

const MAX_RESULTS = 8;
const SEARCH_DEBOUNCE_MS = 250;

type Search<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; q: string; results: T[] };

/** The server's matches for `query` (trimmed; nothing is asked for an empty one). */
export function useServerSearch<T>(query: string, search: (q: string, signal: AbortSignal) => Promise<T[]>): Search<T> {
  const [state, setState] = useState<Search<T>>({ status: 'idle' });
  const searchRef = useRef(search);
  searchRef.current = search;
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    const timer = setTimeout(() => {
      searchRef.current(q, controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setState({ status: 'ready', q, results });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          setState({ status: 'error' });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return state;
}

interface Props<T> {
  label: string;
  placeholder: string;
  /** plural, lower case: "companies", "products" (in the messages and the results' name) */
  noun: string;
  search: (q: string, signal: AbortSignal) => Promise<T[]>;
  keyOf: (item: T) => number;
  /** the visible content of an option's button */
  option: (item: T) => ReactNode;
  /** extra words for screen readers after the option's text, e.g. " (FR), add" */
  optionHint?: (item: T) => string;
  exclude?: (item: T) => boolean;
  onPick: (item: T) => void;
  className?: string;
}

export function SearchPicker<T>({ label, placeholder, noun, search, keyOf, option, optionHint, exclude = () => false, onPick, className = 'mt-4' }: Props<T>) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const state = useServerSearch(query, search);
  const current = state.status === 'ready' && state.q === query.trim();
  const results = state.status === 'ready' ? state.results.filter((r) => !exclude(r)).slice(0, MAX_RESULTS) : [];

  function pick(item: T) {
    onPick(item);
    setQuery('');
    input.current?.focus();
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
    }
    // Enter picks the first match; it must not submit the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (current && results[0]) pick(results[0]);
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        autoComplete="off"
        className={`${inputClass} max-w-md`}
      />
      {query.trim() && (
        <div aria-live="polite">
          {state.status === 'error' ? (
            <p className="mt-2 text-sm text-red-700">Could not search {noun}. Type again to retry.</p>
          ) : !current ? (
            <p className="mt-2 text-sm text-slate-600">Searching…</p>
          ) : results.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              No {noun} found matching "{query.trim()}".
            </p>
          ) : (
            <ul className="mt-2 flex max-w-2xl flex-wrap gap-2" aria-label={`Matching ${noun}`}>
              {results.map((item) => (
                <li key={keyOf(item)}>
                  <button
                    type="button"
                    onClick={() => pick(item)}
                    className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-eu-blue hover:bg-blue-50 sm:min-h-8 ${focusRing}`}
                  >
                    {option(item)}
                    {optionHint && <span className="sr-only">{optionHint(item)}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
