// A product as the change log stores it (kept apart from the products store, which writes the log).
import { eq } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import { exportCompanies } from '../import-export/export.ts';

/**
 * The product as the change log stores it: its record in the companies file, with its company's slug
 * and the products that name it as their alternative (so a deleted product comes back with them).
 */
export async function productSnapshot(tx: Executor, id: number): Promise<(Record<string, unknown> & { name: string; slug: string }) | null> {
  const [row] = await tx.select({ slug: t.product.slug, companyId: t.product.companyId }).from(t.product).where(eq(t.product.id, id));
  if (!row) return null;
  const [company] = await exportCompanies(tx, [row.companyId]);
  const record = company?.products?.find((p) => p.slug === row.slug);
  if (!company || !record) return null;
  const from = await tx
    .select({ product: t.product.slug, can_import: t.productAlternative.canImport })
    .from(t.productAlternative)
    .innerJoin(t.product, eq(t.product.id, t.productAlternative.productId))
    .where(eq(t.productAlternative.alternativeId, id));
  return {
    company: company.slug,
    ...record,
    alternative_to: from.sort((a, b) => a.product.localeCompare(b.product)),
  };
}
