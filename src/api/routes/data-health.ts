// GET /api/admin/data-health?issue=&lang=&q=&page=&per_page=: the counts of every data problem and a
// page of the companies with one of them (see store/data-health.ts).
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { z } from 'zod';
import { DEFAULT_LANG, LANGS } from '../../lib/i18n-langs.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../lib/schemas/list.ts';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../errors.ts';
import { HEALTH_ISSUES, healthCounts, healthList } from '../store/data-health.ts';

const querySchema = z.object({
  issue: z.enum(HEALTH_ISSUES, `issue must be one of: ${HEALTH_ISSUES.join(', ')}`).default('missing_sources'),
  lang: z.enum(LANGS, `lang must be one of: ${LANGS.join(', ')}`).default(DEFAULT_LANG),
  q: z.string().trim().max(200, 'q is too long (at most 200 characters)').default(''),
  page: z.coerce.number('page must be a number').int('page must be a whole number').min(1, 'page starts at 1').max(1_000_000).default(1),
  per_page: z.coerce.number('per_page must be a number').int('per_page must be a whole number').min(1).max(MAX_PER_PAGE, `per_page must be at most ${MAX_PER_PAGE}`).default(DEFAULT_PER_PAGE),
});

export const dataHealthRoutes = new Hono<AppEnv>().get('/', zValidator('query', querySchema, validationHook), async (c) => {
  const q = c.req.valid('query');
  const { db } = c.var.deps;
  const [counts, list] = await Promise.all([healthCounts(db), healthList(db, q.issue, q.lang, q.q, q.page, q.per_page)]);
  return c.json({ counts, languages: [...LANGS], issue: q.issue, lang: q.lang, ...list }, 200);
});
