// /admin/products/new (?company=<id> prefills the company) and /admin/products/{id}: company, name,
// slug, subcategory, website and description; names and descriptions per language; aliases per
// language; decision facts; sources; European alternatives (can import); Draft/Published. Saved in one
// request (one transaction on the server) based on the version read (If-Match); History below.
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LANGS } from '../../../lib/i18n-langs.ts';
import { Flag } from '../Flag.tsx';
import type { SourceFact } from '../../../../db/enums.ts';
import {
  newProductSource,
  productFormDefaults,
  productFormSchema,
  productFormToInput,
  type ProductFormInput,
  type ProductFormValues,
} from '../../../lib/schemas/product.ts';
import { api, call, failure, fetchAll, ifMatch } from '../api.ts';
import { FormLoader } from '../FormLoader.tsx';
import { TRANSLATIONS, translationError, translationPath } from '../langs.ts';
import { useRecordActions } from '../record-actions.ts';
import { PublicationNote, SaveAsButton } from '../Publication.tsx';
import { NameSlugFields } from '../NameSlugFields.tsx';
import { RecordFormShell, recordPage } from '../RecordForm.tsx';
import { useLocation } from '../router.tsx';
import { SearchPicker } from '../SearchPicker.tsx';
import { Button, Field, Section, inputClass } from '../ui.tsx';
import { HistorySection } from './company/HistorySection.tsx';
import { SourcesSection } from './company/SourcesSection.tsx';
import type { CompanyOption } from './company/types.ts';
import { AlternativesSection, type ProductOption } from './product/AlternativesSection.tsx';
import { FactsSection } from './product/FactsSection.tsx';
import { ListInput, firstMessage } from './product/inputs.tsx';
import type { ProductDetail } from './product/types.ts';

const FIELDS = new Set(Object.keys(productFormDefaults()));
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** The stored product in the form's shape. */
function toFormValues(p: ProductDetail): ProductFormInput {
  return {
    company_id: p.company_id,
    subcategory_id: p.subcategory_id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    translations: p.translations,
    aliases: p.aliases,
    website_url: p.website_url ?? '',
    pricing: p.pricing,
    price_from_eur: p.price_from_eur,
    licence: p.licence,
    self_hostable: p.self_hostable,
    platforms: p.platforms as ProductFormInput['platforms'],
    e2ee: p.e2ee,
    data_location: p.data_location,
    interface_languages: p.interface_languages,
    status: p.status,
    sources: p.sources.map((s) => ({ url: s.url, title: s.title ?? '', facts: s.facts as SourceFact[], verified_at: s.verified_at })),
    alternatives: p.alternatives.map((a) => ({ product_id: a.product_id, can_import: a.can_import })),
  };
}

const linkOption = (l: ProductDetail['alternatives'][number]): ProductOption => ({ id: l.product_id, name: l.name, company_name: l.company_name, country: l.country });

async function loadFormData(id: string | undefined, companyId: string | undefined, signal: AbortSignal) {
  const init = { init: { signal } };
  const [categories, product, company] = await Promise.all([
    fetchAll((query) => call(api.api.admin.categories.$get({ query }, init))),
    id ? call(api.api.admin.products[':id'].$get({ param: { id } }, init)) : undefined,
    // A new product from a company's form starts with that company.
    !id && companyId ? call(api.api.admin.companies[':id'].$get({ param: { id: companyId } }, init)).catch(() => undefined) : undefined,
  ]);
  const owner = product?.company ?? company;
  return { categories, product, company: owner ? { id: owner.id, name: owner.name, country: owner.country } : undefined };
}

type FormData = Awaited<ReturnType<typeof loadFormData>>;

export function ProductForm({ id }: { id?: string }) {
  const { search } = useLocation();
  const companyParam = search.get('company') ?? undefined;
  const companyId = companyParam && /^\d{1,15}$/.test(companyParam) ? companyParam : undefined;
  // Bumped after a revert from the history below: the form loads the record again.
  const [revision, setRevision] = useState(0);
  return (
    <FormLoader
      key={revision}
      {...recordPage('product', 'Products', id)}
      load={(signal) => loadFormData(id, companyId, signal)}
      deps={[id, companyId, revision]}
      loadError={(error) => failure('Failed to load product.', error)}
    >
      {(data) => <ProductEditor id={id} data={data} onReverted={() => setRevision((n) => n + 1)} />}
    </FormLoader>
  );
}

