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

/** Validates every record of an import file; the error names the first bad record. */
export function parseRecords<S extends z.ZodType>(schema: S, input: unknown, kind: string): z.infer<S>[] {
  if (!Array.isArray(input)) {
    throw new InputError(`The ${kind} file must be a JSON array of records.`);
  }
  return input.map((raw, index) => {
    const result = schema.safeParse(raw);
    if (!result.success) {
      const name = raw && typeof raw === 'object' && 'name' in raw ? ` ("${String((raw as { name: unknown }).name)}")` : '';
      const first = result.error.issues[0];
      throw new InputError(
        `Record ${index + 1}${name}: ${first.path.length ? `${first.path.join('.')}: ` : ''}${first.message}`,
        400,
        zodIssues(result.error).map((i) => ({ path: `${index}.${i.path}`, message: i.message })),
      );
    }
    return result.data;
  });
}
