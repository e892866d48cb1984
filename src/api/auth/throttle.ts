// Sign-in throttling, stored in the database so Node and Cloudflare behave alike. An attempt from a
// browser that signed in to the account before (a valid known-device cookie, device.ts) counts on that
// device's own key; any other attempt counts per account (email) and per client address. The first
// attempts are free; after that each new attempt must wait a delay that doubles per failure up to a
// cap, and there is no permanent lock. An attacker failing on purpose from many addresses can keep the
// account's key armed, but not a device's: the real admin's browser still gets in with the password.
import { inArray, lt } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/executor.ts';
import { writeTransaction } from '../write-lock.ts';

export const THROTTLE = {
  freeAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: { email: 5 * 60 * 1000, ip: 15 * 60 * 1000, device: 60 * 1000 },
  /** a key with no failure for this long starts again from zero */
  resetAfterMs: 60 * 60 * 1000,
} as const;

type Kind = keyof typeof THROTTLE.maxDelayMs;

export function throttleKey(kind: Kind, value: string): string {
  return `${kind}:${value.toLowerCase().slice(0, 320)}`;
}

function kindOf(key: string): Kind {
  return key.startsWith('ip:') ? 'ip' : key.startsWith('device:') ? 'device' : 'email';
}

export function delayAfter(failures: number, kind: Kind): number {
  if (failures < THROTTLE.freeAttempts) return 0;
  return Math.min(THROTTLE.baseDelayMs * 2 ** Math.min(failures - THROTTLE.freeAttempts, 30), THROTTLE.maxDelayMs[kind]);
}

function waitFor(row: { key: string; failures: number; lastFailureAt: number }, now: number): number {
  if (now - row.lastFailureAt >= THROTTLE.resetAfterMs) return 0;
  return Math.max(0, row.lastFailureAt + delayAfter(row.failures, kindOf(row.key)) - now);
}

/**
 * Checks the keys and, when no delay applies, counts this attempt as a failure up front (so parallel
 * attempts cannot slip past the check); a successful sign-in takes it back with attemptSucceeded().
 * Returns the milliseconds to wait, 0 when the attempt may go ahead.
 */
export async function beginAttempt(db: Db, keys: string[], now: number): Promise<number> {
  // One write transaction (BEGIN IMMEDIATE): concurrent attempts are checked and counted one by one.
  return writeTransaction(db, async (tx) => {
    await pruneForgotten(db, tx, now);
    const rows = await tx.select().from(t.authThrottle).where(inArray(t.authThrottle.key, keys));
    const wait = Math.max(0, ...rows.map((r) => waitFor(r, now)));
    if (wait > 0) return wait;
    for (const key of keys) {
      const row = rows.find((r) => r.key === key);
      const failures = row && now - row.lastFailureAt < THROTTLE.resetAfterMs ? row.failures + 1 : 1;
      await tx
        .insert(t.authThrottle)
        .values({ key, failures, lastFailureAt: now })
        .onConflictDoUpdate({ target: t.authThrottle.key, set: { failures, lastFailureAt: now } });
    }
    return 0;
  });
}

/** A successful sign-in: the keys that let it through and the client address start again from zero. */
export async function attemptSucceeded(db: Db, keys: string[]): Promise<void> {
  await writeTransaction(db, async (tx) => {
    await tx.delete(t.authThrottle).where(inArray(t.authThrottle.key, keys));
  });
}

// Every attempt from a new address or email adds a row; rows past the reset time mean nothing any
// more. They are removed at most once a minute per database (the column has no index).
const lastPrune = new WeakMap<object, number>();
const PRUNE_EVERY_MS = 60 * 1000;

async function pruneForgotten(db: Db, tx: Executor, now: number): Promise<void> {
  const last = lastPrune.get(db);
  if (last !== undefined && now >= last && now - last < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now);
  await tx.delete(t.authThrottle).where(lt(t.authThrottle.lastFailureAt, now - THROTTLE.resetAfterMs));
}
