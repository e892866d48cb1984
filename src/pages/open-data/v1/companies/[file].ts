// The static JSON API: /open-data/v1/companies/{slug}.json and the paged index index-{n}.json.
// Plain files, so any CDN serves them (see src/lib/open-data.ts for why not /api/v1/ or /data/v1/).
import type { APIRoute, GetStaticPaths } from 'astro';
import { companyApiFile, companyApiSlugs, companyIndexPages } from '../../../../lib/open-data.ts';

const origin = () => import.meta.env.SITE ?? 'http://127.0.0.1:4321';

// A company's file is serialized when its path is rendered (an incremental publish renders few).
export const getStaticPaths = (async () => {
  const [slugs, pages] = await Promise.all([companyApiSlugs(origin()), companyIndexPages(origin())]);
  return [...slugs.map((slug) => ({ params: { file: `${slug}.json` }, props: { slug } })), ...pages.map((p) => ({ params: { file: `index-${p.n}.json` }, props: { body: p.body } }))];
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { slug, body } = props as { slug?: string; body?: string };
  const text = slug ? await companyApiFile(origin(), slug) : body;
  if (text === undefined) return new Response('Not found', { status: 404 });
  return new Response(text, { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
