// npm run db:migrate: applies the committed drizzle-kit migrations to LIBSQL_URL.
import { createDb } from './client.ts';
import { migrateDb } from './migrate.ts';
import { loadEnv } from '../src/lib/env.ts';

const env = loadEnv();
const db = await createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
await migrateDb(db);
console.log(`Migrations applied to ${env.LIBSQL_URL}`);
db.$client.close();
