// Computes sustainability scores of alternative links from what the database knows about the alternative.
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import { DEFAULT_EU_MEMBERS, isEuropean } from '../../lib/countries.ts';
import { sustainabilityScore } from '../../lib/sustainability.ts';
import { chunks } from '../chunks.ts';

export async function scoresFor(tx: Executor, companyIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (!companyIds.length) return result;
  // A stored membership row wins; countries without one fall back to the default EU member list.
  const memberships = await tx.select().from(t.countryMembership);
  const stored = new Map(memberships.map((m) => [m.countryCode, m.isEuMember]));
  const isMember = (code: string) => stored.get(code) ?? DEFAULT_EU_MEMBERS.includes(code);
  // In slices: an import may ask for the scores of more companies than one IN (...) list may hold.
  for (const part of chunks(companyIds)) await scoreSlice(tx, part, isMember, result);
  return result;
}

async function scoreSlice(tx: Executor, companyIds: number[], isMember: (code: string) => boolean, result: Map<number, number>): Promise<void> {
  const companies = await tx
    .select({ id: t.company.id, country: t.company.country, sustainable: t.company.sustainable })
    .from(t.company)
    .where(inArray(t.company.id, companyIds));
  const certs = await tx
    .select({ companyId: t.companyCertification.companyId, iconType: t.certification.iconType })
    .from(t.companyCertification)
    .innerJoin(t.certification, eq(t.certification.id, t.companyCertification.certificationId))
    .where(and(inArray(t.companyCertification.companyId, companyIds), inArray(t.companyCertification.status, ['Verified', 'Certified', 'Compliant'])));
  const fines = await tx
    .select({ companyId: t.euFine.companyId, n: sql<number>`count(*)` })
    .from(t.euFine)
    .where(inArray(t.euFine.companyId, companyIds))
    .groupBy(t.euFine.companyId);
  const fineCount = new Map(fines.map((f) => [f.companyId, Number(f.n)]));
  for (const c of companies) {
    result.set(
      c.id,
      sustainabilityScore({
        isEuMember: isMember(c.country),
        isEuropean: isEuropean(c.country),
        sustainable: c.sustainable,
        certificationIconTypes: certs.filter((x) => x.companyId === c.id).map((x) => x.iconType),
        fineCount: fineCount.get(c.id) ?? 0,
      }),
    );
  }
}

/** Sets the computed score on the given links. */
export async function refreshScores(tx: Executor, links: { companyId: number; alternativeId: number }[]): Promise<void> {
  const scores = await scoresFor(tx, [...new Set(links.map((l) => l.alternativeId))]);
  for (const l of links) {
    await tx
      .update(t.alternative)
      .set({ sustainabilityScore: scores.get(l.alternativeId) ?? 0 })
      .where(and(eq(t.alternative.companyId, l.companyId), eq(t.alternative.alternativeId, l.alternativeId)));
  }
}
