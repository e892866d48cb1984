// The transaction around every create and update of a versioned record (company, product, category,
// certificate, guide): one write transaction; an update first claims the version (store/versions.ts) and
// reads the record before; the change log gets the record before and after in the export format
// (recordSnapshot in store/change-log.ts). The
// stores pass only what differs: their checks and rows.
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import { writeTransaction } from '../write-lock.ts';
import { logChange, recordSnapshot, type ChangeEntity, type WriteContext } from './change-log.ts';
import { claimVersion } from './versions.ts';

interface Logged {
  entity: ChangeEntity;
  /** the change log's label (the record's name or title) */
  label: string;
}

/** Runs `insert` (which answers the new id) and logs the record as created. */
export function createLogged(db: Db, w: WriteContext, log: Logged, insert: (tx: Executor) => Promise<number>): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const id = await insert(tx);
    await logChange(tx, w, { entity: log.entity, entityId: id, label: log.label, action: 'create', before: null, after: await recordSnapshot(tx, log.entity, id) });
    return id;
  });
}

/** False when there is no such record; 412 (InputError) when `version` is no longer current; else runs `write` and logs it. */
export function updateLogged(db: Db, w: WriteContext, log: Logged, id: number, version: number, write: (tx: Executor) => Promise<void>): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    if ((await claimVersion(tx, log.entity, id, version, w)) === undefined) return false;
    const before = await recordSnapshot(tx, log.entity, id);
    await write(tx);
    await logChange(tx, w, { entity: log.entity, entityId: id, label: log.label, action: 'update', before, after: await recordSnapshot(tx, log.entity, id) });
    return true;
  });
}
