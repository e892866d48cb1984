// The incremental renderer's process (started by renderer-process.ts with child_process.fork).
//
// "build": one full `astro build` (the same as `npm run build`: same config, same integrations), into
// a fresh folder. Afterwards the process keeps Astro's prerenderer (the bundle that rendered every page)
// alive.
// "update": after a change of the data, it reads the directory again, works out which pages the change
// affects (dependencies.ts), renders only those with the same prerenderer, and writes a new folder:
// hard links to the live folder's files, new files only where the bytes changed, _headers (CSP hashes
// updated from the changed pages only) and _redirects written again. The caller swaps the folder in.
// "prepare": once a folder is live, the hard-linked copy the next update starts from is made while
// nothing waits (a few thousand links take most of a second on a busy machine); the next update
// renames it into place, or links afresh when there is none for its live folder.
import { build } from 'astro';
import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RENDERER_HOOK, headersText, pageScriptHashes, type HeaderIndex, type RendererHook } from '../../api/site-headers.ts';
import { resetDataCaches, sharedBuildReads } from '../../lib/build-cache.ts';
import * as ownData from '../../lib/data.ts';
import * as ownPaths from '../../lib/paths.ts';
import { redirectsText } from '../../integrations/redirects.ts';
import { dependencies, guideSnapshot, pageInputsSnapshot, type DataSnapshot } from './dependencies.ts';
import type { RendererReply, RendererRequest, UpdateResult } from './protocol.ts';

interface PathWithRoute {
  pathname: string;
  route: { type: string; component: string; distURL?: URL[] };
}
interface AstroPrerenderer {
  app: { getOptions(): BuildOptions; routeCache: { clearAll(): void } };
  getStaticPaths(): Promise<PathWithRoute[]>;
}
interface BuildOptions {
  settings: { config: { outDir: URL; build: { format: string } } };
  logger: unknown;
}

const projectRoot = process.cwd();
const astroBuild = (file: string) => pathToFileURL(join(projectRoot, 'node_modules', 'astro', 'dist', 'core', 'build', file)).href;
// Astro's own generation steps (not in its public exports): the same code the full build ran.
const { renderPath } = (await import(astroBuild('generate.js'))) as {
  renderPath(args: Record<string, unknown>): Promise<{ body: string | Uint8Array; outFile: URL } | null>;
};
const { getOutFolder, getOutFile } = (await import(astroBuild('common.js'))) as {
  getOutFolder(settings: unknown, pathname: string, route: unknown): URL;
  getOutFile(format: string, folder: URL, pathname: string, route: unknown): URL;
};

const hook: RendererHook & { prerenderer?: AstroPrerenderer; headers?: HeaderIndex } = {
  onPrerenderer: (p) => (hook.prerenderer = p as AstroPrerenderer),
  onHeaders: (index) => (hook.headers = index),
};
(globalThis as Record<symbol, unknown>)[RENDERER_HOOK] = hook;

interface State {
  /** the folder the last build or update wrote (the live site) */
  dir: string;
  snapshot: DataSnapshot;
  /** pathname -> the output file, relative to the site folder */
  files: Map<string, string>;
}
let state: State | undefined;
/** a hard-linked copy of the live folder made ahead of the next update (prepare) */
let staged: { from: string; dir: string } | undefined;

/** The copy of the live folder the next update starts from, made while nothing waits. */
function prepare(base: string): boolean {
  if (!state || base !== state.dir || !existsSync(base)) return false;
  if (staged?.from === base && existsSync(staged.dir)) return true;
  if (staged) rmSync(staged.dir, { recursive: true, force: true });
  const dir = join(dirname(base), `${basename(base)}.next`);
  rmSync(dir, { recursive: true, force: true });
  staged = undefined;
  linkTree(base, dir);
  staged = { from: base, dir };
  return true;
}

/**
 * The data the pages were (or will be) rendered from: the reads of the data modules inside Astro's
 * bundle when they registered (build-cache.ts), so that what changed is worked out from exactly that
 * data and the directory is read once; this process's own copies otherwise.
 */
