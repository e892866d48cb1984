// The _headers file of the static site (read by Cloudflare and by the local server alike): a CSP that
// allows no inline script except the exact ones the build emitted (by SHA-256 hash), no framing,
// nosniff, a referrer policy, and a year of caching for fingerprinted assets. Written by an Astro
// integration once the build is done, from the HTML it produced.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

function isExecutable(script: Element): boolean {
  const attr = (name: string) => script.attrs.find((a) => a.name === name)?.value;
  if (attr('src') !== undefined) return false;
  return EXECUTABLE_TYPES.has((attr('type') ?? '').trim().toLowerCase()); // not JSON data, templates, ...
}

/**
 * The contents of every inline script the browser would execute, read by an HTML parser (parse5
 * follows the WHATWG parsing rules, as browsers do). A pattern match also found "<script>" text inside
 * attribute values (an escaped description in content= or data-), and allowing its hash would let
 * that text run. <template> contents are not walked: they never run as they are.
 */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  const stack: Node[] = [parse(html)];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeName === 'script' && isExecutable(node as Element)) {
      out.push((node as Element).childNodes.map((c) => (c.nodeName === '#text' ? (c as DefaultTreeAdapterTypes.TextNode).value : '')).join(''));
    }
    if ('childNodes' in node) for (let i = node.childNodes.length - 1; i >= 0; i -= 1) stack.push(node.childNodes[i]);
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

/** Set on globalThis by the incremental renderer's process (src/server/renderer/worker.ts) only. */
export const RENDERER_HOOK = Symbol.for('european-alternatives.renderer');
export interface RendererHook {
  onHeaders?: (index: HeaderIndex) => void;
  onPrerenderer?: (prerenderer: unknown) => void;
}
export function rendererHook(): RendererHook | undefined {
  return (globalThis as typeof globalThis & { [RENDERER_HOOK]?: RendererHook })[RENDERER_HOOK];
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

// A quick look at the script tags of a page, only to skip parsing pages whose executable script tags
// were all seen before on a parsed page (nearly every page repeats the same few; each company page has
// its own JSON-LD, which never runs). It never decides what is allowed: every hash comes from the
// parser. A tag this look gets wrong can only cost a parse, or leave a script without its hash
// (blocked by the CSP), never allow one.
const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_OPEN = /<script\b/gi;

function executableTags(html: string): string[] | undefined {
  const matches = [...html.matchAll(SCRIPT_TAG)];
  // Some "<script" the pattern did not pair (in a comment, an attribute, a script's text): parse.
  if (matches.length !== (html.match(SCRIPT_OPEN)?.length ?? 0)) return undefined;
  return matches
    .filter(([, attrs]) => !/\ssrc\s*=/i.test(attrs) && EXECUTABLE_TYPES.has((/\stype\s*=\s*["']?([^"'>]*)/i.exec(attrs)?.[1] ?? '').trim().toLowerCase()))
    .map(([, attrs, body]) => `${attrs}\u0000${body}`);
}

/**
 * What the incremental renderer (src/server/renderer/) keeps of a build's _headers: the inline-script
 * hashes of every page, so that rendering a few pages again only parses those, and the rules from
 * public/_headers that follow ours.
 */
export interface HeaderIndex {
  /** page path relative to the site folder -> the hashes of its inline scripts */
  files: Map<string, string[]>;
  /** a page's executable script tags, joined -> their hashes (pages with the same tags are parsed once) */
  bySignature: Map<string, string[]>;
  assetsDir: string;
  /** the rules from public/_headers, appended after ours */
  extra: string;
}

export function newHeaderIndex(assetsDir = '_astro', extra = ''): HeaderIndex {
  return { files: new Map(), bySignature: new Map(), assetsDir, extra };
}

/** The inline-script hashes of one page, parsed only when no page with the same script tags was. */
export function pageScriptHashes(html: string, index: HeaderIndex): string[] {
  const tags = executableTags(html);
  const signature = tags?.join('\u0001');
  const known = signature === undefined ? undefined : index.bySignature.get(signature);
  if (known) return known;
  const hashes = [...new Set(inlineScripts(html).map(scriptHash))];
  if (signature !== undefined) index.bySignature.set(signature, hashes);
  return hashes;
}

/** The _headers text for every page the index holds. */
export function headersText(index: HeaderIndex): string {
  const hashes = new Set<string>();
  for (const list of index.files.values()) for (const h of list) hashes.add(h);
  return headersFile(hashes, index.assetsDir) + (index.extra ? `\n${index.extra}` : '');
}

/**
 * Hashes the inline scripts of every page in `dir` and writes `dir/_headers` (rules from public/_headers
 * follow ours). Pages with the same executable script tags have the same scripts: only the first is parsed.
 */
export function writeSiteHeaders(dir: string, assetsDir = '_astro'): { hashes: number; pages: number; parsed: number; index: HeaderIndex } {
  const target = join(dir, '_headers');
  const index = newHeaderIndex(assetsDir, existsSync(target) ? readFileSync(target, 'utf8') : '');
  const pages = htmlFiles(dir);
  for (const file of pages) {
    const hashes = pageScriptHashes(readFileSync(file, 'utf8'), index);
    index.files.set(relative(dir, file).split(sep).join('/'), hashes);
  }
  const text = headersText(index);
  writeFileSync(target, text);
  const all = new Set([...index.files.values()].flat());
  return { hashes: all.size, pages: pages.length, parsed: index.bySignature.size, index };
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
        const { hashes, pages, parsed, index } = writeSiteHeaders(fileURLToPath(dir), assetsDir);
        // The incremental renderer keeps this build alive and needs the hashes per page.
        rendererHook()?.onHeaders?.(index);
        logger.info(`_headers written: CSP with ${hashes} inline script hash(es) from ${pages} page(s), ${parsed} parsed.`);
      },
    },
  };
}
