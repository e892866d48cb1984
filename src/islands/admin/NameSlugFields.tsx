// Name and slug of a company or product: the slug follows the name (slugified) until it is edited by
// hand; for a stored record it never follows, since changing it moves the public address.
import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { slugify } from '../../lib/schemas/common.ts';
import { Field, inputClass } from './ui.tsx';

/** Inside the form's FormProvider; ids `<prefix>-name` and `<prefix>-slug`. */
export function NameSlugFields({ prefix, editing }: { prefix: string; editing: boolean }) {
  const {
    register,
    setValue,
    formState: { errors },
  } = useFormContext<{ name: string; slug: string }>();
  const handSlug = useRef(editing);
  return (
    <>
      <Field id={`${prefix}-name`} label="Name" required error={errors.name?.message}>
        {(attrs) => (
          <input
            {...attrs}
            type="text"
            className={inputClass}
            {...register('name', {
              onChange: (e) => {
                if (!handSlug.current) setValue('slug', slugify(e.target.value), { shouldValidate: errors.slug !== undefined });
              },
            })}
          />
        )}
      </Field>
      <Field id={`${prefix}-slug`} label="Slug" required error={errors.slug?.message} hint={editing ? 'Part of the public address.' : 'Follows the name until you edit it.'}>
        {(attrs) => <input {...attrs} type="text" className={`${inputClass} font-mono`} {...register('slug', { onChange: () => (handSlug.current = true) })} />}
      </Field>
    </>
  );
}
