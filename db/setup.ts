// First start: create, migrate and (when empty) seed the database.
import { sql } from 'drizzle-orm';
import { createDb, type Db } from './client.ts';
import { migrateDb } from './migrate.ts';
import { seedDatabase } from './seed.ts';
import * as t from './schema.ts';

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(t.category);
  return Number(row.n) === 0;
}

export async function openDatabase(url: string, authToken?: string, log: (msg: string) => void = console.log): Promise<Db> {
  const db = await createDb({ url, authToken });
  await migrateDb(db);
  if (await isEmpty(db)) {
    const counts = await seedDatabase(db);
    log(
      `Seeded ${url}: ${counts.companies} companies, ${counts.categories} categories, ` +
        `${counts.certificates} certificates, ${counts.countries} countries, ${counts.guides} guides.`,
    );
  }
  return db;
}
