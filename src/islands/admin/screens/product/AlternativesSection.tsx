// The European products offered instead of this one, each with "can import" (the alternative imports
// this product's data), picked with a server-side search of products made in Europe; and, read only,
// the products this one is an alternative to. The save sends only what was added, changed and removed.
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Flag } from '../../Flag.tsx';
import type { ProductFormInput } from '../../../../lib/schemas/product.ts';
import { api, call } from '../../api.ts';
import { Link } from '../../router.tsx';
import { SearchPicker } from '../../SearchPicker.tsx';
import { Button, FieldError, Section } from '../../ui.tsx';
import { NullableSelect, YES_NO } from './inputs.tsx';

export interface ProductOption {
  id: number;
  name: string;
  company_name: string;
  country: string;
}

const SEARCH_PER_PAGE = 10;

const searchEuropean = async (q: string, signal: AbortSignal): Promise<ProductOption[]> =>
  (await call(api.api.admin.products.$get({ query: { q, european: '1', per_page: String(SEARCH_PER_PAGE) } }, { init: { signal } }))).items.map((p) => ({
    id: p.id,
    name: p.name,
    company_name: p.company_name,
    country: p.country,
  }));

export function AlternativesSection({ linked, replaces, selfId }: { linked: ProductOption[]; replaces: ProductOption[]; selfId: number | undefined }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<ProductFormInput>();
  const { fields, append, remove, update } = useFieldArray({ control, name: 'alternatives', keyName: 'key' });
  // Names of the linked products: those loaded with the product plus those picked here.
  const [byId, setById] = useState(() => new Map(linked.map((p) => [p.id, p])));
  const chosen = new Set(fields.map((f) => f.product_id));
  const listErrors = errors.alternatives;

  return (
    <Section
      id="product-alternatives"
      title="Alternatives"
      description="European products offered instead of this one. Saving adds, changes and removes only the links changed here; links someone else made meanwhile stay."
    >
      {fields.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Alternatives">
          {fields.map((row, i) => {
            const p = byId.get(row.product_id);
            const name = p?.name ?? `Product #${row.product_id}`;
            const error = listErrors?.[i]?.product_id?.message ?? listErrors?.[i]?.message;
            const selectId = `alternative-${i}-import`;
            return (
              <li key={row.key} className="flex flex-wrap items-center gap-3 px-3 py-2" data-alternative={name}>
                <span className="min-w-40 flex-1 font-medium text-slate-900">
                  <Flag code={p?.country} />{' '}
                  {name}
                  {p && <span className="ml-1 text-sm font-normal text-slate-500">{p.company_name}</span>}
                </span>
                <span className="flex items-center gap-2 text-sm">
                  <label htmlFor={selectId} className="text-slate-700">
                    Can import
                  </label>
                  <span className="w-36">
                    <NullableSelect
                      attrs={{ id: selectId, 'aria-invalid': false }}
                      value={row.can_import}
                      options={YES_NO}
                      onChange={(can_import) => update(i, { product_id: row.product_id, can_import })}
                    />
                  </span>
                </span>
                <Button variant="remove" onClick={() => remove(i)} aria-label={`Remove ${name}`}>
                  Remove
                </Button>
                <div className="basis-full empty:hidden">
                  <FieldError id={`alternative-${i}`} message={error} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <SearchPicker
        label="Add a European alternative"
        placeholder="Type a product name, Enter adds the first match"
        noun="European products"
        search={searchEuropean}
        keyOf={(p) => p.id}
        option={(p) => (
          <>
            <span aria-hidden="true">+ </span>
            <Flag code={p.country} />
            {p.name}
            <span className="text-slate-500">{p.company_name}</span>
          </>
        )}
        optionHint={() => ', add'}
        exclude={(p) => p.id === selfId || chosen.has(p.id)}
        onPick={(p) => {
          setById((m) => (m.has(p.id) ? m : new Map(m).set(p.id, p)));
          append({ product_id: p.id, can_import: null }, { shouldFocus: false });
        }}
      />
      {replaces.length > 0 && (
        <div className="mt-6" data-replaces>
          <h3 className="text-base font-semibold text-slate-900">This product is an alternative to</h3>
          <p className="mt-1 text-sm text-slate-600">Edited on those products' forms.</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {replaces.map((p) => (
              <li key={p.id}>
                <Link to={`/admin/products/${p.id}`} className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-eu-blue hover:underline sm:min-h-8">
                  <Flag code={p.country} />
                  {p.name}
                  <span className="text-slate-500">{p.company_name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}
