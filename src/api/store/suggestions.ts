// Visitors' suggestions: stored as sent (plain text), listed for editors, accepted or rejected. A
// suggestion changes nothing public by itself; accepting one only records that an editor took it on
// (the editor then edits the company through the usual form, which has its own change_log rows).
// Handling is itself recorded in change_log: entity 'suggestion', action 'update', before/after
// { status, reason, handled_by, handled_at }.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import { SUGGESTION_STATUSES } from '../../../db/enums.ts';
import type { SuggestionInput } from '../../lib/schemas/suggestion.ts';
import { conflict, notFound } from '../errors.ts';
import { writeTransaction } from '../write-lock.ts';
import type { WriteContext } from './change-log.ts';

export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** Per client address: at most `max` stored suggestions per `windowMs`. */
export const SUGGESTION_RATE = { max: 5, windowMs: 60 * 60 * 1000 } as const;

/** The company a visitor named: its slug, else its name (case-insensitive) when exactly one has it. */
export async function resolveCompany(db: Executor, named: string): Promise<{ id: number; name: string; slug: string } | undefined> {
  const cols = { id: t.company.id, name: t.company.name, slug: t.company.slug };
  const [bySlug] = await db.select(cols).from(t.company).where(eq(t.company.slug, named.toLowerCase()));
  if (bySlug) return bySlug;
  const byName = await db.select(cols).from(t.company).where(sql`lower(${t.company.name}) = ${named.toLowerCase()}`).limit(2);
  return byName.length === 1 ? byName[0] : undefined;
}

/**
 * Counts one suggestion against the address's hourly quota, in the auth_throttle table (key
 * "suggest:<hash of the address>", failures = count in the window, last_failure_at = window start),
 * so it holds across processes and on Cloudflare. Returns 0 when allowed, else ms until the next one.
 */
export async function takeSuggestionQuota(db: Db, addressKey: string, now: number): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const [row] = await tx.select().from(t.authThrottle).where(eq(t.authThrottle.key, addressKey));
    const fresh = !row || now - row.lastFailureAt >= SUGGESTION_RATE.windowMs;
    if (!fresh && row.failures >= SUGGESTION_RATE.max) return row.lastFailureAt + SUGGESTION_RATE.windowMs - now;
    const values = fresh ? { failures: 1, lastFailureAt: now } : { failures: row.failures + 1, lastFailureAt: row.lastFailureAt };
    await tx
      .insert(t.authThrottle)
      .values({ key: addressKey, ...values })
      .onConflictDoUpdate({ target: t.authThrottle.key, set: values });
    return 0;
  });
}

export async function createSuggestion(db: Db, input: SuggestionInput, now: Date): Promise<{ id: number; kind: 'correction' | 'new_company' }> {
  const company = await resolveCompany(db, input.company);
  const kind = company ? ('correction' as const) : ('new_company' as const);
  const [row] = await db
    .insert(t.suggestion)
    .values({
      kind,
      companyId: company?.id ?? null,
      companyName: company?.name ?? input.company,
      message: input.message,
      evidenceUrl: input.evidence_url,
      email: input.email || null,
      lang: input.lang,
      createdAt: now.toISOString(),
    })
    .returning({ id: t.suggestion.id });
  return { id: row.id, kind };
}

const listColumns = {
  id: t.suggestion.id,
  kind: t.suggestion.kind,
  company_id: t.suggestion.companyId,
  company_name: t.suggestion.companyName,
  company_slug: t.company.slug,
  message: t.suggestion.message,
  evidence_url: t.suggestion.evidenceUrl,
  email: t.suggestion.email,
  lang: t.suggestion.lang,
  status: t.suggestion.status,
  reason: t.suggestion.reason,
  created_at: t.suggestion.createdAt,
  handled_by: t.suggestion.handledBy,
  handled_at: t.suggestion.handledAt,
};

export type SuggestionItem = {
  id: number;
  kind: 'correction' | 'new_company';
  company_id: number | null;
  company_name: string | null;
  company_slug: string | null;
  message: string;
  evidence_url: string;
  email: string | null;
  lang: string;
  status: SuggestionStatus;
  reason: string | null;
  created_at: string;
  handled_by: string | null;
  handled_at: string | null;
};

/** One page of suggestions with one status: new ones oldest first (a queue), handled ones newest first. */
export async function listSuggestions(db: Executor, q: { status: SuggestionStatus; page: number; per_page: number }) {
  const where = eq(t.suggestion.status, q.status);
  const [{ total }] = await db.select({ total: count() }).from(t.suggestion).where(where);
  const order = q.status === 'new' ? [t.suggestion.createdAt, t.suggestion.id] : [desc(t.suggestion.handledAt), desc(t.suggestion.id)];
  const items: SuggestionItem[] = await db
    .select(listColumns)
    .from(t.suggestion)
    .leftJoin(t.company, eq(t.company.id, t.suggestion.companyId))
    .where(where)
    .orderBy(...order)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const counts = Object.fromEntries(SUGGESTION_STATUSES.map((s) => [s, 0])) as Record<SuggestionStatus, number>;
  for (const r of await db.select({ status: t.suggestion.status, n: count() }).from(t.suggestion).groupBy(t.suggestion.status)) counts[r.status] = r.n;
  return { items, total, page: q.page, per_page: q.per_page, counts };
}

export async function getSuggestion(db: Executor, id: number): Promise<SuggestionItem | undefined> {
  const [row] = await db.select(listColumns).from(t.suggestion).leftJoin(t.company, eq(t.company.id, t.suggestion.companyId)).where(eq(t.suggestion.id, id));
  return row;
}

/** Accepts or rejects a new suggestion (409 when someone handled it already) and logs it. */
export async function handleSuggestion(db: Db, id: number, next: { status: 'accepted' | 'rejected'; reason: string | null }, w: WriteContext): Promise<SuggestionItem> {
  await writeTransaction(db, async (tx) => {
    const [row] = await tx.select().from(t.suggestion).where(eq(t.suggestion.id, id));
    if (!row) throw notFound('Suggestion');
    if (row.status !== 'new') throw conflict(`This suggestion was already ${row.status} by ${row.handledBy ?? 'an editor'}.`);
    const handledAt = w.now.toISOString();
    const updated = await tx
      .update(t.suggestion)
      .set({ status: next.status, reason: next.reason, handledBy: w.actor.email, handledAt })
      .where(and(eq(t.suggestion.id, id), eq(t.suggestion.status, 'new')))
      .returning({ id: t.suggestion.id });
    if (updated.length === 0) throw conflict('This suggestion was handled by someone else meanwhile.');
    const state = (s: { status: string; reason: string | null; handledBy: string | null; handledAt: string | null }) => ({
      name: `Suggestion #${id}`,
      kind: row.kind,
      company: row.companyName,
      company_id: row.companyId,
      status: s.status,
      reason: s.reason,
      handled_by: s.handledBy,
      handled_at: s.handledAt,
    });
    await tx.insert(t.change).values({
      createdAt: handledAt,
      adminId: w.actor.id,
      adminEmail: w.actor.email,
      entity: 'suggestion',
      entityId: id,
      label: `Suggestion #${id}: ${row.companyName ?? 'company'} (${next.status})`.slice(0, 300),
      action: 'update',
      before: state(row),
      after: state({ status: next.status, reason: next.reason, handledBy: w.actor.email, handledAt }),
    });
  });
  return (await getSuggestion(db, id))!;
}
