// GET /api/admin/products?q=: products whose name or slug contains q, with their company, for pickers
// (the guide form's "from product"). Products themselves are edited on their company's record.
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { searchProducts } from '../store/guides.ts';

const query = z.object({
  q: z.string().trim().max(200, 'q is too long (at most 200 characters)').default(''),
  limit: z.coerce.number('limit must be a number').int('limit must be a whole number').min(1, 'limit must be at least 1').max(50, 'limit must be at most 50').default(10),
});

export const productRoutes = new Hono<AppEnv>().get('/', zValidator('query', query, validationHook), async (c) => {
  const { q, limit } = c.req.valid('query');
  return c.json({ items: await searchProducts(c.var.deps.db, q, limit) }, 200);
});
