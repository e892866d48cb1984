// The open-data downloads: /open-data/{companies,products,alternatives,fines,categories}.{json,csv}.
import type { APIRoute, GetStaticPaths } from 'astro';
import { DATASETS, datasetCsv, datasetJson, type Dataset } from '../../lib/open-data.ts';

export const getStaticPaths = (() =>
  DATASETS.flatMap((name) => (['json', 'csv'] as const).map((ext) => ({ params: { file: `${name}.${ext}` }, props: { name, ext } })))) satisfies GetStaticPaths;

const FALLBACK_SITE = 'http://127.0.0.1:4321';

export const GET: APIRoute = async ({ props, site }) => {
  const { name, ext } = props as { name: Dataset; ext: 'json' | 'csv' };
  const origin = (site ?? new URL(FALLBACK_SITE)).href;
  if (ext === 'json') return new Response(await datasetJson(name, origin), { headers: { 'content-type': 'application/json; charset=utf-8' } });
  return new Response(await datasetCsv(name, origin), { headers: { 'content-type': 'text/csv; charset=utf-8' } });
};
