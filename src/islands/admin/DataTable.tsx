// The admin lists' table: the first cell of each row is a link to the edit form (keyboard and screen
// readers), and a click anywhere on the row opens it too. Sortable columns have a button in their header
// (aria-sort on the sorted one). Below the sm breakpoint the rows become stacked cards, each value with
// its column name, so a phone never scrolls sideways.
import type { MouseEvent, ReactNode } from 'react';
import { Link, navigate } from './router.tsx';
import type { ListState } from './use-list.ts';
import { Button, ErrorBox, SearchBox, Spinner, focusRing } from './ui.tsx';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** the API's sort key for this column (?sort=key / -key) */
  sort?: string;
}

interface SortProps {
  /** the current sort, e.g. "name" or "-created_at" */
  value: string;
  onChange: (sort: string) => void;
}

interface Props<T> {
  label: string;
  rows: T[];
  columns: Column<T>[];
  /** the first column's content; rendered as the link to the row's form (when there is one) */
  primary: Column<T>;
  href?: (row: T) => string;
  rowKey: (row: T) => string | number;
  empty: ReactNode;
  sort?: SortProps;
  /** the rows are being replaced (a new page or search is loading) */
  busy?: boolean;
}

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 16" className={`size-3 shrink-0 ${direction ? 'text-eu-blue' : 'text-slate-500'}`} fill="currentColor">
      {direction !== 'descending' && <path d="M6 1 10.5 6.5h-9z" />}
      {direction !== 'ascending' && <path d="M6 15 1.5 9.5h9z" />}
    </svg>
  );
}

function HeaderCell<T>({ column, sort }: { column: Column<T>; sort?: SortProps }) {
  const key = column.sort;
  const direction = key && sort ? (sort.value === key ? 'ascending' : sort.value === `-${key}` ? 'descending' : undefined) : undefined;
  const base = `px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase ${column.className ?? ''}`;
  if (!key || !sort) {
    return (
      <th scope="col" className={base}>
        {column.header}
      </th>
    );
  }
  return (
    <th scope="col" className={`${base} !py-1.5`} aria-sort={direction}>
      <button
        type="button"
        onClick={() => sort.onChange(direction === 'ascending' ? `-${key}` : key)}
        className={`-mx-2 inline-flex min-h-9 items-center gap-1.5 rounded px-2 uppercase hover:bg-slate-200/70 hover:text-slate-900 ${focusRing}`}
      >
        {column.header}
        <SortIcon direction={direction} />
      </button>
    </th>
  );
}

/** On a phone the header row is hidden: a select offers the same sorts. */
function SortSelect<T>({ columns, sort }: { columns: Column<T>[]; sort: SortProps }) {
  const sortable = columns.filter((c) => c.sort);
  if (!sortable.length) return null;
  return (
    <div className="mb-3 flex items-center gap-2 sm:hidden">
      <label htmlFor="admin-sort" className="text-sm font-medium text-slate-700">
        Sort by
      </label>
      <select
        id="admin-sort"
        value={sort.value}
        onChange={(e) => sort.onChange(e.target.value)}
        className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
      >
        {sortable.flatMap((c) => [
          <option key={c.sort} value={c.sort}>
            {c.header} (A→Z, low→high)
          </option>,
          <option key={`-${c.sort}`} value={`-${c.sort}`}>
            {c.header} (Z→A, high→low)
          </option>,
        ])}
      </select>
    </div>
  );
}

// Cards below sm: every part of the table becomes a block; each cell shows its column name first.
const card = {
  table: 'min-w-full text-sm max-sm:block',
  thead: 'bg-slate-50 max-sm:sr-only',
  tbody: 'divide-y divide-slate-100 max-sm:block max-sm:divide-slate-200',
  tr: 'max-sm:block max-sm:px-4 max-sm:py-3',
  cell: 'max-sm:flex max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:uppercase max-sm:before:content-[attr(data-label)]',
};

