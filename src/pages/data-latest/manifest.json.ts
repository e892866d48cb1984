// /data-latest/manifest.json: the stable name of every islands' JSON file and its current fingerprinted
// path (src/lib/data-manifest.ts). Revalidated on every use (public/_headers, /data-latest/*).
import type { APIRoute } from 'astro';
import { dataManifestBody } from '../../lib/data-files.ts';

export const GET: APIRoute = async () => new Response(await dataManifestBody(), { headers: { 'content-type': 'application/json; charset=utf-8' } });
