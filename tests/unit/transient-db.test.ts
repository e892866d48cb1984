// A locked database file (another writer, a build) or a remote libSQL hiccup must not give a 500:
// the write is retried briefly, then the client gets a 503 that says nothing was changed.
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { BUSY_MESSAGE, errorResponse, isTransientDbError } from '../../src/api/errors.ts';
import { writeTransaction } from '../../src/api/write-lock.ts';
import type { Db } from '../../db/client.ts';

function busy(): Error {
  // The shape drizzle gives: "Failed query" wrapping the driver's error.
  return Object.assign(new Error('Failed query: insert into "company" ...'), { cause: Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' }) });
}

/** A stand-in for db.transaction that fails `failures` times before it succeeds. */
function flakyDb(failures: number, error: () => Error = busy) {
  let calls = 0;
  const db = {
    transaction: async <T>(work: (tx: unknown) => Promise<T>) => {
      calls += 1;
      if (calls <= failures) throw error();
      return work({});
    },
  };
  return { db: db as unknown as Db, calls: () => calls };
}

describe('transient database errors', () => {
  it('recognizes a locked file and a dropped connection, not a constraint or a bug', () => {
    expect(isTransientDbError(busy())).toBe(true);
    expect(isTransientDbError(Object.assign(new Error('x'), { cause: new Error('fetch failed') }))).toBe(true);
    expect(isTransientDbError(new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: company.slug'))).toBe(false);
    expect(isTransientDbError(new TypeError('Cannot read properties of undefined'))).toBe(false);
  });

  it('runs a write again after a transient error and returns its result', async () => {
    const { db, calls } = flakyDb(2);
    await expect(writeTransaction(db, async () => 'saved', [1, 1, 1])).resolves.toBe('saved');
    expect(calls()).toBe(3);
  });

  it('gives up after the last retry, and never retries other errors', async () => {
    const stuck = flakyDb(10);
    await expect(writeTransaction(stuck.db, async () => 'saved', [1, 1])).rejects.toThrow(/Failed query/);
    expect(stuck.calls()).toBe(3);
    const broken = flakyDb(10, () => new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed'));
    await expect(writeTransaction(broken.db, async () => 'saved', [1, 1])).rejects.toThrow(/UNIQUE/);
    expect(broken.calls()).toBe(1);
  });

  it('answers 503 with Retry-After and a plain message, never a 500', async () => {
    const app = new Hono();
    app.onError(errorResponse);
    app.post('/save', () => {
      throw busy();
    });
    const res = await app.request('/save', { method: 'POST' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({ error: BUSY_MESSAGE });
  });
});
