// /admin/guides/new and /admin/guides/{id}: a switching guide. Slug, status (draft or published), the
// product it is about (searched on the server), when it was last checked; title, summary, time needed
// and the markdown body per language; the sources. Validated with the API's own schema
// (src/lib/schemas/guide.ts); saves name the version read (If-Match).
import { useState } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { InferResponseType } from 'hono/client';
import { RECORD_STATUSES } from '../../../../db/enums.ts';
import { Flag } from '../Flag.tsx';
import { slugify } from '../../../lib/schemas/common.ts';
import { GUIDE_LIMITS, guideFormDefaults, guideInputSchema, newGuideSource, type GuideInput, type GuideValues } from '../../../lib/schemas/guide.ts';
import { api, call, ifMatch } from '../api.ts';
import { FormLoader } from '../FormLoader.tsx';
import { TRANSLATIONS, translationError, translationPath } from '../langs.ts';
import { useRecordActions } from '../record-actions.ts';
import { RecordFormShell, recordPage } from '../RecordForm.tsx';
import { SearchPicker } from '../SearchPicker.tsx';
import { Button, Field, FieldError, Section, describedBy, inputClass } from '../ui.tsx';
import { SourcesSection } from './company/SourcesSection.tsx';

const FIELDS = new Set(Object.keys(guideFormDefaults()));
const LANGUAGES = [{ code: 'en', name: 'English' }, ...TRANSLATIONS];
const TEXT_FIELDS = [
  { field: 'title', label: 'Title', rows: 0, max: GUIDE_LIMITS.title },
  { field: 'summary', label: 'Summary', rows: 3, max: GUIDE_LIMITS.summary },
  { field: 'time_needed', label: 'Time needed', rows: 0, max: GUIDE_LIMITS.time_needed },
  { field: 'body', label: 'Body', rows: 18, max: GUIDE_LIMITS.body },
] as const;
const STATUS_TEXT = { published: 'Published: shown on the public site (its product must be published too).', draft: 'Draft: not on the public site.' } as const;

type GuideDetail = InferResponseType<(typeof api.api.admin.guides)[':id']['$get'], 200>;
interface ProductOption {
  id: number;
  slug: string;
  name: string;
  company_name: string;
  country: string;
  status?: string;
}

function toFormValues(g: GuideDetail): GuideInput {
  return {
    slug: g.slug,
    title: g.title,
    summary: g.summary,
    body: g.body,
    time_needed: g.time_needed,
    translations: g.translations,
    sources: g.sources.map((s) => ({ url: s.url, title: s.title ?? '', verified_at: s.verified_at })),
    last_checked: g.last_checked ?? '',
    status: g.status,
    from_product_id: g.from_product_id,
  };
}

export function GuideForm({ id }: { id?: string }) {
  return (
    <FormLoader
      {...recordPage('guide', 'Guides', id)}
      load={async (signal) => (id ? call(api.api.admin.guides[':id'].$get({ param: { id } }, { init: { signal } })) : undefined)}
      deps={[id]}
      loadError={() => 'Failed to load the guide. Please try again.'}
    >
      {(guide) => <GuideEditor id={id} guide={guide} />}
    </FormLoader>
  );
}

const searchProducts = async (q: string, signal: AbortSignal): Promise<ProductOption[]> =>
  (await call(api.api.admin.products.$get({ query: { q, limit: '10' } }, { init: { signal } }))).items;

