// The admin lists' table: the first cell of each row is a link to the edit form (keyboard and screen
// readers), and a click anywhere on the row opens it too.
import type { MouseEvent, ReactNode } from 'react';
import { Link, navigate } from './router.tsx';
import { focusRing } from './ui.tsx';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface Props<T> {
  label: string;
  rows: T[];
  columns: Column<T>[];
  /** the first column's content; rendered as the link to the row's form */
  primary: { header: string; cell: (row: T) => ReactNode; className?: string };
  href: (row: T) => string;
  rowKey: (row: T) => string | number;
  empty: ReactNode;
}

export function DataTable<T>({ label, rows, columns, primary, href, rowKey, empty }: Props<T>) {
  function openRow(event: MouseEvent<HTMLTableRowElement>, to: string) {
    // Links and buttons inside the row do their own thing; selecting text is not a click.
    if ((event.target as HTMLElement).closest('a, button, input') || getSelection()?.toString()) return;
    navigate(to);
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50">
          <tr>
            {[primary, ...columns].map((c) => (
              <th key={c.header} scope="col" className={`px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="px-4 py-10 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} onClick={(e) => openRow(e, href(row))} className="cursor-pointer focus-within:bg-blue-50/60 hover:bg-blue-50/60">
                <th scope="row" className={`px-4 py-3 text-left font-medium text-slate-900 ${primary.className ?? ''}`}>
                  <Link to={href(row)} className={`rounded hover:text-eu-blue hover:underline ${focusRing}`}>
                    {primary.cell(row)}
                  </Link>
                </th>
                {columns.map((c) => (
                  <td key={c.header} className={`px-4 py-3 text-slate-700 ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** "Showing 3 of 120 companies" under the search box. */
export function ResultCount({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  return (
    <p className="mb-3 text-sm text-slate-600" aria-live="polite">
      {shown === total ? `${total} ${noun}` : `Showing ${shown} of ${total} ${noun}`}
    </p>
  );
}
