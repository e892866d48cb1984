// Every publish is a publish_run row: who or what asked for it, when it started and ended, how it ended.
// The admin header and /api/health read the status from here, so it is the same in every process,
// after a restart, and on Cloudflare (where no memory outlives a request).
//
// Writes are single statements (each atomic), so two processes asking at once never need a
// transaction: at worst two queued rows exist, and the next build claims both.
import { and, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publishRun } from '../../db/schema.ts';
import type { PublishState } from '../../db/enums.ts';
import { isTransientDbError } from './errors.ts';
import { withWriteLock } from './write-lock.ts';

/** change: an admin save; manual: "Publish now"; start: the local server started; ci: CI built without a run of ours (a push). */
export type RunTrigger = 'change' | 'manual' | 'start' | 'ci';

export interface PublishTrigger {
  trigger: RunTrigger;
  /** the admin's email, or a short description (CI event) */
  by?: string | null;
}

export interface PublishRunView {
  id: number;
  state: PublishState;
  trigger: string;
  triggeredBy: string | null;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  filesWritten: number | null;
}

/** What the admin header shows. */
export interface PublishStatus {
  /** idle: the last publish went live; pending: a change waits; building: the local build runs; deploying: CI builds and deploys */
  state: 'idle' | 'pending' | 'building' | 'deploying' | 'failed';
  error?: string;
  lastPublishedAt: string | null;
  /** the run the state describes (the running one, else the last finished one) */
  run?: PublishRunView;
}

/** A run that has not ended after this long is reported as failed (the process died, CI never called back). */
export const RUN_TIMEOUT_MS = 60 * 60 * 1000;
const MAX_ERROR = 4000;
const MAX_BY = 500;

const ACTIVE: PublishState[] = ['queued', 'building', 'deploying'];

