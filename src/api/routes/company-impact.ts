// GET /api/admin/companies/:id/impact: what a delete of the company removes with it (alternative links
// both ways, fines, certifications, sources, products), for the delete confirmation.
import { Hono } from 'hono';
import { count, eq, or } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { AppEnv } from '../context.ts';
import { notFound } from '../errors.ts';
import { idParam } from './params.ts';

export const companyImpactRoutes = new Hono<AppEnv>().get('/:id/impact', idParam('Company'), async (c) => {
  const { db } = c.var.deps;
  const { id } = c.req.valid('param');
  const [company] = await db.select({ name: t.company.name }).from(t.company).where(eq(t.company.id, id));
  if (!company) throw notFound('Company');
  const n = async (table: typeof t.euFine | typeof t.companyCertification | typeof t.source | typeof t.product) =>
    (await db.select({ n: count() }).from(table).where(eq(table.companyId, id)))[0].n;
  const [{ links }] = await db
    .select({ links: count() })
    .from(t.alternative)
    .where(or(eq(t.alternative.companyId, id), eq(t.alternative.alternativeId, id)));
  return c.json(
    {
      name: company.name,
      alternative_links: links,
      fines: await n(t.euFine),
      certifications: await n(t.companyCertification),
      sources: await n(t.source),
      products: await n(t.product),
    },
    200,
  );
});
