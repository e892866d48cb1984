// /admin/countries/{code}: corporate tax rate, population and EU membership of one of the fixed
// countries. An unknown code goes back to the list.
import { useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { countryInputSchema, type CountryInput, type CountryValues } from '../../../lib/schemas/country.ts';
import { api, call, failure } from '../api.ts';
import { FormActions } from '../FormActions.tsx';
import { FormLoader } from '../FormLoader.tsx';
import { NumberInput } from '../NumberInput.tsx';
import { setFlash } from '../flash.ts';
import { showServerIssues } from '../form-errors.ts';
import { usePublish } from '../publish.tsx';
import { navigate } from '../router.tsx';
import { Field, PageHeader, Section, Switch, inputClass } from '../ui.tsx';
import { Flag } from '../Flag.tsx';

const LIST = '/admin/countries';

type CountryDetail = InferResponseType<(typeof api.api.admin.countries)[':code']['$get'], 200>;

/** An unknown code goes back to the list. */
export function CountryForm({ code }: { code: string }) {
  return (
    <FormLoader
      load={(signal) => call(api.api.admin.countries[':code'].$get({ param: { code } }, { init: { signal } }))}
      deps={[code]}
      list={LIST}
      listName="Countries"
      title="Edit Country"
      loadingLabel="Loading country…"
      loadError={() => 'Failed to load countries. Please try again.'}
    >
      {(country) => <CountryEditor code={code} country={country} />}
    </FormLoader>
  );
}

function CountryEditor({ code, country: c }: { code: string; country: CountryDetail }) {
  const publish = usePublish();
  const [saveError, setSaveError] = useState<string>();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CountryInput, unknown, CountryValues>({
    resolver: zodResolver(countryInputSchema),
    defaultValues: { corporate_tax_rate: c.corporate_tax_rate ?? Number.NaN, population: c.population ?? Number.NaN, is_eu_member: c.is_eu_member },
  });

  async function onSubmit(values: CountryValues) {
    setSaveError(undefined);
    try {
      const saved = await call(api.api.admin.countries[':code'].$put({ param: { code }, json: values }));
      publish.changed();
      setFlash(`${saved.name} saved.`);
      navigate(LIST);
    } catch (error) {
      showServerIssues(error, setError, (p) => p in values);
      setSaveError(failure('Failed to save tax rate. Please try again.', error));
    }
  }

  return (
    <>
      <PageHeader
        title={
          <span className="inline-flex items-center gap-3">
            <Flag code={c.code} />
            {c.name}
          </span>
        }
        back={{ to: LIST, label: 'Back to Countries' }}
      />
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="max-w-3xl space-y-6">
        <Section
          id="country-details"
          title="Country Details"
          description={
            <>
              Code <code>{c.code}</code> · {c.region} · {c.company_count === 1 ? '1 company' : `${c.company_count} companies`}
            </>
          }
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="country-tax" label="Corporate tax rate (%)" required error={errors.corporate_tax_rate?.message} hint="0 to 100, in steps of 0.1">
              {(attrs) => <NumberInput {...attrs} control={control} name="corporate_tax_rate" empty={Number.NaN} min={0} max={100} step={0.1} inputMode="decimal" className={inputClass} />}
            </Field>
            <Field id="country-population" label="Population" required error={errors.population?.message} hint="A whole number, 0 or more">
              {(attrs) => <NumberInput {...attrs} control={control} name="population" empty={Number.NaN} min={0} step={1} inputMode="numeric" className={inputClass} />}
            </Field>
          </div>
          <div className="mt-5">
            <p className="mb-1 text-sm font-medium text-slate-800">
              EU membership
            </p>
            <Controller
              control={control}
              name="is_eu_member"
              render={({ field }) => <Switch checked={!!field.value} onChange={field.onChange} on="EU Member State" off="Not EU Member" />}
            />
            <p className="mt-2 text-sm text-slate-600">
              {c.is_eu_member && c.joined_date ? `Member since ${c.joined_date}. ` : ''}
              The joined date is set to today when a country becomes a member, and cleared when it is not one.
            </p>
          </div>
        </Section>
        <FormActions saving={isSubmitting} cancelTo={LIST} error={saveError} invalid={Object.keys(errors).length > 0} />
      </form>
    </>
  );
}
