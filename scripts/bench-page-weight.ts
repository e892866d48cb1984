// Page weight as a visitor's browser sees it: every same-origin file a page loads until the network is
// idle (HTML, CSS, JS, data, images), raw and gzip bytes, and which JavaScript actually runs (V8
// coverage). Shared by `npm run bench` (figures) and tests/e2e/budgets.test.ts (budgets): bytes and
// counts do not depend on the machine's speed, so the tests can assert them.
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

export type Kind = 'html' | 'css' | 'js' | 'json' | 'image' | 'font' | 'other';

export interface LoadedFile {
  /** path and query on the site, e.g. /assets/client.abc.js */
  path: string;
  kind: Kind;
  bytes: number;
  gzip: number;
}

export interface ScriptUse {
  path: string;
  bytes: number;
  /** bytes inside code blocks that ran at least once */
  usedBytes: number;
  /** true when any function other than the module's top level ran */
  functionsRan: boolean;
}

export interface PageWeight {
  path: string;
  files: LoadedFile[];
  /** per kind: number of files, raw and gzip bytes */
  totals: Record<Kind, { count: number; bytes: number; gzip: number }>;
  /** inline <script> code of the HTML, bytes */
  inlineScriptBytes: number;
  /** the external scripts that ran, with their coverage */
  scripts: ScriptUse[];
  /** all JavaScript that ran (external + inline), bytes, and the part of it that executed */
  jsExecuted: { bytes: number; usedBytes: number };
}

export function kindOf(path: string, contentType: string): Kind {
  const type = contentType.split(';')[0].trim();
  if (type === 'text/html') return 'html';
  if (type === 'text/css') return 'css';
  if (type.includes('javascript')) return 'js';
  if (type.includes('json')) return 'json';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('font/') || /\.woff2?$/.test(path)) return 'font';
  return 'other';
}

export interface CoverageRange {
  startOffset: number;
  endOffset: number;
  count: number;
}

/**
 * Bytes covered by blocks that ran at least once. V8's ranges nest (a function, then the blocks inside
 * it that did not run, ...): painting the larger ranges first and the smaller ones over them gives each
 * byte the count of its innermost range.
 */
export function usedBytes(sourceLength: number, ranges: CoverageRange[]): number {
  const counts = new Uint8Array(sourceLength);
  const sorted = [...ranges].sort((a, b) => b.endOffset - b.startOffset - (a.endOffset - a.startOffset));
  for (const r of sorted) counts.fill(r.count > 0 ? 1 : 0, Math.max(0, r.startOffset), Math.min(sourceLength, r.endOffset));
  let used = 0;
  for (const c of counts) used += c;
  return used;
}

export function emptyTotals(): PageWeight['totals'] {
  const kinds: Kind[] = ['html', 'css', 'js', 'json', 'image', 'font', 'other'];
  return Object.fromEntries(kinds.map((k) => [k, { count: 0, bytes: 0, gzip: 0 }])) as PageWeight['totals'];
}

export interface MeasureOptions {
  width?: number;
  height?: number;
  dark?: boolean;
  /** what a visitor does once the page is idle (e.g. type into the search box); its loads count too */
  interact?: (page: Page) => Promise<void>;
}

/** Opens `path` in a fresh context and measures what it loads and runs until the network is idle. */
export async function measurePage(browser: Browser, baseUrl: string, path: string, options: MeasureOptions = {}): Promise<PageWeight> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.dark ? 'dark' : 'light',
  });
  try {
    const page = await context.newPage();
    const origin = new URL(baseUrl).origin;
    const pending: Promise<LoadedFile | undefined>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin || response.status() >= 300) return;
      pending.push(
        response
          .body()
          .then((body) => ({
            path: url.pathname + url.search,
            kind: kindOf(url.pathname, response.headers()['content-type'] ?? ''),
            bytes: body.length,
            gzip: gzipSync(body).length,
          }))
          .catch(() => undefined),
      );
    });
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    const response = await page.goto(baseUrl + path, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`${path}: HTTP ${response?.status()}`);
    await page.waitForLoadState('networkidle');
    if (options.interact) {
      await options.interact(page);
      await page.waitForLoadState('networkidle');
    }
    const coverage = await page.coverage.stopJSCoverage();
    const files = (await Promise.all(pending)).filter((f): f is LoadedFile => !!f);
    const totals = emptyTotals();
    for (const f of files) {
      totals[f.kind].count += 1;
      totals[f.kind].bytes += f.bytes;
      totals[f.kind].gzip += f.gzip;
    }
    const pageUrl = new URL(baseUrl + path).href;
    let inlineScriptBytes = 0;
    let executedBytes = 0;
    let executedUsed = 0;
    const scripts: ScriptUse[] = [];
    for (const entry of coverage) {
      if (!entry.url || !entry.source) continue;
      const url = new URL(entry.url);
      if (url.origin !== origin) continue;
      const length = Buffer.byteLength(entry.source);
      const ranges = entry.functions.flatMap((f) => f.ranges);
      const used = usedBytes(entry.source.length, ranges);
      executedBytes += length;
      executedUsed += used;
      if (entry.url === pageUrl || url.pathname === new URL(pageUrl).pathname) {
        inlineScriptBytes += length;
        continue;
      }
      const functionsRan = entry.functions.some((f) => {
        const [outer] = f.ranges;
        return outer.count > 0 && !(outer.startOffset === 0 && outer.endOffset >= entry.source!.length);
      });
      scripts.push({ path: url.pathname, bytes: length, usedBytes: used, functionsRan });
    }
    return { path, files, totals, inlineScriptBytes, scripts, jsExecuted: { bytes: executedBytes, usedBytes: executedUsed } };
  } finally {
    await context.close();
  }
}
