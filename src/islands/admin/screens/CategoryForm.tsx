// /admin/categories/new and /admin/categories/{id}: name, slug, translated names and slugs (one pair per
// site language), image URL and the subcategories (add, rename, remove). Slugs follow the name on every name edit until the slug itself
// is edited by hand.
import { useRef } from 'react';
import type { InferResponseType } from 'hono/client';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { categoryInputSchema, type CategoryInput, type CategoryValues } from '../../../lib/schemas/category.ts';
import { slugify } from '../../../lib/schemas/common.ts';
import { api, call, ifMatch } from '../api.ts';
import { FormLoader } from '../FormLoader.tsx';
import { TRANSLATIONS, translationError, translationPath } from '../langs.ts';
import { useRecordActions } from '../record-actions.ts';
import { RecordFormShell, recordPage } from '../RecordForm.tsx';
import { Button, Field, Section, inputClass } from '../ui.tsx';

const EMPTY: CategoryInput = { name: '', slug: '', translations: {}, image_url: '', subcategories: [] };
const FIELDS = new Set(['name', 'slug', 'translations', 'image_url', 'subcategories']);

type CategoryDetail = InferResponseType<(typeof api.api.admin.categories)[':id']['$get'], 200>;

function toFormValues(c: CategoryDetail): CategoryInput {
  return {
    name: c.name,
    slug: c.slug,
    translations: c.translations,
    image_url: c.image_url ?? '',
    subcategories: c.subcategories.map((s) => ({ id: s.id, name: s.name, slug: s.slug, translations: s.translations })),
  };
}

export function CategoryForm({ id }: { id?: string }) {
  return (
    <FormLoader
      {...recordPage('category', 'Categories', id)}
      load={async (signal) => (id ? call(api.api.admin.categories[':id'].$get({ param: { id } }, { init: { signal } })) : undefined)}
      deps={[id]}
      loadError={() => 'Failed to load categories. Please try again.'}
    >
      {(category) => <CategoryEditor id={id} category={category} />}
    </FormLoader>
  );
}

