// A list of change-log entries: who, when, which record, what happened, and each changed field before →
// after (lists like fines and sources as items added and removed). Every entry can be reverted after a
// confirmation; a refusal (the record changed since) is shown in the dialog as the server says it.
import { useState } from 'react';
import { canonicalJson, fieldChanges, itemLabel, listDiff } from '../../../lib/change-diff.ts';
import { api, call, failure } from '../api.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { usePublish } from '../publish.tsx';
import { Link } from '../router.tsx';
import { Button, plural } from '../ui.tsx';

export interface Change {
  id: number;
  created_at: string;
  admin_email: string | null;
  entity: string;
  entity_id: number | null;
  label: string;
  action: string;
  before: unknown;
  after: unknown;
  /** for a revert: the change it undid */
  reverts_change_id?: number | null;
  reverts?: { id: number; action: string; admin_email: string | null; created_at: string } | null;
}

export const ACTIONS: Record<string, string> = { create: 'Created', update: 'Changed', delete: 'Deleted', import: 'Imported', revert: 'Reverted' };
const NOUNS: Record<string, string> = { company: 'Company', category: 'Category', certification: 'Certificate', product: 'Product', guide: 'Guide', suggestion: 'Suggestion' };
/** Records whose changes can be undone here (a suggestion's handling is undone by editing the record). */
const REVERTIBLE = new Set(['company', 'category', 'certification', 'product', 'guide']);
const PATHS: Record<string, string> = { company: '/admin/companies', category: '/admin/categories', certification: '/admin/certificates', product: '/admin/products', guide: '/admin/guides' };
const FIELD_LABELS: Record<string, string> = {
  eu_fines: 'fines',
  alternative_to: 'alternative to',
  alternatives: 'alternatives',
  website_url: 'website',
  founded_year: 'founded year',
  employee_count: 'employees',
  owner_kind: 'owner kind',
  owner_name: 'owner',
  owner_country: 'owner country',
  owner_since: 'owner since',
  legal_name: 'legal name',
  logo_url: 'logo URL',
  image_url: 'image URL',
  icon_type: 'icon type',
  is_unicorn: 'unicorn',
  double_irish: 'double Irish',
  price_from_eur: 'cheapest plan (€)',
  e2ee: 'end-to-end encryption',
};
const label = (field: string) => FIELD_LABELS[field] ?? field.replace(/_/g, ' ');

export const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return canonicalJson(value);
  return String(value);
}

function Value({ value, tone }: { value: unknown; tone: 'old' | 'new' }) {
  const text = show(value);
  const short = text.length > 160 ? `${text.slice(0, 157)}…` : text;
  return (
    <span title={text !== short ? text : undefined} className={tone === 'old' ? 'text-red-800 line-through decoration-red-300' : 'text-green-900'}>
      {short}
    </span>
  );
}

/** One changed field: lists as + / − items, translations per language, the rest old → new. */
function FieldDiff({ field, before, after }: { field: string; before: unknown; after: unknown }) {
  if (Array.isArray(before) || Array.isArray(after)) {
    const { added, removed } = listDiff(before, after);
    return (
      <div>
        <span className="font-medium text-slate-800">{label(field)}</span>
        <ul className="mt-0.5 space-y-0.5 pl-3">
          {removed.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of one change, never reordered
            <li key={`r${i}`}>
              <span aria-hidden="true" className="mr-1 font-bold text-red-700">−</span>
              <span className="sr-only">removed: </span>
              <span className="text-red-800">{itemLabel(item)}</span>
            </li>
          ))}
          {added.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of one change, never reordered
            <li key={`a${i}`}>
              <span aria-hidden="true" className="mr-1 font-bold text-green-700">+</span>
              <span className="sr-only">added: </span>
              <span className="text-green-900">{itemLabel(item)}</span>
            </li>
          ))}
          {!added.length && !removed.length && <li className="text-slate-600">order or details changed</li>}
        </ul>
      </div>
    );
  }
  if (field === 'translations' && typeof before === 'object' && typeof after === 'object') {
    const b = (before ?? {}) as Record<string, Record<string, unknown>>;
    const a = (after ?? {}) as Record<string, Record<string, unknown>>;
    const rows = [...new Set([...Object.keys(b), ...Object.keys(a)])].flatMap((lang) =>
      fieldChanges(b[lang], a[lang]).map((c) => ({ key: `${lang}.${c.field}`, name: `${c.field} (${lang})`, ...c })),
    );
    return (
      <>
        {rows.map((r) => (
          <div key={r.key}>
            <span className="font-medium text-slate-800">{label(r.name)}</span>: <Value value={r.before} tone="old" /> <span aria-hidden="true">→</span>
            <span className="sr-only">changed to</span>{' '}
            <Value value={r.after} tone="new" />
          </div>
        ))}
      </>
    );
  }
  return (
    <div>
      <span className="font-medium text-slate-800">{label(field)}</span>: <Value value={before} tone="old" /> <span aria-hidden="true">→</span>
      <span className="sr-only">changed to</span>{' '}
      <Value value={after} tone="new" />
    </div>
  );
}

