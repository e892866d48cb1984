// What an operation answers, for the OpenAPI document (src/api/openapi.ts): a middleware that does
// nothing at request time but carries zod schemas of the responses, registered with the route like a
// validator, so the document is generated from the routes themselves. Lists need none: every GET that
// validates ?page=&per_page= answers the paged shape below.
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  /** response headers, e.g. ETag */
  headers?: Record<string, string>;
}

/** status ('200', '201', '412', …) → what it answers */
export type ResponseDocs = Record<string, ResponseDoc>;

/** The error shape of every 4xx and 5xx (src/api/errors.ts). */
export const apiErrorSchema = z.object({
  error: z.string().describe('What went wrong, in a sentence a person can read.'),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional().describe('One entry per invalid field (400).'),
});

/**
 * A stored versioned record: what was saved (its input schema, output side) with its id and version (the
 * ETag); records carry more read-only fields (names of linked records, counts), so others are allowed.
 */
export function recordSchema(input: z.ZodType) {
  const identity = {
    id: z.number().int().positive(),
    version: z.number().int().positive().describe('Send it back as If-Match to change or delete the record.'),
  };
  return input instanceof z.ZodObject ? input.extend(identity).loose() : z.intersection(z.looseObject(identity), input);
}

/** The answer of every admin list: one page of rows and the total. */
export function pagedSchema(item: z.ZodType = z.looseObject({})) {
  return z.object({ items: z.array(item), total: z.number().int().min(0), page: z.number().int().min(1), per_page: z.number().int().min(1) });
}

const documented = new WeakMap<object, ResponseDocs>();

/** The responses a route handler declares, if it is one of these markers. */
export function documentedResponses(handler: unknown): ResponseDocs | undefined {
  return typeof handler === 'function' ? documented.get(handler) : undefined;
}

/** Declares what the route answers; passes the request on untouched. */
export function responds(docs: ResponseDocs): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  documented.set(middleware, docs);
  return middleware;
}
