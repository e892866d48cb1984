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
import { writeContextOf, type AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct, PRODUCT_SORTS } from '../store/products.ts';
import { idParam } from './params.ts';
import { expectedVersion, requireIfMatch, setEtag } from './versions.ts';

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
  .get('/:id', idParam('Product'), async (c) => {
    const product = await getProduct(c.var.deps.db, c.req.valid('param').id);
    if (!product) throw notFound('Product');
    setEtag(c, product.version);
    return c.json(product, 200);
  })
  .post('/', zValidator('json', productInputSchema, validationHook), async (c) => {
    const id = await createProduct(c.var.deps.db, c.req.valid('json'), writeContextOf(c));
    const product = (await getProduct(c.var.deps.db, id))!;
    setEtag(c, product.version);
    return c.json(product, 201);
  })
  .put('/:id', idParam('Product'), requireIfMatch, zValidator('json', productInputSchema, validationHook), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await updateProduct(c.var.deps.db, id, expectedVersion(c), c.req.valid('json'), writeContextOf(c)))) throw notFound('Product');
    const product = (await getProduct(c.var.deps.db, id))!;
    setEtag(c, product.version);
    return c.json(product, 200);
  })
  .delete('/:id', idParam('Product'), requireIfMatch, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deleteProduct(c.var.deps.db, id, expectedVersion(c), writeContextOf(c)))) throw notFound('Product');
    return c.json({ deleted: id }, 200);
  });
