// One factory for every database connection: a local SQLite file or a remote libSQL server.
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as tables from './schema.ts';
import * as relations from './relations.ts';

const schema = { ...tables, ...relations };

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export interface DbConfig {
  url: string;
  authToken?: string;
}

export function isFileUrl(url: string): boolean {
  return url.startsWith('file:');
}

export async function createDb({ url, authToken }: DbConfig): Promise<Db> {
  if (isFileUrl(url) && !url.includes(':memory:')) {
    mkdirSync(dirname(url.slice('file:'.length)), { recursive: true });
  }
  // The busy timeout lets the build, the API and the seeder share one file without SQLITE_BUSY errors.
  const client = createClient({ url, authToken, timeout: 5000 });
  if (isFileUrl(url)) {
    await client.execute('PRAGMA journal_mode = WAL');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  return drizzle(client, { schema }) as Db;
}
