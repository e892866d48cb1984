// GET /api/changes?entity=&entity_id=&page=: the change log, newest first, 50 a page, with the total.
import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { CHANGE_ENTITIES, listChanges } from '../store/change-log.ts';

const querySchema = z.object({
  entity: z.enum(CHANGE_ENTITIES, `entity must be one of: ${CHANGE_ENTITIES.join(', ')}`).optional(),
  entity_id: z.coerce.number('entity_id must be an id').int('entity_id must be an id').positive('entity_id must be an id').max(Number.MAX_SAFE_INTEGER).optional(),
  page: z.coerce.number('page must be a number').int('page must be a whole number').min(1, 'page starts at 1').max(1_000_000).default(1),
});

export const changeRoutes = new Hono<AppEnv>().get('/', zValidator('query', querySchema, validationHook), async (c) => {
  const q = c.req.valid('query');
  return c.json(await listChanges(c.var.deps.db, { entity: q.entity, entityId: q.entity_id, page: q.page }), 200);
});
