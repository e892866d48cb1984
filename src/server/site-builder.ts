// Local publishing: debounced builds into a fresh folder, swapped in only when they succeed. A full
// build (server start, "Publish now") runs `astro build` in a renderer process (renderer/worker.ts)
// that stays alive; a save then renders only the pages it changed into a hard-linked copy of the live
// folder (an incremental publish), and falls back to a full build if that fails. A failed build keeps
// the previous site live; requests during a build cause exactly one more build.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Publisher, PublishRequest } from '../api/publisher.ts';
import type { PublishRuns, PublishTrigger } from '../api/publish-runs.ts';
import { forgetSiteRules } from './static-site.ts';
import { RendererProcess } from './renderer/renderer-process.ts';
import type { UpdateResult } from './renderer/protocol.ts';

export interface SiteBuilderOptions {
  projectRoot: string;
  /** folder holding the builds, on the same filesystem as the project (Astro cannot build across devices) */
  sitesDir: string;
  /** environment for the build (LIBSQL_URL, SITE_URL, ...) */
  env: Record<string, string | undefined>;
  debounceMs: number;
  /** the build command; tests replace it. Receives the output folder. */
  command?: (outDir: string) => { cmd: string; args: string[]; env?: Record<string, string> };
  log?: (message: string) => void;
  /** where every publish is recorded (publish_run); the admin header reads it from there */
  runs?: PublishRuns;
}

/** This builder's own view (tests, logs); the API reports the publish_run rows instead. */
export interface BuilderStatus {
  state: 'idle' | 'pending' | 'building' | 'failed';
  error?: string;
  lastPublishedAt: string | null;
}

const CURRENT = 'current';
/** How long the replaced build stays on disk for requests still reading it. */
const KEEP_PREVIOUS_MS = 10_000;
/** A removal that fails (EPERM, EBUSY: a file still open, a virus scanner) is tried again after this, doubling. */
const REMOVE_RETRY_MS = 60_000;
const REMOVE_ATTEMPTS = 6;

export class SiteBuilder implements Publisher {
  private opts: SiteBuilderOptions;
  private live: string | undefined;
  private state: BuilderStatus['state'] = 'idle';
  private error: string | undefined;
  private lastPublishedAt: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | undefined;
  private again = false;
  private waiters: (() => void)[] = [];
  private child: ChildProcess | undefined;
  /** the renderer process of the live build (no `command`): it renders a save's pages again */
  private renderer: RendererProcess | undefined;
  /** a renderer process doing a full build */
  private building: RendererProcess | undefined;
  /** what the last incremental publish did (the bench prints it) */
  lastUpdate: UpdateResult | undefined;
  /** who asked for the next build (recorded with its run) */
  private nextTrigger: PublishTrigger | undefined;
  builds = 0;

  constructor(opts: SiteBuilderOptions) {
    this.opts = opts;
    mkdirSync(opts.sitesDir, { recursive: true });
    const pointer = join(opts.sitesDir, CURRENT);
    if (existsSync(pointer)) {
      const name = readFileSync(pointer, 'utf8').trim();
      if (name && existsSync(join(opts.sitesDir, name, 'index.html'))) {
        this.live = join(opts.sitesDir, name);
        const stamp = join(opts.sitesDir, name, '.published-at');
        this.lastPublishedAt = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : undefined;
      }
    }
  }

  /** The folder currently served, if any build ever succeeded. */
  liveDir(): string | undefined {
    return this.live;
  }

  status(): BuilderStatus {
    return { state: this.state, error: this.error, lastPublishedAt: this.lastPublishedAt ?? null };
  }

  /** Asks for a rebuild; several requests within the debounce window make one build. */
  request(req: PublishRequest = {}): Promise<void> {
    const trigger: PublishTrigger = { trigger: 'change', by: req.by ?? null };
    const recorded = this.record(trigger);
    if (this.running) {
      this.again = true;
      return recorded;
    }
    this.state = 'pending';
    clearTimeout(this.timer);
    // buildNow() never rejects (runBuild catches), so nothing escapes this timer.
    this.timer = setTimeout(() => void this.buildNow(), this.opts.debounceMs);
    return recorded;
  }

