// The products of a company, each linking to its form, and "New product" with the company filled in.
// Loaded on its own, so the company form never waits for it.
import { api, call } from '../../api.ts';
import { Link } from '../../router.tsx';
import { Section, Spinner, buttonStyles } from '../../ui.tsx';
import { useLoad } from '../../use-load.ts';

export function ProductsSection({ companyId }: { companyId: string }) {
  const products = useLoad(
    (signal) => call(api.api.admin.products.$get({ query: { company_id: companyId, per_page: '100' } }, { init: { signal } })),
    [companyId],
  );
  return (
    <Section id="company-products" title="Products" description="Products and services of this company, edited on their own forms.">
      {products.status === 'loading' && <Spinner label="Loading products…" className="!py-4" />}
      {products.status === 'error' && <p className="text-sm text-red-700">The products could not be loaded.</p>}
      {products.status === 'ready' &&
        (products.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">No products yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Products of this company">
            {products.data.items.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                <Link to={`/admin/products/${p.id}`} className="inline-flex min-h-11 items-center font-medium text-eu-blue hover:underline sm:min-h-8">
                  {p.name}
                </Link>
                {p.status === 'draft' && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span>}
                <span className="text-sm text-slate-600">
                  {p.alternatives_count} {p.alternatives_count === 1 ? 'alternative' : 'alternatives'}
                  {p.has_page && ' · has a public page'}
                </span>
              </li>
            ))}
          </ul>
        ))}
      {products.status === 'ready' && products.data.total > products.data.items.length && (
        <p className="mt-2 text-xs text-slate-500">
          Showing {products.data.items.length} of {products.data.total}.
        </p>
      )}
      <Link to={`/admin/products/new?company=${companyId}`} className={`${buttonStyles.secondary} mt-4`}>
        <span aria-hidden="true">+</span> New product
      </Link>
    </Section>
  );
}
