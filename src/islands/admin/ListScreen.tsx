// The screen around every paged admin list (companies, products, categories, certificates, countries,
// guides): the header with its actions (export and import where the list has them, "Add …"), the
// flash message a save or delete left, the import report, anything the screen adds above the table (a
// filter, a note), then the list itself (search, count, table, paging; DataTable.tsx) kept in the URL
// (use-list.ts). A screen is its columns and where its rows come from.
import { useState, type ReactNode } from 'react';
import type { ListParams, Paged } from '../../lib/schemas/list.ts';
import { ListView, type ListViewProps } from './DataTable.tsx';
import { takeFlash } from './flash.ts';
import { type ImportKind, useImportExport } from './ImportExport.tsx';
import { Link } from './router.tsx';
import { Notice, PageHeader, buttonStyles } from './ui.tsx';
import { type ListState, useList } from './use-list.ts';

interface ListScreenProps<T> extends Omit<ListViewProps<T>, 'state' | 'label' | 'noun' | 'none' | 'rowKey' | 'href'> {
  /** the page title, also the table's label; lowercased, the noun of the messages and the address (/admin/categories) */
  title: string;
  /** the list has no rows at all (default: "No categories yet.") */
  none?: string;
  /** the row's id in its form's address (default: its id) */
  rowKey?: (row: T) => string | number;
  /** one page of rows for ?q=&page=&sort= (and per_page when given) */
  load: (query: ListParams, signal: AbortSignal) => Promise<Paged<T>>;
  defaultSort: string;
  perPage?: number;
  /** Export and Import buttons for this kind of record */
  importExport?: ImportKind;
  /** the "Add …" button's text; it opens /admin/<noun>/new */
  add?: string;
  /** shown between the messages and the list (a filter, a note) */
  children?: ReactNode;
}

type BodyProps<T> = Omit<ListScreenProps<T>, 'load' | 'defaultSort' | 'perPage' | 'importExport'> & {
  state: ListState<T>;
  buttons?: ReactNode;
  notice?: ReactNode;
};

export function ListScreen<T>({ load, defaultSort, perPage, importExport, ...rest }: ListScreenProps<T>) {
  const state = useList(load, defaultSort, perPage ? { perPage } : {});
  return importExport ? <WithImportExport kind={importExport} {...rest} state={state} /> : <ListScreenBody {...rest} state={state} />;
}

function WithImportExport<T>({ kind, ...rest }: BodyProps<T> & { kind: ImportKind }) {
  const { buttons, notice } = useImportExport(kind, rest.state.reload);
  return <ListScreenBody {...rest} buttons={buttons} notice={notice} />;
}

const idOf = (row: unknown) => (row as { id: number }).id;

function ListScreenBody<T>({ title, add, buttons, notice, children, state, none, rowKey = idOf, ...list }: BodyProps<T>) {
  const [flash, setFlash] = useState(takeFlash);
  const noun = title.toLowerCase();
  const path = `/admin/${noun}`;
  const addLink = add && (
    <Link to={`${path}/new`} className={buttonStyles.primary}>
      <span aria-hidden="true">+</span> {add}
    </Link>
  );
  return (
    <>
      <PageHeader
        title={title}
        actions={
          (buttons || addLink) && (
            <>
              {buttons}
              {addLink}
            </>
          )
        }
      />
      {flash && (
        <div className="mb-4">
          <Notice tone="success" onDismiss={() => setFlash(undefined)}>
            {flash}
          </Notice>
        </div>
      )}
      {notice}
      {children}
      <ListView
        {...list}
        state={state}
        label={title}
        noun={noun}
        none={none ?? `No ${noun} yet.`}
        rowKey={rowKey}
        href={(row) => `${path}/${rowKey(row)}`}
      />
    </>
  );
}
