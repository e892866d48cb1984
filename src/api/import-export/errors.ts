import type { z } from 'zod';

/** A client error in an import or save: the message is shown to the admin as is. */
export class InputError extends Error {
  status: 400 | 404 | 409;
  issues?: { path: string; message: string }[];
  constructor(message: string, status: 400 | 404 | 409 = 400, issues?: { path: string; message: string }[]) {
    super(message);
    this.status = status;
    this.issues = issues;
  }
}

export function zodIssues(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** How many errors the message spells out; the issues list has every one. */
const ERRORS_IN_MESSAGE = 10;

/** "Record 4 \"Broken Co\" (slug broken-co)": the 1-based position, and the name and slug when the record has them. */
export function recordLabel(raw: unknown, index: number): string {
  const field = (key: string) => (raw && typeof raw === 'object' && typeof (raw as Record<string, unknown>)[key] === 'string' ? ((raw as Record<string, string>)[key]).slice(0, 120) : undefined);
  const name = field('name');
  const slug = field('slug');
  return `Record ${index + 1}${name ? ` "${name}"` : ''}${slug ? ` (slug ${slug})` : ''}`;
}

/** One error for a list of problems, each "Record n ...: field: message"; issue paths start with the record's index. */
export function recordsError(problems: { index: number; raw: unknown; path: string; message: string }[]): InputError {
  const lines = problems.map((p) => `${recordLabel(p.raw, p.index)}: ${p.path ? `${p.path}: ` : ''}${p.message}`);
  const records = new Set(problems.map((p) => p.index)).size;
  const head = problems.length > 1 ? `${problems.length} errors in ${records} record${records === 1 ? '' : 's'}: ` : '';
  const rest = lines.length > ERRORS_IN_MESSAGE ? `; and ${lines.length - ERRORS_IN_MESSAGE} more (see issues)` : '';
  return new InputError(
    head + lines.slice(0, ERRORS_IN_MESSAGE).join('; ') + rest,
    400,
    problems.map((p) => ({ path: p.path ? `${p.index}.${p.path}` : String(p.index), message: p.message })),
  );
}

/** Validates every record of an import file; the error lists every problem of every record. */
export function parseRecords<S extends z.ZodType>(schema: S, input: unknown, kind: string): z.infer<S>[] {
  if (!Array.isArray(input)) {
    throw new InputError(`The ${kind} file must be a JSON array of records.`);
  }
  const problems: { index: number; raw: unknown; path: string; message: string }[] = [];
  const records = input.map((raw, index) => {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    for (const issue of zodIssues(result.error)) problems.push({ index, raw, ...issue });
    return undefined;
  });
  if (problems.length) throw recordsError(problems);
  return records as z.infer<S>[];
}
