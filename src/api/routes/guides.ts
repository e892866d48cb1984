// /api/admin/guides: list, export, import, get, create, update, delete. GET answers the version as
// ETag; PUT and DELETE must send it back as If-Match (428 without, 412 when someone saved meanwhile).
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { guideInputSchema } from '../../lib/schemas/guide.ts';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { exportGuides } from '../import-export/export.ts';
import { importGuides } from '../import-export/import.ts';
import { createGuide, deleteGuide, getGuide, listGuides, updateGuide, GUIDE_SORTS } from '../store/guides.ts';
import { importExportRoutes } from './import-body.ts';
import { recordRoutes } from './record-routes.ts';

const listQuery = listQuerySchema(GUIDE_SORTS, 'title');

export const guideRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', listQuery, validationHook), async (c) => c.json(await listGuides(c.var.deps.db, c.req.valid('query')), 200))
  .route('/', importExportRoutes('guides', exportGuides, importGuides))
  .route('/', recordRoutes({ name: 'Guide', schema: guideInputSchema, get: getGuide, create: createGuide, update: updateGuide, remove: deleteGuide }));
