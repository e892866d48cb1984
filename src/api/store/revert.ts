// Revert of one change-log entry: the record goes back to the entry's `before` (a created record is
// deleted, a deleted one is re-created with its old id, fines, sources, certifications, products and
// alternative links in both directions; a guide with its product when that still exists). The record
// is written through the importer, so the import schemas validate it, in one transaction with its own
// change-log row (action "revert"). A record that changed after the entry is not touched: 409, naming
// who changed it and when.
import { and, count, desc, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import { sameRecord } from '../../lib/change-diff.ts';
import { InputError } from '../import-export/errors.ts';
import { importCategories, importCertificates, importCompanies, importGuides, importProduct } from '../import-export/import.ts';
import { writeTransaction } from '../write-lock.ts';
import { CHANGE_ENTITIES, changeJson, logChange, recordSnapshot, type ChangeEntity, type WriteContext } from './change-log.ts';
import { removeProductRows } from './products.ts';

const NOUNS: Record<ChangeEntity, string> = { company: 'company', category: 'category', certification: 'certificate', guide: 'guide', product: 'product' };
const TABLES = { company: t.company, category: t.category, certification: t.certification, guide: t.guide, product: t.product } as const;

type Snapshot = Record<string, unknown>;

export async function revertChange(db: Db, changeId: number, w: WriteContext) {
  return writeTransaction(db, async (tx) => {
    const [entry] = await tx.select().from(t.change).where(eq(t.change.id, changeId));
    if (!entry) throw new InputError('Change not found', 404);
    const entity = entry.entity as ChangeEntity;
    if (!(CHANGE_ENTITIES as readonly string[]).includes(entity) || entry.entityId === null) {
      throw new InputError('This change cannot be reverted: it does not name a record.', 409);
    }
    const id = entry.entityId;
    const noun = NOUNS[entity];
    const current = await recordSnapshot(tx, entity, id);
    if (!sameRecord(current, entry.after)) throw await changedSince(tx, entity, id, entry.id, current === null);

    const target = (entry.before as Snapshot | null) ?? null;
    const label = String((target ?? current)?.name ?? (target ?? current)?.title ?? `${noun} ${id}`);
    const notes: string[] = [];
    try {
      if (target === null) await removeRecord(tx, entity, id);
      else await restoreRecord(tx, entity, id, target, current, w, notes);
    } catch (error) {
      // What the importer refuses (a certificate deleted since, a slug now taken…) is said as is.
      if (error instanceof InputError && error.status === 400) throw new InputError(`This change cannot be reverted: ${error.message}`, 409, error.issues);
      throw error;
    }
    const after = target === null ? null : await recordSnapshot(tx, entity, id);
    await logChange(tx, w, { entity, entityId: id, label, action: 'revert', before: current, after, revertsChangeId: entry.id });
    const [row] = await tx.select().from(t.change).orderBy(desc(t.change.id)).limit(1);
    const what = target === null ? 'deleted' : current === null ? 'restored' : 'changed back';
    return {
      change: changeJson(row),
      message: `The ${noun} “${label}” was ${what}.${notes.length ? ` ${notes.join(' ')}` : ''}`,
      notes,
    };
  });
}

/** 409: the record changed after the entry; names the later change when there is one. */
async function changedSince(tx: Executor, entity: ChangeEntity, id: number, changeId: number, gone: boolean): Promise<InputError> {
  const noun = NOUNS[entity];
  const [later] = await tx
    .select({ id: t.change.id, adminEmail: t.change.adminEmail, createdAt: t.change.createdAt, action: t.change.action })
    .from(t.change)
    .where(and(eq(t.change.entity, entity), eq(t.change.entityId, id), gt(t.change.id, changeId)))
    .orderBy(desc(t.change.id))
    .limit(1);
  const Noun = noun[0].toUpperCase() + noun.slice(1);
  let message: string;
  if (later) {
    const at = `${later.createdAt.slice(0, 10)} ${later.createdAt.slice(11, 16)} UTC`;
    message = `This ${noun} was ${gone ? 'deleted' : 'changed again'} after that edit (by ${later.adminEmail ?? 'a removed admin'} at ${at}). Revert the later change first or edit by hand.`;
  } else {
    // No later entry of its own: its links were changed from another record's form, or an import.
    message = `${Noun} has changed since that edit (e.g. a link made from another ${noun}). Edit it by hand instead.`;
  }
  const error = new InputError(message, 409);
  error.details = { changed_by: later?.adminEmail ?? null, changed_at: later?.createdAt ?? null, later_change_id: later?.id ?? null };
  return error;
}

/** Undo of a create: the record goes, as a delete through the admin would remove it. */
async function removeRecord(tx: Executor, entity: ChangeEntity, id: number): Promise<void> {
  if (entity === 'company') {
    // The same rows deleteCompany removes (explicitly: a remote libSQL may run without foreign keys).
    const products = tx.select({ id: t.product.id }).from(t.product).where(eq(t.product.companyId, id));
    await tx.delete(t.productAlternative).where(or(inArray(t.productAlternative.productId, products), inArray(t.productAlternative.alternativeId, products)));
    await tx.delete(t.source).where(eq(t.source.companyId, id));
    await tx.delete(t.product).where(eq(t.product.companyId, id));
    await tx.delete(t.companySubcategory).where(eq(t.companySubcategory.companyId, id));
    await tx.delete(t.companyCertification).where(eq(t.companyCertification.companyId, id));
    await tx.delete(t.euFine).where(eq(t.euFine.companyId, id));
    await tx.delete(t.alternative).where(or(eq(t.alternative.companyId, id), eq(t.alternative.alternativeId, id)));
    await tx.delete(t.company).where(eq(t.company.id, id));
    return;
  }
  if (entity === 'category') {
    const [{ n }] = await tx.select({ n: count() }).from(t.company).where(eq(t.company.categoryId, id));
    if (n > 0) throw new InputError(`This category now has ${n} ${n === 1 ? 'company' : 'companies'}. Move or delete ${n === 1 ? 'it' : 'them'} first.`, 409);
    const subs = tx.select({ id: t.subcategory.id }).from(t.subcategory).where(eq(t.subcategory.categoryId, id));
    await tx.delete(t.companySubcategory).where(inArray(t.companySubcategory.subcategoryId, subs));
    await tx.delete(t.subcategory).where(eq(t.subcategory.categoryId, id));
    await tx.delete(t.category).where(eq(t.category.id, id));
    return;
  }
  if (entity === 'guide') {
    await tx.delete(t.guide).where(eq(t.guide.id, id));
    return;
  }
  if (entity === 'product') {
    await removeProductRows(tx, id);
    return;
  }
  const [{ n }] = await tx.select({ n: count() }).from(t.companyCertification).where(eq(t.companyCertification.certificationId, id));
  if (n > 0) throw new InputError(`${n} ${n === 1 ? 'company holds' : 'companies hold'} this certificate now. Remove it from ${n === 1 ? 'that company' : 'them'} first.`, 409);
  await tx.delete(t.certification).where(eq(t.certification.id, id));
}

/** Writes `target` (an export record) over the record, or re-creates it with its old id. */
async function restoreRecord(tx: Executor, entity: ChangeEntity, id: number, target: Snapshot, current: Snapshot | null, w: WriteContext, notes: string[]) {
  const table = TABLES[entity];
  const keyOf = (r: Snapshot) => String(entity === 'certification' ? r.name : r.slug);
  const key = keyOf(target);
  // The importer matches by slug (certificates by name): the key must not belong to another record.
  const keyColumn =
    entity === 'certification' ? t.certification.name : entity === 'category' ? t.category.slug : entity === 'guide' ? t.guide.slug : entity === 'product' ? t.product.slug : t.company.slug;
  const [other] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(keyColumn, key), sql`${table.id} <> ${id}`));
  if (other) {
    throw new InputError(
      `Another ${NOUNS[entity]} now uses ${entity === 'certification' ? 'the name' : 'the slug'} “${key}”. Rename it first, then revert.`,
      409,
    );
  }

  if (current === null) {
    // Re-created under its old id, so its history stays one list; the importer fills in the rest.
    const [{ n }] = await tx.select({ n: count() }).from(t.change).where(and(eq(t.change.entity, entity), eq(t.change.entityId, id)));
    // Higher than any version it had (every save bumps it once and logs once): old ETags stay stale.
    const version = n + 1;
    const stamp = { version, updatedAt: w.now.toISOString() };
    if (entity === 'company') {
      const [category] = await tx.select({ id: t.category.id }).from(t.category).where(sql`lower(${t.category.name}) = ${String(target.category).toLowerCase()}`);
      if (!category) throw new InputError(`Category not found: ${String(target.category)}`);
      await tx.insert(t.company).values({ id, name: String(target.name), slug: key, country: String(target.country), categoryId: category.id, ...stamp, ...(typeof target.created_at === 'string' ? { createdAt: target.created_at } : {}) });
    } else if (entity === 'category') {
      await tx.insert(t.category).values({ id, name: String(target.name), slug: key, ...stamp });
    } else if (entity === 'guide') {
      await tx.insert(t.guide).values({ id, title: String(target.title), slug: key, ...stamp });
    } else if (entity === 'product') {
      await tx.insert(t.product).values({ id, name: String(target.name), slug: key, companyId: await productCompany(tx, target), ...stamp });
    } else {
      await tx.insert(t.certification).values({ id, name: key, description: String(target.description ?? ''), iconType: target.icon_type as 'green', ...stamp });
    }
  } else {
    if (keyOf(current) !== key) {
      if (entity === 'certification') await tx.update(t.certification).set({ name: key }).where(eq(t.certification.id, id));
      else if (entity === 'category') await tx.update(t.category).set({ slug: key }).where(eq(t.category.id, id));
      else if (entity === 'guide') await tx.update(t.guide).set({ slug: key }).where(eq(t.guide.id, id));
      else if (entity === 'product') await tx.update(t.product).set({ slug: key }).where(eq(t.product.id, id));
      else await tx.update(t.company).set({ slug: key }).where(eq(t.company.id, id));
    }
    await tx.update(table).set({ version: sql`${table.version} + 1`, updatedAt: w.now.toISOString() }).where(eq(table.id, id));
  }

  if (entity === 'category') await importCategories(tx, [target]);
  else if (entity === 'guide') await restoreGuide(tx, target, notes);
  else if (entity === 'certification') await restoreCertificate(tx, id, target, w, notes);
  else if (entity === 'product') await restoreProduct(tx, id, target, notes);
  else await restoreCompany(tx, id, target, notes);
}