export class PublishRuns {
  readonly db: Db;
  private now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }

  /** A write queued behind this process's other writes (see write-lock.ts), retried on a busy database. */
  private write<T>(work: () => Promise<T>): Promise<T> {
    return withWriteLock(this.db, async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await work();
        } catch (error) {
          if (attempt >= 3 || !isTransientDbError(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
        }
      }
    });
  }

  /** Adds `by` to the list of who asked, once. */
  private mergeBy(by: string | null | undefined) {
    if (!by) return sql`${publishRun.triggeredBy}`;
    const name = by.slice(0, 200);
    return sql`case
      when ${publishRun.triggeredBy} is null or ${publishRun.triggeredBy} = '' then ${name}
      when instr(', ' || ${publishRun.triggeredBy} || ', ', ', ' || ${name} || ', ') > 0 then ${publishRun.triggeredBy}
      else substr(${publishRun.triggeredBy} || ', ' || ${name}, 1, ${MAX_BY}) end`;
  }

  /** A change asks for a publish: joins the waiting run if there is one, else queues a new one. */
  async queue(t: PublishTrigger): Promise<number> {
    return this.write(async () => {
      const joined = await this.db
        .update(publishRun)
        .set({ triggeredBy: this.mergeBy(t.by) })
        .where(eq(publishRun.state, 'queued'))
        .returning({ id: publishRun.id });
      if (joined.length) return Math.max(...joined.map((r) => r.id));
      const [row] = await this.db
        .insert(publishRun)
        .values({ state: 'queued', trigger: t.trigger, triggeredBy: t.by ?? null, requestedAt: this.iso() })
        .returning({ id: publishRun.id });
      return row.id;
    });
  }

  /**
   * A build (or a deploy hook call) starts: the waiting runs become `state`; without one, a new run is
   * recorded. Returns the ids it covers (usually one).
   */
  async claim(t: PublishTrigger, state: 'building' | 'deploying'): Promise<number[]> {
    return this.write(async () => {
      const startedAt = this.iso();
      const claimed = await this.db
        .update(publishRun)
        .set({ state, startedAt, triggeredBy: this.mergeBy(t.by) })
        .where(eq(publishRun.state, 'queued'))
        .returning({ id: publishRun.id });
      if (claimed.length) return claimed.map((r) => r.id);
      const [row] = await this.db
        .insert(publishRun)
        .values({ state, trigger: t.trigger, triggeredBy: t.by ?? null, requestedAt: startedAt, startedAt })
        .returning({ id: publishRun.id });
      return [row.id];
    });
  }

  /** The runs end: published (with the number of files written) or failed (with the reason). */
  async finish(ids: number[], outcome: { state: 'published' | 'failed'; error?: string | null; filesWritten?: number | null }): Promise<void> {
    if (!ids.length) return;
    await this.write(() =>
      this.db
        .update(publishRun)
        .set({
          state: outcome.state,
          finishedAt: this.iso(),
          error: outcome.error ? outcome.error.slice(-MAX_ERROR) : null,
          filesWritten: outcome.filesWritten ?? null,
        })
        .where(inArray(publishRun.id, ids)),
    );
  }

  /** Local server start: builds that were running when the previous process stopped will never finish. */
  async interrupted(): Promise<number> {
    const rows = await this.write(() =>
      this.db
        .update(publishRun)
        .set({ state: 'failed', finishedAt: this.iso(), error: 'The server stopped before this publish finished.' })
        .where(eq(publishRun.state, 'building'))
        .returning({ id: publishRun.id }),
    );
    return rows.length;
  }

  /**
   * CI reports how a deploy ended. With `runId` (the run the deploy hook sent), that run and every
   * older one still deploying end the same way: CI's build read the database after all of them (older
   * waiting workflow runs are cancelled by the workflow's concurrency group). Without it (a push, a
   * manual run), a `ci` run is recorded, and a successful deploy also settles every run requested
   * before `startedAt`, the moment CI began reading the database.
   */
  async settleFromCi(report: { runId?: number; state: 'published' | 'failed'; error?: string | null; startedAt?: string; event?: string }): Promise<{ settled: number[] }> {
    const finishedAt = this.iso();
    const error = report.state === 'failed' ? (report.error || 'The CI build or deploy failed.').slice(-MAX_ERROR) : null;
    return this.write(async () => {
      const settled: number[] = [];
      const conditions = [];
      if (report.runId !== undefined) conditions.push(lte(publishRun.id, report.runId));
      if (report.state === 'published' && report.startedAt) conditions.push(lte(publishRun.requestedAt, report.startedAt));
      if (conditions.length) {
        const rows = await this.db
          .update(publishRun)
          .set({ state: report.state, finishedAt, error })
          .where(and(eq(publishRun.state, 'deploying'), or(...conditions)))
          .returning({ id: publishRun.id });
        settled.push(...rows.map((r) => r.id));
      }
      if (report.runId === undefined) {
        const [row] = await this.db
          .insert(publishRun)
          .values({
            state: report.state,
            trigger: 'ci',
            triggeredBy: (report.event || 'CI').slice(0, 200),
            requestedAt: report.startedAt ?? finishedAt,
            startedAt: report.startedAt ?? null,
            finishedAt,
            error,
          })
          .returning({ id: publishRun.id });
        settled.push(row.id);
      }
      return { settled: settled.sort((a, b) => a - b) };
    });
  }

  /** The newest runs, newest first. */
  async recent(limit = 10): Promise<PublishRunView[]> {
    return (await this.db.select().from(publishRun).orderBy(desc(publishRun.id)).limit(limit)) as PublishRunView[];
  }

  /** The status of publishing, from the runs alone. */
  async status(): Promise<PublishStatus> {
    const [runs, [last]] = await Promise.all([
      this.recent(20),
      this.db
        .select({ at: sql<string | null>`max(${publishRun.finishedAt})` })
        .from(publishRun)
        .where(and(eq(publishRun.state, 'published'), isNotNull(publishRun.finishedAt))),
    ]);
    const lastPublishedAt = last?.at ?? null;
    const now = this.now();
    const stale = (r: PublishRunView) => ACTIVE.includes(r.state) && now - Date.parse(r.startedAt ?? r.requestedAt) > RUN_TIMEOUT_MS;
    const live = runs.filter((r) => ACTIVE.includes(r.state) && !stale(r));
    for (const state of ['building', 'deploying', 'queued'] as const) {
      const run = live.find((r) => r.state === state);
      if (run) return { state: state === 'queued' ? 'pending' : state, lastPublishedAt, run };
    }
    const ended = runs.find((r) => !ACTIVE.includes(r.state) || stale(r));
    if (!ended || ended.state === 'published') return { state: 'idle', lastPublishedAt, ...(ended ? { run: ended } : {}) };
    if (stale(ended)) {
      const what = ended.state === 'deploying' ? 'CI did not report back' : 'The publish did not finish';
      return { state: 'failed', error: `${what} within ${RUN_TIMEOUT_MS / 60_000} minutes; check the server log or the CI workflow's runs.`, lastPublishedAt, run: ended };
    }
    return { state: 'failed', error: ended.error ?? 'Publishing failed.', lastPublishedAt, run: ended };
  }
}
