// GET /api/admin/export/{companies|categories|certificates|guides}.csv: the CSV export for spreadsheets
// (import-export/csv.ts). The JSON export, which imports back, stays at /api/admin/{kind}/export.
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { z } from 'zod';
import { nowOf, type AppEnv } from '../context.ts';
import { csvFileName, exportCsv } from '../import-export/csv.ts';
import { attachment } from './import-body.ts';

const KINDS = ['companies', 'categories', 'certificates', 'guides'] as const;

export const exportCsvRoutes = new Hono<AppEnv>().get(
  '/:file',
  zValidator('param', z.object({ file: z.enum(['companies.csv', 'categories.csv', 'certificates.csv', 'guides.csv']) }), (result, c) => {
    if (!result.success) return c.json({ error: `Unknown export. Choose one of: ${KINDS.map((k) => `${k}.csv`).join(', ')}` }, 404);
  }),
  async (c) => {
    const kind = c.req.valid('param').file.replace(/\.csv$/, '') as (typeof KINDS)[number];
    attachment(c, csvFileName(kind, new Date(nowOf(c))));
    return c.body(await exportCsv(c.var.deps.db, kind), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  },
);