/** A guide; when the product it was about is gone, it comes back as a draft without one. */
async function restoreGuide(tx: Executor, target: Snapshot, notes: string[]): Promise<void> {
  const product = typeof target.from_product === 'string' ? target.from_product : null;
  if (product && !(await existingSlugs(tx, t.product, [product])).has(product)) {
    notes.push(`The product “${product}” no longer exists: the guide is back as a draft without a product.`);
    await importGuides(tx, [{ ...target, from_product: null, status: 'draft' }]);
    return;
  }
  await importGuides(tx, [target]);
}

interface Holder {
  company: string;
  status: string;
  valid_from: string;
  valid_until: string | null;
  link: string;
}

/** A certificate, and (when its deletion is undone) the companies that held it and still exist. */
async function restoreCertificate(tx: Executor, id: number, target: Snapshot, w: WriteContext, notes: string[]): Promise<void> {
  const { holders, ...record } = target as Snapshot & { holders?: Holder[] };
  await importCertificates(tx, [record]);
  if (!Array.isArray(holders) || !holders.length) return;
  const companies = holders.length
    ? await tx.select({ id: t.company.id, slug: t.company.slug }).from(t.company).where(inArray(t.company.slug, holders.map((h) => h.company)))
    : [];
  const idOf = new Map(companies.map((c) => [c.slug, c.id]));
  const back = holders.filter((h) => idOf.has(h.company));
  if (back.length) {
    await tx
      .insert(t.companyCertification)
      .values(back.map((h) => ({ companyId: idOf.get(h.company)!, certificationId: id, status: h.status as 'Verified', validFrom: h.valid_from, validUntil: h.valid_until, link: h.link || null })))
      .onConflictDoNothing();
    // Their records changed: a form opened before the revert must not save over it unnoticed.
    await tx.update(t.company).set({ version: sql`${t.company.version} + 1`, updatedAt: w.now.toISOString() }).where(inArray(t.company.id, back.map((h) => idOf.get(h.company)!)));
    notes.push(`Given back to ${back.length} ${back.length === 1 ? 'company' : 'companies'} that held it.`);
  }
  const lost = holders.filter((h) => !idOf.has(h.company)).map((h) => h.company);
  if (lost.length) notes.push(`Not given back to ${lost.join(', ')}: ${lost.length === 1 ? 'that company no longer exists' : 'those companies no longer exist'}.`);
}

