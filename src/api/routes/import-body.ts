// Reads an import file sent as the request body and runs the import in one transaction: a file with
// one bad record changes nothing. With ?dry_run=1 nothing is written: the answer is the dry-run report
// (what would be created, updated, unchanged, and every problem; see import-export/dry-run.ts). Every record the import created or changed gets a change-log row
// (action "import", before/after in the export format) and a new version, in the same transaction,
// so an editor still holding the old version gets 412 instead of overwriting the import.
import { Hono, type Context } from 'hono';
import type { JSONValue } from 'hono/utils/types';
import { inArray, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import { writeContextOf, type AppEnv } from '../context.ts';
import type { Executor } from '../../../db/executor.ts';
import { InputError } from '../import-export/errors.ts';
import { exportFileName } from '../import-export/export.ts';
import { dryRunImport, recordName, snapshotAll, type DryRunReport, type ImportKind } from '../import-export/dry-run.ts';
import { logChanges, type ChangeEntity, type WriteContext } from '../store/change-log.ts';
import { chunks } from '../chunks.ts';
import { bumpImportedProducts } from '../store/products.ts';
import { LIST_LIMITS } from '../../lib/schemas/common.ts';
import { writeTransaction } from '../write-lock.ts';

type Kind = ImportKind;

export async function runImport(
  c: Context<AppEnv>,
  kind: Kind,
  importer: (tx: Executor, input: unknown) => Promise<number>,
): Promise<{ imported: number; message: string } | DryRunReport> {
  const formatError = `Failed to import ${kind}. Please check the file format and try again.`;
  let input: unknown;
  try {
    input = JSON.parse(await c.req.text());
  } catch {
    throw new InputError(formatError);
  }
  if (!Array.isArray(input)) throw new InputError(formatError);
  if (input.length > LIST_LIMITS.importRecords) {
    throw new InputError(`The file has ${input.length} records; an import takes at most ${LIST_LIMITS.importRecords}.`);
  }
  if (['1', 'true'].includes(c.req.query('dry_run') ?? '')) return dryRunImport(c.var.deps.db, kind, input, importer);
  const w = writeContextOf(c);
  const imported = await writeTransaction(c.var.deps.db, async (tx) => {
    const before = await snapshotAll(tx, kind);
    const n = await importer(tx, input);
    const after = await snapshotAll(tx, kind);
    await recordImport(tx, kind, before, after, w);
    if (kind === 'companies') await bumpImportedProducts(tx, before, after, w);
    return n;
  });
  return { imported, message: `Import completed successfully. Existing ${kind} were updated.` };
}

const ENTITY: Record<Kind, ChangeEntity> = { companies: 'company', categories: 'category', certificates: 'certification', guides: 'guide' };

async function idsByKey(tx: Executor, kind: Kind, keys: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 500) {
    const part = keys.slice(i, i + 500);
    const rows =
      kind === 'companies'
        ? await tx.select({ id: t.company.id, key: t.company.slug }).from(t.company).where(inArray(t.company.slug, part))
        : kind === 'guides'
          ? await tx.select({ id: t.guide.id, key: t.guide.slug }).from(t.guide).where(inArray(t.guide.slug, part))
          : kind === 'categories'
            ? await tx.select({ id: t.category.id, key: t.category.slug }).from(t.category).where(inArray(t.category.slug, part))
            : await tx
                .select({ id: t.certification.id, key: sql<string>`lower(${t.certification.name})` })
                .from(t.certification)
                .where(inArray(sql`lower(${t.certification.name})`, part));
    for (const r of rows) out.set(r.key, r.id);
  }
  return out;
}

async function recordImport(tx: Executor, kind: Kind, before: Map<string, unknown>, after: Map<string, { name?: string; title?: string }>, w: WriteContext): Promise<void> {
  const changed = [...after.entries()].filter(([key, record]) => JSON.stringify(before.get(key)) !== JSON.stringify(record));
  if (!changed.length) return;
  const ids = await idsByKey(tx, kind, changed.map(([key]) => key));
  const table = { companies: t.company, categories: t.category, certificates: t.certification, guides: t.guide }[kind];
  // A few statements for any number of records (on Cloudflare each is a subrequest): the versions by
  // slices of ids, the change log in multi-row inserts, in the order of the records.
  const bumped = changed.map(([key]) => ids.get(key)).filter((id): id is number => id !== undefined);
  for (const part of chunks(bumped)) await tx.update(table).set({ version: sql`${table.version} + 1`, updatedAt: w.now.toISOString() }).where(inArray(table.id, part));
  await logChanges(
    tx,
    w,
    changed.map(([key, record]) => ({ entity: ENTITY[kind], entityId: ids.get(key) ?? null, label: recordName(record), action: 'import' as const, before: before.get(key) ?? null, after: record })),
  );
}

export function attachment(c: Context, fileName: string): void {
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
}

/**
 * GET /export (the file, as an attachment) and POST /import (?dry_run=1 checks it) of the companies,
 * categories, certificates and guides: mounted by their routers before /:id.
 */
export function importExportRoutes(kind: Kind, exporter: (db: Executor) => Promise<unknown[]>, importer: (tx: Executor, input: unknown) => Promise<number>) {
  return new Hono<AppEnv>()
    .get('/export', async (c) => {
      attachment(c, exportFileName(kind));
      return c.json((await exporter(c.var.deps.db)) as JSONValue[], 200);
    })
    .post('/import', async (c) => c.json(await runImport(c, kind, importer), 200));
}
