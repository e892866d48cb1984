// /admin/guides: Guide, Product, Languages, Status, Last checked; searched, sorted and paged on the
// server; export, import, add.
import { api, call } from '../api.ts';
import { ListScreen } from '../ListScreen.tsx';

export function GuidesList() {
  return (
    <ListScreen
      title="Guides"
      load={(query, signal) => call(api.api.admin.guides.$get({ query }, { init: { signal } }))}
      defaultSort="title"
      importExport="guides"
      add="Add Guide"
      searchLabel="Search guides by title, slug or product"
      searchPlaceholder="Search guides…"
      primary={{ header: 'Guide', cell: (g) => g.title, className: 'sm:min-w-56', sort: 'title' }}
      columns={[
        { header: 'Product', cell: (g) => (g.from_product ? `${g.from_product.name} (${g.from_product.company_name})` : '—') },
        { header: 'Languages', cell: (g) => (g.languages.length ? g.languages.join(', ').toUpperCase() : '—'), className: 'whitespace-nowrap' },
        {
          header: 'Status',
          sort: 'status',
          cell: (g) => (
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${g.status === 'draft' ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900'}`}>
              {g.status === 'draft' ? 'Draft' : 'Published'}
            </span>
          ),
        },
        { header: 'Last checked', cell: (g) => g.last_checked ?? '—', className: 'whitespace-nowrap', sort: 'last_checked' },
      ]}
    />
  );
}
