// /admin/companies/new and /admin/companies/{id}: Company Details (with Draft/Published), Ownership &
// jurisdiction, Sources, Translations (one per site language), Certifications, Fines and Alternatives,
// saved in one request (one transaction on the server) based on the version read (If-Match); History
// below for an existing company.
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, type Region } from '../../../lib/countries.ts';
import { companyFormDefaults, companyFormSchema, formToInput, type CompanyFormInput, type CompanyFormValues } from '../../../lib/schemas/company.ts';
import type { SourceFact } from '../../../../db/enums.ts';
import { api, call, failure, fetchAll, ifMatch } from '../api.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { FormLoader } from '../FormLoader.tsx';
import { TRANSLATIONS, translationError, translationPath } from '../langs.ts';
import { NumberInput } from '../NumberInput.tsx';
import { useRecordActions } from '../record-actions.ts';
import { PublicationNote, SaveAsButton } from '../Publication.tsx';
import { NameSlugFields } from '../NameSlugFields.tsx';
import { RecordFormShell, recordPage } from '../RecordForm.tsx';
import { CheckboxChips, Field, Section, Switch, inputClass, plural } from '../ui.tsx';
import { useLoad } from '../use-load.ts';
import { AlternativesSection } from './company/AlternativesSection.tsx';
import { CertificationsSection } from './company/CertificationsSection.tsx';
import { FinesSection } from './company/FinesSection.tsx';
import { HistorySection } from './company/HistorySection.tsx';
import { OwnershipSection } from './company/OwnershipSection.tsx';
import { ProductsSection } from './company/ProductsSection.tsx';
import { PreviewButton } from './company/PreviewButton.tsx';
import { SourcesSection } from './company/SourcesSection.tsx';
import { linkedCompanies, type CategoryOption, type CompanyDetail } from './company/types.ts';

const REGIONS: Region[] = ['Europe', 'Americas', 'Asia', 'Oceania', 'Africa'];
const FIELDS = new Set(Object.keys(companyFormDefaults()));
const optional = (v: string | null | undefined) => v ?? '';

/** The stored company in the form's shape. */
export function toFormValues(c: CompanyDetail): CompanyFormInput {
  return {
    name: c.name,
    slug: c.slug,
    category_id: c.category_id,
    country: c.country,
    founded_year: c.founded_year,
    description: c.description ?? '',
    translations: c.translations,
    website_url: optional(c.website_url),
    logo_url: optional(c.logo_url),
    headquarters: optional(c.headquarters),
    employee_count: c.employee_count,
    is_unicorn: c.is_unicorn,
    double_irish: c.double_irish,
    sustainable: c.sustainable,
    legal_name: optional(c.legal_name),
    owner_kind: c.owner_kind ?? '',
    owner_name: optional(c.owner_name),
    owner_country: optional(c.owner_country),
    owner_since: c.owner_since,
    hosting: c.hosting ?? '',
    status: c.status,
    sources: c.sources.map((s) => ({ url: s.url, title: optional(s.title), facts: s.facts as SourceFact[], verified_at: s.verified_at })),
    subcategory_ids: c.subcategory_ids,
    certifications: c.certifications.map((x) => ({
      certification_id: x.certification_id,
      status: x.status,
      valid_from: x.valid_from,
      valid_until: optional(x.valid_until),
      link: optional(x.link),
    })),
    eu_fines: c.eu_fines.map((f) => ({
      body: f.body,
      kind: f.kind,
      amount: f.amount,
      current_amount: f.current_amount,
      status: f.status,
      currency: f.currency,
      date: f.date,
      description: f.description,
      translations: f.translations,
      announcement_url: optional(f.announcement_url),
      status_url: optional(f.status_url),
      verified_at: optional(f.verified_at),
    })),
    alternatives: c.alternatives.map((a) => ({ company_id: a.company_id })),
    alternative_to: c.alternative_to.map((a) => ({ company_id: a.company_id })),
  };
}