const searchCompanies = async (q: string, signal: AbortSignal): Promise<CompanyOption[]> =>
  (await call(api.api.admin.companies.$get({ query: { q, per_page: '10' } }, { init: { signal } }))).items.map((c) => ({ id: c.id, name: c.name, country: c.country }));

function ProductEditor({ id, data, onReverted }: { id?: string; data: FormData; onReverted: () => void }) {
  const page = recordPage('product', 'Products', id);
  const loaded = data.product;
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: loaded ? toFormValues(loaded) : productFormDefaults(data.company?.id),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const [company, setCompany] = useState<CompanyOption | undefined>(data.company);
  const [changingCompany, setChangingCompany] = useState(!data.company);

  // The links as loaded: a save sends what the editor added, changed and removed, never the whole list.
  const loadedLinks = useMemo(() => loaded?.alternatives.map((a) => ({ product_id: a.product_id, can_import: a.can_import })) ?? [], [loaded]);
  const actions = useRecordActions<ProductFormValues, ProductFormInput>({
    noun: 'product',
    list: page.list,
    save: (values) => {
      const json = productFormToInput(values, loadedLinks);
      return id && loaded ? call(api.api.admin.products[':id'].$put({ param: { id }, json }, ifMatch(loaded.version))) : call(api.api.admin.products.$post({ json }));
    },
    remove: () => call(api.api.admin.products[':id'].$delete({ param: { id: id! } }, ifMatch(loaded!.version))),
    setError,
    isField: (p) => FIELDS.has(p.split('.')[0]),
  });
  const status = watch('status') ?? 'published';
  function saveAs(next: 'draft' | 'published') {
    const previous = getValues('status');
    setValue('status', next, { shouldDirty: true });
    void handleSubmit(actions.onSubmit, () => setValue('status', previous))();
  }

  return (
    <FormProvider {...form}>
      <RecordFormShell
        page={page}
        editing={!!id}
        heading={id ? <>Edit {loaded?.name}</> : undefined}
        labelled
        guardUnsaved
        onSubmit={handleSubmit(actions.onSubmit)}
        formState={{ errors, isSubmitting, isDirty }}
        actions={actions}
        secondary={<SaveAsButton status={status} saveAs={saveAs} disabled={isSubmitting || actions.deleting} />}
        after={
          id && (
            <div className="mt-6">
              <HistorySection companyId={id} entity="product" onReverted={onReverted} />
            </div>
          )
        }
      >
        <Section id="product-details" title="Product Details">
          <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            <div className="md:col-span-2 lg:col-span-3" data-company-field>
              <p className="mb-1 text-sm font-medium text-slate-800">
                Company{' '}
                <span className="text-red-700" aria-hidden="true">
                  *
                </span>
              </p>
              {company && (
                <p className="flex flex-wrap items-center gap-3 text-sm text-slate-900" data-company={company.name}>
                  <span>
                    <Flag code={company.country} />{' '}
                    <span className="font-medium">{company.name}</span> <span className="text-slate-500">({company.country})</span>
                  </span>
                  {!changingCompany && (
                    <Button className="!py-1" onClick={() => setChangingCompany(true)}>
                      Change company
                    </Button>
                  )}
                </p>
              )}
              {changingCompany && (
                <SearchPicker
                  className={company ? 'mt-2' : ''}
                  label={company ? 'Move to another company' : 'Find the company that makes it'}
                  placeholder="Type a company name, Enter picks the first match"
                  noun="companies"
                  search={searchCompanies}
                  keyOf={(c) => c.id}
                  option={(c) => (
                    <>
                      <Flag code={c.country} />
                      {c.name}
                    </>
                  )}
                  optionHint={(c) => ` (${c.country}), choose`}
                  exclude={(c) => c.id === company?.id}
                  onPick={(c) => {
                    setCompany(c);
                    setChangingCompany(false);
                    setValue('company_id', c.id, { shouldDirty: true, shouldValidate: true });
                  }}
                />
              )}
              {errors.company_id?.message && (
                <p id="product-company-error" className="mt-1 text-sm text-red-700">
                  {errors.company_id.message}
                </p>
              )}
            </div>
            <NameSlugFields prefix="product" editing={!!id} />
            <Field id="product-subcategory" label="Subcategory" error={errors.subcategory_id?.message}>
              {(attrs) => (
                <Controller
                  control={control}
                  name="subcategory_id"
                  render={({ field }) => (
                    <select
                      {...attrs}
                      ref={field.ref}
                      name={field.name}
                      onBlur={field.onBlur}
                      className={inputClass}
                      value={field.value ? String(field.value) : ''}
                      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                    >
                      <option value="">None</option>
                      {data.categories
                        .filter((c) => c.subcategories.length)
                        .map((c) => (
                          <optgroup key={c.id} label={c.name}>
                            {c.subcategories.map((s) => (
                              <option key={s.id} value={s.id}>
                                {s.name}
                              </option>
                            ))}
                          </optgroup>
                        ))}
                    </select>
                  )}
                />
              )}
            </Field>
            <Field id="product-website" label="Website" error={errors.website_url?.message}>
              {(attrs) => <input {...attrs} type="url" placeholder="https://…" className={inputClass} {...register('website_url')} />}
            </Field>
            <Field id="product-description" label="Short description (English)" error={errors.description?.message} className="md:col-span-2 lg:col-span-3">
              {(attrs) => <textarea {...attrs} rows={3} className={inputClass} {...register('description')} />}
            </Field>
          </div>

          <PublicationNote status={status} />
        </Section>

        <Section id="product-translations" title="Translations" description="The name and short description per language. Left empty, the public site shows the English text.">
          <div className="grid gap-5 md:grid-cols-2">
            {TRANSLATIONS.map((l) => (
              <div key={l.code} className="space-y-4">
                <Field id={`product-name-${l.code}`} label={`Name (${l.name})`} error={translationError(errors, l.code, 'name')}>
                  {(attrs) => <input {...attrs} type="text" lang={l.code} className={inputClass} {...register(translationPath<ProductFormInput>('', l.code, 'name'))} />}
                </Field>
                <Field id={`product-description-${l.code}`} label={`Short description (${l.name})`} error={translationError(errors, l.code, 'description')}>
                  {(attrs) => <textarea {...attrs} lang={l.code} rows={3} className={inputClass} {...register(translationPath<ProductFormInput>('', l.code, 'description'))} />}
                </Field>
              </div>
            ))}
          </div>
        </Section>

        <Section id="product-aliases" title="Aliases" description="What people type to find it, per language, separated by commas (e.g. google mail, googlemail). An alias belongs to one product.">
          <div className="grid gap-5 md:grid-cols-3">
            {LANGS.map((lang) => (
              <Field key={lang} id={`product-aliases-${lang}`} label={`Aliases (${LANGUAGE_NAMES.of(lang) ?? lang})`} error={firstMessage(errors.aliases?.[lang])}>
                {(attrs) => (
                  <Controller
                    control={control}
                    name="aliases"
                    render={({ field }) => (
                      <ListInput
                        attrs={attrs}
                        lang={lang}
                        value={field.value?.[lang]}
                        empty={undefined}
                        onBlur={field.onBlur}
                        onChange={(list) => {
                          const { [lang]: _old, ...rest } = field.value ?? {};
                          field.onChange(list ? { ...rest, [lang]: list } : rest);
                        }}
                      />
                    )}
                  />
                )}
              </Field>
            ))}
          </div>
        </Section>

        <FactsSection />
        <SourcesSection id="product-sources" description="Public https pages that support the facts above (pricing, licence, platforms, encryption, data location)." newRow={() => newProductSource()} />
        <AlternativesSection linked={loaded?.alternatives.map(linkOption) ?? []} replaces={loaded?.alternative_to.map(linkOption) ?? []} selfId={id ? Number(id) : undefined} />
      </RecordFormShell>
    </FormProvider>
  );
}
