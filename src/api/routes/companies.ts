// /api/admin/companies: list, export, import, get, create, update, delete.
import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { companyInputSchema } from '../../lib/schemas/company.ts';
import type { AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { exportCompanies, exportFileName } from '../import-export/export.ts';
import { importCompanies } from '../import-export/import.ts';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from '../store/companies.ts';
import { attachment, runImport } from './import-body.ts';
import { idParam } from './params.ts';

export const companyRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listCompanies(c.var.deps.db), 200))
  .get('/export', async (c) => {
    attachment(c, exportFileName('companies'));
    return c.json(await exportCompanies(c.var.deps.db), 200);
  })
  .post('/import', async (c) => c.json(await runImport(c, 'companies', importCompanies), 200))
  .get('/:id', idParam('Company'), async (c) => {
    const company = await getCompany(c.var.deps.db, c.req.valid('param').id);
    if (!company) throw notFound('Company');
    return c.json(company, 200);
  })
  .post('/', zValidator('json', companyInputSchema, validationHook), async (c) => {
    const id = await createCompany(c.var.deps.db, c.req.valid('json'));
    const company = await getCompany(c.var.deps.db, id);
    return c.json(company!, 201);
  })
  .put('/:id', idParam('Company'), zValidator('json', companyInputSchema, validationHook), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await updateCompany(c.var.deps.db, id, c.req.valid('json')))) throw notFound('Company');
    return c.json((await getCompany(c.var.deps.db, id))!, 200);
  })
  .delete('/:id', idParam('Company'), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deleteCompany(c.var.deps.db, id))) throw notFound('Company');
    return c.json({ deleted: id }, 200);
  });
