// Path parameter validation: anything that is not a positive integer id is simply not found.
import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';

export function idParam(what: string) {
  return zValidator('param', z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }), (result, c) => {
    if (!result.success) return c.json({ error: `${what} not found` }, 404);
  });
}
