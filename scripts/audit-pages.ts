// The HTML validator and axe parts of `npm run audit`, over a sample of every page type: one page of
// each route (src/lib/routes.ts) in each language, found through the sitemap, so a new kind of page
// is audited without anyone adding it here.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchPath } from '../src/lib/routes.ts';
import { launchBrowser } from '../tests/e2e/chromium.ts';

const require = createRequire(import.meta.url);

/** One URL path per page kind and language (plus the 404 page), from the site's sitemaps. */
export async function samplePages(baseUrl: string): Promise<string[]> {
  const locs = async (url: string) => [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const paths = (await Promise.all((await locs(`${baseUrl}/sitemap-index.xml`)).map((p) => locs(baseUrl + p)))).flat();
  const seen = new Map<string, string>();
  for (const path of paths) {
    const match = matchPath(path);
    const key = match ? `${match.page}:${match.lang}` : path;
    if (!seen.has(key)) seen.set(key, path);
  }
  return [...seen.values(), '/no-such-page'];
}

/**
 * Messages of the Nu HTML checker we accept, each with the reason. Keep this list short: every entry
 * hides a whole class of message.
 */
const FALSE_POSITIVES: { pattern: RegExp; why: string }[] = [
  { pattern: /@starting-style/, why: 'the checker’s CSS parser does not know @starting-style (CSS Transitions Level 2)' },
  { pattern: /“transition”: “allow-discrete” is not a “transition” value/, why: 'allow-discrete is CSS Transitions Level 2, unknown to the checker’s CSS parser' },
];

export interface ValidatorReport {
  skipped?: string;
  pages: number;
  errors: { path: string; line: number | undefined; message: string }[];
  ignored: number;
}

/** Runs vnu.jar (npm vnu-jar) on the pages' HTML with the machine's Java; skipped without Java. */
export async function validateHtml(baseUrl: string, paths: string[]): Promise<ValidatorReport> {
  const java = await new Promise<boolean>((resolve) => execFile('java', ['-version'], (error) => resolve(!error)));
  if (!java) return { skipped: 'no Java runtime (Debian: apt-get install -y default-jre-headless)', pages: 0, errors: [], ignored: 0 };
  const dir = mkdtempSync(join(tmpdir(), 'ea-vnu-'));
  try {
    const files = new Map<string, string>();
    for (const [i, path] of paths.entries()) {
      const file = join(dir, `page-${i}.html`);
      writeFileSync(file, await (await fetch(baseUrl + path)).text());
      files.set(file, path);
    }
    const jar = join(require.resolve('vnu-jar/package.json'), '..', 'build', 'dist', 'vnu.jar');
    const out = await new Promise<string>((resolve, reject) =>
      execFile('java', ['-jar', jar, '--format', 'json', '--stdout', '--exit-zero-always', '--errors-only', ...files.keys()], { maxBuffer: 64 << 20 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    const messages = (JSON.parse(out) as { messages: { type: string; url?: string; lastLine?: number; message: string }[] }).messages;
    const report: ValidatorReport = { pages: files.size, errors: [], ignored: 0 };
    for (const m of messages.filter((x) => x.type === 'error')) {
      if (FALSE_POSITIVES.some((f) => f.pattern.test(m.message))) {
        report.ignored++;
        continue;
      }
      const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : '';
      report.errors.push({ path: files.get(file) ?? file, line: m.lastLine, message: m.message });
    }
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface AxeReport {
  pages: number;
  violations: { path: string; id: string; impact: string | null; help: string; nodes: number }[];
}

/** axe-core (WCAG 2 A/AA rules) in Debian's Chromium, light and dark, on every sampled page. */
export async function axePages(baseUrl: string, paths: string[]): Promise<AxeReport> {
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const browser = await launchBrowser();
  const report: AxeReport = { pages: 0, violations: [] };
  try {
    for (const scheme of ['light', 'dark'] as const) {
      // The pages' CSP (rightly) refuses injected scripts; axe is our own, so the audit bypasses it.
      const page = await browser.newPage({ colorScheme: scheme, bypassCSP: true });
      for (const path of paths) {
        await page.goto(baseUrl + path);
        await page.addScriptTag({ content: source });
        const result = (await page.evaluate(() =>
          (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          }),
        )) as { violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[] };
        report.pages++;
        for (const v of result.violations) report.violations.push({ path: `${path} (${scheme})`, id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length });
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return report;
}
