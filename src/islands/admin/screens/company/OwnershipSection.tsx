// Ownership & jurisdiction of a company: legal name, who ultimately controls it (kind, name, country,
// since when) and where a digital service hosts customer data. Empty means unknown.
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { HOSTING_REGIONS, OWNER_KINDS } from '../../../../../db/enums.ts';
import type { CompanyFormInput } from '../../../../lib/schemas/company.ts';
import { NumberInput } from '../../NumberInput.tsx';
import { Field, Section, inputClass } from '../../ui.tsx';
import { HOSTING_LABELS, OWNER_KIND_LABELS, allCountries } from './labels.ts';

export function OwnershipSection() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CompanyFormInput>();
  const countries = useMemo(allCountries, []);
  return (
    <Section
      id="company-ownership"
      title="Ownership & jurisdiction"
      description="Who really controls the company, and where its service keeps data. Leave a field empty when it is not known; never guess."
    >
      <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        <Field id="company-legal-name" label="Legal name" error={errors.legal_name?.message} hint="The registered entity, e.g. “Spotify AB”.">
          {(attrs) => <input {...attrs} type="text" className={inputClass} {...register('legal_name')} />}
        </Field>
        <Field id="company-owner-kind" label="Ultimate owner" error={errors.owner_kind?.message}>
          {(attrs) => (
            <select {...attrs} className={inputClass} {...register('owner_kind')}>
              <option value="">Unknown</option>
              {OWNER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {OWNER_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="company-owner-name" label="Owner name" error={errors.owner_name?.message} hint="Required for a parent company, fund, state or foundation.">
          {(attrs) => <input {...attrs} type="text" className={inputClass} {...register('owner_name')} />}
        </Field>
        <Field id="company-owner-country" label="Owner country" error={errors.owner_country?.message} hint="Empty when widely held or the same as the headquarters.">
          {(attrs) => (
            <select {...attrs} className={inputClass} {...register('owner_country')}>
              <option value="">None / unknown</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({c.code})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="company-owner-since" label="Owned since" error={errors.owner_since?.message} hint="Year the current owner took control.">
          {(attrs) => <NumberInput {...attrs} control={control} name="owner_since" empty={null} min={1000} max={2100} step={1} inputMode="numeric" className={inputClass} />}
        </Field>
        <Field id="company-hosting" label="Customer data hosted in" error={errors.hosting?.message} hint="Only for digital services.">
          {(attrs) => (
            <select {...attrs} className={inputClass} {...register('hosting')}>
              <option value="">Not a digital service / not set</option>
              {HOSTING_REGIONS.map((h) => (
                <option key={h} value={h}>
                  {HOSTING_LABELS[h]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </Section>
  );
}