/** "with 2 fines, 1 source, 3 alternatives" for a created or deleted record. */
function contents(record: unknown): string {
  if (!record || typeof record !== 'object') return '';
  const r = record as Record<string, unknown>;
  const parts = (
    [
      ['eu_fines', 'fine', 'fines'],
      ['sources', 'source', 'sources'],
      ['certifications', 'certification', 'certifications'],
      ['alternatives', 'alternative', 'alternatives'],
      ['alternative_to', 'link from another company', 'links from other companies'],
      ['products', 'product', 'products'],
      ['subcategories', 'subcategory', 'subcategories'],
    ] as const
  ).flatMap(([key, one, many]) => (Array.isArray(r[key]) && (r[key] as unknown[]).length ? [plural((r[key] as unknown[]).length, one, many)] : []));
  return parts.length ? `with ${parts.join(', ')}` : '';
}

function ChangeDetails({ change }: { change: Change }) {
  if (change.before === null || change.after === null) {
    const text = contents(change.before ?? change.after);
    return text ? <p className="text-slate-600">{text}</p> : null;
  }
  const fields = fieldChanges(change.before, change.after).filter((f) => f.field !== 'created_at');
  if (!fields.length) return <p className="text-slate-600">No field changed.</p>;
  return (
    <div className="space-y-1 break-words">
      {fields.map((f) => (
        <FieldDiff key={f.field} {...f} />
      ))}
    </div>
  );
}

function revertQuestion(c: Change): string {
  const noun = (NOUNS[c.entity] ?? 'record').toLowerCase();
  if (c.before === null) return `This deletes the ${noun} “${c.label}”, which this change created.`;
  if (c.after === null) return `This restores the ${noun} “${c.label}” ${contents(c.before) || ''}`.trim() + '.';
  return `This puts the ${noun} “${c.label}” back as it was before this change; the fields listed go back to their earlier values.`;
}

interface Props {
  changes: Change[];
  /** show which record each entry is about (the History screen; not a record's own history) */
  showRecord?: boolean;
  onReverted: (message: string) => void;
}

export function HistoryChanges({ changes, showRecord, onReverted }: Props) {
  const publish = usePublish();
  const [target, setTarget] = useState<Change>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function revert() {
    if (!target) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await call(api.api.changes[':id'].revert.$post({ param: { id: String(target.id) } }));
      publish.changed();
      setTarget(undefined);
      onReverted(result.message);
    } catch (e) {
      setError(failure('The change was not reverted.', e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-history>
        {changes.map((c) => (
          <li key={c.id} className="grid gap-2 px-3 py-3 sm:grid-cols-[1fr_auto] sm:gap-4" data-change={c.id}>
            <div className="min-w-0 space-y-1">
              <p>
                <span className="font-semibold text-slate-900">{ACTIONS[c.action] ?? c.action}</span>
                {showRecord && (
                  <>
                    {' '}
                    <span className="text-slate-600">{(NOUNS[c.entity] ?? c.entity).toLowerCase()}</span>{' '}
                    {c.entity_id !== null && PATHS[c.entity] ? (
                      <Link to={`${PATHS[c.entity]}/${c.entity_id}`} className="font-medium text-eu-blue hover:underline">
                        {c.label}
                      </Link>
                    ) : (
                      <span className="font-medium">{c.label}</span>
                    )}
                  </>
                )}{' '}
                <span className="text-slate-700">by {c.admin_email ?? 'a removed admin'}</span>{' '}
                <time dateTime={c.created_at} className="whitespace-nowrap text-slate-500">
                  {when(c.created_at)}
                </time>
                {c.reverts && (
                  <>
                    {' '}
                    <span className="text-slate-600" data-reverts={c.reverts.id}>
                      — undid “{(ACTIONS[c.reverts.action] ?? c.reverts.action).toLowerCase()}” by {c.reverts.admin_email ?? 'a removed admin'}, {when(c.reverts.created_at)}
                    </span>
                  </>
                )}
              </p>
              <ChangeDetails change={c} />
            </div>
            {c.entity_id !== null && REVERTIBLE.has(c.entity) && (
              <div>
                <Button className="!px-3 !py-1.5" onClick={() => {
                    setError(undefined);
                    setTarget(c);
                  }} aria-label={`Revert: ${ACTIONS[c.action] ?? c.action} ${c.label}, ${when(c.created_at)}`}>
                  Revert…
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={!!target}
        title="Revert this change?"
        confirmLabel="Revert change"
        busy={busy}
        error={error}
        onConfirm={() => void revert()}
        onCancel={() => setTarget(undefined)}
      >
        {target && (
          <>
            <p>
              {ACTIONS[target.action] ?? target.action} by {target.admin_email ?? 'a removed admin'}, {when(target.created_at)}.
            </p>
            <p>{revertQuestion(target)}</p>
            <p>The revert is recorded in the history and can itself be reverted.</p>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