export function DataTable<T>({ label, rows, columns, primary, href, rowKey, empty, sort, busy }: Props<T>) {
  function openRow(event: MouseEvent<HTMLTableRowElement>, to: string) {
    // Links and buttons inside the row do their own thing; selecting text is not a click.
    if ((event.target as HTMLElement).closest('a, button, input') || getSelection()?.toString()) return;
    navigate(to);
  }
  return (
    <>
      {sort && <SortSelect columns={[primary, ...columns]} sort={sort} />}
      <div className={`rounded-xl border border-slate-200 bg-white shadow-sm sm:overflow-x-auto ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
        <table className={`${card.table} divide-y divide-slate-200`}>
          <caption className="sr-only">{label}</caption>
          <thead className={card.thead}>
            <tr>
              {[primary, ...columns].map((c) => (
                <HeaderCell key={c.header} column={c} sort={sort} />
              ))}
            </tr>
          </thead>
          <tbody className={card.tbody}>
            {rows.length === 0 ? (
              <tr className="max-sm:block">
                <td colSpan={columns.length + 1} className="px-4 py-10 text-center text-slate-600 max-sm:block">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  onClick={href ? (e) => openRow(e, href(row)) : undefined}
                  className={`${href ? 'cursor-pointer focus-within:bg-blue-50/60 hover:bg-blue-50/60' : ''} ${card.tr}`}
                >
                  <th scope="row" className={`px-4 py-3 text-left font-medium text-slate-900 max-sm:block max-sm:px-0 max-sm:pb-1 max-sm:text-base ${primary.className ?? ''}`}>
                    {href ? (
                      <Link to={href(row)} className={`inline-flex min-h-6 items-center rounded hover:text-eu-blue hover:underline max-sm:min-h-11 ${focusRing}`}>
                        {primary.cell(row)}
                      </Link>
                    ) : (
                      <span className="break-all">{primary.cell(row)}</span>
                    )}
                  </th>
                  {columns.map((c) => (
                    <td key={c.header} data-label={c.header} className={`px-4 py-3 text-slate-700 ${/\bhidden\b/.test(c.className ?? '') ? '' : card.cell} ${c.className ?? ''}`}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** "Showing 1–50 of 463 companies" above the table. */
export function ResultCount({ page, perPage, shown, total, noun }: { page: number; perPage: number; shown: number; total: number; noun: string }) {
  const first = (page - 1) * perPage + 1;
  const one = noun.replace(/ies$/, 'y').replace(/s$/, '');
  const text = total === 0 ? `No ${noun}` : shown === total ? `${total} ${total === 1 ? one : noun}` : `Showing ${first}–${first + shown - 1} of ${total} ${noun}`;
  return (
    <p className="mb-3 text-sm text-slate-600" aria-live="polite" data-result-count>
      {text}
    </p>
  );
}

/** Previous / next and where we are; nothing when everything fits on one page. */
export function Pagination({ page, perPage, total, onPage, label }: { page: number; perPage: number; total: number; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <Button onClick={() => onPage(page - 1)} disabled={page <= 1} className="min-h-11">
        <span aria-hidden="true">←</span> Previous
      </Button>
      <p className="text-sm text-slate-700">
        Page {Math.min(page, pages)} of {pages}
      </p>
      <Button onClick={() => onPage(page + 1)} disabled={page >= pages} className="min-h-11">
        Next <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}

export interface ListViewProps<T> extends Omit<Props<T>, 'rows' | 'sort' | 'busy' | 'empty'> {
  state: ListState<T>;
  /** "companies": for the count, the spinner and the messages */
  noun: string;
  searchLabel: string;
  searchPlaceholder: string;
  /** the list has no rows at all */
  none: string;
}

/** Search box, count, table and pagination of one paged list, with its loading and error states. */
export function ListView<T>({ state, noun, searchLabel, searchPlaceholder, none, ...table }: ListViewProps<T>) {
  const { data } = state;
  return (
    <>
      <SearchBox value={state.input} onChange={state.setInput} label={searchLabel} placeholder={searchPlaceholder} />
      {state.error && <ErrorBox message={`Failed to load ${noun}. Please try again.`} onRetry={state.reload} />}
      {!state.error && !data && <Spinner label={`Loading ${noun}…`} />}
      {!state.error && data && (
        <>
          <ResultCount page={data.page} perPage={data.per_page} shown={data.items.length} total={data.total} noun={noun} />
          <DataTable
            {...table}
            rows={data.items}
            busy={state.loading}
            sort={{ value: state.sort, onChange: state.setSort }}
            empty={state.q.trim() ? `No ${noun} found matching "${state.q.trim()}".` : none}
          />
          <Pagination page={data.page} perPage={data.per_page} total={data.total} onPage={state.setPage} label={table.label} />
        </>
      )}
    </>
  );
}
