// Draft previews on the local server: `astro build` restricted to one company's pages
// (PREVIEW_COMPANY, src/integrations/only-paths.ts; data.ts includes that company even as a draft)
// into a folder of its own, served only under the admin route (src/api/routes/preview.ts).
// One preview builds at a time (the machine also builds the public site); a few finished ones are kept.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Previewer, PreviewStatus } from '../api/routes/preview.ts';
import { previewBase } from '../api/routes/preview.ts';
import { LANGS } from '../lib/i18n-langs.ts';
import { urlOf } from '../lib/routes.ts';
import { lastLines, run } from './site-builder.ts';
import { serveSite } from './static-site.ts';

export interface SitePreviewerOptions {
  projectRoot: string;
  /** where preview builds go, on the same filesystem as the project */
  dir: string;
  env: Record<string, string | undefined>;
  /** the build command; tests replace it. Receives the output folder. */
  command?: (outDir: string) => { cmd: string; args: string[]; env?: Record<string, string> };
  log?: (message: string) => void;
  /** finished previews kept on disk (older ones are removed) */
  keep?: number;
}

interface Job {
  id: number;
  slug: string;
  status: PreviewStatus;
  dir?: string;
  /** asked for again while building: build once more when this one ends */
  again?: boolean;
}

/** Marks in Astro's build output, in order, and what to tell the editor when one appears. */
const PHASES: [RegExp, string][] = [
  [/Collecting build info/, 'Reading the data'],
  [/Building static entrypoints/, 'Bundling scripts and styles'],
  [/generating static routes/, 'Rendering the pages'],
  [/_headers written/, 'Finishing'],
];

export class SitePreviewer implements Previewer {
  private opts: SitePreviewerOptions;
  private jobs = new Map<number, Job>();
  private queue: Job[] = [];
  private running: Job | undefined;
  private count = 0;

  constructor(opts: SitePreviewerOptions) {
    this.opts = opts;
    // Previews do not survive a restart (they are quick to make again): clear the folder.
    rmSync(opts.dir, { recursive: true, force: true });
    mkdirSync(opts.dir, { recursive: true });
  }

  start(target: { id: number; slug: string }): PreviewStatus {
    const existing = this.jobs.get(target.id);
    if (existing && (existing.status.state === 'queued' || existing.status.state === 'building')) {
      // The data may have changed since the running build read it: build once more after it.
      if (existing.status.state === 'building') existing.again = true;
      existing.slug = target.slug;
      return existing.status;
    }
    const job: Job = { id: target.id, slug: target.slug, dir: existing?.dir, status: { state: 'queued', phase: 'Waiting for another preview', startedAt: new Date().toISOString() } };
    this.jobs.set(target.id, job);
    this.queue.push(job);
    void this.next();
    return job.status;
  }

  status(id: number): PreviewStatus | undefined {
    return this.jobs.get(id)?.status;
  }

  /** Waits until no preview is queued or building (tests). */
  async idle(): Promise<void> {
    while (this.running || this.queue.length) await new Promise((r) => setTimeout(r, 20));
  }

  async serve(id: number, path: string, request: Request): Promise<Response | undefined> {
    const job = this.jobs.get(id);
    if (!job?.dir || !existsSync(job.dir)) return undefined;
    const base = previewBase(id);
    const url = new URL(request.url);
    const inner = new Request(new URL(path + url.search, url.origin), { method: request.method, headers: request.headers });
    const res = await serveSite(job.dir, inner);
    const headers = new Headers(res.headers);
    headers.set('x-robots-tag', 'noindex, nofollow');
    headers.set('cache-control', 'no-store');
    // A redirect of the public site would leave the preview: keep it under the admin route.
    const location = headers.get('location');
    if (location?.startsWith('/')) headers.set('location', base + location);
    if (!(headers.get('content-type') ?? '').startsWith('text/html') || request.method === 'HEAD') {
      return new Response(res.body, { status: res.status, headers });
    }
    headers.delete('content-length');
    return new Response(markPreview(await res.text(), base, pagesOf(job.slug)), { status: res.status, headers });
  }

  private async next(): Promise<void> {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = job;
    try {
      await this.build(job);
    } catch (error) {
      job.status = { ...job.status, state: 'failed', phase: 'Failed', error: (error as Error).message, finishedAt: new Date().toISOString() };
    } finally {
      this.running = undefined;
      if (job.again) {
        job.again = false;
        job.status = { ...job.status, state: 'queued', phase: 'Waiting for another preview' };
        this.queue.push(job);
      }
      void this.next();
    }
  }

