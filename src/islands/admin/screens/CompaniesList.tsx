// /admin/companies: companies a page at a time, searched and sorted on the server, with export, import
// and "Add Company".
import { useState } from 'react';
import { api, call } from '../api.ts';
import { ListView } from '../DataTable.tsx';
import { takeFlash } from '../flash.ts';
import { flagEmoji as flag } from '../../../lib/countries.ts';
import { useImportExport } from '../ImportExport.tsx';
import { Link } from '../router.tsx';
import { Notice, PageHeader, buttonStyles } from '../ui.tsx';
import { useList } from '../use-list.ts';

export function CompaniesList() {
  const state = useList((query, signal) => call(api.api.admin.companies.$get({ query }, { init: { signal } })), 'name');
  const [flash, setFlash] = useState(takeFlash);
  const { buttons, notice } = useImportExport('companies', state.reload);

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
      <ListView
        state={state}
        noun="companies"
        none="No companies yet."
        searchLabel="Search companies by name"
        searchPlaceholder="Search companies…"
        label="Companies"
        rowKey={(c) => c.id}
        href={(c) => `/admin/companies/${c.id}`}
        primary={{
          header: 'Company',
          sort: 'name',
          cell: (c) => (
            <span className="inline-flex flex-wrap items-center gap-2">
              <span aria-hidden="true">{flag(c.country)}</span>
              {c.name}
              {c.is_unicorn && <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-semibold text-purple-800">Unicorn</span>}
              {c.status === 'draft' && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span>}
            </span>
          ),
        }}
        columns={[
          { header: 'Slug', cell: (c) => <code className="text-xs text-slate-600">{c.slug}</code>, className: 'hidden lg:table-cell' },
          { header: 'Category', cell: (c) => c.category_name ?? '-', sort: 'category' },
          { header: 'Country', cell: (c) => c.country, sort: 'country' },
          { header: 'Alternatives', cell: (c) => c.alternatives_count + c.alternative_to_count, className: 'sm:text-right tabular-nums', sort: 'alternatives' },
        ]}
      />
    </>
  );
}
