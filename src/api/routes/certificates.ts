// /api/admin/certificates: list (with company counts), export, import, get, create, update, delete.
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { certificateInputSchema } from '../../lib/schemas/certificate.ts';
import { writeContextOf, type AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { exportCertificates, exportFileName } from '../import-export/export.ts';
import { importCertificates } from '../import-export/import.ts';
import { createCertificate, deleteCertificate, getCertificate, listCertificates, updateCertificate, CERTIFICATE_SORTS } from '../store/certificates.ts';
import { attachment, runImport } from './import-body.ts';
import { idParam } from './params.ts';
import { expectedVersion, requireIfMatch, setEtag } from './versions.ts';

const listQuery = listQuerySchema(CERTIFICATE_SORTS, 'name');

export const certificateRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', listQuery, validationHook), async (c) => c.json(await listCertificates(c.var.deps.db, c.req.valid('query')), 200))
  .get('/export', async (c) => {
    attachment(c, exportFileName('certificates'));
    return c.json(await exportCertificates(c.var.deps.db), 200);
  })
  .post('/import', async (c) => c.json(await runImport(c, 'certificates', importCertificates), 200))
  .get('/:id', idParam('Certificate'), async (c) => {
    const certificate = await getCertificate(c.var.deps.db, c.req.valid('param').id);
    if (!certificate) throw notFound('Certificate');
    setEtag(c, certificate.version);
    return c.json(certificate, 200);
  })
  .post('/', zValidator('json', certificateInputSchema, validationHook), async (c) => {
    const id = await createCertificate(c.var.deps.db, c.req.valid('json'), writeContextOf(c));
    const certificate = (await getCertificate(c.var.deps.db, id))!;
    setEtag(c, certificate.version);
    return c.json(certificate, 201);
  })
  .put('/:id', idParam('Certificate'), requireIfMatch, zValidator('json', certificateInputSchema, validationHook), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await updateCertificate(c.var.deps.db, id, expectedVersion(c), c.req.valid('json'), writeContextOf(c)))) throw notFound('Certificate');
    const certificate = (await getCertificate(c.var.deps.db, id))!;
    setEtag(c, certificate.version);
    return c.json(certificate, 200);
  })
  .delete('/:id', idParam('Certificate'), requireIfMatch, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deleteCertificate(c.var.deps.db, id, expectedVersion(c), writeContextOf(c)))) throw notFound('Certificate');
    return c.json({ deleted: id }, 200);
  });
