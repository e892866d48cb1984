// npm run db:synthetic -- --companies N [--out file:.bench/synthetic-N.db] [--seed 42]
//
// Writes a SEPARATE database (never db/local.db) with N companies: the real seed companies first, then
// generated ones (scripts/synthetic-data.ts), with the real categories, certifications and countries.
// Everything goes through the admin import code (src/api/import-export/import.ts) in one transaction,
// like `npm run db:seed`. The file is recreated on every run.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createDb } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { readSeedCompanies, seedFolder } from '../db/seed.ts';
import * as t from '../db/schema.ts';
import { importCategories, importCertificates, importCompanies, importCountries } from '../src/api/import-export/import.ts';
import type { CompanyRecordInput } from '../src/lib/schemas/import.ts';
import { generateDirectory, type SeedInput } from './synthetic-data.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(seedFolder, file), 'utf8'));

/** The default file of a synthetic database of N companies. */
export function syntheticUrl(companies: number): string {
  return `file:${join(projectRoot, '.bench', `synthetic-${companies}.db`)}`;
}

/** Refuses anything but a local file, and above all the application's own database. */
export function checkTarget(url: string): string {
  if (!url.startsWith('file:') || url.includes(':memory:')) throw new Error(`The synthetic database must be a local file (file:...), not ${url}`);
  const path = resolve(projectRoot, url.slice('file:'.length));
  if (path === resolve(projectRoot, 'db', 'local.db')) throw new Error('Refusing to write synthetic data into db/local.db; choose another --out.');
  return path;
}

export function readSeedInput(): SeedInput {
  return {
    categories: readJson('categories.json') as SeedInput['categories'],
    certifications: readJson('certifications.json') as SeedInput['certifications'],
    companies: readSeedCompanies() as CompanyRecordInput[],
  };
}

export interface SyntheticResult {
  url: string;
  companies: number;
  /** wall time of the import transaction (the whole import code path), ms */
  importMs: number;
  rows: Record<string, number>;
}

/** Creates the database at `url` afresh and imports N companies in one transaction. */
export async function writeSyntheticDb(url: string, companies: number, seed = 42): Promise<SyntheticResult> {
  const path = checkTarget(url);
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
  const data = generateDirectory(readSeedInput(), { companies, seed });
  const db = await createDb({ url: `file:${path}` });
  try {
    await migrateDb(db);
    const started = performance.now();
    await db.transaction(async (tx) => {
      await importCategories(tx, data.categories);
      await importCertificates(tx, data.certifications);
      if (existsSync(join(seedFolder, 'countries.json'))) await importCountries(tx, readJson('countries.json'));
      await importCompanies(tx, data.companies);
    });
    const importMs = performance.now() - started;
    return { url: `file:${path}`, companies: data.companies.length, importMs, rows: await countRows(db) };
  } finally {
    db.$client.close();
  }
}

type AnyDb = Awaited<ReturnType<typeof createDb>>;

/** Row counts of the directory tables. */
export async function countRows(db: AnyDb): Promise<Record<string, number>> {
  const tables = { company: t.company, category: t.category, subcategory: t.subcategory, company_subcategory: t.companySubcategory, certification: t.certification, company_certification: t.companyCertification, eu_fine: t.euFine, alternative: t.alternative };
  const rows: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: sql<number>`count(*)` }).from(table);
    rows[name] = Number(row.n);
  }
  return rows;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { companies: { type: 'string', default: '10000' }, out: { type: 'string' }, seed: { type: 'string', default: '42' } },
  });
  const n = Number(values.companies);
  if (!Number.isInteger(n) || n < 1) {
    console.error('--companies must be a whole number of at least 1');
    process.exit(1);
  }
  const url = values.out ? (values.out.startsWith('file:') ? values.out : `file:${values.out}`) : syntheticUrl(n);
  try {
    const result = await writeSyntheticDb(url, n, Number(values.seed));
    console.log(`Wrote ${result.url}: ${result.companies} companies imported in ${(result.importMs / 1000).toFixed(1)} s (one transaction).`);
    console.log(result.rows);
  } catch (error) {
    console.error(`Synthetic data failed, nothing was written: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
