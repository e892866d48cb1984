// /admin/companies: companies a page at a time, searched and sorted on the server, with export, import
// and "Add Company".
import { api, call } from '../api.ts';
import { Flag } from '../Flag.tsx';
import { ListScreen } from '../ListScreen.tsx';
import { navigate, useLocation } from '../router.tsx';

/** ?status=draft|published filters the list (the drafts waiting for review); a new filter is a new list. */
export function CompaniesList() {
  const { search } = useLocation();
  const raw = search.get('status');
  const status = raw === 'draft' || raw === 'published' ? raw : undefined;
  return <CompaniesListOf key={status ?? 'all'} status={status} />;
}

function CompaniesListOf({ status }: { status?: 'draft' | 'published' }) {
  const { path, search } = useLocation();
  return (
    <ListScreen
      title="Companies"
      load={(query, signal) => call(api.api.admin.companies.$get({ query: status ? { ...query, status } : query }, { init: { signal } }))}
      defaultSort="name"
      importExport="companies"
      add="Add Company"
      searchLabel="Search companies by name"
      searchPlaceholder="Search companies…"
      primary={{
        header: 'Company',
        sort: 'name',
        cell: (c) => (
          <span className="inline-flex flex-wrap items-center gap-2">
            <Flag code={c.country} />
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
    >
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
    </ListScreen>
  );
}