async function loadFormData(id: string | undefined, signal: AbortSignal) {
  const init = { init: { signal } };
  const [categories, certificates, company] = await Promise.all([
    fetchAll((query) => call(api.api.admin.categories.$get({ query }, init))),
    fetchAll((query) => call(api.api.admin.certificates.$get({ query }, init))),
    id ? call(api.api.admin.companies[':id'].$get({ param: { id } }, init)) : undefined,
  ]);
  // The alternatives picker searches on the server; only the linked companies are needed up front.
  return { categories, certificates, companies: linkedCompanies(company), company };
}

type FormData = Awaited<ReturnType<typeof loadFormData>>;

/** `prefill`: starting values of a new company (e.g. from a visitor's suggestion). */
export function CompanyForm({ id, prefill }: { id?: string; prefill?: Partial<CompanyFormInput> }) {
  // Bumped after a revert from the history below: the form loads the record again.
  const [revision, setRevision] = useState(0);
  return (
    <FormLoader
      key={revision}
      {...recordPage('company', 'Companies', id)}
      load={(signal) => loadFormData(id, signal)}
      deps={[id, revision]}
      loadError={(error) => failure('Failed to load company.', error)}
    >
      {(data) => <CompanyEditor id={id} data={data} prefill={prefill} onReverted={() => setRevision((n) => n + 1)} />}
    </FormLoader>
  );
}

