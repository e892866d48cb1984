// Flag SVGs served from our own origin (no third-party request): copied at build from the flag-icons
// package (MIT, one 4:3 SVG per ISO 3166 code) for every code the site can show, plus xx (unknown).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { APIRoute, GetStaticPaths } from 'astro';
import { COUNTRIES } from '../../lib/countries.ts';
import { allCompanies } from '../../lib/data.ts';

const FLAGS_DIR = join(dirname(createRequire(join(process.cwd(), 'package.json')).resolve('flag-icons/package.json')), 'flags', '4x3');

export const getStaticPaths = (async () => {
  const codes = new Set(['xx', ...COUNTRIES.map((c) => c.code.toLowerCase())]);
  for (const c of await allCompanies()) for (const code of [c.country, c.ownerCountry]) if (code && /^[A-Za-z]{2}$/.test(code)) codes.add(code.toLowerCase());
  const paths = [];
  for (const code of [...codes].sort()) {
    let body: string;
    try {
      body = readFileSync(join(FLAGS_DIR, `${code}.svg`), 'utf8');
    } catch {
      continue; // a code the package has no flag for shows xx (islands) or no page asks for it
    }
    // Drop the package's id attribute (ids are pointless in a file of its own) and the newlines.
    paths.push({ params: { code }, props: { body: body.replace(/ id="flag-icons-[^"]*"/, '').replace(/\n\s*/g, '') } });
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response((props as { body: string }).body, { headers: { 'content-type': 'image/svg+xml' } });
