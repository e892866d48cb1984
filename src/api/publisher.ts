// How the API asks for the public site to be republished after a change. The status of publishing
// is not kept here but in the publish_run table (publish-runs.ts), which every publisher writes.
import type { PublishRuns, PublishTrigger } from './publish-runs.ts';

export type { PublishStatus, PublishTrigger } from './publish-runs.ts';

export interface PublishRequest {
  /** Cloudflare: keeps the publish alive after the response (no timers survive it there). */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** who asked (an admin's email) */
  by?: string | null;
}

export interface Publisher {
  /**
   * Debounced: many writes in a short time make one publish. Where the platform ends work once the
   * response is sent (Cloudflare), it passes waitUntil and the publish starts at once instead.
   * Resolves once the request is recorded; never rejects.
   */
  request(req?: PublishRequest): void | Promise<void>;
  /** Publishes now; resolves true when the new site is live (or, with a deploy hook, when CI took the job). */
  buildNow(trigger?: PublishTrigger): Promise<boolean>;
}

/** The repository_dispatch event type the publish workflow (.github/workflows/publish.yml) listens to. */
export const PUBLISH_EVENT = 'publish-site';

export interface HookPublisherOptions {
  url: string;
  token?: string;
  debounceMs: number;
  /** where the runs are recorded; the run's id goes to CI, which reports back with it */
  runs?: PublishRuns;
  log?: (message: string) => void;
}

/**
 * Production: POSTs to a deploy hook (CI rebuilds from the database and deploys). A 2xx from the hook
 * only means CI took the job: the run stays "deploying" until CI calls POST /api/publish/callback.
 */
export class HookPublisher implements Publisher {
  private opts: HookPublisherOptions;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private next: PublishTrigger = { trigger: 'change' };

  constructor(opts: HookPublisherOptions) {
    this.opts = opts;
  }

  private log(message: string): void {
    (this.opts.log ?? console.error)(message);
  }

  async request(req: PublishRequest = {}): Promise<void> {
    const trigger: PublishTrigger = { trigger: 'change', by: req.by ?? null };
    clearTimeout(this.timer);
    if (req.waitUntil) {
      // No timers survive the response on Workers; the CI workflow's concurrency group coalesces calls.
      req.waitUntil(this.buildNow(trigger));
      return;
    }
    this.next = trigger;
    try {
      await this.opts.runs?.queue(trigger);
    } catch (error) {
      this.log(`Could not record the publish request: ${(error as Error).message}`);
    }
    this.timer = setTimeout(() => void this.buildNow(this.next), this.opts.debounceMs);
  }

  async buildNow(trigger: PublishTrigger = { trigger: 'manual' }): Promise<boolean> {
    clearTimeout(this.timer);
    const { runs } = this.opts;
    let ids: number[] = [];
    try {
      if (runs) ids = await runs.claim(trigger, 'deploying');
    } catch (error) {
      this.log(`Could not record the publish run: ${(error as Error).message}`);
    }
    const runId = ids.length ? Math.max(...ids) : undefined;
    try {
      // The body makes the same call work for a GitHub repository_dispatch (which requires event_type;
      // client_payload reaches the workflow as github.event.client_payload) and for deploy hooks that
      // ignore the body (Cloudflare Pages, Netlify, ...).
      const res = await fetch(this.opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/vnd.github+json, application/json',
          'user-agent': 'european-alternatives-publisher',
          ...(this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {}),
        },
        body: JSON.stringify({ event_type: PUBLISH_EVENT, ...(runId === undefined ? {} : { client_payload: { run_id: runId } }) }),
      });
      if (!res.ok) throw new Error(`The deploy hook answered ${res.status} ${res.statusText}`.trim());
      return true;
    } catch (error) {
      const message = (error as Error).message;
      try {
        await runs?.finish(ids, { state: 'failed', error: message });
      } catch (e) {
        this.log(`Could not record the failed publish: ${(e as Error).message}`);
      }
      this.log(`Publishing failed: ${message}`);
      return false;
    }
  }
}

/** For tests and read-only setups: publishing does nothing. */
export const noPublisher: Publisher = {
  request() {},
  async buildNow() {
    return true;
  },
};
