// The change log: every write through the API records who did what to which record, with the record's
// export-format JSON before and after, in the transaction of the write itself (a failed write leaves no
// row). It feeds the admin's history and the "someone else changed this" message of a stale save.
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import { exportCategories, exportCertificates, exportCompanies, exportGuides } from '../import-export/export.ts';
import type { ChangeAction } from '../../../db/enums.ts';
import type { Executor } from '../../../db/executor.ts';
import { productSnapshot } from './product-snapshot.ts';

/** The kinds of record the log knows. */
export const CHANGE_ENTITIES = ['company', 'category', 'certification', 'guide', 'product'] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

/** Who writes and when: every store write takes one. */
export interface WriteContext {
  actor: { id: number; email: string };
  now: Date;
}

export interface ChangeEntry {
  entity: ChangeEntity;
  entityId: number | null;
  label: string;
  action: ChangeAction;
  before: unknown;
  after: unknown;
  /** for a revert: the change it undid */
  revertsChangeId?: number;
}

export async function logChange(tx: Executor, w: WriteContext, e: ChangeEntry): Promise<void> {
  await logChanges(tx, w, [e]);
}

/** Several change_log rows in few statements (an import: one round trip per 50 rows, not per record). */
export async function logChanges(tx: Executor, w: WriteContext, entries: ChangeEntry[]): Promise<void> {
  const rows = entries.map((e) => ({
    createdAt: w.now.toISOString(),
    adminId: w.actor.id,
    adminEmail: w.actor.email,
    entity: e.entity,
    entityId: e.entityId,
    label: e.label.slice(0, 300),
    action: e.action,
    before: e.before ?? null,
    after: e.after ?? null,
    revertsChangeId: e.revertsChangeId ?? null,
  }));
  for (let i = 0; i < rows.length; i += 50) await tx.insert(t.change).values(rows.slice(i, i + 50));
}

export const CHANGES_PER_PAGE = 50;

export interface ChangeQuery {
  entity?: ChangeEntity;
  entityId?: number;
  /** the editor's email (exact, case-insensitive) */
  admin?: string;
  /** record name contains (case-insensitive) */
  q?: string;
  /** YYYY-MM-DD, inclusive, UTC days */
  from?: string;
  to?: string;
  page: number;
}

/** Changes newest first, filtered by kind of record, record, editor, name and day range, with the total count. */
export async function listChanges(db: Executor, q: ChangeQuery) {
  const filters: SQL[] = [];
  if (q.entity) filters.push(eq(t.change.entity, q.entity));
  if (q.entityId !== undefined) filters.push(eq(t.change.entityId, q.entityId));
  if (q.admin) filters.push(sql`lower(${t.change.adminEmail}) = ${q.admin.toLowerCase()}`);
  if (q.q) filters.push(sql`instr(lower(${t.change.label}), ${q.q.toLowerCase()}) > 0`);
  if (q.from) filters.push(gte(t.change.createdAt, q.from));
  if (q.to) filters.push(lt(t.change.createdAt, nextDay(q.to)));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(t.change).where(where);
  const rows = await db
    .select()
    .from(t.change)
    .where(where)
    .orderBy(desc(t.change.id))
    .limit(CHANGES_PER_PAGE)
    .offset((q.page - 1) * CHANGES_PER_PAGE);
  // A revert names the change it undid (who made it and when), so the list reads without ids.
  const undone = rows.map((r) => r.revertsChangeId).filter((id): id is number => id !== null);
  const undoneRows = undone.length
    ? await db.select({ id: t.change.id, action: t.change.action, adminEmail: t.change.adminEmail, createdAt: t.change.createdAt }).from(t.change).where(inArray(t.change.id, undone))
    : [];
  const byId = new Map(undoneRows.map((r) => [r.id, { id: r.id, action: r.action, admin_email: r.adminEmail, created_at: r.createdAt }]));
  return {
    total,
    page: q.page,
    per_page: CHANGES_PER_PAGE,
    changes: rows.map((r) => ({ ...changeJson(r), reverts: r.revertsChangeId === null ? null : (byId.get(r.revertsChangeId) ?? null) })),
  };
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

export function changeJson(r: typeof t.change.$inferSelect) {
  return {
    id: r.id,
    created_at: r.createdAt,
    admin_id: r.adminId,
    admin_email: r.adminEmail,
    entity: r.entity,
    entity_id: r.entityId,
    label: r.label,
    action: r.action,
    before: r.before as unknown,
    after: r.after as unknown,
    reverts_change_id: r.revertsChangeId,
  };
}

/** Everyone who has a change in the log, for the History screen's editor filter. */
export async function changeEditors(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: t.change.adminEmail })
    .from(t.change)
    .where(sql`${t.change.adminEmail} is not null`)
    .orderBy(asc(t.change.adminEmail));
  return rows.map((r) => r.email!).filter(Boolean);
}

/** A record as the change log stores it: its export record (a guide has a title instead of a name). */
export type Snapshot = { name?: string; title?: string } & Record<string, unknown>;

/**
 * The record as the change log stores it (its export record), or null when it does not exist. A company
 * also lists the companies that name it as their alternative (alternative_to), so a deleted company can
 * be restored with the links that pointed at it.
 */
export async function recordSnapshot(tx: Executor, entity: ChangeEntity, id: number): Promise<Snapshot | null> {
  if (entity === 'category') return (await exportCategories(tx, [id]))[0] ?? null;
  if (entity === 'certification') return (await exportCertificates(tx, [id]))[0] ?? null;
  if (entity === 'guide') return (await exportGuides(tx, [id]))[0] ?? null;
  if (entity === 'product') return productSnapshot(tx, id);
  const record = (await exportCompanies(tx, [id]))[0];
  if (!record) return null;
  const from = await tx
    .select({ slug: t.company.slug })
    .from(t.alternative)
    .innerJoin(t.company, eq(t.company.id, t.alternative.companyId))
    .where(eq(t.alternative.alternativeId, id));
  return { ...record, alternative_to: from.map((r) => ({ slug: r.slug })).sort((a, b) => a.slug.localeCompare(b.slug)) };
}

/** The latest change of one record (who and when), if any. */
export async function lastChange(db: Executor, entity: ChangeEntity, entityId: number) {
  const [row] = await db
    .select({ adminEmail: t.change.adminEmail, createdAt: t.change.createdAt })
    .from(t.change)
    .where(and(eq(t.change.entity, entity), eq(t.change.entityId, entityId)))
    .orderBy(desc(t.change.id))
    .limit(1);
  return row;
}
