// Writes the islands' JSON files (search index, company list) under content-hashed names.
import type { APIRoute, GetStaticPaths } from 'astro';
import { dataFiles } from '../../lib/data-files.ts';

export const getStaticPaths = (async () => {
  return (await dataFiles()).map((file) => ({ params: { file: file.name }, props: { body: file.body } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { body: string }).body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
