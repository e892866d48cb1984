// /api/admin/categories: list (with subcategories and company counts), export, import, get, create, update, delete.
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { categoryInputSchema } from '../../lib/schemas/category.ts';
import { writeContextOf, type AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { exportCategories, exportFileName } from '../import-export/export.ts';
import { importCategories } from '../import-export/import.ts';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory, CATEGORY_SORTS } from '../store/categories.ts';
import { attachment, runImport } from './import-body.ts';
import { idParam } from './params.ts';
import { expectedVersion, requireIfMatch, setEtag } from './versions.ts';

const listQuery = listQuerySchema(CATEGORY_SORTS, 'name');

export const categoryRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', listQuery, validationHook), async (c) => c.json(await listCategories(c.var.deps.db, c.req.valid('query')), 200))
  .get('/export', async (c) => {
    attachment(c, exportFileName('categories'));
    return c.json(await exportCategories(c.var.deps.db), 200);
  })
  .post('/import', async (c) => c.json(await runImport(c, 'categories', importCategories), 200))
  .get('/:id', idParam('Category'), async (c) => {
    const category = await getCategory(c.var.deps.db, c.req.valid('param').id);
    if (!category) throw notFound('Category');
    setEtag(c, category.version);
    return c.json(category, 200);
  })
  .post('/', zValidator('json', categoryInputSchema, validationHook), async (c) => {
    const id = await createCategory(c.var.deps.db, c.req.valid('json'), writeContextOf(c));
    const category = (await getCategory(c.var.deps.db, id))!;
    setEtag(c, category.version);
    return c.json(category, 201);
  })
  .put('/:id', idParam('Category'), requireIfMatch, zValidator('json', categoryInputSchema, validationHook), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await updateCategory(c.var.deps.db, id, expectedVersion(c), c.req.valid('json'), writeContextOf(c)))) throw notFound('Category');
    const category = (await getCategory(c.var.deps.db, id))!;
    setEtag(c, category.version);
    return c.json(category, 200);
  })
  .delete('/:id', idParam('Category'), requireIfMatch, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deleteCategory(c.var.deps.db, id, expectedVersion(c), writeContextOf(c)))) throw notFound('Category');
    return c.json({ deleted: id }, 200);
  });
