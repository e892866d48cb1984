// The _headers file of the static site (read by Cloudflare and by the local server alike): a CSP that
// allows no inline script except the exact ones the build emitted (by SHA-256 hash), no framing,
// nosniff, a referrer policy, and a year of caching for fingerprinted assets. Written by an Astro
// integration once the build is done, from the HTML it produced.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The contents of every inline script the browser would execute. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1];
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue; // JSON data, templates, ...
    out.push(m[2]);
  }
  return out;
}

export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

export function contentSecurityPolicy(hashes: Iterable<string>): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(hashes)].sort().join(' ')}`.trim(),
    // Styles: Astro inlines small stylesheets and islands set style attributes; no script runs from CSS.
    "style-src 'self' 'unsafe-inline'",
    // Company logos may live on their own sites.
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `assetsDir`: Astro's build.assets folder, where every file name carries a content hash. */
export function headersFile(hashes: Iterable<string>, assetsDir = '_astro'): string {
  return [
    '# Written by the build (src/api/site-headers.ts). Cloudflare Pages and the local server both read it.',
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(hashes)}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  X-Frame-Options: DENY',
    '  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=()',
    '  Strict-Transport-Security: max-age=31536000; includeSubDomains',
    '  Cross-Origin-Opener-Policy: same-origin',
    '',
    '# Fingerprinted assets never change under the same name.',
    `/${assetsDir}/*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
    '/admin/*',
    '  X-Robots-Tag: noindex, nofollow',
    '',
  ].join('\n');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

/** Hashes the inline scripts of every page in `dir` and writes `dir/_headers` (rules from public/_headers follow ours). */
export function writeSiteHeaders(dir: string, assetsDir = '_astro'): { hashes: number; pages: number } {
  const hashes = new Set<string>();
  const pages = htmlFiles(dir);
  for (const file of pages) for (const source of inlineScripts(readFileSync(file, 'utf8'))) hashes.add(scriptHash(source));
  const target = join(dir, '_headers');
  const existing = existsSync(target) ? readFileSync(target, 'utf8') : '';
  writeFileSync(target, headersFile(hashes, assetsDir) + (existing ? `\n${existing}` : ''));
  return { hashes: hashes.size, pages: pages.length };
}

export function siteHeaders(): AstroIntegration {
  let assetsDir = '_astro';
  return {
    name: 'site-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        assetsDir = config.build.assets.replace(/^\/+|\/+$/g, '');
      },
      'astro:build:done': ({ dir, logger }) => {
        const { hashes, pages } = writeSiteHeaders(fileURLToPath(dir), assetsDir);
        logger.info(`_headers written: CSP with ${hashes} inline script hash(es) from ${pages} page(s).`);
      },
    },
  };
}
