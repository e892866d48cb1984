// /og/en.png, /og/de.png, /og/fr.png: each language's link-preview picture (src/lib/og-image.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { LANGS, type Lang } from '../../lib/i18n-langs.ts';
import { ogPng } from '../../lib/og-image.ts';

export const getStaticPaths = (() => LANGS.map((lang) => ({ params: { lang } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => new Response(ogPng(params.lang as Lang), { headers: { 'content-type': 'image/png' } });
