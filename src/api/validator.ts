// The zValidator every route uses: @hono/zod-validator's, which also remembers the zod schema behind each
// validating middleware, so the OpenAPI document (src/api/openapi.ts) is generated from the schemas the
// routes really validate with. Same signature and types as the original (the typed client relies on them).
import { zValidator as honoZodValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';

export interface ValidatedInput {
  target: keyof ValidationTargets;
  schema: Parameters<typeof honoZodValidator>[1];
}

const validated = new WeakMap<object, ValidatedInput>();

/** The schema a route handler validates its input with, if it is one of our validators. */
export function validatedInput(handler: unknown): ValidatedInput | undefined {
  return typeof handler === 'function' ? validated.get(handler) : undefined;
}

function rememberingValidator(...args: Parameters<typeof honoZodValidator>): MiddlewareHandler {
  const middleware: MiddlewareHandler = honoZodValidator(...args);
  const [target, schema] = args;
  validated.set(middleware, { target, schema });
  return middleware;
}

// The overloads of the original cannot be written by a wrapper; the behaviour is the original's.
export const zValidator = rememberingValidator as typeof honoZodValidator;
