// Field differences between two versions of a record in the export format (the change log's
// before/after, an import's stored and incoming record). Shared by the API (revert conflicts, import
// dry runs) and the admin's history, so "changed" means the same everywhere.

/** JSON with object keys sorted, so key order never counts as a change. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Top-level fields whose value differs (missing, null and undefined count as the same "empty"). */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = asRecord(before);
  const a = asRecord(after);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => canonicalJson(b[k] ?? null) !== canonicalJson(a[k] ?? null));
}

/**
 * Whether `current` is still the record `expected` describes: compared on the fields `expected` has
 * (an older log row may lack a field added to the snapshot later). Both null: both absent.
 */
export function sameRecord(current: unknown, expected: unknown): boolean {
  if (expected === null || expected === undefined) return current === null || current === undefined;
  if (current === null || current === undefined) return false;
  const e = asRecord(expected);
  const c = asRecord(current);
  return Object.keys(e).every((k) => canonicalJson(c[k] ?? null) === canonicalJson(e[k] ?? null));
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Each changed top-level field with its value before and after. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  return changedFields(before, after).map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}

/** A list item of a nested list (fines, sources, certifications…) in one readable line. */
export function itemLabel(item: unknown): string {
  if (item === null || item === undefined) return '—';
  if (typeof item !== 'object') return String(item);
  const r = item as Record<string, unknown>;
  // Fines: who, when, how much, status; sources: title and URL; others: name / slug / url.
  if ('announcement_url' in r || ('amount' in r && 'date' in r)) {
    const amount = typeof r.amount === 'number' ? `${r.amount.toLocaleString('en')} ${r.currency ?? 'EUR'}` : '';
    return [r.body, r.date, amount, r.status].filter(Boolean).join(' · ');
  }
  if ('url' in r && 'facts' in r) return [r.title || r.url, Array.isArray(r.facts) && r.facts.length ? `(${r.facts.join(', ')})` : ''].filter(Boolean).join(' ');
  if ('name' in r && 'status' in r && 'valid_from' in r) return `${r.name} (${r.status}, from ${r.valid_from}${r.valid_until ? ` until ${r.valid_until}` : ''})`;
  for (const key of ['name', 'slug', 'product', 'url', 'title']) if (typeof r[key] === 'string') return r[key] as string;
  return canonicalJson(item);
}

/** What a list field gained and lost (compared as whole items). */
export function listDiff(before: unknown, after: unknown): { added: unknown[]; removed: unknown[] } {
  const b = Array.isArray(before) ? before : [];
  const a = Array.isArray(after) ? after : [];
  const bs = new Set(b.map(canonicalJson));
  const as = new Set(a.map(canonicalJson));
  return { added: a.filter((x) => !bs.has(canonicalJson(x))), removed: b.filter((x) => !as.has(canonicalJson(x))) };
}