function CategoryEditor({ id, category }: { id?: string; category: CategoryDetail | undefined }) {
  const page = recordPage('category', 'Categories', id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState,
  } = useForm<CategoryInput, unknown, CategoryValues>({ resolver: zodResolver(categoryInputSchema), defaultValues: category ? toFormValues(category) : EMPTY });
  // keyName: the subcategories' own "id" (database id) must stay in the values.
  const subcategories = useFieldArray({ control, name: 'subcategories', keyName: 'key' });
  /** slugs edited by hand: "slug" for the category, the row key for a subcategory */
  const handSlugs = useRef(new Set<string>());

  const { errors } = formState;
  const actions = useRecordActions<CategoryValues, CategoryInput>({
    noun: 'category',
    list: page.list,
    save: (values) =>
      id && category
        ? call(api.api.admin.categories[':id'].$put({ param: { id }, json: values }, ifMatch(category.version)))
        : call(api.api.admin.categories.$post({ json: values })),
    remove: () => call(api.api.admin.categories[':id'].$delete({ param: { id: id! } }, ifMatch(category!.version))),
    setError,
    isField: (p) => FIELDS.has(p.split('.')[0]),
  });

  const imageUrl = watch('image_url');
  const subErrors = errors.subcategories;
  return (
    <RecordFormShell page={page} editing={!!id} onSubmit={handleSubmit(actions.onSubmit)} formState={formState} actions={actions}>
      <Section id="category-details" title="Category Details">
        <div className="grid gap-5 md:grid-cols-2">
          <Field id="category-name" label="Name" required error={errors.name?.message}>
            {(attrs) => (
              <input
                {...attrs}
                type="text"
                className={inputClass}
                {...register('name', {
                  onChange: (e) => {
                    if (!handSlugs.current.has('slug')) setValue('slug', slugify(e.target.value), { shouldValidate: errors.slug !== undefined });
                  },
                })}
              />
            )}
          </Field>
          <Field id="category-slug" label="Slug" required error={errors.slug?.message} hint="Part of the public address; follows the name until you edit it.">
            {(attrs) => <input {...attrs} type="text" className={`${inputClass} font-mono`} {...register('slug', { onChange: () => handSlugs.current.add('slug') })} />}
          </Field>
          <Field id="category-image" label="Image URL" error={errors.image_url?.message} hint="A full URL (https://…) or a path on this site, e.g. /images/categories/beauty.svg" className="md:col-span-2">
            {(attrs) => (
              <div className="flex items-center gap-3">
                <input {...attrs} type="text" inputMode="url" className={inputClass} {...register('image_url')} />
                {imageUrl && <img src={imageUrl} alt="" width={64} height={40} className="h-10 w-16 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover" />}
              </div>
            )}
          </Field>
        </div>
      </Section>

      <Section id="category-translations" title="Translations" description="Optional. Left empty, the public site shows the English name and slug.">
        <div className="grid gap-5 md:grid-cols-2">
          {TRANSLATIONS.map((l) => (
            <div key={l.code} className="contents">
              <Field id={`category-name-${l.code}`} label={`Name (${l.name})`} error={translationError(errors, l.code, 'name')}>
                {(attrs) => <input {...attrs} lang={l.code} type="text" className={inputClass} {...register(translationPath<CategoryInput>('', l.code, 'name'))} />}
              </Field>
              <Field id={`category-slug-${l.code}`} label={`Slug (${l.name})`} error={translationError(errors, l.code, 'slug')}>
                {(attrs) => <input {...attrs} type="text" className={`${inputClass} font-mono`} {...register(translationPath<CategoryInput>('', l.code, 'slug'))} />}
              </Field>
            </div>
          ))}
        </div>
      </Section>

      <Section id="category-subcategories" title="Subcategories" description="Removing a subcategory also removes it from its companies when you save.">
        {subcategories.fields.length === 0 && <p className="mb-4 text-sm text-slate-600">No subcategories yet.</p>}
        <ol className="space-y-4">
          {subcategories.fields.map((row, i) => {
            const e = subErrors?.[i];
            const n = i + 1;
            return (
              <li key={row.key} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4" data-subcategory-row>
                <div className="mb-3 flex items-center justify-between gap-3">
                  <h3 className="text-sm font-semibold text-slate-700">Subcategory {n}</h3>
                  <Button variant="remove" onClick={() => subcategories.remove(i)} aria-label={`Remove subcategory ${n}`}>
                    Remove
                  </Button>
                </div>
                <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
                  <Field id={`sub-${i}-name`} label="Name" required error={e?.name?.message}>
                    {(attrs) => (
                      <input
                        {...attrs}
                        type="text"
                        className={inputClass}
                        {...register(`subcategories.${i}.name`, {
                          onChange: (ev) => {
                            if (!handSlugs.current.has(row.key)) setValue(`subcategories.${i}.slug`, slugify(ev.target.value), { shouldValidate: e?.slug !== undefined });
                          },
                        })}
                      />
                    )}
                  </Field>
                  <Field id={`sub-${i}-slug`} label="Slug" required error={e?.slug?.message}>
                    {(attrs) => (
                      <input {...attrs} type="text" className={`${inputClass} font-mono`} {...register(`subcategories.${i}.slug`, { onChange: () => handSlugs.current.add(row.key) })} />
                    )}
                  </Field>
                  {TRANSLATIONS.map((l) => (
                    <div key={l.code} className="contents">
                      <Field id={`sub-${i}-name-${l.code}`} label={`Name (${l.name})`} error={translationError(e, l.code, 'name')}>
                        {(attrs) => <input {...attrs} lang={l.code} type="text" className={inputClass} {...register(translationPath<CategoryInput>(`subcategories.${i}`, l.code, 'name'))} />}
                      </Field>
                      <Field id={`sub-${i}-slug-${l.code}`} label={`Slug (${l.name})`} error={translationError(e, l.code, 'slug')}>
                        {(attrs) => (
                          <input {...attrs} type="text" className={`${inputClass} font-mono`} {...register(translationPath<CategoryInput>(`subcategories.${i}`, l.code, 'slug'))} />
                        )}
                      </Field>
                    </div>
                  ))}
                </div>
              </li>
            );
          })}
        </ol>
        <Button className="mt-4" onClick={() => subcategories.append({ name: '', slug: '', translations: {} }, { focusName: `subcategories.${subcategories.fields.length}.name` })}>
          <span aria-hidden="true">+</span> Add subcategory
        </Button>
      </Section>
    </RecordFormShell>
  );
}
