// /api/admin/guides: list, export, import, get, create, update, delete. GET answers the version as
// ETag; PUT and DELETE must send it back as If-Match (428 without, 412 when someone saved meanwhile).
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { guideInputSchema } from '../../lib/schemas/guide.ts';
import { writeContextOf, type AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { exportFileName, exportGuides } from '../import-export/export.ts';
import { importGuides } from '../import-export/import.ts';
import { createGuide, deleteGuide, getGuide, listGuides, updateGuide, GUIDE_SORTS } from '../store/guides.ts';
import { attachment, runImport } from './import-body.ts';
import { idParam } from './params.ts';
import { expectedVersion, requireIfMatch, setEtag } from './versions.ts';

const listQuery = listQuerySchema(GUIDE_SORTS, 'title');

export const guideRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', listQuery, validationHook), async (c) => c.json(await listGuides(c.var.deps.db, c.req.valid('query')), 200))
  .get('/export', async (c) => {
    attachment(c, exportFileName('guides'));
    return c.json(await exportGuides(c.var.deps.db), 200);
  })
  .post('/import', async (c) => c.json(await runImport(c, 'guides', importGuides), 200))
  .get('/:id', idParam('Guide'), async (c) => {
    const guide = await getGuide(c.var.deps.db, c.req.valid('param').id);
    if (!guide) throw notFound('Guide');
    setEtag(c, guide.version);
    return c.json(guide, 200);
  })
  .post('/', zValidator('json', guideInputSchema, validationHook), async (c) => {
    const id = await createGuide(c.var.deps.db, c.req.valid('json'), writeContextOf(c));
    const guide = (await getGuide(c.var.deps.db, id))!;
    setEtag(c, guide.version);
    return c.json(guide, 201);
  })
  .put('/:id', idParam('Guide'), requireIfMatch, zValidator('json', guideInputSchema, validationHook), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await updateGuide(c.var.deps.db, id, expectedVersion(c), c.req.valid('json'), writeContextOf(c)))) throw notFound('Guide');
    const guide = (await getGuide(c.var.deps.db, id))!;
    setEtag(c, guide.version);
    return c.json(guide, 200);
  })
  .delete('/:id', idParam('Guide'), requireIfMatch, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deleteGuide(c.var.deps.db, id, expectedVersion(c), writeContextOf(c)))) throw notFound('Guide');
    return c.json({ deleted: id }, 200);
  });
