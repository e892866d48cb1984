// The sitemap files: every indexable page with its hreflang alternates and lastmod (src/lib/sitemap.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapFileCount, sitemapXml } from '../lib/sitemap.ts';

export const getStaticPaths = (async () => {
  return Array.from({ length: await sitemapFileCount() }, (_, n) => ({ params: { n: String(n) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) =>
  new Response(await sitemapXml(Number(params.n), site ?? new URL('http://127.0.0.1:4321')), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
