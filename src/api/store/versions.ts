// Optimistic concurrency for company, category, certification, guide and product: a save names the version it read
// (If-Match); the store checks and bumps it in one statement inside the save's transaction, so of two
// saves based on the same version exactly one wins and the other gets 412 with who changed it and when.
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import { InputError } from '../import-export/errors.ts';
import { lastChange, type ChangeEntity, type WriteContext } from './change-log.ts';

const TABLES = { company: t.company, category: t.category, certification: t.certification, guide: t.guide, product: t.product } as const;

/**
 * Bumps the record's version and sets updated_at, but only while it still is `expected`. Returns the
 * new version; undefined when the record does not exist; throws 412 when someone else saved first.
 */
export async function claimVersion(tx: Executor, entity: ChangeEntity, id: number, expected: number, w: WriteContext): Promise<number | undefined> {
  const table = TABLES[entity];
  const bumped = await tx
    .update(table)
    .set({ version: sql`${table.version} + 1`, updatedAt: w.now.toISOString() })
    .where(and(eq(table.id, id), eq(table.version, expected)))
    .returning({ version: table.version });
  if (bumped.length) return bumped[0].version;
  const [current] = await tx.select({ version: table.version, updatedAt: table.updatedAt }).from(table).where(eq(table.id, id));
  if (!current) return undefined;
  throw await staleVersion(tx, entity, id, current.updatedAt);
}

const NOUNS: Record<ChangeEntity, string> = { company: 'company', category: 'category', certification: 'certificate', guide: 'guide', product: 'product' };

async function staleVersion(tx: Executor, entity: ChangeEntity, id: number, updatedAt: string | null): Promise<InputError> {
  const last = await lastChange(tx, entity, id);
  const when = updatedAt ?? last?.createdAt ?? null;
  const who = last?.adminEmail ?? null;
  const at = when ? ` at ${when.slice(11, 16)} UTC` : '';
  const error = new InputError(`${who ?? 'Someone else'} changed this ${NOUNS[entity]}${at} — reload to see their version.`, 412);
  error.details = { changed_by: who, changed_at: when };
  return error;
}
