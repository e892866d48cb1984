// /admin/certificates/new and /admin/certificates/{id}: name, description (with a translation per site
// language) and icon type with its colour label; Delete with confirmation. Saves name the version read.
import type { InferResponseType } from 'hono/client';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ICON_TYPES, ICON_TYPE_LABELS, certificateInputSchema, type CertificateInput, type CertificateValues } from '../../../lib/schemas/certificate.ts';
import { api, call, ifMatch } from '../api.ts';
import { FormLoader } from '../FormLoader.tsx';
import { ICON_TYPE_SWATCH } from '../icon-types.ts';
import { TRANSLATIONS, translationError, translationPath } from '../langs.ts';
import { useRecordActions } from '../record-actions.ts';
import { RecordFormShell, recordPage } from '../RecordForm.tsx';
import { Field, FieldError, Section, describedBy, inputClass } from '../ui.tsx';

const EMPTY: CertificateInput = { name: '', description: '', translations: {}, icon_type: undefined as unknown as CertificateInput['icon_type'] };

type CertificateDetail = InferResponseType<(typeof api.api.admin.certificates)[':id']['$get'], 200>;

export function CertificateForm({ id }: { id?: string }) {
  return (
    <FormLoader
      {...recordPage('certificate', 'Certificates', id)}
      load={async (signal) => (id ? call(api.api.admin.certificates[':id'].$get({ param: { id } }, { init: { signal } })) : undefined)}
      deps={[id]}
      loadError={() => 'Failed to load certificates. Please try again.'}
    >
      {(certificate) => <CertificateEditor id={id} certificate={certificate} />}
    </FormLoader>
  );
}

function CertificateEditor({ id, certificate: c }: { id?: string; certificate: CertificateDetail | undefined }) {
  const page = recordPage('certificate', 'Certificates', id);
  const { register, handleSubmit, setError, formState } = useForm<CertificateInput, unknown, CertificateValues>({
    resolver: zodResolver(certificateInputSchema),
    defaultValues: c ? { name: c.name, description: c.description, translations: c.translations, icon_type: c.icon_type } : EMPTY,
  });

  const { errors } = formState;
  const actions = useRecordActions<CertificateValues, CertificateInput>({
    noun: 'certificate',
    list: page.list,
    save: (values) =>
      id && c ? call(api.api.admin.certificates[':id'].$put({ param: { id }, json: values }, ifMatch(c.version))) : call(api.api.admin.certificates.$post({ json: values })),
    remove: () => call(api.api.admin.certificates[':id'].$delete({ param: { id: id! } }, ifMatch(c!.version))),
    setError,
    isField: (p) => p in EMPTY,
  });

  const iconError = errors.icon_type?.message;
  return (
    <RecordFormShell page={page} editing={!!id} onSubmit={handleSubmit(actions.onSubmit)} formState={formState} actions={actions}>
      <Section id="certificate-details" title="Certificate Details">
        <div className="space-y-5">
          <Field id="certificate-name" label="Name" required error={errors.name?.message}>
            {(attrs) => <input {...attrs} type="text" className={inputClass} {...register('name')} />}
          </Field>
          <Field id="certificate-description" label="Description" required error={errors.description?.message}>
            {(attrs) => <textarea {...attrs} rows={3} className={inputClass} {...register('description')} />}
          </Field>
          <fieldset aria-describedby={describedBy('certificate-icon', false, !!iconError)}>
            <legend className="mb-2 text-sm font-medium text-slate-800">
              Icon type
              <span className="text-red-700" aria-hidden="true">
                {' '}
                *
              </span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {ICON_TYPES.map((type) => (
                <label
                  key={type}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm has-checked:border-eu-blue has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-eu-blue"
                >
                  <input type="radio" value={type} className="size-4 accent-eu-blue" aria-invalid={!!iconError} {...register('icon_type')} />
                  <span aria-hidden="true" className={`size-4 rounded-full ${ICON_TYPE_SWATCH[type]}`} />
                  {ICON_TYPE_LABELS[type]}
                </label>
              ))}
            </div>
            <FieldError id="certificate-icon" message={iconError} />
          </fieldset>
        </div>
      </Section>
      <Section id="certificate-translations" title="Translations" description="Optional. Left empty, the public site shows the English description.">
        <div className="grid gap-5 md:grid-cols-2">
          {TRANSLATIONS.map((l) => (
            <Field key={l.code} id={`certificate-description-${l.code}`} label={`Description (${l.name})`} error={translationError(errors, l.code, 'description')}>
              {(attrs) => <textarea {...attrs} lang={l.code} rows={3} className={inputClass} {...register(translationPath<CertificateInput>('', l.code, 'description'))} />}
            </Field>
          ))}
        </div>
      </Section>
    </RecordFormShell>
  );
}
