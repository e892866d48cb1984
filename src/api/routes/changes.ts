// GET /api/changes?entity=&entity_id=&admin=&q=&from=&to=&page=: the change log, newest first, 50 a
// page, with the total. GET /api/changes/editors: who appears in it. POST /api/changes/:id/revert:
// puts the record back as it was before that change (409 when it changed since).
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { z } from 'zod';
import { writeContextOf, type AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { waitUntilOf } from '../middleware/publish-on-change.ts';
import { CHANGE_ENTITIES, changeEditors, listChanges } from '../store/change-log.ts';
import { revertChange } from '../store/revert.ts';

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2025-03-12`)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), `${name} must be a real date`)
    .optional();

const querySchema = z
  .object({
    entity: z.enum(CHANGE_ENTITIES, `entity must be one of: ${CHANGE_ENTITIES.join(', ')}`).optional(),
    entity_id: z.coerce.number('entity_id must be an id').int('entity_id must be an id').positive('entity_id must be an id').max(Number.MAX_SAFE_INTEGER).optional(),
    admin: z.string().trim().max(320, 'admin is too long').optional(),
    q: z.string().trim().max(200, 'q is too long (at most 200 characters)').optional(),
    from: day('from'),
    to: day('to'),
    page: z.coerce.number('page must be a number').int('page must be a whole number').min(1, 'page starts at 1').max(1_000_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date must not be before the start date' });

const changeId = zValidator('param', z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }), (result, c) => {
  if (!result.success) return c.json({ error: 'Change not found' }, 404);
});

export const changeRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', querySchema, validationHook), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await listChanges(c.var.deps.db, { entity: q.entity, entityId: q.entity_id, admin: q.admin || undefined, q: q.q || undefined, from: q.from, to: q.to, page: q.page }),
      200,
    );
  })
  .get('/editors', async (c) => c.json({ editors: await changeEditors(c.var.deps.db) }, 200))
  .post('/:id/revert', changeId, async (c) => {
    const result = await revertChange(c.var.deps.db, c.req.valid('param').id, writeContextOf(c));
    // /changes is outside /admin/*, so the publish-on-change middleware does not see this write.
    await c.var.deps.publisher.request({ waitUntil: waitUntilOf(c), by: c.var.user.email });
    return c.json(result, 200);
  });
