// Seeds a database from db/seed/ through the same import code the admin API uses, in one transaction.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';
import { importCategories, importCertificates, importCompanies, importCountries, importGuides } from '../src/api/import-export/import.ts';

export const seedFolder = fileURLToPath(new URL('./seed', import.meta.url));

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** All company records of the seed folder, one file per category, in file-name order. */
export function readSeedCompanies(folder = seedFolder): unknown[] {
  const dir = join(folder, 'companies');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => readJson(join(dir, f)) as unknown[]);
}

export interface SeedCounts {
  categories: number;
  certificates: number;
  countries: number;
  companies: number;
  guides: number;
}

export async function seedDatabase(db: Db, folder = seedFolder): Promise<SeedCounts> {
  const countriesFile = join(folder, 'countries.json');
  // Guides name products, so they come after the companies that hold them.
  const guidesFile = join(folder, 'guides.json');
  return db.transaction(async (tx) => ({
    categories: await importCategories(tx, readJson(join(folder, 'categories.json'))),
    certificates: await importCertificates(tx, readJson(join(folder, 'certifications.json'))),
    countries: existsSync(countriesFile) ? await importCountries(tx, readJson(countriesFile)) : 0,
    companies: await importCompanies(tx, readSeedCompanies(folder)),
    guides: existsSync(guidesFile) ? await importGuides(tx, readJson(guidesFile)) : 0,
  }));
}