  /** Queues a run in the database (joining a waiting one); a failure is logged, never thrown. */
  private async record(trigger: PublishTrigger): Promise<void> {
    this.nextTrigger ??= trigger;
    try {
      await this.opts.runs?.queue(trigger);
    } catch (error) {
      this.log(`Could not record the publish request: ${(error as Error).message}`);
    }
  }

  /** Builds now (or joins the running build and schedules one more). Resolves true when the new site is live. */
  buildNow(trigger?: PublishTrigger): Promise<boolean> {
    clearTimeout(this.timer);
    if (this.running) {
      this.again = true;
      if (trigger) void this.record(trigger);
      return this.running;
    }
    if (trigger) this.nextTrigger = trigger;
    this.running = this.runBuild().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.buildNow();
      } else {
        const waiters = this.waiters.splice(0);
        for (const resolve of waiters) resolve();
      }
    });
    return this.running;
  }

  /** Resolves when no build is pending or running. */
  idle(): Promise<void> {
    if (!this.running && !this.timer && this.state !== 'pending') return Promise.resolve();
    if (!this.running && this.state === 'pending') return new Promise((r) => this.waiters.push(r));
    return new Promise((r) => this.waiters.push(r));
  }

  /** Never rejects: it runs from timers, where an exception or a rejection would end the server. */
  private async runBuild(): Promise<boolean> {
    const trigger = this.nextTrigger ?? { trigger: 'change' };
    this.nextTrigger = undefined;
    let ids: number[] = [];
    try {
      if (this.opts.runs) ids = await this.opts.runs.claim(trigger, 'building');
    } catch (error) {
      this.log(`Could not record the publish run: ${(error as Error).message}`);
    }
    let ok: boolean;
    try {
      ok = await this.build(trigger);
    } catch (error) {
      this.state = 'failed';
      this.error = `Publishing failed: ${(error as Error).message}`;
      this.log(`${this.error}\nThe previous site stays live.`);
      ok = false;
    }
    try {
      await this.opts.runs?.finish(ids, ok ? { state: 'published', filesWritten: this.filesWritten } : { state: 'failed', error: this.error });
    } catch (error) {
      this.log(`Could not record the end of the publish run: ${(error as Error).message}`);
    }
    return ok;
  }

  /** Files the last successful build wrote (a full build: every file of the site). */
  filesWritten: number | undefined;

  private log(message: string): void {
    try {
      (this.opts.log ?? (() => {}))(message);
    } catch {
      /* a broken logger must not stop publishing */
    }
  }

  private async build(trigger: PublishTrigger): Promise<boolean> {
    this.timer = undefined;
    this.state = 'building';
    this.builds += 1;
    const name = `build-${Date.now()}-${this.builds}`;
    const outDir = join(this.opts.sitesDir, name);
    const log = (message: string) => this.log(message);
    const started = Date.now();
    const command = this.opts.command?.(outDir);
    const env = {
      ...process.env,
      ...Object.fromEntries(Object.entries(this.opts.env).filter(([, v]) => v !== undefined)),
      // Always a production build: an inherited NODE_ENV (vitest sets "test") would ship React's
      // development bundles (jsx-dev-runtime, a 400 KB react-dom client).
      NODE_ENV: 'production',
      ...command?.env,
      ASTRO_OUT_DIR: outDir,
      ASTRO_TELEMETRY_DISABLED: '1',
    } as NodeJS.ProcessEnv;

    // A save: render only what it changed, into a copy of the live folder (hard links).
    if (!command && this.renderer?.alive && this.live && trigger.trigger === 'change') {
      try {
        const update = await this.renderer.update(this.live, outDir);
        this.lastUpdate = update;
        log(
          `Incremental publish: ${update.written.length} file(s) written, ${update.removed.length} removed, ${update.rendered} of ${update.total} paths rendered (${update.reason}) in ${update.ms.total} ms ` +
            `(read ${update.ms.read} ms, of which the directory ${update.ms.snapshot} ms and what changed ${update.ms.dependencies} ms; render ${update.ms.render} ms; write ${update.ms.write} ms${update.prepared ? ', folder prepared ahead' : ''}). ` +
            `Slowest to render: ${slowest(update.byKind)}.`,
        );
        const live = this.goLive(name, outDir, started, update.written.length + update.removed.length, false);
        this.prepareNext();
        return live;
      } catch (error) {
        log(`Incremental publish failed; building the whole site instead.\n${(error as Error).message}`);
        this.renderer.stop();
        this.renderer = undefined;
        this.removeDir(outDir);
      }
    }

    log(`Building the site into ${outDir} ...`);
    let failure: string | undefined;
    if (command) {
      const { code, output } = await run(command.cmd, command.args, this.opts.projectRoot, env, (child) => (this.child = child));
      this.child = undefined;
      if (code !== 0) failure = lastLines(output) || `The build exited with code ${code}.`;
    } else {
      // The full build runs in a renderer process that stays alive for the next saves.
      const renderer = new RendererProcess(this.opts.projectRoot, env);
      this.building = renderer;
      try {
        await renderer.build(outDir);
        this.renderer?.stop();
        this.renderer = renderer;
      } catch (error) {
        renderer.stop();
        failure = lastLines(`${renderer.output}\n${(error as Error).message}`) || 'The build failed.';
      } finally {
        this.building = undefined;
      }
    }
    if (failure || !existsSync(join(outDir, 'index.html'))) {
      this.removeDir(outDir);
      this.state = 'failed';
      this.error = failure ?? 'The build wrote no index.html.';
      log(`Build failed; the previous site stays live.\n${this.error}`);
      return false;
    }
    const live = this.goLive(name, outDir, started, undefined, true);
    if (!command) this.prepareNext();
    return live;
  }

  /**
   * The renderer makes the hard-linked copy of the new live folder that the next save's publish starts
   * from, while nothing waits for it (a save arriving meanwhile queues behind it in the renderer).
   */
  private prepareNext(): void {
    const renderer = this.renderer;
    const live = this.live;
    if (!renderer?.alive || !live) return;
    renderer.prepare(live).catch((error: Error) => this.log(`Could not prepare the next publish's folder (the next publish links it itself): ${error.message}`));
  }

  /** The new folder becomes the live one (and the previous one is removed a little later). */
  private goLive(name: string, outDir: string, started: number, written: number | undefined, full: boolean): boolean {
    const log = (message: string) => this.log(message);
    const previous = this.live;
    const publishedAt = new Date().toISOString();
    try {
      // An incremental folder links the previous folder's files: replace the marker, never write into it.
      rmSync(join(outDir, '.published-at'), { force: true });
      writeFileSync(join(outDir, '.published-at'), publishedAt);
      if (previous && full) carryOverAssets(previous, outDir, log);
      writeFileSync(join(this.opts.sitesDir, CURRENT), name);
    } catch (error) {
      // The new build cannot be made live (disk full, permissions): the previous one stays.
      this.removeDir(outDir);
      throw error;
    }
    this.lastPublishedAt = publishedAt;
    this.filesWritten = written ?? countBuildFiles(outDir);
    this.live = outDir;
    this.state = 'idle';
    this.error = undefined;
    log(`Site published in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    this.cleanup(previous);
    return true;
  }

  /** Stops a running build (on server shutdown): its half-written folder is never made live. */
  stop(): void {
    clearTimeout(this.timer);
    this.child?.kill('SIGTERM');
    this.building?.stop();
    this.renderer?.stop();
  }

  /** Removes old builds; the one just replaced survives a few seconds for requests still reading it. */
  private cleanup(previous: string | undefined): void {
    let entries: string[] = [];
    try {
      entries = readdirSync(this.opts.sitesDir);
    } catch (error) {
      this.log(`Could not list ${this.opts.sitesDir} to remove old builds: ${(error as Error).message}`);
    }
    for (const entry of entries) {
      const dir = join(this.opts.sitesDir, entry);
      if (entry === CURRENT || dir === this.live || dir === previous) continue;
      void this.removeDirInBackground(dir);
    }
    if (previous) setTimeout(() => void this.removeDirInBackground(previous), KEEP_PREVIOUS_MS).unref();
  }

  /**
   * Removes an old build without blocking the server: thousands of unlinks run on libuv's threads
   * while pages are served (a synchronous removal held every request for most of a second).
   */
  private async removeDirInBackground(dir: string, attempt = 1): Promise<void> {
    try {
      forgetSiteRules(dir);
      await rm(dir, { recursive: true, force: true });
    } catch (error) {
      this.retryRemoval(dir, error, attempt, () => void this.removeDirInBackground(dir, attempt + 1));
    }
  }

  /**
   * Removes a build folder. Never throws (it runs in timers): a failure is logged and tried again
   * later, and the next publish's cleanup tries every leftover folder once more.
   */
  private removeDir(dir: string, attempt = 1): void {
    try {
      forgetSiteRules(dir);
      rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      this.retryRemoval(dir, error, attempt, () => this.removeDir(dir, attempt + 1));
    }
  }

  /** Logs a failed removal and schedules the next attempt (later and later), up to REMOVE_ATTEMPTS. */
  private retryRemoval(dir: string, error: unknown, attempt: number, next: () => void): void {
    const again = attempt < REMOVE_ATTEMPTS;
    const delay = REMOVE_RETRY_MS * 2 ** (attempt - 1);
    this.log(`Could not remove the old build ${dir}: ${(error as Error).message}. ${again ? `Trying again in ${delay / 1000} s.` : 'Trying again after the next publish.'}`);
    if (again) setTimeout(next, delay).unref();
  }
}

// Pages already open in a browser may still load the previous build's lazy scripts and data files;
// their names are fingerprinted, so the new build keeps them (one generation back, as hard links).
const CARRIED_DIRS = ['assets', 'data'];
const CARRIED_LIST = '.carried.json';

/** Best effort: a page missing an old script is less bad than a publish that fails, so errors are only logged. */
function carryOverAssets(previous: string, next: string, log: (message: string) => void): void {
  const carried: string[] = [];
  try {
    const alreadyCarried = new Set<string>(readCarriedList(previous));
    for (const dir of CARRIED_DIRS) {
      if (!existsSync(join(previous, dir))) continue;
      mkdirSync(join(next, dir), { recursive: true });
      for (const name of readdirSync(join(previous, dir))) {
        const rel = `${dir}/${name}`;
        if (alreadyCarried.has(rel) || existsSync(join(next, rel))) continue;
        try {
          linkSync(join(previous, rel), join(next, rel));
          carried.push(rel);
        } catch {
          /* a directory or a file that vanished: nothing to keep */
        }
      }
    }
  } catch (error) {
    log(`Could not keep the previous build's assets: ${(error as Error).message}`);
  }
  writeFileSync(join(next, CARRIED_LIST), JSON.stringify(carried));
}

