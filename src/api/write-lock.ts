// One writer at a time per database, inside this process. With a local SQLite file, libSQL runs a
// transaction on its own connection and a second writer waits in SQLite's busy handler, which blocks
// the event loop, so the first transaction could never finish: concurrent saves would stall for the
// busy timeout and fail. Queuing writes here avoids that. Reads do not queue (WAL lets them run
// beside a writer). Never call withWriteLock inside withWriteLock for the same database.
import type { Db } from '../../db/client.ts';

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

/** db.transaction, queued behind other writes of this process. */
export function writeTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withWriteLock(db, () => db.transaction(work));
}
