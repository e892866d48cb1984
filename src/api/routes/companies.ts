// /api/admin/companies: list, export, import, get, create, update, delete. GET answers the version as
// ETag; PUT and DELETE must send it back as If-Match (428 without, 412 when someone saved meanwhile).
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { z } from 'zod';
import { RECORD_STATUSES } from '../../../db/enums.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { companyInputSchema } from '../../lib/schemas/company.ts';
import { writeContextOf, type AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { exportCompanies, exportFileName } from '../import-export/export.ts';
import { importCompanies } from '../import-export/import.ts';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany, COMPANY_SORTS } from '../store/companies.ts';
import { attachment, runImport } from './import-body.ts';
import { idParam } from './params.ts';
import { expectedVersion, requireIfMatch, setEtag } from './versions.ts';

const listQuery = listQuerySchema(COMPANY_SORTS, 'name');
const statusQuery = z.object({ status: z.enum(RECORD_STATUSES, 'status must be draft or published').optional() });

export const companyRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', statusQuery, validationHook), zValidator('query', listQuery, validationHook), async (c) =>
    c.json(await listCompanies(c.var.deps.db, c.req.valid('query'), statusQuery.parse({ status: c.req.query('status') })), 200),
  )
  .get('/export', async (c) => {
    attachment(c, exportFileName('companies'));
    return c.json(await exportCompanies(c.var.deps.db), 200);
  })
  .post('/import', async (c) => c.json(await runImport(c, 'companies', importCompanies), 200))
  .get('/:id', idParam('Company'), async (c) => {
    const company = await getCompany(c.var.deps.db, c.req.valid('param').id);
    if (!company) throw notFound('Company');
    setEtag(c, company.version);
    return c.json(company, 200);
  })
  .post('/', zValidator('json', companyInputSchema, validationHook), async (c) => {
    const id = await createCompany(c.var.deps.db, c.req.valid('json'), writeContextOf(c));
    const company = (await getCompany(c.var.deps.db, id))!;
    setEtag(c, company.version);
    return c.json(company, 201);
  })
  .put('/:id', idParam('Company'), requireIfMatch, zValidator('json', companyInputSchema, validationHook), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await updateCompany(c.var.deps.db, id, expectedVersion(c), c.req.valid('json'), writeContextOf(c)))) throw notFound('Company');
    const company = (await getCompany(c.var.deps.db, id))!;
    setEtag(c, company.version);
    return c.json(company, 200);
  })
  .delete('/:id', idParam('Company'), requireIfMatch, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deleteCompany(c.var.deps.db, id, expectedVersion(c), writeContextOf(c)))) throw notFound('Company');
    return c.json({ deleted: id }, 200);
  });
