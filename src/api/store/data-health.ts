// "Data health": companies that need work, by problem: no source for headquarters or for ownership, no
// description in a site language, no ownership, drafts. Counts of every problem and a page of one.
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Executor } from '../../../db/executor.ts';
import { DEFAULT_LANG, LANGS, type Lang } from '../../lib/i18n-langs.ts';
import { likePattern, type Paged } from '../../lib/schemas/list.ts';

export const HEALTH_ISSUES = ['missing_sources', 'missing_description', 'missing_ownership', 'drafts'] as const;
export type HealthIssue = (typeof HEALTH_ISSUES)[number];

/** A company source (not a product's) that supports `fact`. */
function hasSourceFor(fact: 'headquarters' | 'ownership'): SQL {
  return sql`exists (select 1 from "source" s, json_each(s."facts") f where s."company_id" = "company"."id" and s."product_id" is null and f.value = ${fact})`;
}

function missingDescription(lang: Lang): SQL {
  if (lang === DEFAULT_LANG) return sql`trim(coalesce(${t.company.description}, '')) = ''`;
  return sql`trim(coalesce(json_extract(${t.company.translations}, ${`$.${lang}.description`}), '')) = ''`;
}

function condition(issue: HealthIssue, lang: Lang): SQL {
  switch (issue) {
    case 'missing_sources':
      return sql`(not ${hasSourceFor('headquarters')} or not ${hasSourceFor('ownership')})`;
    case 'missing_description':
      return missingDescription(lang);
    case 'missing_ownership':
      return or(isNull(t.company.ownerKind), sql`${t.company.ownerKind} = ''`)!;
    case 'drafts':
      return eq(t.company.status, 'draft');
  }
}

async function count(db: Executor, where: SQL): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t.company).where(where);
  return n;
}

export interface HealthCounts {
  missing_sources: number;
  missing_ownership: number;
  drafts: number;
  /** per site language */
  missing_description: Record<Lang, number>;
  companies: number;
}

export async function healthCounts(db: Executor): Promise<HealthCounts> {
  const description = {} as Record<Lang, number>;
  for (const lang of LANGS) description[lang] = await count(db, missingDescription(lang));
  return {
    missing_sources: await count(db, condition('missing_sources', DEFAULT_LANG)),
    missing_ownership: await count(db, condition('missing_ownership', DEFAULT_LANG)),
    drafts: await count(db, condition('drafts', DEFAULT_LANG)),
    missing_description: description,
    companies: await count(db, sql`1 = 1`),
  };
}

export interface HealthItem {
  id: number;
  name: string;
  slug: string;
  country: string;
  status: 'published' | 'draft';
  has_headquarters_source: boolean;
  has_ownership_source: boolean;
  owner_kind: string | null;
}

/** A page of the companies with one problem, by name; `q` narrows by name. */
export async function healthList(db: Executor, issue: HealthIssue, lang: Lang, q: string, page: number, perPage: number): Promise<Paged<HealthItem>> {
  const where = and(condition(issue, lang), q ? sql`lower(${t.company.name}) like ${likePattern(q)} escape '\\'` : undefined)!;
  const total = await count(db, where);
  const rows = await db
    .select({
      id: t.company.id,
      name: t.company.name,
      slug: t.company.slug,
      country: t.company.country,
      status: t.company.status,
      has_headquarters_source: sql<number>`${hasSourceFor('headquarters')}`.mapWith(Boolean),
      has_ownership_source: sql<number>`${hasSourceFor('ownership')}`.mapWith(Boolean),
      owner_kind: t.company.ownerKind,
    })
    .from(t.company)
    .where(where)
    .orderBy(sql`${t.company.name} collate nocase`, asc(t.company.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items: rows as HealthItem[], total, page, per_page: perPage };
}