async function snapshot(): Promise<DataSnapshot> {
  const shared = sharedBuildReads();
  const loadDirectory = (shared.loadDirectory ?? ownData.loadDirectory) as typeof ownData.loadDirectory;
  const publishedGuides = (shared.publishedGuides ?? ownData.publishedGuides) as typeof ownData.publishedGuides;
  const allPages = (shared.allPages ?? ownPaths.allPages) as typeof ownPaths.allPages;
  const countriesWithPages = shared.countriesWithPages ?? ownPaths.countriesWithPages;
  const pageInputs = shared.pageInputs ?? ownData.pageInputs;
  const [directory, entries, withPages, guides, inputs] = await Promise.all([loadDirectory(), allPages(), countriesWithPages(), publishedGuides(), pageInputs()]);
  return { directory, entries, countriesWithPages: withPages, guides: new Map(guides.map((g) => [g.guide.slug, guideSnapshot(g)])), pageInputs: pageInputsSnapshot(inputs) };
}

function outputFile(options: BuildOptions, p: PathWithRoute): string {
  const encoded = encodeURI(p.pathname);
  const folder = getOutFolder(options.settings, encoded, p.route);
  const file = getOutFile(options.settings.config.build.format, folder, encoded, p.route);
  return relative(fileURLToPath(options.settings.config.outDir), fileURLToPath(file)).split(sep).join('/');
}

async function fullBuild(outDir: string): Promise<number> {
  process.env.ASTRO_OUT_DIR = outDir;
  await build({ root: projectRoot, logLevel: process.env.RENDERER_LOG_LEVEL === 'info' ? 'info' : 'warn' });
  const prerenderer = hook.prerenderer;
  if (!prerenderer || !hook.headers) throw new Error('The build did not hand over its prerenderer (src/integrations/only-paths.ts).');
  const options = prerenderer.app.getOptions();
  const paths = await prerenderer.getStaticPaths();
  state = { dir: outDir, snapshot: await snapshot(), files: new Map(paths.map((p) => [p.pathname, outputFile(options, p)])) };
  return state.files.size;
}

/** A copy of `from` whose files are hard links (no bytes copied); `.published-at` and the carried list are the caller's. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const a = join(from, entry.name);
    const b = join(to, entry.name);
    if (entry.isDirectory()) linkTree(a, b);
    else if (entry.isFile()) linkSync(a, b);
  }
}

/** Writes a file in the new folder without touching the live one it is linked to. */
function replaceFile(dir: string, rel: string, body: string | Uint8Array): void {
  const file = join(dir, rel);
  mkdirSync(dirname(file), { recursive: true });
  if (existsSync(file)) unlinkSync(file);
  writeFileSync(file, body);
}

