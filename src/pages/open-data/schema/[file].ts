// One JSON Schema (draft 2020-12) per open-data file: /open-data/schema/{name}.schema.json.
import type { APIRoute, GetStaticPaths } from 'astro';
import { API_SCHEMAS, DATASETS, jsonSchema, type SchemaName } from '../../../lib/open-data-schemas.ts';

export const getStaticPaths = (() =>
  [...DATASETS, ...API_SCHEMAS].map((name) => ({ params: { file: `${name}.schema.json` }, props: { name } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) =>
  new Response(`${JSON.stringify(jsonSchema((props as { name: SchemaName }).name, (site ?? new URL('http://127.0.0.1:4321')).href), null, 2)}\n`, {
    headers: { 'content-type': 'application/schema+json; charset=utf-8' },
  });
