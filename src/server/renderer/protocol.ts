// Messages between the site builder and the incremental renderer's process (worker.ts).

export type RendererRequest =
  | { id: number; type: 'build'; outDir: string }
  | { id: number; type: 'update'; base: string; outDir: string }
  /** make the hard-linked copy of the live folder `base` that the next update starts from */
  | { id: number; type: 'prepare'; base: string };

export interface UpdateResult {
  /** files written (relative to the site folder): pages, data files, _headers, _redirects whose bytes changed */
  written: string[];
  /** files of pages that no longer exist */
  removed: string[];
  /** paths rendered again (most render to the same bytes and are not written) */
  rendered: number;
  /** paths of the site */
  total: number;
  /** whether every path was rendered (a change every page shows) */
  all: boolean;
  reason: string;
  /** whether the new folder started from the copy made ahead (prepare) instead of being linked now */
  prepared: boolean;
  /** snapshot: reading the directory; dependencies: working out what changed; read: those plus every route's static paths; render: the affected paths; write: the new folder */
  ms: { snapshot: number; dependencies: number; read: number; render: number; write: number; total: number };
  /** paths rendered and the time they took, per kind of page (page id, or the endpoint's route file) */
  byKind: Record<string, { n: number; ms: number }>;
}

export type RendererReply =
  | { id: number; ok: true; ready?: boolean; files?: number; update?: UpdateResult; prepared?: boolean }
  | { id: number; ok: false; error: string };
