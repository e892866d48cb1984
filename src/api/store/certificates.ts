// Certificates with the number of companies holding each. Every write checks and bumps the version and
// is recorded in the change log.
import { and, eq, ne, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import type { CertificateValues } from '../../lib/schemas/certificate.ts';
import { pageInMemory, type ListQuery } from '../../lib/schemas/list.ts';
import { exportCertificates } from '../import-export/export.ts';
import { InputError } from '../import-export/errors.ts';
import { writeTransaction } from '../write-lock.ts';
import { logChange, type WriteContext } from './change-log.ts';
import { claimVersion } from './versions.ts';
import { createLogged, updateLogged } from './logged-writes.ts';

async function loadCertificates(db: Executor, id?: number) {
  return db
    .select({
      id: t.certification.id,
      name: t.certification.name,
      description: t.certification.description,
      translations: t.certification.translations,
      icon_type: t.certification.iconType,
      version: t.certification.version,
      updated_at: t.certification.updatedAt,
      // Spelled out: drizzle leaves columns unqualified in a single-table select, which a subquery would misread.
      company_count: sql<number>`(select count(*) from "company_certifications" cc where cc."certification_id" = "certification"."id")`.mapWith(Number),
    })
    .from(t.certification)
    .where(id === undefined ? undefined : eq(t.certification.id, id))
    .orderBy(sql`${t.certification.name} collate nocase`);
}

export async function getCertificate(db: Executor, id: number) {
  return (await loadCertificates(db, id))[0];
}

export const CERTIFICATE_SORTS = ['name', 'icon_type', 'companies', 'updated_at'] as const;
export type CertificateSort = (typeof CERTIFICATE_SORTS)[number];

/** A page of certificates (a few dozen rows: filtered and sorted in memory); search by name or description. */
export async function listCertificates(db: Executor, query: ListQuery<CertificateSort>) {
  return pageInMemory(await loadCertificates(db), query, (c) => [c.name, c.description], {
    name: (c) => c.name,
    icon_type: (c) => c.icon_type,
    companies: (c) => c.company_count,
    updated_at: (c) => c.updated_at,
  });
}

async function checkName(tx: Executor, v: CertificateValues, id: number | undefined): Promise<void> {
  const sameName = sql`lower(${t.certification.name}) = lower(${v.name})`;
  const [dup] = await tx
    .select({ id: t.certification.id })
    .from(t.certification)
    .where(id === undefined ? sameName : and(sameName, ne(t.certification.id, id)));
  if (dup) throw new InputError(`A certificate named "${v.name}" already exists.`, 409, [{ path: 'name', message: 'This name is already used by another certificate' }]);
}

function columns(v: CertificateValues) {
  return { name: v.name, description: v.description, translations: v.translations, iconType: v.icon_type };
}

async function snapshot(tx: Executor, id: number) {
  return (await exportCertificates(tx, [id]))[0] ?? null;
}

export async function createCertificate(db: Db, v: CertificateValues, w: WriteContext): Promise<number> {
  return createLogged(db, w, { entity: 'certification', label: v.name }, async (tx) => {
    await checkName(tx, v, undefined);
    const [row] = await tx
      .insert(t.certification)
      .values({ ...columns(v), updatedAt: w.now.toISOString() })
      .returning({ id: t.certification.id });
    return row.id;
  });
}

/** False when there is no such certificate; 412 (InputError) when `version` is no longer current. */
export async function updateCertificate(db: Db, id: number, version: number, v: CertificateValues, w: WriteContext): Promise<boolean> {
  return updateLogged(db, w, { entity: 'certification', label: v.name }, id, version, async (tx) => {
    await checkName(tx, v, id);
    await tx.update(t.certification).set(columns(v)).where(eq(t.certification.id, id));
  });
}

/** Who holds a certificate, in the company record's certification format plus the company slug. */
async function holdersOf(tx: Executor, id: number) {
  const rows = await tx
    .select({ slug: t.company.slug, status: t.companyCertification.status, validFrom: t.companyCertification.validFrom, validUntil: t.companyCertification.validUntil, link: t.companyCertification.link })
    .from(t.companyCertification)
    .innerJoin(t.company, eq(t.company.id, t.companyCertification.companyId))
    .where(eq(t.companyCertification.certificationId, id));
  return rows
    .map((r) => ({ company: r.slug, status: r.status, valid_from: r.validFrom, valid_until: r.validUntil, link: r.link ?? '' }))
    .sort((a, b) => a.company.localeCompare(b.company));
}

/** Deleting a certificate takes it off every company that held it. */
export async function deleteCertificate(db: Db, id: number, version: number, w: WriteContext): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    if ((await claimVersion(tx, 'certification', id, version, w)) === undefined) return false;
    // The holders go into the log entry, so a revert gives the certificate back to the companies too.
    const before = { ...(await snapshot(tx, id)), holders: await holdersOf(tx, id) };
    await tx.delete(t.companyCertification).where(eq(t.companyCertification.certificationId, id));
    await tx.delete(t.certification).where(eq(t.certification.id, id));
    await logChange(tx, w, { entity: 'certification', entityId: id, label: before?.name ?? `Certificate ${id}`, action: 'delete', before, after: null });
    return true;
  });
}
