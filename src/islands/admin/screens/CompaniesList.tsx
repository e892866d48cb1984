// /admin/companies: every company by name, searchable by name, with export, import and "Add Company".
import { useMemo, useState } from 'react';
import { api, call } from '../api.ts';
import { DataTable, ResultCount } from '../DataTable.tsx';
import { takeFlash } from '../flash.ts';
import { flagEmoji as flag } from '../../../lib/countries.ts';
import { useImportExport } from '../ImportExport.tsx';
import { Link } from '../router.tsx';
import { ErrorBox, Notice, PageHeader, SearchBox, Spinner, buttonStyles } from '../ui.tsx';
import { useLoad } from '../use-load.ts';
import { matches } from '../text.ts';

export function CompaniesList() {
  const list = useLoad((signal) => call(api.api.admin.companies.$get(undefined, { init: { signal } })), []);
  const [query, setQuery] = useState('');
  const [flash, setFlash] = useState(takeFlash);
  const { buttons, notice } = useImportExport('companies', list.reload);
  const rows = useMemo(() => (list.status === 'ready' ? list.data.filter((c) => matches(query, c.name)) : []), [list, query]);

  return (
    <>
      <PageHeader
        title="Companies"
        actions={
          <>
            {buttons}
            <Link to="/admin/companies/new" className={buttonStyles.primary}>
              <span aria-hidden="true">+</span> Add Company
            </Link>
          </>
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
      <SearchBox value={query} onChange={setQuery} label="Search companies by name" placeholder="Search companies…" />
      {list.status === 'loading' && <Spinner label="Loading companies…" />}
      {list.status === 'error' && <ErrorBox message="Failed to load companies. Please try again." onRetry={list.reload} />}
      {list.status === 'ready' && (
        <>
          <ResultCount shown={rows.length} total={list.data.length} noun="companies" />
          <DataTable
            label="Companies"
            rows={rows}
            rowKey={(c) => c.id}
            href={(c) => `/admin/companies/${c.id}`}
            primary={{
              header: 'Company',
              cell: (c) => (
                <span className="inline-flex items-center gap-2">
                  <span aria-hidden="true">{flag(c.country)}</span>
                  {c.name}
                  {c.is_unicorn && <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-semibold text-purple-800">Unicorn</span>}
                </span>
              ),
            }}
            columns={[
              { header: 'Slug', cell: (c) => <code className="text-xs text-slate-600">{c.slug}</code>, className: 'hidden lg:table-cell' },
              { header: 'Category', cell: (c) => c.category_name ?? '-' },
              { header: 'Country', cell: (c) => c.country },
              {
                header: 'Alternatives',
                cell: (c) => c.alternatives_count + c.alternative_to_count,
                className: 'text-right tabular-nums',
              },
            ]}
            empty={query.trim() ? `No companies found matching "${query.trim()}".` : 'No companies yet.'}
          />
        </>
      )}
    </>
  );
}
