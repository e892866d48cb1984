// The setup every admin browser test shares: an admin account made through `npm run admin:create`'s
// code path (password on standard input) in the test database, one Chromium for the file, a page per
// test (its browser context closed after the test), signing in, JSON from the API as the signed-in page,
// and waiting for a publish to end. `adminSession()` registers the hooks (vitest's beforeAll, afterEach, afterAll); call it at the top of a file.
import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';

export const baseUrl = inject('baseUrl');
export const dbUrl = inject('dbUrl');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Creates an admin (an owner when it is the first) in the test database. */
export function createAdmin(email: string, password: string): void {
  const result = spawnSync(process.execPath, ['scripts/admin-create.ts', '--email', email], {
    input: `${password}\n`,
    env: { ...process.env, LIBSQL_URL: dbUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}${result.stdout}`);
}

/** Fills and sends the sign-in form on the current page. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** JSON of a GET from the signed-in page (same origin, session cookie); throws on an error status. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p);
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return res.json();
  }, path) as Promise<T>;
}

interface Options {
  email: string;
  password: string;
  /** how long a publish may take before waitForPublishIdle gives up */
  publishWaitMs?: number;
  /** viewport height of new pages */
  height?: number;
  /** after the file: sign in and wait until no publish runs, so the next file starts quiet (default true) */
  settleAfter?: boolean;
  /** waitForPublishIdle: a failed publish ends the wait instead of failing (default false) */
  failedIsIdle?: boolean;
}

export interface AdminSession {
  readonly browser: Browser;
  /** A new page in its own context (closed after the test), `width` px wide. */
  newContext(width?: number): Promise<BrowserContext>;
  newPage(width?: number): Promise<Page>;
  /** Signs in on /admin (as the session's admin unless told otherwise) and waits for the companies list. */
  signIn(page: Page, email?: string, password?: string): Promise<void>;
  /** Waits until no publish runs; a failed one throws unless failedIsIdle. */
  waitForPublishIdle(page: Page): Promise<void>;
}

export function adminSession({ email, password, publishWaitMs = 180_000, height = 900, settleAfter = true, failedIsIdle = false }: Options): AdminSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  const session: AdminSession = {
    get browser() {
      if (!browser) throw new Error('The browser is not launched yet (adminSession() launches it in beforeAll)');
      return browser;
    },
    async newContext(width = 1280) {
      const context = await session.browser.newContext({ viewport: { width, height } });
      contexts.push(context);
      return context;
    },
    async newPage(width = 1280) {
      return (await session.newContext(width)).newPage();
    },
    async signIn(page, as = email, secret = password) {
      await page.goto(`${baseUrl}/admin`);
      await fillSignIn(page, as, secret);
      await page.waitForURL(`${baseUrl}/admin/companies`);
    },
    async waitForPublishIdle(page) {
      const deadline = Date.now() + publishWaitMs;
      for (;;) {
        const status = await apiGet<{ state: string; error?: string }>(page, '/api/admin/build');
        if (status.state === 'idle' || (failedIsIdle && status.state === 'failed')) return;
        if (status.state === 'failed') throw new Error(`Publishing failed: ${status.error}`);
        if (Date.now() > deadline) throw new Error('Publishing did not finish in time');
        await sleep(500);
      }
    },
  };

  beforeAll(async () => {
    createAdmin(email, password);
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    if (settleAfter && browser) {
      const page = await session.newPage();
      await session.signIn(page);
      await session.waitForPublishIdle(page);
      await Promise.all(contexts.splice(0).map((c) => c.close()));
    }
    await browser?.close();
  });
  return session;
}
