// The sign-in log (auth_log). Successful sign-ins are always written. Attempts that did not sign in
// (failure, throttled, invalid-input) cost an attacker nothing, so what they write is bounded: at
// most one row per outcome per email and per address each minute, and at most LOG.maxPerMinute such
// rows a minute in all (an attacker rotating emails and addresses made about 1,500 rows in 10 s).
// The throttle table keeps counting every attempt. Old rows are pruned on every write.
import { and, count, eq, gt, lt, ne, or } from 'drizzle-orm';
import * as t from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import { writeTransaction } from '../write-lock.ts';

export type Outcome = 'success' | 'failure' | 'throttled' | 'invalid-input';

const DAY = 24 * 60 * 60 * 1000;
export const LOG = {
  windowMs: 60 * 1000,
  maxPerMinute: 10,
  keepMs: { success: 90 * DAY, other: 30 * DAY },
} as const;

export async function logAttempt(db: Db, entry: { email: string; ip: string; outcome: Outcome }, now: number): Promise<void> {
  const email = entry.email.slice(0, 320);
  const ip = entry.ip.slice(0, 100);
  await writeTransaction(db, async (tx) => {
    if (entry.outcome !== 'success') {
      const recent = and(gt(t.authLog.createdAt, now - LOG.windowMs), ne(t.authLog.outcome, 'success'));
      const [{ n }] = await tx.select({ n: count() }).from(t.authLog).where(recent);
      if (n >= LOG.maxPerMinute) return;
      const [same] = await tx
        .select({ id: t.authLog.id })
        .from(t.authLog)
        .where(and(recent, eq(t.authLog.outcome, entry.outcome), or(eq(t.authLog.email, email), eq(t.authLog.ip, ip))))
        .limit(1);
      if (same) return;
    }
    await tx.insert(t.authLog).values({ email, ip, outcome: entry.outcome, createdAt: now });
    await tx
      .delete(t.authLog)
      .where(or(lt(t.authLog.createdAt, now - LOG.keepMs.success), and(lt(t.authLog.createdAt, now - LOG.keepMs.other), ne(t.authLog.outcome, 'success'))));
  });
}
