// The build's in-memory caches (the directory, the static paths, the data files, the open data) are
// filled once per build. The incremental renderer (src/server/renderer/) keeps one build alive and
// renders again after a change: it empties them all through here. The registry lives on globalThis,
// so the copies of these modules inside Astro's bundle and the renderer's own copies share it.
const KEY = Symbol.for('european-alternatives.build-cache-resets');
const store = globalThis as typeof globalThis & { [KEY]?: Set<() => void> };
const resets: Set<() => void> = (store[KEY] ??= new Set());

/** A module-level cache registers how to forget itself. */
export function onDataReset(reset: () => void): void {
  resets.add(reset);
}

/** Forgets every cached read of the database, in every copy of the modules. */
export function resetDataCaches(): void {
  for (const reset of resets) reset();
}

/** The build's reads that the incremental renderer shares with the pages (the same copy, the same cache). */
export interface SharedBuildReads {
  loadDirectory: () => Promise<unknown>;
  allPages: () => Promise<unknown>;
  countriesWithPages: () => Promise<Set<string>>;
  publishedGuides: () => Promise<unknown[]>;
  pageInputs: () => Promise<Record<string, unknown>>;
}
const SHARED = Symbol.for('european-alternatives.build-reads');
const shared = globalThis as typeof globalThis & { [SHARED]?: Partial<SharedBuildReads> };

/**
 * A data module offers its reads; the copy loaded last (inside Astro's bundle, during the build) wins,
 * so that the renderer works out what changed from exactly the data the pages are rendered from.
 */
export function shareBuildReads(reads: Partial<SharedBuildReads>): void {
  shared[SHARED] = { ...shared[SHARED], ...reads };
}

export function sharedBuildReads(): Partial<SharedBuildReads> {
  return shared[SHARED] ?? {};
}
