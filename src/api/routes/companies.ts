// /api/admin/companies: list, export, import, get, create, update, delete. GET answers the version as
// ETag; PUT and DELETE must send it back as If-Match (428 without, 412 when someone saved meanwhile).
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { z } from 'zod';
import { RECORD_STATUSES } from '../../../db/enums.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { companyInputSchema } from '../../lib/schemas/company.ts';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { exportCompanies } from '../import-export/export.ts';
import { importCompanies } from '../import-export/import.ts';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany, COMPANY_SORTS } from '../store/companies.ts';
import { importExportRoutes } from './import-body.ts';
import { recordRoutes } from './record-routes.ts';

const listQuery = listQuerySchema(COMPANY_SORTS, 'name');
const statusQuery = z.object({ status: z.enum(RECORD_STATUSES, 'status must be draft or published').optional() });

export const companyRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', statusQuery, validationHook), zValidator('query', listQuery, validationHook), async (c) =>
    c.json(await listCompanies(c.var.deps.db, c.req.valid('query'), statusQuery.parse({ status: c.req.query('status') })), 200),
  )
  .route('/', importExportRoutes('companies', exportCompanies, importCompanies))
  .route('/', recordRoutes({ name: 'Company', schema: companyInputSchema, get: getCompany, create: createCompany, update: updateCompany, remove: deleteCompany }));
