import type { z } from 'zod';

/** A client error in an import or save: the message is shown to the admin as is. */
export class InputError extends Error {
  status: 400 | 404 | 409 | 412 | 428;
  issues?: { path: string; message: string }[];
  /** more fields of the error body (e.g. who changed a record meanwhile) */
  details?: Record<string, string | number | null>;
  constructor(message: string, status: 400 | 404 | 409 | 412 | 428 = 400, issues?: { path: string; message: string }[]) {
    super(message);
    this.status = status;
    this.issues = issues;
  }
}

export function zodIssues(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** One problem of one record of an import file: its position (0-based), slug (or name) and field. */
export interface RecordIssue {
  index: number | null;
  slug: string | null;
  name: string | null;
  field: string;
  message: string;
}

/** The most issues an answer lists; the count says how many there were in all. */
export const MAX_ISSUES = 1000;

const textOf = (raw: unknown, key: string): string | null =>
  raw && typeof raw === 'object' && typeof (raw as Record<string, unknown>)[key] === 'string' ? ((raw as Record<string, unknown>)[key] as string) : null;

/** Every record checked against the schema: the valid ones (undefined where a record is invalid) and all issues. */
export function checkRecords<S extends z.ZodType>(schema: S, input: unknown[]): { records: (z.infer<S> | undefined)[]; issues: RecordIssue[] } {
  const issues: RecordIssue[] = [];
  const records = input.map((raw, index) => {
    const result = schema.safeParse(raw);
    if (result.success) return result.data as z.infer<S>;
    for (const i of result.error.issues) {
      issues.push({ index, slug: textOf(raw, 'slug'), name: textOf(raw, 'name') ?? textOf(raw, 'title'), field: i.path.join('.'), message: plainMessage(i.message) });
    }
    return undefined;
  });
  return { records, issues };
}

const KINDS: Record<string, string> = { number: 'a number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object' };

/** zod's generic "Invalid input: expected number, received string" in words a person understands. */
export function plainMessage(message: string): string {
  const m = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (!m) return message;
  if (m[2] === 'undefined') return 'Required';
  return `Must be ${KINDS[m[1]] ?? m[1]} (not ${KINDS[m[2]] ?? m[2]})`;
}

/** "Record 4 ("Broken Co"): founded_year: …" */
export function issueText(i: RecordIssue): string {
  const where = i.index === null ? '' : `${recordLabel({ name: i.name, slug: i.slug }, i.index)}: `;
  return `${where}${i.field ? `${i.field}: ` : ''}${i.message}`;
}

/** How many errors the message spells out; the issues list has every one. */
const ERRORS_IN_MESSAGE = 10;

/** "Record 4 \"Broken Co\" (slug broken-co)": the 1-based position, and the name and slug when the record has them. */
export function recordLabel(raw: unknown, index: number): string {
  const field = (key: string) => (raw && typeof raw === 'object' && typeof (raw as Record<string, unknown>)[key] === 'string' ? ((raw as Record<string, string>)[key]).slice(0, 120) : undefined);
  const name = field('name') ?? field('title');
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
    problems.slice(0, MAX_ISSUES).map((p) => ({ path: p.path ? `${p.index}.${p.path}` : String(p.index), message: p.message })),
  );
}

/** Validates every record of an import file; the error lists every problem of every record. */
export function parseRecords<S extends z.ZodType>(schema: S, input: unknown, kind: string): z.infer<S>[] {
  if (!Array.isArray(input)) {
    throw new InputError(`The ${kind} file must be a JSON array of records.`);
  }
  const { records, issues } = checkRecords(schema, input);
  if (issues.length) throw recordsError(issues.map((i) => ({ index: i.index ?? 0, raw: input[i.index ?? 0], path: i.field, message: i.message })));
  return records as z.infer<S>[];
}
