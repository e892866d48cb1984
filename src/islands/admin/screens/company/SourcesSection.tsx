// Sources of a company's (or product's) facts: an https page, its title, the facts it supports and when someone last
// checked that it still says so (today for a new row).
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { SOURCE_FACTS } from '../../../../../db/enums.ts';
import { newSource, type SourceInput } from '../../../../lib/schemas/company.ts';
import { Button, Field, FieldError, Section, describedBy, inputClass } from '../../ui.tsx';
import { SOURCE_FACT_LABELS } from './labels.ts';

const COMPANY_SOURCES = 'Public https pages that support the facts above. Every company needs one for its headquarters and one for its ownership.';

/** `newRow`: a new source's starting values (a product's supports product facts). */
export function SourcesSection({ description = COMPANY_SOURCES, newRow = newSource, id = 'company-sources' }: { description?: string; newRow?: () => SourceInput; id?: string } = {}) {
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
          const base = `source-${i}`;
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
                      <div className="flex flex-wrap gap-2">
                        {SOURCE_FACTS.map((f) => (
                          <label
                            key={f}
                            className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm has-checked:border-eu-blue has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-eu-blue"
                          >
                            <input
                              type="checkbox"
                              className="size-4 accent-eu-blue"
                              checked={selected.has(f)}
                              onChange={(ev) => field.onChange(ev.target.checked ? [...selected, f] : [...selected].filter((x) => x !== f))}
                            />
                            {SOURCE_FACT_LABELS[f]}
                          </label>
                        ))}
                      </div>
                    );
                  }}
                />
                <FieldError id={`${base}-facts`} message={factsError} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button className="mt-4" onClick={() => append(newRow(), { focusName: `sources.${fields.length}.url` })}>
        <span aria-hidden="true">+</span> Add source
      </Button>
    </Section>
  );
}
