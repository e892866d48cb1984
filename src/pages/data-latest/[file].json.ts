// The newest islands' JSON files under stable names (/data-latest/search-en.json): the fallback for
// pages built before the last republish, whose fingerprinted files are gone. Not cached for long.
import type { APIRoute, GetStaticPaths } from 'astro';
import { dataFiles } from '../../lib/data-files.ts';

export const getStaticPaths = (async () => {
  return (await dataFiles()).map((file) => ({ params: { file: file.stable }, props: { body: file.body } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { body: string }).body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
