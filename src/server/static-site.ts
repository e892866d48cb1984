// Serves the built static site like the CDN does: _redirects, _headers, directory indexes and
// the localized 404 page with status 404.
import { readFile, stat } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { langOfPath, langPrefix } from '../lib/routes.ts';
import { headersFor, parseHeaders, type HeaderRule } from './headers.ts';
import { matchRedirect, parseRedirects, type RedirectRule } from './redirects.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

// Configuration files of the build that the CDN reads but never serves.
const HIDDEN_FILES = new Set(['_redirects', '_headers', '_routes.json']);

interface SiteRules {
  redirects: RedirectRule[];
  headers: HeaderRule[];
}

const rulesCache = new Map<string, SiteRules>();

function rulesOf(root: string): SiteRules {
  let rules = rulesCache.get(root);
  if (!rules) {
    const read = (name: string) => (existsSync(join(root, name)) ? readFileSync(join(root, name), 'utf8') : '');
    rules = { redirects: parseRedirects(read('_redirects')), headers: parseHeaders(read('_headers')) };
    rulesCache.set(root, rules);
  }
  return rules;
}

async function findFile(root: string, pathname: string): Promise<string | undefined> {
  const rel = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  if (rel.split(sep).includes('..') || HIDDEN_FILES.has(rel)) return undefined;
  const candidates = [join(root, rel), join(root, rel, 'index.html'), join(root, `${rel.replace(/\/$/, '')}.html`)];
  for (const file of candidates) {
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) return file;
  }
  return undefined;
}

async function fileResponse(root: string, file: string, pathname: string, status: number, method: string): Promise<Response> {
  const headers = new Headers(headersFor(rulesOf(root).headers, pathname));
  headers.set('content-type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
  const body = method === 'HEAD' ? null : await readFile(file);
  return new Response(body, { status, headers });
}

/** Answers a GET/HEAD request from the site folder `root`. */
export async function serveSite(root: string, request: Request): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD') return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } });

  const redirect = matchRedirect(rulesOf(root).redirects, pathname);
  if (redirect && redirect.status === 200) {
    // A rewrite: serve the target with 200 and keep the URL (e.g. every /admin/* path -> the admin app).
    const file = await findFile(root, redirect.to);
    if (file) return fileResponse(root, file, pathname, 200, method);
  } else if (redirect) {
    return new Response(null, { status: redirect.status, headers: { location: redirect.to + search } });
  }

  let file = await findFile(root, pathname);
  if (file) return fileResponse(root, file, pathname, 200, method);

  const lang = langOfPath(pathname);
  file = (await findFile(root, `${langPrefix(lang)}/404`)) ?? (await findFile(root, '/404.html'));
  if (file) return fileResponse(root, file, pathname, 404, method);
  return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

export function forgetSiteRules(root: string): void {
  rulesCache.delete(root);
}