  private log(message: string): void {
    try {
      this.opts.log?.(message);
    } catch {
      /* a broken logger must not stop previews */
    }
  }

  private async build(job: Job): Promise<void> {
    this.count += 1;
    const outDir = join(this.opts.dir, `preview-${job.id}-${Date.now()}-${this.count}`);
    const started = Date.now();
    job.status = { state: 'building', phase: 'Starting the build', startedAt: new Date(started).toISOString() };
    const command = this.opts.command?.(outDir) ?? {
      cmd: process.execPath,
      args: [join(this.opts.projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'],
    };
    const env = {
      ...process.env,
      ...Object.fromEntries(Object.entries(this.opts.env).filter(([, v]) => v !== undefined)),
      NODE_ENV: 'production',
      ...command.env,
      ASTRO_OUT_DIR: outDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      PREVIEW_COMPANY: job.slug,
      ASTRO_ASSETS_PREFIX: previewBase(job.id),
    } as NodeJS.ProcessEnv;
    let seen = '';
    const { code, output } = await run(command.cmd, command.args, this.opts.projectRoot, env, (child) => {
      const watch = (chunk: Buffer) => {
        seen = (seen + chunk.toString()).slice(-4000);
        const phase = [...PHASES].reverse().find(([mark]) => mark.test(seen));
        if (phase && job.status.state === 'building') job.status = { ...job.status, phase: phase[1] };
      };
      child.stdout?.on('data', watch);
      child.stderr?.on('data', watch);
    });
    const page = urlOf('en', 'company', { slug: job.slug });
    if (code !== 0 || !existsSync(join(outDir, `${page.slice(1)}.html`))) {
      rmSync(outDir, { recursive: true, force: true });
      const error = lastLines(output) || `The preview build exited with code ${code}.`;
      job.status = { ...job.status, state: 'failed', phase: 'Failed', error, finishedAt: new Date().toISOString() };
      this.log(`Preview of ${job.slug} failed:\n${error}`);
      return;
    }
    const previous = job.dir;
    job.dir = outDir;
    if (previous && previous !== outDir) rmSync(previous, { recursive: true, force: true });
    const base = previewBase(job.id);
    const urls = Object.fromEntries(pagesOf(job.slug).map((p, i) => [LANGS[i], base + p]));
    job.status = { ...job.status, state: 'ready', phase: 'Ready', url: urls.en, urls, finishedAt: new Date().toISOString() };
    this.log(`Preview of ${job.slug} ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    this.prune();
  }

  /** Keeps the newest finished previews; removes the others and stray folders. */
  private prune(): void {
    const keep = this.opts.keep ?? 5;
    const ready = [...this.jobs.values()].filter((j) => j.dir).sort((a, b) => (b.status.finishedAt ?? '').localeCompare(a.status.finishedAt ?? ''));
    for (const job of ready.slice(keep)) {
      if (job === this.running) continue;
      rmSync(job.dir!, { recursive: true, force: true });
      this.jobs.delete(job.id);
    }
    const live = new Set([...this.jobs.values()].map((j) => j.dir).filter(Boolean));
    for (const entry of readdirSync(this.opts.dir)) {
      const dir = join(this.opts.dir, entry);
      if (!live.has(dir) && !(this.running && dir.includes(`preview-${this.running.id}-`))) rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** The company's public page in every language (the paths the preview build renders). */
function pagesOf(slug: string): string[] {
  return LANGS.map((lang) => urlOf(lang, 'company', { slug }));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The served page says it is a preview, and its links between the languages of the preview stay in
 * the preview (other links lead to the live site). The file on disk is left as the build wrote it.
 */
export function markPreview(html: string, base: string, pages: string[]): string {
  let out = html;
  for (const page of pages) out = out.replace(new RegExp(`href="${escapeRe(page)}"`, 'g'), `href="${base}${page}"`);
  const banner =
    '<div role="note" data-preview-banner style="position:sticky;top:0;z-index:1000;background:#fef3c7;color:#78350f;border-bottom:1px solid #f59e0b;padding:8px 16px;font:600 14px/1.4 system-ui,sans-serif;text-align:center">' +
    'Preview: this is how the page will look once published. It is not public; links to other pages lead to the live site.</div>';
  return out.replace(/<body([^>]*)>/, (m) => `${m}${banner}`);
}