function GuideEditor({ id, guide }: { id?: string; guide: GuideDetail | undefined }) {
  const page = recordPage('guide', 'Guides', id);
  const form = useForm<GuideInput, unknown, GuideValues>({ resolver: zodResolver(guideInputSchema), defaultValues: guide ? toFormValues(guide) : guideFormDefaults() });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const [product, setProduct] = useState<ProductOption | null>(guide?.from_product ?? null);

  const actions = useRecordActions<GuideValues, GuideInput>({
    noun: 'guide',
    list: page.list,
    label: (v) => v.title,
    save: (json) =>
      id && guide ? call(api.api.admin.guides[':id'].$put({ param: { id }, json }, ifMatch(guide.version))) : call(api.api.admin.guides.$post({ json })),
    remove: () => call(api.api.admin.guides[':id'].$delete({ param: { id: id! } }, ifMatch(guide!.version))),
    setError,
    isField: (p) => FIELDS.has(p.split('.')[0]),
  });

  const status = watch('status') ?? 'draft';
  const productError = errors.from_product_id?.message;
  return (
    <RecordFormShell
      page={page}
      editing={!!id}
      heading={id ? <>Edit {guide?.title}</> : undefined}
      labelled
      guardUnsaved
      onSubmit={handleSubmit(actions.onSubmit)}
      formState={{ errors, isSubmitting, isDirty }}
      actions={actions}
    >
      <Section id="guide-details" title="Guide Details">
        <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          <Field id="guide-slug" label="Slug" required error={errors.slug?.message} hint="The address: /guides/<slug>">
            {(attrs) => <input {...attrs} type="text" className={inputClass} {...register('slug')} />}
          </Field>
          <Field id="guide-status" label="Status" error={errors.status?.message} hint={STATUS_TEXT[status]}>
            {(attrs) => (
              <select {...attrs} className={inputClass} {...register('status')}>
                {RECORD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s === 'draft' ? 'Draft' : 'Published'}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="guide-last-checked" label="Last checked" error={errors.last_checked?.message} hint="When the steps were last checked against the providers' help pages">
            {(attrs) => <input {...attrs} type="date" className={inputClass} {...register('last_checked')} />}
          </Field>
        </div>
        <fieldset className="mt-6" aria-describedby={describedBy('guide-product', false, !!productError)} data-guide-product>
          <legend className="mb-2 text-sm font-medium text-slate-800">Product people move away from</legend>
          {product ? (
            <p className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
              <span className="flex-1 font-medium text-slate-900" data-chosen-product={product.slug}>
                {product.country && <><Flag code={product.country} /> </>}
                {product.name} <span className="text-sm font-normal text-slate-600">by {product.company_name}</span>
                {product.status === 'draft' && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">draft product</span>}
              </span>
              <Button
                variant="remove"
                onClick={() => {
                  setProduct(null);
                  setValue('from_product_id', null, { shouldDirty: true });
                }}
                aria-label={`Remove ${product.name}`}
              >
                Remove
              </Button>
            </p>
          ) : (
            <p className="text-sm text-slate-600">None chosen.</p>
          )}
          <SearchPicker<ProductOption>
            className="mt-3"
            label={product ? 'Choose another product' : 'Choose the product'}
            placeholder="Type a product name, Enter picks the first match"
            noun="products"
            search={searchProducts}
            keyOf={(p) => p.id}
            exclude={(p) => p.id === product?.id}
            onPick={(p) => {
              setProduct(p);
              setValue('from_product_id', p.id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
            }}
            option={(p) => (
              <>
                <Flag code={p.country} />
                {p.name}
                <span className="text-xs text-slate-500">{p.company_name}</span>
              </>
            )}
            optionHint={() => `, choose`}
          />
          <FieldError id="guide-product" message={productError} />
        </fieldset>
      </Section>

      {LANGUAGES.map((l) => (
        <LanguageSection key={l.code} form={form} code={l.code} name={l.name} onTitleBlur={l.code === 'en' && !id ? () => !getValues('slug') && setValue('slug', slugify(getValues('title') ?? '')) : undefined} />
      ))}

      <FormProvider {...form}>
        <SourcesSection
          id="guide-sources"
          description="The providers' own help pages (https) that the steps were checked against, and when."
          newRow={newGuideSource}
          rowId="guide-source"
          facts={false}
          listError
        />
      </FormProvider>
    </RecordFormShell>
  );
}

/** Title, summary, time needed and body in one language: English in the plain fields, others in translations. */
function LanguageSection({ form, code, name, onTitleBlur }: { form: UseFormReturn<GuideInput, unknown, GuideValues>; code: string; name: string; onTitleBlur?: () => void }) {
  const {
    register,
    formState: { errors },
  } = form;
  const english = code === 'en';
  const path = (field: string) => (english ? (field as 'title') : translationPath<GuideInput>('', code, field));
  const error = (field: string) => (english ? (errors as Record<string, { message?: string } | undefined>)[field]?.message : translationError(errors, code, field));
  return (
    <Section
      id={`guide-text-${code}`}
      title={english ? 'English' : name}
      description={
        english
          ? 'The source text. Headings (## Export your data), numbered steps (1.), **bold** and [links](https://…) are Markdown; HTML is shown as text, and only https links work.'
          : `Left empty, the public site shows the English text on the ${name} page.`
      }
    >
      <div className="grid gap-5 md:grid-cols-2">
        {TEXT_FIELDS.map(({ field, label, rows, max }) => (
          <Field
            key={field}
            id={`guide-${field}-${code}`}
            label={`${label} (${name})`}
            required={english && field === 'title'}
            error={error(field)}
            hint={rows > 3 ? `Markdown, at most ${max.toLocaleString('en')} characters.` : undefined}
            className={field === 'body' || field === 'summary' ? 'md:col-span-2' : ''}
          >
            {(attrs) => {
              const registered = register(path(field));
              return rows ? (
                <textarea {...attrs} lang={code} rows={rows} className={`${inputClass} ${field === 'body' ? 'font-mono text-[0.8125rem] leading-relaxed' : ''}`} {...registered} />
              ) : (
                <input
                  {...attrs}
                  lang={code}
                  type="text"
                  className={inputClass}
                  {...registered}
                  onBlur={(e) => {
                    void registered.onBlur(e);
                    if (field === 'title') onTitleBlur?.();
                  }}
                />
              );
            }}
          </Field>
        ))}
      </div>
    </Section>
  );
}
