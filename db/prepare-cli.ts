// npm run db:prepare, run before `npm run dev` and `npm run build`: the same first-start step as
// `npm start` (db/setup.ts): create LIBSQL_URL if missing, apply migrations, seed from db/seed/ when
// the database has no categories yet. A prepared database is left as it is.
import { openDatabase } from './setup.ts';
import { loadEnv } from '../src/lib/env.ts';

const env = loadEnv();
const db = await openDatabase(env.LIBSQL_URL, env.LIBSQL_AUTH_TOKEN);
db.$client.close();
