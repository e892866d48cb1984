// /api/admin/certificates: list (with company counts), export, import, get, create, update, delete.
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { certificateInputSchema } from '../../lib/schemas/certificate.ts';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { exportCertificates } from '../import-export/export.ts';
import { importCertificates } from '../import-export/import.ts';
import { createCertificate, deleteCertificate, getCertificate, listCertificates, updateCertificate, CERTIFICATE_SORTS } from '../store/certificates.ts';
import { importExportRoutes } from './import-body.ts';
import { recordRoutes } from './record-routes.ts';

const listQuery = listQuerySchema(CERTIFICATE_SORTS, 'name');

export const certificateRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', listQuery, validationHook), async (c) => c.json(await listCertificates(c.var.deps.db, c.req.valid('query')), 200))
  .route('/', importExportRoutes('certificates', exportCertificates, importCertificates))
  .route(
    '/',
    recordRoutes({ name: 'Certificate', schema: certificateInputSchema, get: getCertificate, create: createCertificate, update: updateCertificate, remove: deleteCertificate }),
  );
