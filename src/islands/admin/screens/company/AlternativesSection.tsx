// Alternatives of a company, both ways: the companies that are alternatives to it, and the companies it
// is an alternative to. The save sends only what was added and removed here (the score is computed
// from facts when the site is built).
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { CompanyFormInput } from '../../../../lib/schemas/company.ts';
import { Flag } from '../../Flag.tsx';
import { api, call } from '../../api.ts';
import { SearchPicker } from '../../SearchPicker.tsx';
import { Button, FieldError, Section } from '../../ui.tsx';
import type { CompanyOption } from './types.ts';

/** asked of the server per search: a few more than shown, as linked ones and the company itself are left out */
const SEARCH_PER_PAGE = 10;

/** Companies whose name or slug contains the query, searched on the server. */
const searchCompanies = async (q: string, signal: AbortSignal): Promise<CompanyOption[]> =>
  (await call(api.api.admin.companies.$get({ query: { q, per_page: String(SEARCH_PER_PAGE) } }, { init: { signal } }))).items.map((c) => ({ id: c.id, name: c.name, country: c.country }));

/** A search box listing matching companies as buttons; Enter picks the first one. */
function CompanyPicker({ label, exclude, onPick }: { label: string; exclude: (id: number) => boolean; onPick: (c: CompanyOption) => void }) {
  return (
    <SearchPicker
      label={label}
      placeholder="Type a company name, Enter adds the first match"
      noun="companies"
      search={searchCompanies}
      keyOf={(c) => c.id}
      exclude={(c) => exclude(c.id)}
      onPick={onPick}
      option={(c) => (
        <>
          <span aria-hidden="true">+ </span>
          <Flag code={c.country} />
          {c.name}
        </>
      )}
      optionHint={(c) => ` (${c.country}), add`}
    />
  );
}

function LinkList({
  name,
  title,
  pickLabel,
  companies,
  selfId,
  onKnown,
}: {
  name: 'alternatives' | 'alternative_to';
  title: string;
  pickLabel: string;
  companies: Map<number, CompanyOption>;
  selfId: number | undefined;
  onKnown: (c: CompanyOption) => void;
}) {
  const {
    control,
    formState: { errors },
  } = useFormContext<CompanyFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name, keyName: 'key' });
  const chosen = new Set(fields.map((f) => f.company_id));
  const listErrors = errors[name];

  return (
    <div data-link-list={name}>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {fields.map((row, i) => {
            const c = companies.get(row.company_id);
            const errorId = `${name}-${i}`;
            const error = listErrors?.[i]?.company_id?.message ?? listErrors?.[i]?.message;
            const companyName = c?.name ?? `Company #${row.company_id}`;
            return (
              <li key={row.key} className="flex flex-wrap items-center gap-3 px-3 py-2" data-linked-company={companyName}>
                <span className="min-w-40 flex-1 font-medium text-slate-900">
                  <Flag code={c?.country} />{' '}
                  {companyName}
                  <span className="ml-1 text-sm font-normal text-slate-500">{c?.country}</span>
                </span>
                <Button variant="remove" onClick={() => remove(i)} aria-label={`Remove ${companyName}`}>
                  Remove
                </Button>
                <div className="basis-full empty:hidden">
                  <FieldError id={errorId} message={error} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <CompanyPicker
        label={pickLabel}
        exclude={(cid) => cid === selfId || chosen.has(cid)}
        onPick={(c) => {
          onKnown(c);
          append({ company_id: c.id }, { shouldFocus: false });
        }}
      />
    </div>
  );
}

export function AlternativesSection({ companies, selfId }: { companies: CompanyOption[]; selfId: number | undefined }) {
  // Names of the linked companies: those loaded with the company plus those picked here.
  const [byId, setById] = useState(() => new Map(companies.map((c) => [c.id, c])));
  const onKnown = (c: CompanyOption) => setById((m) => (m.has(c.id) ? m : new Map(m).set(c.id, c)));
  return (
    <Section
      id="company-alternatives"
      title="Alternatives"
      description="Saving adds and removes only the links changed here; links someone else made meanwhile stay."
    >
      <div className="grid gap-8 lg:grid-cols-2">
        <LinkList name="alternatives" title="Alternatives to this company" pickLabel="Add an alternative" companies={byId} selfId={selfId} onKnown={onKnown} />
        <LinkList name="alternative_to" title="This company is an alternative to" pickLabel="Add a company it replaces" companies={byId} selfId={selfId} onKnown={onKnown} />
      </div>
    </Section>
  );
}
