// The database client for Cloudflare: libSQL over HTTP (Turso). The Node server uses db/client.ts,
// which also opens local SQLite files; a Worker cannot, so it gets this web client instead.
import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import type { Db } from '../../db/client.ts';
import * as tables from '../../db/schema.ts';
import * as relations from '../../db/relations.ts';

export function createWebDb(url: string, authToken?: string): Db {
  if (!/^(libsql|https?|wss?):\/\//.test(url)) {
    throw new Error(`LIBSQL_URL must be a libsql:// or https:// URL on Cloudflare (got "${url}").`);
  }
  const client = createClient({ url, authToken });
  return drizzle(client, { schema: { ...tables, ...relations } }) as unknown as Db;
}
