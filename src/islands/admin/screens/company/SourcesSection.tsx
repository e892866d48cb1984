// Sources of a company's, product's or guide's facts: an https page, its title, the facts it supports (not
// for a guide) and when someone last checked that it still says so (today for a new row).
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { SOURCE_FACTS } from '../../../../../db/enums.ts';
import { newSource, type SourceInput } from '../../../../lib/schemas/company.ts';
import type { GuideSourceInput } from '../../../../lib/schemas/guide.ts';
import { Button, CheckboxChips, Field, FieldError, Section, describedBy, inputClass } from '../../ui.tsx';
import { SOURCE_FACT_LABELS } from './labels.ts';

const COMPANY_SOURCES = 'Public https pages that support the facts above. Every company needs one for its headquarters and one for its ownership.';

interface Props {
  description?: string;
  /** a new source's starting values (a product's supports product facts) */
  newRow?: () => SourceInput | GuideSourceInput;
  /** the section's id */
  id?: string;
  /** the start of each row's field ids ("source" gives source-0-url) */
  rowId?: string;
  /** each source says which facts it supports (a guide's sources do not) */
  facts?: boolean;
  /** show the list's own error (too many sources) below it */
  listError?: boolean;
}

/** The sources of a company, a product or a guide, in the form's `sources` field. */
export function SourcesSection({ description = COMPANY_SOURCES, newRow = newSource, id = 'company-sources', rowId = 'source', facts = true, listError = false }: Props = {}) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<{ sources?: SourceInput[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'sources', keyName: 'key' });

  return (
    <Section id={id} title="Sources" description={description}>
      {fields.length === 0 && <p className="mb-4 text-sm text-slate-600">No sources yet.</p>}
      <ol className="space-y-4">
        {fields.map((row, i) => {
          const e = errors.sources?.[i];
          const base = `${rowId}-${i}`;
          const factsError = e?.facts?.message ?? e?.facts?.root?.message;
          return (
            <li key={row.key} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4" data-source-row>
              <div className="mb-3 flex items-center justify-between gap-3">
                <h3 className="text-sm font-semibold text-slate-700">Source {i + 1}</h3>
                <Button variant="remove" onClick={() => remove(i)} aria-label={`Remove source ${i + 1}`}>
                  Remove
                </Button>
              </div>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <Field id={`${base}-url`} label="URL" required error={e?.url?.message} className="sm:col-span-2">
                  {(attrs) => <input {...attrs} type="url" placeholder="https://…" className={inputClass} {...register(`sources.${i}.url`)} />}
                </Field>
                <Field id={`${base}-title`} label="Title" error={e?.title?.message}>
                  {(attrs) => <input {...attrs} type="text" className={inputClass} {...register(`sources.${i}.title`)} />}
                </Field>
                <Field id={`${base}-verified`} label="Verified on" required error={e?.verified_at?.message}>
                  {(attrs) => <input {...attrs} type="date" className={inputClass} {...register(`sources.${i}.verified_at`)} />}
                </Field>
              </div>
              {facts && (
                <fieldset className="mt-4" aria-describedby={describedBy(`${base}-facts`, false, !!factsError)}>
                  <legend className="mb-2 text-sm font-medium text-slate-800">
                    Supports
                    <span className="text-red-700" aria-hidden="true">
                      {' '}
                      *
                    </span>
                  </legend>
                  <Controller
                    control={control}
                    name={`sources.${i}.facts`}
                    render={({ field }) => {
                      const selected = new Set(field.value ?? []);
                      return (
                        <CheckboxChips
                          options={SOURCE_FACTS}
                          label={(f) => SOURCE_FACT_LABELS[f]}
                          checked={(f) => selected.has(f)}
                          onToggle={(f, on) => field.onChange(on ? [...selected, f] : [...selected].filter((x) => x !== f))}
                          className="py-1"
                        />
                      );
                    }}
                  />
                  <FieldError id={`${base}-facts`} message={factsError} />
                </fieldset>
              )}
            </li>
          );
        })}
      </ol>
      {listError && <FieldError id={`${id}-list`} message={errors.sources?.message ?? errors.sources?.root?.message} />}
      <Button className="mt-4" onClick={() => append(newRow() as SourceInput, { focusName: `sources.${fields.length}.url` })}>
        <span aria-hidden="true">+</span> Add source
      </Button>
    </Section>
  );
}