async function existingSlugs(tx: Executor, table: typeof t.company | typeof t.product, slugs: string[]): Promise<Set<string>> {
  if (!slugs.length) return new Set();
  return new Set((await tx.select({ slug: table.slug }).from(table).where(inArray(table.slug, slugs))).map((r) => r.slug));
}

async function restoreCompany(tx: Executor, id: number, target: Snapshot, notes: string[]): Promise<void> {
  const slug = String(target.slug);
  // Links to companies or products deleted since cannot come back; the rest does, and the message says so.
  const alternatives = Array.isArray(target.alternatives) ? (target.alternatives as { slug: string }[]) : undefined;
  const alternativeTo = Array.isArray(target.alternative_to) ? (target.alternative_to as { slug: string }[]) : undefined;
  const companies = await existingSlugs(tx, t.company, [...(alternatives ?? []), ...(alternativeTo ?? [])].map((a) => a.slug));
  const lost = [...(alternatives ?? []), ...(alternativeTo ?? [])].map((a) => a.slug).filter((s) => !companies.has(s) && s !== slug);
  const products = Array.isArray(target.products) ? (target.products as { slug: string; alternatives?: { product: string }[] }[]) : [];
  const own = new Set(products.map((p) => p.slug));
  const known = await existingSlugs(tx, t.product, products.flatMap((p) => (p.alternatives ?? []).map((a) => a.product)));
  const record = {
    ...target,
    alternatives: alternatives?.filter((a) => companies.has(a.slug)),
    products: products.map((p) => ({ ...p, alternatives: (p.alternatives ?? []).filter((a) => own.has(a.product) || known.has(a.product)) })),
  };
  await importCompanies(tx, [record]);

  if (alternativeTo) {
    const wanted = alternativeTo.filter((a) => companies.has(a.slug)).map((a) => a.slug);
    const ids = wanted.length ? (await tx.select({ id: t.company.id }).from(t.company).where(inArray(t.company.slug, wanted))).map((r) => r.id) : [];
    await tx.delete(t.alternative).where(ids.length ? and(eq(t.alternative.alternativeId, id), notInArray(t.alternative.companyId, ids)) : eq(t.alternative.alternativeId, id));
    if (ids.length) await tx.insert(t.alternative).values(ids.map((companyId) => ({ companyId, alternativeId: id }))).onConflictDoNothing();
  }
  if (lost.length) notes.push(`Links to ${lost.join(', ')} were not restored: ${lost.length === 1 ? 'that company no longer exists' : 'those companies no longer exist'}.`);
}

