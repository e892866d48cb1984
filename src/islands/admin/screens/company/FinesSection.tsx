// Fines of a company: deciding body, kind, decision date, original and current amount, status (in force,
// reduced, annulled, under appeal), the official decision, a page supporting the status and when it was
// last checked; the description with a translation per site language.
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FINE_KINDS, FINE_STATUSES } from '../../../../../db/enums.ts';
import { newFine, type CompanyFormInput } from '../../../../lib/schemas/company.ts';
import { TRANSLATIONS, translationError, translationPath } from '../../langs.ts';
import { NumberInput } from '../../NumberInput.tsx';
import { Button, Field, Section, inputClass } from '../../ui.tsx';
import { FINE_KIND_LABELS, FINE_STATUS_LABELS } from './labels.ts';

export function FinesSection() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<CompanyFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'eu_fines', keyName: 'key' });

  return (
    <Section id="company-fines" title="EU Fines & Penalties" description="Decisions of the European Commission, data protection authorities and courts. Totals count current amounts of fines not annulled.">
      {fields.length === 0 && <p className="mb-4 text-sm text-slate-600">No fines recorded.</p>}
      <ol className="space-y-4">
        {fields.map((row, i) => {
          const e = errors.eu_fines?.[i];
          const base = `fine-${i}`;
          return (
            <li key={row.key} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4" data-fine-row>
              <div className="mb-3 flex items-center justify-between gap-3">
                <h3 className="text-sm font-semibold text-slate-700">Fine {i + 1}</h3>
                <Button variant="remove" onClick={() => remove(i)} aria-label={`Remove fine ${i + 1}`}>
                  Remove
                </Button>
              </div>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <Field id={`${base}-body`} label="Deciding body" required error={e?.body?.message} className="sm:col-span-2">
                  {(attrs) => <input {...attrs} type="text" className={inputClass} {...register(`eu_fines.${i}.body`)} />}
                </Field>
                <Field id={`${base}-kind`} label="Kind" required error={e?.kind?.message}>
                  {(attrs) => (
                    <select {...attrs} className={inputClass} {...register(`eu_fines.${i}.kind`)}>
                      {FINE_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {FINE_KIND_LABELS[k]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field id={`${base}-date`} label="Decision date" required error={e?.date?.message}>
                  {(attrs) => <input {...attrs} type="date" className={inputClass} {...register(`eu_fines.${i}.date`)} />}
                </Field>
                <Field id={`${base}-amount`} label="Amount" required error={e?.amount?.message} hint="Of the decision, e.g. 4340000000">
                  {(attrs) => <NumberInput {...attrs} control={control} name={`eu_fines.${i}.amount`} empty={Number.NaN} min={0} step={0.01} inputMode="decimal" className={inputClass} />}
                </Field>
                <Field id={`${base}-status`} label="Fine status" required error={e?.status?.message}>
                  {(attrs) => (
                    <select {...attrs} className={inputClass} {...register(`eu_fines.${i}.status`)}>
                      {FINE_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {FINE_STATUS_LABELS[s]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field id={`${base}-current`} label="Current amount" error={e?.current_amount?.message} hint="After appeals; empty: unchanged (0 when annulled)">
                  {(attrs) => <NumberInput {...attrs} control={control} name={`eu_fines.${i}.current_amount`} empty={null} min={0} step={0.01} inputMode="decimal" className={inputClass} />}
                </Field>
                <Field id={`${base}-currency`} label="Currency" error={e?.currency?.message}>
                  {(attrs) => <input {...attrs} type="text" maxLength={3} className={`${inputClass} uppercase`} {...register(`eu_fines.${i}.currency`)} />}
                </Field>
                <Field id={`${base}-url`} label="Official decision URL" required error={e?.announcement_url?.message} className="sm:col-span-2">
                  {(attrs) => <input {...attrs} type="url" placeholder="https://…" className={inputClass} {...register(`eu_fines.${i}.announcement_url`)} />}
                </Field>
                <Field id={`${base}-status-url`} label="Status source URL" error={e?.status_url?.message} hint="A judgment or page that supports the status">
                  {(attrs) => <input {...attrs} type="url" placeholder="https://…" className={inputClass} {...register(`eu_fines.${i}.status_url`)} />}
                </Field>
                <Field id={`${base}-verified`} label="Verified on" error={e?.verified_at?.message}>
                  {(attrs) => <input {...attrs} type="date" className={inputClass} {...register(`eu_fines.${i}.verified_at`)} />}
                </Field>
                <Field id={`${base}-description`} label="Description" required error={e?.description?.message} className="sm:col-span-2 lg:col-span-4">
                  {(attrs) => <textarea {...attrs} rows={2} className={inputClass} {...register(`eu_fines.${i}.description`)} />}
                </Field>
                {TRANSLATIONS.map((l) => (
                  <Field key={l.code} id={`${base}-description-${l.code}`} label={`Description (${l.name})`} error={translationError(e, l.code, 'description')} className="sm:col-span-1 lg:col-span-2">
                    {(attrs) => <textarea {...attrs} lang={l.code} rows={2} className={inputClass} {...register(translationPath<CompanyFormInput>(`eu_fines.${i}`, l.code, 'description'))} />}
                  </Field>
                ))}
              </div>
            </li>
          );
        })}
      </ol>
      <Button className="mt-4" onClick={() => append(newFine(), { focusName: `eu_fines.${fields.length}.body` })}>
        <span aria-hidden="true">+</span> Add fine
      </Button>
    </Section>
  );
}
