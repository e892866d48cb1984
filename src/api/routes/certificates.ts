// /api/admin/certificates: list (with company counts), export, import, get, create, update, delete.
import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { certificateInputSchema } from '../../lib/schemas/certificate.ts';
import type { AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { exportCertificates, exportFileName } from '../import-export/export.ts';
import { importCertificates } from '../import-export/import.ts';
import { createCertificate, deleteCertificate, getCertificate, listCertificates, updateCertificate } from '../store/certificates.ts';
import { attachment, runImport } from './import-body.ts';
import { idParam } from './params.ts';

export const certificateRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listCertificates(c.var.deps.db), 200))
  .get('/export', async (c) => {
    attachment(c, exportFileName('certificates'));
    return c.json(await exportCertificates(c.var.deps.db), 200);
  })
  .post('/import', async (c) => c.json(await runImport(c, 'certificates', importCertificates), 200))
  .get('/:id', idParam('Certificate'), async (c) => {
    const certificate = await getCertificate(c.var.deps.db, c.req.valid('param').id);
    if (!certificate) throw notFound('Certificate');
    return c.json(certificate, 200);
  })
  .post('/', zValidator('json', certificateInputSchema, validationHook), async (c) => {
    const id = await createCertificate(c.var.deps.db, c.req.valid('json'));
    return c.json((await getCertificate(c.var.deps.db, id))!, 201);
  })
  .put('/:id', idParam('Certificate'), zValidator('json', certificateInputSchema, validationHook), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await updateCertificate(c.var.deps.db, id, c.req.valid('json')))) throw notFound('Certificate');
    return c.json((await getCertificate(c.var.deps.db, id))!, 200);
  })
  .delete('/:id', idParam('Certificate'), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deleteCertificate(c.var.deps.db, id))) throw notFound('Certificate');
    return c.json({ deleted: id }, 200);
  });
