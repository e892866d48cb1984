// How the API asks for the public site to be republished after a change.
export interface PublishStatus {
  state: 'idle' | 'pending' | 'building' | 'failed';
  error?: string;
  lastPublishedAt: string | null;
}

export interface Publisher {
  /**
   * Debounced: many writes in a short time make one publish. Where the platform ends work once the
   * response is sent (Cloudflare), it passes waitUntil and the publish starts at once instead.
   */
  request(waitUntil?: (promise: Promise<unknown>) => void): void;
  /** Publishes now; resolves true on success. */
  buildNow(): Promise<boolean>;
  status(): PublishStatus;
}

/** The repository_dispatch event type the publish workflow (.github/workflows/publish.yml) listens to. */
export const PUBLISH_EVENT = 'publish-site';

/** Production: POSTs to a deploy hook (CI rebuilds from the database and deploys). */
export class HookPublisher implements Publisher {
  private url: string;
  private token: string | undefined;
  private debounceMs: number;
  private state: PublishStatus = { state: 'idle', lastPublishedAt: null };
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(url: string, token: string | undefined, debounceMs: number) {
    this.url = url;
    this.token = token;
    this.debounceMs = debounceMs;
  }

  request(waitUntil?: (promise: Promise<unknown>) => void): void {
    this.state = { ...this.state, state: 'pending' };
    clearTimeout(this.timer);
    if (waitUntil) {
      // No timers survive the response on Workers; the CI workflow's concurrency group coalesces calls.
      waitUntil(this.buildNow());
      return;
    }
    this.timer = setTimeout(() => void this.buildNow(), this.debounceMs);
  }

  async buildNow(): Promise<boolean> {
    clearTimeout(this.timer);
    this.state = { ...this.state, state: 'building' };
    try {
      // The body makes the same call work for a GitHub repository_dispatch (which requires event_type)
      // and for deploy hooks that ignore the body (Cloudflare Pages, Netlify, ...).
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/vnd.github+json, application/json',
          'user-agent': 'european-alternatives-publisher',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({ event_type: PUBLISH_EVENT }),
      });
      if (!res.ok) throw new Error(`The deploy hook answered ${res.status} ${res.statusText}`);
      this.state = { state: 'idle', lastPublishedAt: new Date().toISOString() };
      return true;
    } catch (error) {
      this.state = { ...this.state, state: 'failed', error: (error as Error).message };
      return false;
    }
  }

  status(): PublishStatus {
    return this.state;
  }
}

/** For tests and read-only setups: publishing does nothing. */
export const noPublisher: Publisher = {
  request() {},
  async buildNow() {
    return true;
  },
  status: () => ({ state: 'idle', lastPublishedAt: null }),
};
