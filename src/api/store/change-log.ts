// The change log: every write through the API records who did what to which record, with the record's
// export-format JSON before and after, in the transaction of the write itself (a failed write leaves no
// row). It feeds the admin's history and the "someone else changed this" message of a stale save.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { ChangeAction } from '../../../db/enums.ts';
import type { Executor } from '../../../db/executor.ts';

/** The kinds of record the log knows. */
export const CHANGE_ENTITIES = ['company', 'category', 'certification'] as const;
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
}

export async function logChange(tx: Executor, w: WriteContext, e: ChangeEntry): Promise<void> {
  await tx.insert(t.change).values({
    createdAt: w.now.toISOString(),
    adminId: w.actor.id,
    adminEmail: w.actor.email,
    entity: e.entity,
    entityId: e.entityId,
    label: e.label.slice(0, 300),
    action: e.action,
    before: e.before ?? null,
    after: e.after ?? null,
  });
}

export const CHANGES_PER_PAGE = 50;

/** Changes newest first, optionally of one kind of record or one record, with the total count. */
export async function listChanges(db: Executor, q: { entity?: ChangeEntity; entityId?: number; page: number }) {
  const filters: SQL[] = [];
  if (q.entity) filters.push(eq(t.change.entity, q.entity));
  if (q.entityId !== undefined) filters.push(eq(t.change.entityId, q.entityId));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(t.change).where(where);
  const rows = await db
    .select()
    .from(t.change)
    .where(where)
    .orderBy(desc(t.change.id))
    .limit(CHANGES_PER_PAGE)
    .offset((q.page - 1) * CHANGES_PER_PAGE);
  return {
    total,
    page: q.page,
    per_page: CHANGES_PER_PAGE,
    changes: rows.map((r) => ({
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
    })),
  };
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
