// The static JSON API: /open-data/v1/companies/{slug}.json and the paged index index-{n}.json.
// Plain files, so any CDN serves them (see src/lib/open-data.ts for why not /api/v1/ or /data/v1/).
import type { APIRoute, GetStaticPaths } from 'astro';
import { companyApiFiles, companyIndexPages } from '../../../../lib/open-data.ts';

export const getStaticPaths = (async () => {
  const origin = import.meta.env.SITE ?? 'http://127.0.0.1:4321';
  const [companies, pages] = await Promise.all([companyApiFiles(origin), companyIndexPages(origin)]);
  return [
    ...companies.map((c) => ({ params: { file: `${c.slug}.json` }, props: { body: c.body } })),
    ...pages.map((p) => ({ params: { file: `index-${p.n}.json` }, props: { body: p.body } })),
  ];
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response((props as { body: string }).body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
