// The query of every admin list: ?q=&page=&per_page=&sort= (sort: a whitelisted key, "-" for descending),
// and the answer's shape { items, total, page, per_page }. Shared by the API routes and the admin lists.
import { z } from 'zod';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

export interface ListQuery<S extends string = string> {
  q: string;
  page: number;
  per_page: number;
  /** the sort key without its sign */
  sort: S;
  desc: boolean;
}

/** "name", "-created_at" → key and direction; only keys in `sorts`. */
export function listQuerySchema<const S extends string>(sorts: readonly S[], defaultSort: S | `-${S}`) {
  const allowed = sorts.flatMap((s) => [s, `-${s}`]);
  return z
    .object({
      q: z.string().trim().max(200, 'q is too long (at most 200 characters)').default(''),
      page: z.coerce.number('page must be a number').int('page must be a whole number').min(1, 'page starts at 1').max(1_000_000, 'page is too large').default(1),
      per_page: z.coerce
        .number('per_page must be a number')
        .int('per_page must be a whole number')
        .min(1, 'per_page must be at least 1')
        .max(MAX_PER_PAGE, `per_page must be at most ${MAX_PER_PAGE}`)
        .default(DEFAULT_PER_PAGE),
      sort: z
        .string()
        .default(defaultSort)
        .refine((s) => allowed.includes(s), { message: `sort must be one of: ${allowed.join(', ')}` }),
    })
    .transform(
      (v): ListQuery<S> => ({ q: v.q, page: v.page, per_page: v.per_page, sort: v.sort.replace(/^-/, '') as S, desc: v.sort.startsWith('-') }),
    );
}

/** The part of the query a list screen sends (all optional strings, as in a URL). */
export interface ListParams {
  q?: string;
  page?: string;
  per_page?: string;
  sort?: string;
}

/** Case-insensitive "contains" for lists filtered in memory (the few small ones). */
export function textMatches(query: string, ...fields: (string | null | undefined)[]): boolean {
  const q = query.trim().toLocaleLowerCase('en');
  if (!q) return true;
  return fields.some((f) => f?.toLocaleLowerCase('en').includes(q));
}

/**
 * Pages a list held in memory (categories, certificates, countries: tens of rows): filter, sort with the
 * key's value (strings case-insensitively, ties by the first key), slice.
 */
export function pageInMemory<T, S extends string>(
  rows: T[],
  query: ListQuery<S>,
  search: (row: T) => (string | null | undefined)[],
  keys: Record<S, (row: T) => string | number | null>,
): Paged<T> {
  const filtered = rows.filter((r) => textMatches(query.q, ...search(r)));
  const key = keys[query.sort];
  const cmp = (a: string | number | null, b: string | number | null) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
  };
  const sorted = filtered
    .map((row, i) => ({ row, i }))
    .sort((x, y) => {
      const d = cmp(key(x.row), key(y.row));
      return (query.desc ? -d : d) || x.i - y.i;
    })
    .map((x) => x.row);
  const start = (query.page - 1) * query.per_page;
  return { items: sorted.slice(start, start + query.per_page), total: filtered.length, page: query.page, per_page: query.per_page };
}

/** "%" and "_" typed by a user are literal in a LIKE pattern (ESCAPE '\'). */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
