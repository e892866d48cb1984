// /api/admin/preview/companies/:id: the public page of a company as it would look published, drafts
// included, for signed-in admins only (the /admin/* session guard). POST starts a preview build, GET
// reports its progress, GET …/site/<public path> serves the result: never indexed, never cached.
// Where nothing can build (Cloudflare: the site is built in CI) the API says so with a 409.
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { company } from '../../../db/schema.ts';
import type { AppEnv } from '../context.ts';
import { notFound } from '../errors.ts';
import { idParam } from './params.ts';

export interface PreviewStatus {
  state: 'queued' | 'building' | 'ready' | 'failed';
  /** what the build is doing, for the progress text */
  phase: string;
  startedAt: string;
  finishedAt?: string;
  error?: string;
  /** the English page of the preview, under the admin route (when ready) */
  url?: string;
  /** the page in every language */
  urls?: Record<string, string>;
}

/** Builds and serves previews (the local server's SitePreviewer). */
export interface Previewer {
  start(target: { id: number; slug: string }): PreviewStatus;
  status(id: number): PreviewStatus | undefined;
  /** A file of the preview of `id` at `path` (a public path such as /de/unternehmen/x), or undefined. */
  serve(id: number, path: string, request: Request): Promise<Response | undefined>;
}

export const PREVIEW_UNAVAILABLE =
  'Preview is not available on this server: here the public site is built by CI from the published data. Run the site locally (npm start) against the same database to preview a draft.';

/** Where the preview of a company is served; its scripts and styles are loaded from under it too. */
export const previewBase = (id: number) => `/api/admin/preview/companies/${id}/site`;

const unavailable = { error: PREVIEW_UNAVAILABLE, available: false } as const;

export const previewRoutes = new Hono<AppEnv>()
  .post('/companies/:id', idParam('Company'), async (c) => {
    const { previewer, db } = c.var.deps;
    if (!previewer) return c.json(unavailable, 409);
    const id = c.req.valid('param').id;
    const [row] = await db.select({ id: company.id, slug: company.slug }).from(company).where(eq(company.id, id));
    if (!row) throw notFound('Company');
    return c.json(previewer.start(row), 202);
  })
  .get('/companies/:id', idParam('Company'), (c) => {
    const { previewer } = c.var.deps;
    if (!previewer) return c.json(unavailable, 409);
    const status = previewer.status(c.req.valid('param').id);
    if (!status) return c.json({ error: 'No preview of this company has been started.' }, 404);
    return c.json(status, 200);
  })
  .get('/companies/:id/site/*', idParam('Company'), async (c) => {
    const { previewer } = c.var.deps;
    if (!previewer) return c.json(unavailable, 409);
    const id = c.req.valid('param').id;
    const path = c.req.path.slice(c.req.path.indexOf('/site') + '/site'.length) || '/';
    const res = await previewer.serve(id, path, c.req.raw);
    if (!res) return c.json({ error: 'This preview is not ready or has expired. Start it again from the company form.' }, 404);
    return res;
  });
