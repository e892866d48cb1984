// The one module that reads the database at build time. Pages call these functions; nothing else
// under src/pages or src/components touches the database.
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { createDb, type Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { parseEnv } from './env.ts';
import { EXCLUDED_FROM_EUROPE, EUROPEAN_COUNTRIES, isEuropean } from './countries.ts';

let dbPromise: Promise<Db> | undefined;

/** One connection for the whole build, from LIBSQL_URL. */
export function buildDb(): Promise<Db> {
  if (!dbPromise) {
    const env = parseEnv();
    dbPromise = createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
  }
  return dbPromise;
}

const once = <T>(load: () => Promise<T>) => {
  let cached: Promise<T> | undefined;
  return () => (cached ??= load());
};

export interface CompanySummary {
  id: number;
  name: string;
  slug: string;
  country: string;
  isUnicorn: boolean;
  description: string;
  descriptionDe: string | null;
  descriptionFr: string | null;
  categoryId: number;
  createdAt: string;
}

/** Every company with the fields lists show, sorted by name. Loaded once per build. */
export const allCompanies = once(async (): Promise<CompanySummary[]> => {
  const db = await buildDb();
  return db
    .select({
      id: t.company.id,
      name: t.company.name,
      slug: t.company.slug,
      country: t.company.country,
      isUnicorn: t.company.isUnicorn,
      description: t.company.description,
      descriptionDe: t.company.descriptionDe,
      descriptionFr: t.company.descriptionFr,
      categoryId: t.company.categoryId,
      createdAt: t.company.createdAt,
    })
    .from(t.company)
    .orderBy(asc(t.company.name));
});

export const allCategories = once(async () => {
  const db = await buildDb();
  return db.query.category.findMany({
    orderBy: asc(t.category.name),
    with: { subcategories: { orderBy: asc(t.subcategory.name) } },
  });
});

/** The six newest European companies (home page "Recently added"). */
export async function recentlyAdded(limit = 6): Promise<CompanySummary[]> {
  const companies = await allCompanies();
  return companies
    .filter((c) => isEuropean(c.country))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .slice(0, limit);
}

export async function companiesBySlugs(slugs: readonly string[]): Promise<CompanySummary[]> {
  const companies = await allCompanies();
  const bySlug = new Map(companies.map((c) => [c.slug, c]));
  return slugs.map((s) => bySlug.get(s)).filter((c): c is CompanySummary => !!c);
}

export { EXCLUDED_FROM_EUROPE, EUROPEAN_COUNTRIES, asc, desc, eq, inArray, sql };
