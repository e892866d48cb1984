// Certificates with the number of companies holding each.
import { and, eq, ne, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import type { CertificateValues } from '../../lib/schemas/certificate.ts';
import { InputError } from '../import-export/errors.ts';
import { writeTransaction } from '../write-lock.ts';

export async function listCertificates(db: Executor, id?: number) {
  return db
    .select({
      id: t.certification.id,
      name: t.certification.name,
      description: t.certification.description,
      description_de: t.certification.descriptionDe,
      description_fr: t.certification.descriptionFr,
      icon_type: t.certification.iconType,
      // Spelled out: drizzle leaves columns unqualified in a single-table select, which a subquery would misread.
      company_count: sql<number>`(select count(*) from "company_certifications" cc where cc."certification_id" = "certification"."id")`.mapWith(Number),
    })
    .from(t.certification)
    .where(id === undefined ? undefined : eq(t.certification.id, id))
    .orderBy(sql`${t.certification.name} collate nocase`);
}

export async function getCertificate(db: Executor, id: number) {
  return (await listCertificates(db, id))[0];
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
  return { name: v.name, description: v.description, descriptionDe: v.description_de, descriptionFr: v.description_fr, iconType: v.icon_type };
}

export async function createCertificate(db: Db, v: CertificateValues): Promise<number> {
  return writeTransaction(db, async (tx) => {
    await checkName(tx, v, undefined);
    const [row] = await tx.insert(t.certification).values(columns(v)).returning({ id: t.certification.id });
    return row.id;
  });
}

export async function updateCertificate(db: Db, id: number, v: CertificateValues): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const [current] = await tx.select({ id: t.certification.id }).from(t.certification).where(eq(t.certification.id, id));
    if (!current) return false;
    await checkName(tx, v, id);
    await tx.update(t.certification).set(columns(v)).where(eq(t.certification.id, id));
    return true;
  });
}

/** Deleting a certificate takes it off every company that held it. */
export async function deleteCertificate(db: Db, id: number): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const [current] = await tx.select({ id: t.certification.id }).from(t.certification).where(eq(t.certification.id, id));
    if (!current) return false;
    await tx.delete(t.companyCertification).where(eq(t.companyCertification.certificationId, id));
    await tx.delete(t.certification).where(eq(t.certification.id, id));
    return true;
  });
}