async function update(base: string, outDir: string): Promise<UpdateResult> {
  if (!state || !hook.prerenderer || !hook.headers) throw new Error('No build to update: build first.');
  if (base !== state.dir) throw new Error(`The live folder (${base}) is not the one this renderer wrote (${state.dir}).`);
  const started = performance.now();
  const prerenderer = hook.prerenderer;
  const options = prerenderer.app.getOptions();
  resetDataCaches();
  prerenderer.app.routeCache.clearAll();
  const after = await snapshot();
  const snapshotMs = performance.now() - started;
  const deps = dependencies(state.snapshot, after);
  const dependenciesMs = performance.now() - started - snapshotMs;
  const paths = await prerenderer.getStaticPaths();
  const readMs = performance.now() - started;

  const files = new Map<string, string>();
  const writes = new Map<string, string | Uint8Array>();
  let rendered = 0;
  const byKind: Record<string, { n: number; ms: number }> = {};
  const pageOf = new Map(after.entries.map((e) => [e.path, e.page as string]));
  for (const p of paths) {
    // A path's output file never changes: computed once (Astro's helpers cost ~50 µs a path).
    const rel = state.files.get(p.pathname) ?? outputFile(options, p);
    files.set(p.pathname, rel);
    const isNew = !state.files.has(p.pathname);
    const wanted = isNew || (p.route.component === 'src/pages/[...path].astro' ? deps.page(p.pathname) : deps.endpoint(p.pathname));
    if (!wanted) continue;
    p.route.distURL = [];
    const t0 = performance.now();
    const result = await renderPath({ prerenderer, pathname: p.pathname, route: p.route, options, routeToHeaders: new Map(), logger: options.logger, collectMetadata: false });
    rendered += 1;
    const kind = p.route.component === 'src/pages/[...path].astro' ? (pageOf.get(p.pathname) ?? 'page') : p.route.component.replace(/^src\/pages\//, '');
    const k = (byKind[kind] ??= { n: 0, ms: 0 });
    k.n += 1;
    k.ms += performance.now() - t0;
    if (!result) continue;
    const body = typeof result.body === 'string' ? Buffer.from(result.body) : Buffer.from(result.body);
    const current = join(base, rel);
    if (existsSync(current) && readFileSync(current).equals(body)) continue;
    writes.set(rel, body);
  }
  const removed = [...state.files].filter(([pathname]) => !files.has(pathname)).map(([, rel]) => rel);
  const renderMs = performance.now() - started - readMs;
  byKind['(choosing the paths)'] = { n: paths.length, ms: Math.round(renderMs - Object.values(byKind).reduce((sum, k) => sum + k.ms, 0)) };
  const writeStarted = performance.now();

  // The new folder: the live one by hard links (made ahead by prepare, else now), then the changed files.
  rmSync(outDir, { recursive: true, force: true });
  const prepared = staged?.from === base && existsSync(staged.dir);
  if (prepared) renameSync(staged!.dir, outDir);
  else linkTree(base, outDir);
  staged = undefined;
  for (const rel of removed) rmSync(join(outDir, rel), { force: true });
  for (const [rel, body] of writes) replaceFile(outDir, rel, body);

  // _headers: the CSP hashes of the changed pages only; _redirects from the route table and the data.
  const headers: HeaderIndex = { ...hook.headers, files: new Map(hook.headers.files) };
  for (const rel of removed) headers.files.delete(rel);
  for (const [rel, body] of writes) if (rel.endsWith('.html')) headers.files.set(rel, pageScriptHashes(body.toString(), headers));
  const extra: string[] = [];
  const headersBody = headersText(headers);
  if (headersBody !== readFileSync(join(base, '_headers'), 'utf8')) {
    replaceFile(outDir, '_headers', headersBody);
    extra.push('_headers');
  }
  const { text: redirectsBody } = await redirectsText(outDir, after.entries);
  if (redirectsBody !== readFileSync(join(base, '_redirects'), 'utf8')) {
    replaceFile(outDir, '_redirects', redirectsBody);
    extra.push('_redirects');
  }

  hook.headers = headers;
  state = { dir: outDir, snapshot: after, files };
  return {
    written: [...writes.keys(), ...extra],
    removed,
    rendered,
    total: files.size,
    all: deps.all,
    reason: deps.reason,
    prepared,
    ms: {
      snapshot: Math.round(snapshotMs),
      dependencies: Math.round(dependenciesMs),
      read: Math.round(readMs),
      render: Math.round(renderMs),
      write: Math.round(performance.now() - writeStarted),
      total: Math.round(performance.now() - started),
    },
    byKind: Object.fromEntries(Object.entries(byKind).map(([kind, v]) => [kind, { n: v.n, ms: Math.round(v.ms) }])),
  };
}

function reply(message: RendererReply): void {
  process.send?.(message);
}

// One request at a time, in order.
let queue: Promise<unknown> = Promise.resolve();
process.on('message', (message: RendererRequest) => {
  queue = queue.then(async () => {
    try {
      if (message.type === 'build') reply({ id: message.id, ok: true, files: await fullBuild(message.outDir) });
      else if (message.type === 'update') reply({ id: message.id, ok: true, update: await update(message.base, message.outDir) });
      else if (message.type === 'prepare') reply({ id: message.id, ok: true, prepared: prepare(message.base) });
    } catch (error) {
      reply({ id: message.id, ok: false, error: (error as Error).stack ?? String(error) });
    }
  });
});
process.on('disconnect', () => process.exit(0));
reply({ id: 0, ok: true, ready: true });
