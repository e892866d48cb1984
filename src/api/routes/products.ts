// /api/admin/products: list, get, create, update, delete. The list (?q=&page=&per_page=&sort=, plus
// ?company_id= and ?european=1) is also the pickers' search (the guide form's "from product", the
// product form's alternatives): ?q=&limit= still answers the best matches first. GET answers the version
// as ETag; PUT and DELETE must send it back as If-Match (428 without, 412 when someone saved meanwhile).
// Products are imported and exported with their company (the companies file).
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { z } from 'zod';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { productInputSchema } from '../../lib/schemas/product.ts';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct, PRODUCT_SORTS } from '../store/products.ts';
import { recordRoutes } from './record-routes.ts';

const listQuery = listQuerySchema(PRODUCT_SORTS, 'name');
const filterQuery = z.object({
  company_id: z.coerce.number('company_id must be an id').int('company_id must be an id').positive('company_id must be an id').max(Number.MAX_SAFE_INTEGER).optional(),
  european: z.enum(['1', 'true', '0', 'false'], 'european must be 1 or 0').optional(),
  /** the pickers' page size (per_page by its older name) */
  limit: z.coerce.number('limit must be a number').int('limit must be a whole number').min(1, 'limit must be at least 1').max(50, 'limit must be at most 50').optional(),
});

export const productRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', filterQuery, validationHook), zValidator('query', listQuery, validationHook), async (c) => {
    const filter = filterQuery.parse({ company_id: c.req.query('company_id'), european: c.req.query('european'), limit: c.req.query('limit') });
    const query = c.req.valid('query');
    return c.json(
      await listProducts(c.var.deps.db, filter.limit ? { ...query, per_page: filter.limit } : query, {
        company_id: filter.company_id,
        european: filter.european === '1' || filter.european === 'true',
      }),
      200,
    );
  })
  .route('/', recordRoutes({ name: 'Product', schema: productInputSchema, get: getProduct, create: createProduct, update: updateProduct, remove: deleteProduct }));
