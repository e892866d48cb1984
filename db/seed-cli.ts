// npm run db:seed: migrates LIBSQL_URL and imports db/seed/ into it (existing records are updated by slug).
import { createDb } from './client.ts';
import { migrateDb } from './migrate.ts';
import { seedDatabase } from './seed.ts';
import { loadEnv } from '../src/lib/env.ts';

const env = loadEnv();
const db = await createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
try {
  await migrateDb(db);
  const counts = await seedDatabase(db);
  console.log(`Seeded ${env.LIBSQL_URL}:`, counts);
} catch (error) {
  console.error(`Seeding failed, nothing was changed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  db.$client.close();
}
