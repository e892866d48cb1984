// Reads an import file sent as the request body and runs the import in one transaction: a file with
// one bad record changes nothing.
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../../../db/executor.ts';
import { InputError } from '../import-export/errors.ts';
import { LIST_LIMITS } from '../../lib/schemas/common.ts';
import { writeTransaction } from '../write-lock.ts';

export async function runImport(
  c: Context<AppEnv>,
  kind: 'companies' | 'categories' | 'certificates',
  importer: (tx: Executor, input: unknown) => Promise<number>,
): Promise<{ imported: number; message: string }> {
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
  const imported = await writeTransaction(c.var.deps.db, (tx) => importer(tx, input));
  return { imported, message: `Import completed successfully. Existing ${kind} were updated.` };
}

export function attachment(c: Context, fileName: string): void {
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
}
