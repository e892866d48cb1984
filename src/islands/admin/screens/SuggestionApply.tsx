// /admin/suggestions/{id}/apply: an accepted suggestion beside the company form. A correction opens the
// company's edit form; a new company opens the new-company form with the name and the evidence as a
// source already filled in (its facts and date are left for the editor to check). The save is the
// usual company save (its own change-log row); the acceptance itself was recorded when accepting.
import { slugify } from '../../../lib/schemas/common.ts';
import { api, call, failure } from '../api.ts';
import { Link } from '../router.tsx';
import { ErrorBox, Spinner, focusRing } from '../ui.tsx';
import { useLoad } from '../use-load.ts';
import { CompanyForm } from './CompanyForm.tsx';
import { SuggestionDetails, SuggestionTitle, type SuggestionView } from './Suggestions.tsx';

export function SuggestionApply({ id }: { id: string }) {
  const data = useLoad((signal) => call(api.api.suggestions[':id'].$get({ param: { id } }, { init: { signal } })), [id]);
  if (data.status === 'loading') return <Spinner label="Loading suggestion…" />;
  if (data.status === 'error') return <ErrorBox message={failure('Failed to load the suggestion.', data.error)} onRetry={data.reload} />;
  const s = data.data as SuggestionView;
  const name = s.company_name ?? '';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <aside className="h-fit rounded-xl border border-amber-200 bg-amber-50 p-4 lg:sticky lg:top-4 lg:order-2" aria-labelledby="suggestion-aside-title" data-suggestion-aside>
        <h2 id="suggestion-aside-title" className="mb-2 text-base font-semibold text-slate-900">
          Suggestion #{s.id} ({s.status})
        </h2>
        <div className="mb-3">
          <SuggestionTitle s={s} />
        </div>
        <SuggestionDetails s={s} />
        <p className="mt-3 text-sm">
          <Link to="/admin/suggestions" className={`rounded font-medium text-eu-blue hover:underline ${focusRing}`}>
            Back to Suggestions
          </Link>
        </p>
      </aside>
      <div className="min-w-0 lg:order-1">
        {s.company_id !== null ? (
          <CompanyForm key={`edit-${s.company_id}`} id={String(s.company_id)} />
        ) : (
          <CompanyForm
            key={`new-${s.id}`}
            prefill={{ name, slug: slugify(name), sources: [{ url: s.evidence_url, title: '', facts: [], verified_at: '' }] }}
          />
        )}
      </div>
    </div>
  );
}
