// Certifications of a company: tick a certificate to add it (Verified, valid from today: newCertification() in src/lib/schemas/company.ts),
// untick to remove it; status, validity and link per ticked certificate.
import { useFieldArray, useFormContext } from 'react-hook-form';
import { CERTIFICATION_STATUSES, newCertification, type CompanyFormInput } from '../../../../lib/schemas/company.ts';
import { iconTypeLabel, iconTypeSwatch } from '../../icon-types.ts';
import { Field, Section, inputClass } from '../../ui.tsx';
import type { CertificateOption } from './types.ts';

export function CertificationsSection({ certificates }: { certificates: CertificateOption[] }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<CompanyFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'certifications', keyName: 'key' });

  return (
    <Section id="company-certifications" title="Certifications" description="Tick the certificates this company holds.">
      {certificates.length === 0 && <p className="text-sm text-slate-600">No certificates exist yet. Add them under Certificates.</p>}
      <ul className="grid gap-3 md:grid-cols-2">
        {certificates.map((cert) => {
          const index = fields.findIndex((f) => f.certification_id === cert.id);
          const ticked = index >= 0;
          const e = ticked ? errors.certifications?.[index] : undefined;
          const base = `cert-${cert.id}`;
          return (
            <li key={cert.id} className={`rounded-lg border p-3 ${ticked ? 'border-eu-blue/40 bg-blue-50/40 md:col-span-2' : 'border-slate-200'}`} data-certification-option={cert.name}>
              <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-900">
                <input
                  type="checkbox"
                  className="size-4 accent-eu-blue"
                  checked={ticked}
                  onChange={() => (ticked ? remove(index) : append(newCertification(cert.id), { shouldFocus: false }))}
                />
                <span aria-hidden="true" className={`size-3 rounded-full ${iconTypeSwatch(cert.icon_type)}`} />
                {cert.name}
                <span className="font-normal text-slate-500">· {iconTypeLabel(cert.icon_type)}</span>
              </label>
              {ticked && (
                <div className="mt-3 grid gap-4 pl-7 sm:grid-cols-2 lg:grid-cols-4">
                  <Field id={`${base}-status`} label="Status" required error={e?.status?.message}>
                    {(attrs) => (
                      <select {...attrs} className={inputClass} {...register(`certifications.${index}.status`)}>
                        {CERTIFICATION_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field id={`${base}-from`} label="Valid from" required error={e?.valid_from?.message}>
                    {(attrs) => <input {...attrs} type="date" className={inputClass} {...register(`certifications.${index}.valid_from`)} />}
                  </Field>
                  <Field id={`${base}-until`} label="Valid until" error={e?.valid_until?.message}>
                    {(attrs) => <input {...attrs} type="date" className={inputClass} {...register(`certifications.${index}.valid_until`)} />}
                  </Field>
                  <Field id={`${base}-link`} label="Link" error={e?.link?.message}>
                    {(attrs) => <input {...attrs} type="url" placeholder="https://…" className={inputClass} {...register(`certifications.${index}.link`)} />}
                  </Field>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
