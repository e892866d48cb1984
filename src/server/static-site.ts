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
  '.atom': 'application/atom+xml; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

// Configuration files of the build that the CDN reads but never serves (paths relative to the site).
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

/** The path with its percent escapes decoded; undefined when an escape is malformed (e.g. /%E0%A4%A). */
function decodePath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/**
 * Files beside the site that are not part of it: any path segment starting with a dot (.published-at,
 * .carried.json, and ".." too) and the CDN's configuration files.
 */
function isInternal(decoded: string): boolean {
  const segments = decoded.split(/[/\\]/).filter(Boolean);
  return segments.some((s) => s.startsWith('.')) || HIDDEN_FILES.has(segments.join('/'));
}

async function findFile(root: string, pathname: string): Promise<string | undefined> {
  const decoded = decodePath(pathname);
  if (decoded === undefined || decoded.includes('\0') || isInternal(decoded)) return undefined;
  const rel = normalize(decoded).replace(/^([/\\])+/, '');
  if (rel.split(sep).includes('..')) return undefined;
  const candidates = [join(root, rel), join(root, rel, 'index.html'), join(root, `${rel.replace(/\/$/, '')}.html`)];
  for (const file of candidates) {
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) return file;
  }
  return undefined;
}

/**
 * The _headers rules for a path. The security headers go on every answer (pages, redirects, errors);
 * caching only on a 200, so a missing fingerprinted file is not cached for a year.
 */
function siteHeaders(root: string, pathname: string, status: number): Headers {
  const headers = new Headers(headersFor(rulesOf(root).headers, pathname));
  if (status !== 200) headers.delete('cache-control');
  return headers;
}

function textResponse(root: string, pathname: string, status: number, text: string, extra: Record<string, string> = {}): Response {
  const headers = siteHeaders(root, pathname, status);
  headers.set('content-type', 'text/plain; charset=utf-8');
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(text, { status, headers });
}

async function fileResponse(root: string, file: string, pathname: string, status: number, method: string): Promise<Response> {
  const headers = siteHeaders(root, pathname, status);
  headers.set('content-type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
  const body = method === 'HEAD' ? null : await readFile(file);
  return new Response(body, { status, headers });
}

/** Answers a GET/HEAD request from the site folder `root`. */
export async function serveSite(root: string, request: Request): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD') return textResponse(root, pathname, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });
  // A malformed escape is the client's mistake: 400 (it used to throw, a 500).
  if (decodePath(pathname) === undefined) return textResponse(root, pathname, 400, 'Bad Request');

  const redirect = matchRedirect(rulesOf(root).redirects, pathname);
  if (redirect && redirect.status === 200) {
    // A rewrite: serve the target with 200 and keep the URL (e.g. every /admin/* path -> the admin app).
    const file = await findFile(root, redirect.to);
    if (file) return fileResponse(root, file, pathname, 200, method);
  } else if (redirect) {
    const headers = siteHeaders(root, pathname, redirect.status);
    headers.set('location', redirect.to + search);
    return new Response(null, { status: redirect.status, headers });
  }

  let file = await findFile(root, pathname);
  if (file) return fileResponse(root, file, pathname, 200, method);

  const lang = langOfPath(pathname);
  file = (await findFile(root, `${langPrefix(lang)}/404`)) ?? (await findFile(root, '/404.html'));
  if (file) return fileResponse(root, file, pathname, 404, method);
  return textResponse(root, pathname, 404, 'Not Found');
}

export function forgetSiteRules(root: string): void {
  rulesCache.delete(root);
}