/** The id of the company a product snapshot names; 409 when it is gone. */
async function productCompany(tx: Executor, target: Snapshot): Promise<number> {
  const [company] = await tx.select({ id: t.company.id }).from(t.company).where(eq(t.company.slug, String(target.company)));
  if (!company) throw new InputError(`The company “${String(target.company)}” of this product no longer exists. Restore the company first.`, 409);
  return company.id;
}

/**
 * A product with its sources, its alternatives and the links of the products that named it as their
 * alternative. Links to products deleted since (and a subcategory deleted since) cannot come back; the
 * message says so.
 */
async function restoreProduct(tx: Executor, id: number, target: Snapshot, notes: string[]): Promise<void> {
  type Link = { product: string; can_import?: boolean | null };
  const { company: _company, alternative_to: incoming, ...record } = target as Snapshot & { alternative_to?: Link[] };
  const alternatives = Array.isArray(record.alternatives) ? (record.alternatives as Link[]) : [];
  const from = Array.isArray(incoming) ? incoming : [];
  const known = await existingSlugs(tx, t.product, [...alternatives, ...from].map((a) => a.product));
  const lost = [...new Set([...alternatives, ...from].map((a) => a.product).filter((s) => !known.has(s)))];
  let subcategory = typeof record.subcategory === 'string' ? record.subcategory : null;
  if (subcategory) {
    const [sub] = await tx.select({ id: t.subcategory.id }).from(t.subcategory).where(eq(t.subcategory.slug, subcategory));
    if (!sub) {
      notes.push(`Its subcategory “${subcategory}” no longer exists.`);
      subcategory = null;
    }
  }
  await importProduct(tx, await productCompany(tx, target), { ...record, subcategory, alternatives: alternatives.filter((a) => known.has(a.product)) });

  if (Array.isArray(incoming)) {
    const wanted = from.filter((a) => known.has(a.product));
    const ids = new Map(
      wanted.length ? (await tx.select({ id: t.product.id, slug: t.product.slug }).from(t.product).where(inArray(t.product.slug, wanted.map((a) => a.product)))).map((r) => [r.slug, r.id]) : [],
    );
    const keep = [...ids.values()];
    await tx
      .delete(t.productAlternative)
      .where(keep.length ? and(eq(t.productAlternative.alternativeId, id), notInArray(t.productAlternative.productId, keep)) : eq(t.productAlternative.alternativeId, id));
    if (wanted.length) {
      await tx
        .insert(t.productAlternative)
        .values(wanted.map((a) => ({ productId: ids.get(a.product)!, alternativeId: id, canImport: a.can_import ?? null })))
        .onConflictDoUpdate({ target: [t.productAlternative.productId, t.productAlternative.alternativeId], set: { canImport: sql`excluded.can_import` } });
    }
  }
  if (lost.length) notes.push(`Links to ${lost.join(', ')} were not restored: ${lost.length === 1 ? 'that product no longer exists' : 'those products no longer exist'}.`);
}
