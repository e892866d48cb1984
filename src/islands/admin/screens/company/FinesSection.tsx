// EU fines and penalties of a company: amount (>= 0, cents), currency, date, description with
// translations, announcement URL; rows added and removed freely.
import { useFieldArray, useFormContext } from 'react-hook-form';
import { today } from '../../../../lib/schemas/common.ts';
import type { CompanyInput, FineInput } from '../../../../lib/schemas/company.ts';
import { NumberInput } from '../../NumberInput.tsx';
import { Button, Field, Section, inputClass } from '../../ui.tsx';

export function newFine(): FineInput {
  return { amount: Number.NaN, currency: 'EUR', date: today(), description: '', description_de: '', description_fr: '', announcement_url: '' };
}

export function FinesSection() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<CompanyInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'eu_fines', keyName: 'key' });

  return (
    <Section id="company-fines" title="EU Fines & Penalties" description="Fines imposed by EU institutions, newest first on the public page.">
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
                <Field id={`${base}-amount`} label="Amount" required error={e?.amount?.message} hint="e.g. 4340000000 for 4.34 billion">
                  {(attrs) => <NumberInput {...attrs} control={control} name={`eu_fines.${i}.amount`} empty={Number.NaN} min={0} step={0.01} inputMode="decimal" className={inputClass} />}
                </Field>
                <Field id={`${base}-currency`} label="Currency" error={e?.currency?.message}>
                  {(attrs) => <input {...attrs} type="text" maxLength={3} className={`${inputClass} uppercase`} {...register(`eu_fines.${i}.currency`)} />}
                </Field>
                <Field id={`${base}-date`} label="Date" required error={e?.date?.message}>
                  {(attrs) => <input {...attrs} type="date" className={inputClass} {...register(`eu_fines.${i}.date`)} />}
                </Field>
                <Field id={`${base}-url`} label="Announcement URL" error={e?.announcement_url?.message}>
                  {(attrs) => <input {...attrs} type="url" placeholder="https://…" className={inputClass} {...register(`eu_fines.${i}.announcement_url`)} />}
                </Field>
                <Field id={`${base}-description`} label="Description" required error={e?.description?.message} className="sm:col-span-2 lg:col-span-4">
                  {(attrs) => <textarea {...attrs} rows={2} className={inputClass} {...register(`eu_fines.${i}.description`)} />}
                </Field>
                <Field id={`${base}-description-de`} label="Description (German)" error={e?.description_de?.message} className="sm:col-span-1 lg:col-span-2">
                  {(attrs) => <textarea {...attrs} lang="de" rows={2} className={inputClass} {...register(`eu_fines.${i}.description_de`)} />}
                </Field>
                <Field id={`${base}-description-fr`} label="Description (French)" error={e?.description_fr?.message} className="sm:col-span-1 lg:col-span-2">
                  {(attrs) => <textarea {...attrs} lang="fr" rows={2} className={inputClass} {...register(`eu_fines.${i}.description_fr`)} />}
                </Field>
              </div>
            </li>
          );
        })}
      </ol>
      <Button className="mt-4" onClick={() => append(newFine(), { focusName: `eu_fines.${fields.length}.amount` })}>
        <span aria-hidden="true">+</span> Add fine
      </Button>
    </Section>
  );
}
