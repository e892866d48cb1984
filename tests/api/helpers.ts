// In-process API test kit: a throw-away SQLite file, createApp() with a recording publisher and a
// clock the test moves, an admin account and a signed-in cookie.
import { vi } from 'vitest';
import { createApp, type AppDeps } from '../../src/api/app.ts';
import type { Publisher, PublishStatus } from '../../src/api/publisher.ts';
import { createAdmin } from '../../src/api/auth/admins.ts';
import type { ScryptParams } from '../../src/api/auth/password.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

// Room for a slow, busy CI machine (a real astro build in a few tests, the seed in others).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * The scrypt cost of the passwords the tests create: the lowest the verifier accepts, about a
 * millisecond per hash instead of production's tenths of a second. tests/api/auth.test.ts checks that
 * production keeps SCRYPT_PARAMS.
 */
export const TEST_PASSWORD_PARAMS: ScryptParams = { log2N: 10, r: 8, p: 1, keyLength: 32 };

export const ORIGIN = 'http://127.0.0.1:4321';
export const ADMIN_EMAIL = 'admin@example.org';
export const ADMIN_PASSWORD = 'correct horse battery staple 42';

export class RecordingPublisher implements Publisher {
  requests = 0;
  builds = 0;
  request(): void {
    this.requests += 1;
  }
  async buildNow(): Promise<boolean> {
    this.builds += 1;
    return true;
  }
  status(): PublishStatus {
    return { state: 'idle', lastPublishedAt: null };
  }
}

export interface Kit extends TempDb {
  app: ReturnType<typeof createApp>;
  publisher: RecordingPublisher;
  clock: { now: number };
  /** a request as a same-origin browser page would send it */
  call: (method: string, path: string, opts?: CallOptions) => Promise<Response>;
  signIn: (email?: string, password?: string, ip?: string) => Promise<string>;
  cookie: string;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  cookie?: string | null;
  origin?: string | null;
  headers?: Record<string, string>;
  ip?: string;
  /**
   * If-Match of a PUT/DELETE of a company, category, certificate, guide or product. Omitted: the version a GET returns
   * just before (a client that read the record right now); null: no If-Match at all.
   */
  ifMatch?: number | string | null;
}

const VERSIONED = /^\/api\/admin\/(companies|categories|certificates|guides|products)\/\d+$/;

export async function makeKit(opts: { signIn?: boolean; allowedOrigins?: string[]; deps?: Partial<AppDeps> } = {}): Promise<Kit> {
  const base = await tempDb();
  const publisher = new RecordingPublisher();
  const clock = { now: Date.UTC(2025, 2, 12, 10, 0, 0) };
  const app = createApp({
    db: base.db,
    publisher,
    allowedOrigins: opts.allowedOrigins ?? [ORIGIN],
    clientIp: (c) => c.req.header('x-test-ip') ?? '203.0.113.1',
    now: () => clock.now,
    passwordParams: TEST_PASSWORD_PARAMS,
    ...opts.deps,
  });
  const kit = { ...base, app, publisher, clock, cookie: '' } as Kit;
  kit.call = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.origin !== null && method !== 'GET') headers.origin = o.origin ?? ORIGIN;
    const cookie = o.cookie === undefined ? kit.cookie : o.cookie;
    if (cookie) headers.cookie = cookie;
    if (o.ip) headers['x-test-ip'] = o.ip;
    if ((method === 'PUT' || method === 'DELETE') && VERSIONED.test(path) && o.ifMatch !== null) {
      let tag = typeof o.ifMatch === 'number' ? `"${o.ifMatch}"` : o.ifMatch;
      if (tag === undefined) {
        const current = await kit.call('GET', path, { cookie: o.cookie });
        tag = current.headers.get('etag') ?? '"1"';
      }
      headers['if-match'] = tag;
    }
    let body: string | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    return app.request(`http://127.0.0.1:4321${path}`, { method, headers, body });
  };
  kit.signIn = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD, ip) => {
    const res = await kit.call('POST', '/api/auth/sign-in', { body: { email, password }, cookie: null, ip });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return sessionCookieOf(res);
  };
  await createAdmin(base.db, ADMIN_EMAIL, ADMIN_PASSWORD, { params: TEST_PASSWORD_PARAMS });
  if (opts.signIn !== false) kit.cookie = await kit.signIn();
  return kit;
}

/** "name=value" of the session cookie a response sets. */
export function sessionCookieOf(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => /ea_session=/.test(c));
  if (!header) throw new Error('no session cookie set');
  return header.split(';')[0];
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely; each asserts the shape it needs
export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A minimal catalogue: two categories with subcategories, two certificates. */
export async function seedCatalogue(kit: Kit) {
  const ent = await json(
    await kit.call('POST', '/api/admin/categories', {
      body: {
        name: 'Entertainment',
        slug: 'entertainment',
        image_url: '/images/categories/entertainment.svg',
        subcategories: [
          { name: 'Music Streaming', slug: 'music-streaming' },
          { name: 'Video Streaming', slug: 'video-streaming' },
        ],
      },
    }),
  );
  const cloud = await json(
    await kit.call('POST', '/api/admin/categories', {
      body: { name: 'Cloud & Hosting', slug: 'cloud-hosting', subcategories: [{ name: 'Cloud Platforms', slug: 'cloud-platforms' }] },
    }),
  );
  const bcorp = await json(
    await kit.call('POST', '/api/admin/certificates', { body: { name: 'B Corp', description: 'Social and environmental standards', icon_type: 'green' } }),
  );
  const iso = await json(
    await kit.call('POST', '/api/admin/certificates', { body: { name: 'ISO 27001', description: 'Information security', icon_type: 'blue' } }),
  );
  return { ent, cloud, bcorp, iso };
}

export function companyBody(categoryId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Deezer',
    slug: 'deezer',
    category_id: categoryId,
    country: 'FR',
    founded_year: 2007,
    description: 'French music streaming service.',
    website_url: 'https://www.deezer.com',
    employee_count: 600,
    ...overrides,
  };
}

/** A valid fine (the audited format), with overrides. */
export function fineBody(overrides: Record<string, unknown> = {}) {
  return {
    body: 'European Commission',
    kind: 'antitrust',
    amount: 1000,
    status: 'in_force',
    date: '2020-01-01',
    description: 'Fine',
    announcement_url: 'https://ec.europa.eu/commission/presscorner/detail/en/ip_20_1',
    ...overrides,
  };
}

/** A valid source, with overrides. */
export function sourceBody(overrides: Record<string, unknown> = {}) {
  return { url: 'https://www.deezer.com/company', title: 'About Deezer', facts: ['headquarters', 'ownership'], verified_at: '2025-01-15', ...overrides };
}
