// Path parameter validation: anything that is not a positive integer id is simply not found.
import { zValidator } from '../validator.ts';
import { z } from 'zod';

// Digits only, no leading zero: Number() would also read "0x10", "1e1", "+16" and " 16" as ids.
const ID = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export function idParam(what: string) {
  return zValidator('param', z.object({ id: ID }), (result, c) => {
    if (!result.success) return c.json({ error: `${what} not found` }, 404);
  });
}
