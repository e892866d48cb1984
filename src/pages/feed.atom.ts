// The English Atom feed of changes (company added, ownership changed, fine added): /feed.atom.
import type { APIRoute } from 'astro';
import { buildFeed } from '../lib/open-data.ts';

export const GET: APIRoute = async ({ site }) =>
  new Response(await buildFeed('en', (site ?? new URL('http://127.0.0.1:4321')).href), { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
