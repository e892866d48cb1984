// /admin/products: products a page at a time, searched (name, alias, company) and sorted on the server,
// with their company, subcategory, alternatives and whether they have a public alternatives page.
import { Flag } from '../Flag.tsx';
import { api, call } from '../api.ts';
import { ListScreen } from '../ListScreen.tsx';

export function ProductsList() {
  return (
    <ListScreen
      title="Products"
      load={(query, signal) => call(api.api.admin.products.$get({ query }, { init: { signal } }))}
      defaultSort="name"
      add="Add Product"
      searchLabel="Search products by name, alias or company"
      searchPlaceholder="Search products…"
      primary={{
        header: 'Product',
        sort: 'name',
        cell: (p) => (
          <span className="inline-flex flex-wrap items-center gap-2">
            {p.name}
            {p.status === 'draft' && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span>}
          </span>
        ),
      }}
      columns={[
        {
          header: 'Company',
          sort: 'company',
          cell: (p) => (
            <span>
              <Flag code={p.country} />{' '}
              {p.company_name}
            </span>
          ),
        },
        { header: 'Subcategory', cell: (p) => p.subcategory_name ?? '-', className: 'hidden lg:table-cell' },
        { header: 'Alternatives', cell: (p) => p.alternatives_count, className: 'sm:text-right tabular-nums', sort: 'alternatives' },
        {
          header: 'Has page',
          sort: 'has_page',
          cell: (p) => (p.has_page ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Yes</span> : <span className="text-slate-500">No</span>),
        },
      ]}
    >
      <p className="-mt-3 mb-4 text-sm text-slate-600">
        A product made outside Europe with at least one published European alternative has a public page (“European alternatives to …”).
      </p>
    </ListScreen>
  );
}
