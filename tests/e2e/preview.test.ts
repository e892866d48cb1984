// Draft preview in a real browser against the real server: an editor opens a draft company's form,
// presses Preview, sees the progress, and the real preview build (only that company's pages, the draft
// included) opens in a new tab under the admin route, styled, marked as a preview, not indexable;
// the public address of the draft stays a 404 and the preview needs a session.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';

const baseUrl = inject('baseUrl');
const dbUrl = inject('dbUrl');
const EMAIL = 'preview-editor@example.org';
const PASSWORD = 'a long preview passphrase 42';
const PREVIEW_WAIT_MS = 300_000;

let browser: Browser;

beforeAll(async () => {
  const result = spawnSync(process.execPath, ['scripts/admin-create.ts', '--email', EMAIL], {
    input: `${PASSWORD}\n`,
    env: { ...process.env, LIBSQL_URL: dbUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}${result.stdout}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin/companies`);
}

describe('draft preview', () => {
  it(
    'builds the draft company page and opens it in a new tab under the admin route',
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await signIn(page);
      const drafts = await page.evaluate(async () => (await fetch('/api/admin/companies?status=draft&per_page=1&sort=name')).json());
      const draft = drafts.items[0] as { id: number; name: string; slug: string };
      expect(draft, 'the seed has draft companies').toBeDefined();
      // Not on the public site.
      expect((await page.request.get(`${baseUrl}/companies/${draft.slug}`)).status()).toBe(404);

      await page.goto(`${baseUrl}/admin/companies/${draft.id}`);
      await page.locator('[data-status="draft"]').waitFor();
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      // Progress while it builds.
      await expect.poll(() => page.locator('[data-preview-state]').getAttribute('data-preview-state')).toMatch(/queued|building|ready/);
      const tab = await popup;
      const url = `${baseUrl}/api/admin/preview/companies/${draft.id}/site/companies/${draft.slug}`;
      await tab.waitForURL(url, { timeout: PREVIEW_WAIT_MS });
      await tab.waitForLoadState('load');
      await expect.poll(() => page.locator('[data-preview-state]').getAttribute('data-preview-state')).toBe('ready');

      // The real page of the draft, marked as a preview, with the site's styles loaded from the preview.
      expect(await tab.locator('h1').first().textContent()).toContain(draft.name);
      await tab.locator('[data-preview-banner]').waitFor();
      const styled = await tab.evaluate(() => [...document.styleSheets].some((s) => (s.href ?? '').includes('/api/admin/preview/') && s.cssRules.length > 0));
      expect(styled).toBe(true);
      const response = await tab.request.get(url);
      expect(response.status()).toBe(200);
      expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers()['cache-control']).toBe('no-store');
      // The German page of the preview is one click away and stays in the preview.
      const german = tab.locator(`a[href="/api/admin/preview/companies/${draft.id}/site/de/unternehmen/${draft.slug}"]`).first();
      await german.click();
      await tab.waitForURL(`${baseUrl}/api/admin/preview/companies/${draft.id}/site/de/unternehmen/${draft.slug}`);
      expect(await tab.locator('html').getAttribute('lang')).toBe('de');
      // The form offers the languages as links too.
      await expect.poll(() => page.getByRole('link', { name: 'Français' }).getAttribute('href')).toBe(`/api/admin/preview/companies/${draft.id}/site/fr/entreprises/${draft.slug}`);

      // Without a session, nothing.
      const stranger = await browser.newContext();
      expect((await stranger.request.get(url)).status()).toBe(401);
      await stranger.close();
      // Still not public.
      expect((await page.request.get(`${baseUrl}/companies/${draft.slug}`)).status()).toBe(404);
      await context.close();
    },
    PREVIEW_WAIT_MS + 60_000,
  );
});
