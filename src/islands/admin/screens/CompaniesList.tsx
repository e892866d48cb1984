// /admin/companies: companies a page at a time, searched and sorted on the server, with export, import
// and "Add Company".
import { useState } from 'react';
import { api, call } from '../api.ts';
import { ListView } from '../DataTable.tsx';
import { takeFlash } from '../flash.ts';
import { flagEmoji as flag } from '../../../lib/countries.ts';
import { useImportExport } from '../ImportExport.tsx';
import { Link, navigate, useLocation } from '../router.tsx';
import { Notice, PageHeader, buttonStyles } from '../ui.tsx';
import { useList } from '../use-list.ts';

/** ?status=draft|published filters the list (the drafts waiting for review); a new filter is a new list. */
export function CompaniesList() {
  const { search } = useLocation();
  const raw = search.get('status');
  const status = raw === 'draft' || raw === 'published' ? raw : undefined;
  return <CompaniesListOf key={status ?? 'all'} status={status} />;
}

function CompaniesListOf({ status }: { status?: 'draft' | 'published' }) {
  const { path, search } = useLocation();
  const state = useList((query, signal) => call(api.api.admin.companies.$get({ query: status ? { ...query, status } : query }, { init: { signal } })), 'name');
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
      <div className="mb-3 flex items-center gap-2 text-sm">
        <label htmlFor="companies-status" className="font-medium text-slate-800">
          Show
        </label>
        <select
          id="companies-status"
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm max-sm:min-h-11"
          value={status ?? ''}
          onChange={(e) => {
            const params = new URLSearchParams(search);
            params.delete('page');
            if (e.target.value) params.set('status', e.target.value);
            else params.delete('status');
            navigate(params.size ? `${path}?${params}` : path, { replace: true });
          }}
        >
          <option value="">All companies</option>
          <option value="draft">Drafts only</option>
          <option value="published">Published only</option>
        </select>
      </div>
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
