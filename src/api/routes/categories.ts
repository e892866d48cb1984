// /api/admin/categories: list (with subcategories and company counts), export, import, get, create, update, delete.
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { categoryInputSchema } from '../../lib/schemas/category.ts';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { exportCategories } from '../import-export/export.ts';
import { importCategories } from '../import-export/import.ts';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory, CATEGORY_SORTS } from '../store/categories.ts';
import { importExportRoutes } from './import-body.ts';
import { recordRoutes } from './record-routes.ts';

const listQuery = listQuerySchema(CATEGORY_SORTS, 'name');

export const categoryRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', listQuery, validationHook), async (c) => c.json(await listCategories(c.var.deps.db, c.req.valid('query')), 200))
  .route('/', importExportRoutes('categories', exportCategories, importCategories))
  .route('/', recordRoutes({ name: 'Category', schema: categoryInputSchema, get: getCategory, create: createCategory, update: updateCategory, remove: deleteCategory }));
