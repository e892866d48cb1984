// The Atom feed of changes in the other languages: /de/feed.atom, /fr/feed.atom.
import type { APIRoute, GetStaticPaths } from 'astro';
import { DEFAULT_LANG, LANGS, type Lang } from '../../lib/i18n-langs.ts';
import { buildFeed } from '../../lib/open-data.ts';

export const getStaticPaths = (() => LANGS.filter((l) => l !== DEFAULT_LANG).map((lang) => ({ params: { lang } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) =>
  new Response(await buildFeed(params.lang as Lang, (site ?? new URL('http://127.0.0.1:4321')).href), {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8' },
  });
