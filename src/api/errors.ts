// The API's error shape: { error, issues? }. Anything a client can send ends as 400/404/409/412/413/428, never 500.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { InputError, zodIssues } from './import-export/errors.ts';

export { InputError };

export interface ApiIssue {
  path: string;
  message: string;
}

export interface ApiError {
  error: string;
  issues?: ApiIssue[];
}

export function notFound(what: string): InputError {
  return new InputError(`${what} not found`, 404);
}

export function conflict(message: string): InputError {
  return new InputError(message, 409);
}

/** The 400 body for a failed zod validation: the first message as `error`, every field in `issues`. */
export function validationBody(error: z.core.$ZodError): ApiError {
  const issues = zodIssues(error);
  return { error: issues[0]?.message ?? 'Invalid input', issues };
}

/** The validation hook of every zValidator: our error shape instead of zod's raw result. */
export function validationHook(result: { success: true } | { success: false; error: z.core.$ZodError }, c: Context) {
  if (!result.success) return c.json(validationBody(result.error), 400);
}

/** The driver's message (drizzle wraps it as "Failed query: ..." with the cause). */
function constraintMessage(error: unknown): string | undefined {
  let e = error as (Error & { cause?: unknown; code?: string }) | undefined;
  for (let depth = 0; e && depth < 4; depth += 1) {
    const text = `${e.code ?? ''} ${e.message ?? ''}`;
    if (/SQLITE_CONSTRAINT/.test(text) || /constraint failed/i.test(e.message ?? '')) return e.message;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * True for database errors that go away by themselves: the file is locked by another writer
 * (SQLITE_BUSY/LOCKED, e.g. a build or a second server process), or a remote libSQL server is
 * briefly unreachable. Worth a short retry, then a 503 that says to try again.
 */
export function isTransientDbError(error: unknown): boolean {
  let e = error as (Error & { cause?: unknown; code?: string }) | undefined;
  for (let depth = 0; e && depth < 4; depth += 1) {
    const text = `${e.code ?? ''} ${e.message ?? ''}`;
    if (/SQLITE_BUSY|SQLITE_LOCKED|database is locked|ECONNRESET|ECONNREFUSED|ETIMEDOUT|fetch failed|SERVER_ERROR|HRANA_WEBSOCKET_ERROR/.test(text)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export const BUSY_MESSAGE = 'The database is busy right now. Nothing was changed; please try again in a moment.';

export function errorResponse(error: unknown, c: Context): Response {
  if (error instanceof InputError) {
    return c.json<ApiError>({ ...error.details, error: error.message, ...(error.issues ? { issues: error.issues } : {}) }, error.status);
  }
  if (error instanceof HTTPException) {
    // Malformed JSON, wrong content type, body too large...: the client's fault, said plainly.
    const status = error.status;
    const message = status === 400 && /JSON/i.test(error.message) ? 'The request body is not valid JSON.' : error.message || 'Bad request';
    return c.json<ApiError>({ error: message }, status);
  }
  const constraint = constraintMessage(error);
  if (constraint) {
    const what = /UNIQUE/i.test(constraint) ? 'An entry with this name or slug already exists.' : 'This change conflicts with existing data.';
    return c.json<ApiError>({ error: what }, 409);
  }
  if (isTransientDbError(error)) {
    console.error(error);
    c.header('Retry-After', '2');
    return c.json<ApiError>({ error: BUSY_MESSAGE }, 503);
  }
  console.error(error);
  return c.json<ApiError>({ error: 'Something went wrong on our side. Please try again.' }, 500);
}
