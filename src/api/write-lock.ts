// One writer at a time per database, inside this process. With a local SQLite file, libSQL runs a
// transaction on its own connection and a second writer waits in SQLite's busy handler, which blocks
// the event loop, so the first transaction could never finish: concurrent saves would stall for the
// busy timeout and fail. Queuing writes here avoids that. Reads do not queue (WAL lets them run
// beside a writer). Never call withWriteLock inside withWriteLock for the same database.
import type { Db } from '../../db/client.ts';
import { isTransientDbError } from './errors.ts';

const queues = new WeakMap<object, Promise<unknown>>();

export function withWriteLock<T>(db: object, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const run = previous.then(
    () => work(),
    () => work(),
  );
  queues.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Waits before each retry of a transaction that failed on a transient database error (ms). */
export const RETRY_DELAYS_MS = [50, 200, 600];

/**
 * db.transaction, queued behind other writes of this process. A transaction that fails on a transient
 * database error (another process holds the lock, a remote server hiccups) rolled back completely, so
 * it is run again a few times; then the error reaches the client as a 503 (src/api/errors.ts).
 */
export function writeTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, delays: readonly number[] = RETRY_DELAYS_MS): Promise<T> {
  return withWriteLock(db, async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await db.transaction(work);
      } catch (error) {
        if (attempt >= delays.length || !isTransientDbError(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
      }
    }
  });
}