/** The files the build itself wrote: not the carried ones, not our two markers. */
function countBuildFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) n += 1;
  const ours = ['.published-at', CARRIED_LIST].filter((f) => existsSync(join(dir, f))).length;
  return n - ours - readCarriedList(dir).length;
}

function readCarriedList(dir: string): string[] {
  try {
    const list: unknown = JSON.parse(readFileSync(join(dir, CARRIED_LIST), 'utf8'));
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return []; // missing or unreadable: nothing was carried
  }
}

export function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  started: (child: ChildProcess) => void,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    started(child);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (e) => resolve({ code: 1, output: String(e) }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export function lastLines(text: string, n = 12): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removes the terminal's colour codes (ESC [ ...)
  const clean = text.replace(/\u001b\[[0-9;]*m/g, '').trim();
  return clean.split('\n').slice(-n).join('\n');
}

/** The kinds of path that took the longest in an incremental publish: "company 9 paths 310 ms, …". */
function slowest(byKind: Record<string, { n: number; ms: number }>, top = 4): string {
  const kinds = Object.entries(byKind).sort((a, b) => b[1].ms - a[1].ms);
  return kinds.slice(0, top).map(([kind, v]) => `${kind} ${v.n} path${v.n === 1 ? '' : 's'} ${v.ms} ms`).join(', ') || 'nothing';
}
