// The sitemap index (robots.txt points here); the files it lists are src/pages/sitemap-[n].xml.ts.
import type { APIRoute } from 'astro';
import { sitemapIndexXml } from '../lib/sitemap.ts';

export const GET: APIRoute = async ({ site }) =>
  new Response(await sitemapIndexXml(site ?? new URL('http://127.0.0.1:4321')), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