function CompanyEditor({ id, data, prefill, onReverted }: { id?: string; data: FormData; prefill?: Partial<CompanyFormInput>; onReverted: () => void }) {
  const page = recordPage('company', 'Companies', id);
  const form = useForm<CompanyFormInput, unknown, CompanyFormValues>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: data.company ? toFormValues(data.company) : { ...companyFormDefaults(), ...prefill },
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
  const { categories, certificates, companies } = data;

  const categoryId = watch('category_id');
  const category: CategoryOption | undefined = useMemo(() => categories.find((c) => c.id === categoryId), [categories, categoryId]);

  const loaded = data.company;
  // The links as loaded: a save sends what the editor added and removed, never the whole list.
  const loadedLinks = useMemo(
    () => ({ alternatives: loaded?.alternatives.map((a) => a.company_id) ?? [], alternative_to: loaded?.alternative_to.map((a) => a.company_id) ?? [] }),
    [loaded],
  );
  const actions = useRecordActions<CompanyFormValues, CompanyFormInput>({
    noun: 'company',
    list: page.list,
    save: (values) => {
      const json = formToInput(values, loadedLinks);
      return id && loaded
        ? call(api.api.admin.companies[':id'].$put({ param: { id }, json }, ifMatch(loaded.version)))
        : call(api.api.admin.companies.$post({ json }));
    },
    remove: () => call(api.api.admin.companies[':id'].$delete({ param: { id: id! } }, ifMatch(loaded!.version))),
    setError,
    isField: (p) => FIELDS.has(p.split('.')[0]),
    dialog: true,
  });
  const status = watch('status') ?? 'published';
  /** "Save as draft" / "Publish": the same save with the other status; an invalid form keeps the status it had. */
  function saveAs(next: 'draft' | 'published') {
    const previous = getValues('status');
    setValue('status', next, { shouldDirty: true });
    void handleSubmit(actions.onSubmit, () => setValue('status', previous))();
  }

  const { deleting, deleteDialog } = actions;
  return (
    <FormProvider {...form}>
      <RecordFormShell
        page={page}
        editing={!!id}
        heading={id ? <>Edit {data.company?.name}</> : undefined}
        labelled
        guardUnsaved
        onSubmit={handleSubmit(actions.onSubmit)}
        formState={{ errors, isSubmitting, isDirty }}
        actions={actions}
        secondary={<SaveAsButton status={status} saveAs={saveAs} disabled={isSubmitting || deleting} />}
        after={
          id && (
            <>
              <DeleteCompanyDialog id={id} name={loaded?.name ?? ''} open={deleteDialog.open} busy={deleting} onConfirm={deleteDialog.confirm} onCancel={deleteDialog.cancel} />
              <div className="mt-6">
                <HistorySection companyId={id} onReverted={onReverted} />
              </div>
            </>
          )
        }
      >
        <Section id="company-details" title="Company Details">
          <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            <NameSlugFields prefix="company" editing={!!id} />
            <Field id="company-category" label="Category" required error={errors.category_id?.message}>
              {(attrs) => (
                <Controller
                  control={control}
                  name="category_id"
                  render={({ field }) => (
                    <select
                      {...attrs}
                      ref={field.ref}
                      name={field.name}
                      onBlur={field.onBlur}
                      value={Number.isFinite(field.value) ? String(field.value) : ''}
                      onChange={(e) => {
                        const next = e.target.value === '' ? Number.NaN : Number(e.target.value);
                        field.onChange(next);
                        // Subcategories of another category no longer apply.
                        const allowed = new Set(categories.find((c) => c.id === next)?.subcategories.map((s) => s.id) ?? []);
                        setValue('subcategory_ids', (getValues('subcategory_ids') ?? []).filter((sid) => allowed.has(sid)));
                      }}
                      className={inputClass}
                    >
                      <option value="">Choose a category…</option>
                      {categories.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  )}
                />
              )}
            </Field>
            <Field id="company-country" label="Country" required error={errors.country?.message}>
              {(attrs) => (
                <select {...attrs} className={inputClass} {...register('country')}>
                  <option value="">Choose a country…</option>
                  {REGIONS.map((region) => (
                    <optgroup key={region} label={region}>
                      {COUNTRIES.filter((c) => c.region === region).map((c) => (
                        <option key={c.code} value={c.code}>
                          {c.names.en} ({c.code})
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              )}
            </Field>
            <Field id="company-founded" label="Founded year" error={errors.founded_year?.message} hint="Empty when not known.">
              {(attrs) => <NumberInput {...attrs} control={control} name="founded_year" empty={null} min={1000} max={2100} step={1} inputMode="numeric" className={inputClass} />}
            </Field>
            <Field id="company-employees" label="Employee count" error={errors.employee_count?.message} hint="Empty when not known.">
              {(attrs) => <NumberInput {...attrs} control={control} name="employee_count" empty={null} min={0} step={1} inputMode="numeric" className={inputClass} />}
            </Field>
            <Field id="company-headquarters" label="Headquarters" error={errors.headquarters?.message}>
              {(attrs) => <input {...attrs} type="text" placeholder="City" className={inputClass} {...register('headquarters')} />}
            </Field>
            <Field id="company-website" label="Website" error={errors.website_url?.message}>
              {(attrs) => <input {...attrs} type="url" placeholder="https://…" className={inputClass} {...register('website_url')} />}
            </Field>
            <Field id="company-logo" label="Logo URL" error={errors.logo_url?.message}>
              {(attrs) => <input {...attrs} type="url" placeholder="https://…" className={inputClass} {...register('logo_url')} />}
            </Field>
            <Field id="company-description" label="Description" required error={errors.description?.message} className="md:col-span-2 lg:col-span-3">
              {(attrs) => <textarea {...attrs} rows={4} className={inputClass} {...register('description')} />}
            </Field>
          </div>

          <fieldset className="mt-6">
            <legend className="mb-2 text-sm font-medium text-slate-800">Subcategories</legend>
            {!category ? (
              <p className="text-sm text-slate-600">Choose a category to see its subcategories.</p>
            ) : category.subcategories.length === 0 ? (
              <p className="text-sm text-slate-600">{category.name} has no subcategories.</p>
            ) : (
              <Controller
                control={control}
                name="subcategory_ids"
                render={({ field }) => {
                  const selected = new Set(field.value ?? []);
                  const names = new Map(category.subcategories.map((s) => [s.id, s.name]));
                  return (
                    <CheckboxChips
                      options={[...names.keys()]}
                      label={(id) => names.get(id)}
                      checked={(id) => selected.has(id)}
                      onToggle={(id, on) => field.onChange(on ? [...selected, id] : [...selected].filter((x) => x !== id))}
                    />
                  );
                }}
              />
            )}
          </fieldset>

          <PublicationNote status={status}>{id && <PreviewButton companyId={id} dirty={isDirty} />}</PublicationNote>

          <fieldset className="mt-6">
            <legend className="mb-2 text-sm font-medium text-slate-800">Flags</legend>
            <div className="flex flex-wrap gap-3">
              <Controller
                control={control}
                name="is_unicorn"
                render={({ field }) => <Switch checked={!!field.value} onChange={field.onChange} on="Unicorn Status: Active" off="Mark as Unicorn" />}
              />
              <Controller
                control={control}
                name="double_irish"
                render={({ field }) => <Switch checked={!!field.value} onChange={field.onChange} on="Double Irish Arrangement: Active" off="Mark as Double Irish" />}
              />
              <Controller
                control={control}
                name="sustainable"
                render={({ field }) => <Switch checked={!!field.value} onChange={field.onChange} on="Sustainable: Marked" off="Mark as Sustainable" />}
              />
            </div>
          </fieldset>
        </Section>

        <OwnershipSection />
        <SourcesSection />

        <Section id="company-translations" title="Translations" description="Optional. Left empty, the public site shows the English text.">
          <div className="grid gap-5 md:grid-cols-2">
            {TRANSLATIONS.map((l) => (
              <div key={l.code} className="grid gap-5">
                <Field id={`company-description-${l.code}`} label={`Description (${l.name})`} error={translationError(errors, l.code, 'description')}>
                  {(attrs) => <textarea {...attrs} lang={l.code} rows={5} className={inputClass} {...register(translationPath<CompanyFormInput>('', l.code, 'description'))} />}
                </Field>
                <Field
                  id={`company-owner-name-${l.code}`}
                  label={`Owner name (${l.name})`}
                  hint="Only where the English name has words to translate, e.g. “Samaras family”."
                  error={translationError(errors, l.code, 'owner_name')}
                >
                  {(attrs) => <input {...attrs} type="text" lang={l.code} className={inputClass} {...register(translationPath<CompanyFormInput>('', l.code, 'owner_name'))} />}
                </Field>
              </div>
            ))}
          </div>
        </Section>

        <CertificationsSection certificates={certificates} />
        <FinesSection />
        <AlternativesSection companies={companies} selfId={id ? Number(id) : undefined} />
        {id && <ProductsSection companyId={id} />}
      </RecordFormShell>
    </FormProvider>
  );
}

/** The delete confirmation: the company's name and what goes with it, counted by the server. */
function DeleteCompanyDialog({ id, name, open, busy, onConfirm, onCancel }: { id: string; name: string; open: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const impact = useLoad(
    (signal) => (open ? call(api.api.admin.companies[':id'].impact.$get({ param: { id } }, { init: { signal } })) : Promise.resolve(undefined)),
    [id, open],
  );
  const counts = impact.status === 'ready' ? impact.data : undefined;
  return (
    <ConfirmDialog open={open} title={`Delete “${name}”?`} confirmLabel="Delete company" busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <p>This removes the company from the admin and, after the next publish, from the public site.</p>
      {impact.status === 'loading' && <p>Counting what goes with it…</p>}
      {counts && (
        <>
          <p>Removed with it:</p>
          <ul className="list-disc pl-5" data-delete-impact>
            <li>{plural(counts.alternative_links, 'alternative link', 'alternative links')}</li>
            <li>{plural(counts.fines, 'fine', 'fines')}</li>
            <li>{plural(counts.certifications, 'certification', 'certifications')}</li>
            <li>{plural(counts.sources, 'source', 'sources')}</li>
            <li>{plural(counts.products, 'product', 'products')}</li>
          </ul>
        </>
      )}
      <p>The delete is recorded in History, where it can be reverted.</p>
    </ConfirmDialog>
  );
}
