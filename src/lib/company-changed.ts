// When a company's file of the static JSON API (open-data.ts) says it changed: the latest creation or
// update of its record, of the companies it links to and from, and of its products. Its own module: the
// incremental renderer (plain Node, no bundler) needs it without the rest of open-data.ts.
import type { Directory } from './data.ts';

export function companyChangedAt(d: Directory, slug: string): string {
  const c = d.companyBySlug.get(slug);
  let latest = '1970-01-01T00:00:00.000Z';
  const consider = (...times: (string | null | undefined)[]) => {
    for (const time of times) if (time && time > latest) latest = time;
  };
  if (c) {
    consider(c.createdAt, c.updatedAt);
    for (const a of [...(d.alternativesOf.get(c.id) ?? []), ...(d.alternativeTo.get(c.id) ?? [])]) consider(a.company.createdAt, a.company.updatedAt);
    for (const p of d.productsByCompany.get(c.id) ?? []) consider(p.createdAt, p.updatedAt);
  }
  const date = new Date(latest);
  return (Number.isNaN(date.getTime()) ? new Date(0) : date).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
