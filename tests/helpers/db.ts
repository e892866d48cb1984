// A throw-away SQLite file per test file, migrated with the committed migrations.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../../db/client.ts';
import { migrateDb } from '../../db/migrate.ts';

export interface TempDb {
  db: Db;
  url: string;
  cleanup: () => void;
}

export async function tempDb(migrate = true): Promise<TempDb> {
  const dir = mkdtempSync(join(tmpdir(), 'ea-test-'));
  const url = `file:${join(dir, 'test.db')}`;
  const db = await createDb({ url });
  if (migrate) await migrateDb(db);
  return {
    db,
    url,
    cleanup: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The database's own message behind drizzle's "Failed query" wrapper. */
export async function dbError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
  return 'no error';
}
