// The decision facts of a product (docs/data-model.md, "Products"): each stays "not verified" (null)
// until a source backs it; the public table then reads "not verified", never "no".
import { Controller, useFormContext } from 'react-hook-form';
import { HOSTING_REGIONS, PLATFORMS, PRICING_MODELS } from '../../../../../db/enums.ts';
import type { ProductFormInput } from '../../../../lib/schemas/product.ts';
import { NumberInput } from '../../NumberInput.tsx';
import { CheckboxChips, Field, FieldError, Section, describedBy, inputClass } from '../../ui.tsx';
import { HOSTING_LABELS } from '../company/labels.ts';
import { LicenceInput, ListInput, NullableSelect, YES_NO, firstMessage } from './inputs.tsx';

const PRICING_LABELS: Record<(typeof PRICING_MODELS)[number], string> = { free: 'Free', freemium: 'Freemium (free plan and paid plans)', paid: 'Paid only' };
const PLATFORM_LABELS: Record<(typeof PLATFORMS)[number], string> = { web: 'Web', android: 'Android', ios: 'iOS', windows: 'Windows', macos: 'macOS', linux: 'Linux' };

export function FactsSection() {
  const {
    control,
    formState: { errors },
  } = useFormContext<ProductFormInput>();
  const platformsError = firstMessage(errors.platforms);

  return (
    <Section id="product-facts" title="Decision facts" description="Only what a source below confirms; leave the rest “Not verified”.">
      <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        <Field id="product-pricing" label="Pricing model" error={errors.pricing?.message}>
          {(attrs) => (
            <Controller
              control={control}
              name="pricing"
              render={({ field }) => (
                <NullableSelect attrs={attrs} value={field.value} onChange={field.onChange} onBlur={field.onBlur} options={PRICING_MODELS.map((p) => ({ value: p, label: PRICING_LABELS[p] }))} />
              )}
            />
          )}
        </Field>
        <Field id="product-price" label="Cheapest paid plan (€ per month)" error={errors.price_from_eur?.message} hint="Empty when there is none or it is not public.">
          {(attrs) => <NumberInput {...attrs} control={control} name="price_from_eur" empty={null} min={0} step={0.01} inputMode="decimal" className={inputClass} />}
        </Field>
        <Field id="product-licence" label="Licence" error={errors.licence?.message}>
          {(attrs) => (
            <Controller
              control={control}
              name="licence"
              render={({ field }) => (
                <LicenceInput id={attrs.id} value={field.value} onChange={field.onChange} invalid={attrs['aria-invalid']} describedBy={attrs['aria-describedby']} />
              )}
            />
          )}
        </Field>
        <Field id="product-self-hostable" label="Self-hostable" error={errors.self_hostable?.message}>
          {(attrs) => (
            <Controller
              control={control}
              name="self_hostable"
              render={({ field }) => <NullableSelect attrs={attrs} value={field.value} onChange={field.onChange} onBlur={field.onBlur} options={YES_NO} />}
            />
          )}
        </Field>
        <Field id="product-e2ee" label="End-to-end encryption" error={errors.e2ee?.message}>
          {(attrs) => (
            <Controller
              control={control}
              name="e2ee"
              render={({ field }) => <NullableSelect attrs={attrs} value={field.value} onChange={field.onChange} onBlur={field.onBlur} options={YES_NO} />}
            />
          )}
        </Field>
        <Field id="product-data-location" label="Where data is stored" error={errors.data_location?.message}>
          {(attrs) => (
            <Controller
              control={control}
              name="data_location"
              render={({ field }) => (
                <NullableSelect
                  attrs={attrs}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={HOSTING_REGIONS.map((r) => ({ value: r, label: HOSTING_LABELS[r] }))}
                />
              )}
            />
          )}
        </Field>
        <Field
          id="product-interface-languages"
          label="Interface languages"
          error={firstMessage(errors.interface_languages)}
          hint="Language codes separated by commas, e.g. en, de, fr. Empty: not verified."
          className="md:col-span-2"
        >
          {(attrs) => (
            <Controller
              control={control}
              name="interface_languages"
              render={({ field }) => <ListInput attrs={attrs} value={field.value} onChange={field.onChange} onBlur={field.onBlur} empty={null} placeholder="en, de, fr" />}
            />
          )}
        </Field>
      </div>
      <fieldset className="mt-6" aria-describedby={describedBy('product-platforms', true, !!platformsError)}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Platforms</legend>
        <Controller
          control={control}
          name="platforms"
          render={({ field }) => {
            const selected = new Set(field.value ?? []);
            return (
              <CheckboxChips
                options={PLATFORMS}
                label={(p) => PLATFORM_LABELS[p]}
                checked={(p) => selected.has(p)}
                onToggle={(p, on) => {
                  const next = PLATFORMS.filter((x) => (x === p ? on : selected.has(x)));
                  field.onChange(next.length ? next : null);
                }}
                className="py-1.5 max-sm:min-h-11"
              />
            );
          }}
        />
        <p id="product-platforms-hint" className="mt-1 text-xs text-slate-500">
          None ticked: not verified.
        </p>
        <FieldError id="product-platforms" message={platformsError} />
      </fieldset>
    </Section>
  );
}
