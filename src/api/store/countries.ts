// The 53 built-in countries with company counts, tax data and EU membership (only edited, never added).
import { eq, sql } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import { COUNTRIES, DEFAULT_EU_MEMBERS, countryByCode, flagEmoji, isEuropean, type Country } from '../../lib/countries.ts';
import type { CountryValues } from '../../lib/schemas/country.ts';
import { pageInMemory, type ListQuery } from '../../lib/schemas/list.ts';
import { today } from '../../lib/schemas/common.ts';
import { writeTransaction } from '../write-lock.ts';

function view(
  c: Country,
  counts: Map<string, number>,
  tax: Map<string, typeof t.countryTaxRate.$inferSelect>,
  membership: Map<string, typeof t.countryMembership.$inferSelect>,
) {
  const m = membership.get(c.code);
  return {
    code: c.code,
    name: c.names.en,
    slug: c.slug,
    region: c.region,
    flag: flagEmoji(c.code),
    is_european: isEuropean(c.code),
    company_count: counts.get(c.code) ?? 0,
    corporate_tax_rate: tax.get(c.code)?.corporateTaxRate ?? null,
    population: tax.get(c.code)?.population ?? null,
    // Without a stored row, the default EU member list applies (DEFAULT_EU_MEMBERS in src/lib/countries.ts).
    is_eu_member: m ? m.isEuMember : DEFAULT_EU_MEMBERS.includes(c.code),
    joined_date: m?.joinedDate ?? null,
  };
}

async function load(db: Executor) {
  const counts = await db.select({ code: t.company.country, n: sql<number>`count(*)`.mapWith(Number) }).from(t.company).groupBy(t.company.country);
  const tax = await db.select().from(t.countryTaxRate);
  const members = await db.select().from(t.countryMembership);
  return {
    counts: new Map(counts.map((r) => [r.code, r.n])),
    tax: new Map(tax.map((r) => [r.countryCode, r])),
    membership: new Map(members.map((r) => [r.countryCode, r])),
  };
}

export const COUNTRY_SORTS = ['name', 'code', 'region', 'companies', 'tax_rate'] as const;
export type CountrySort = (typeof COUNTRY_SORTS)[number];

/** A page of the built-in countries; search by name or code. */
export async function listCountries(db: Executor, query: ListQuery<CountrySort>) {
  const { counts, tax, membership } = await load(db);
  const rows = [...COUNTRIES].sort((a, b) => a.names.en.localeCompare(b.names.en)).map((c) => view(c, counts, tax, membership));
  return pageInMemory(rows, query, (c) => [c.name, c.code], {
    name: (c) => c.name,
    code: (c) => c.code,
    region: (c) => c.region,
    companies: (c) => c.company_count,
    tax_rate: (c) => c.corporate_tax_rate,
  });
}

export async function getCountry(db: Executor, code: string) {
  const country = countryByCode(code);
  if (!country) return undefined;
  const { counts, tax, membership } = await load(db);
  return view(country, counts, tax, membership);
}

export type CountryDetail = NonNullable<Awaited<ReturnType<typeof getCountry>>>;

/**
 * Saves tax rate, population and EU membership. joined_date: today when the country becomes a member,
 * kept when it already was one, null when it is not a member.
 */
export async function updateCountry(db: Db, code: string, v: CountryValues, now: Date): Promise<boolean> {
  const country = countryByCode(code);
  if (!country) return false;
  await writeTransaction(db, async (tx) => {
    const tax = { countryCode: country.code, corporateTaxRate: v.corporate_tax_rate, population: v.population };
    await tx.insert(t.countryTaxRate).values(tax).onConflictDoUpdate({ target: t.countryTaxRate.countryCode, set: tax });
    const [previous] = await tx.select().from(t.countryMembership).where(eq(t.countryMembership.countryCode, country.code));
    const joinedDate = v.is_eu_member ? (previous?.isEuMember && previous.joinedDate ? previous.joinedDate : today(now)) : null;
    const member = { countryCode: country.code, isEuMember: v.is_eu_member, joinedDate };
    await tx.insert(t.countryMembership).values(member).onConflictDoUpdate({ target: t.countryMembership.countryCode, set: member });
  });
  return true;
}
