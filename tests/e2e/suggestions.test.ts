// A visitor's correction end to end in real Chromium against the real server: the visitor (JavaScript
// off) follows "Suggest a correction" from a company page, sends the plain form, checks and sends it
// again (the API's page with a fresh time token), lands on the thank-you page; an editor finds it in the
// Suggestions queue, accepts it, gets the company's edit form beside the suggestion, saves a change; the
// record changed and the suggestion is accepted. The change is reverted at the end, so the other browser
// tests still see the seed data. The open-data page and its files are served. SUGGEST_SHOTS_DIR=dir
// saves screenshots of the form and the open-data page at 390 px and 1280 px.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';

const baseUrl = inject('baseUrl');
const dbUrl = inject('dbUrl');
const EMAIL = 'suggestions-editor@example.org';
const PASSWORD = 'a long editor passphrase 19';
const SHOTS = process.env.SUGGEST_SHOTS_DIR;
const REBUILD_WAIT_MS = 240_000;

let browser: Browser;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  const result = spawnSync(process.execPath, ['scripts/admin-create.ts', '--email', EMAIL], {
    input: `${PASSWORD}\n`,
    env: { ...process.env, LIBSQL_URL: dbUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}${result.stdout}`);
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function apiJson<T>(page: Page, path: string, init?: { method: string; body?: unknown }): Promise<T> {
  return page.evaluate(
    async ({ p, i }) => {
      const res = await fetch(p, i ? { method: i.method, headers: { 'content-type': 'application/json' }, body: i.body === undefined ? undefined : JSON.stringify(i.body) } : undefined);
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { p: path, i: init },
  ) as Promise<T>;
}

async function waitForPublishIdle(page: Page): Promise<void> {
  const deadline = Date.now() + REBUILD_WAIT_MS;
  for (;;) {
    const status = await apiJson<{ state: string; error?: string }>(page, '/api/admin/build');
    if (status.state === 'idle') return;
    if (status.state === 'failed') throw new Error(`Publishing failed: ${status.error}`);
    if (Date.now() > deadline) throw new Error('Publishing did not finish in time');
    await sleep(500);
  }
}

describe('a visitor suggestion, round trip', () => {
  it('no-JS form → check → thank-you page → admin queue → accept → edit form → save → record changed, suggestion accepted', { timeout: 600_000 }, async () => {
    // A published company from the open data's static API.
    const index = (await (await fetch(`${baseUrl}/open-data/v1/companies/index-1.json`)).json()) as { items: { slug: string; name: string }[] };
    const target = index.items.find((c) => /^[A-Za-z ]+$/.test(c.name)) ?? index.items[0];
    const message = `Their headquarters moved <b>last year</b> & the page is outdated (e2e ${Date.now()}).`;
    const evidence = 'https://www.example.org/press/headquarters-moved';

    // The visitor, without JavaScript.
    const visitorContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${baseUrl}/companies/${target.slug}`);
    await visitor.getByRole('link', { name: 'Suggest a correction' }).click();
    await visitor.waitForURL(/\/suggest\?company=/);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toContain('Suggest a company or a correction');
    if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/suggest-390.png`, fullPage: true });
    await visitor.getByLabel('Company', { exact: true }).fill(target.name);
    await visitor.getByLabel('What is wrong or missing?', { exact: true }).fill(message);
    await visitor.getByLabel('Evidence (an https:// address)', { exact: true }).fill(evidence);
    await visitor.getByRole('button', { name: 'Send suggestion' }).click();
    // Without JavaScript the form had no time token: the API's page asks to check and send again.
    await visitor.waitForURL(`${baseUrl}/api/suggestions`);
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Check and send your suggestion');
    expect(await visitor.getByText(`A correction for ${target.name}, which we list.`).count()).toBe(1);
    expect(await visitor.getByLabel('What is wrong or missing?', { exact: true }).inputValue()).toBe(message);
    if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/suggest-check-390.png`, fullPage: true });
    await sleep(3_500);
    await visitor.getByRole('button', { name: 'Send suggestion' }).click();
    await visitor.waitForURL(`${baseUrl}/suggest/thanks`);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you!');
    await visitorContext.close();

    // The editor.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/admin/companies`);
    await page.getByRole('link', { name: 'Suggestions', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/suggestions`);
    const card = page.locator('[data-suggestion-id]', { hasText: message });
    await card.waitFor();
    // Shown as typed: the markup is text, not HTML.
    expect(await card.locator('[data-suggestion-message]').textContent()).toBe(message);
    expect(await card.locator('b').count()).toBe(0);
    const evidenceLink = card.getByRole('link', { name: evidence });
    expect(await evidenceLink.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    const suggestionId = Number(await card.getAttribute('data-suggestion-id'));
    await card.getByRole('button', { name: 'Accept and edit company' }).click();
    await page.waitForURL(`${baseUrl}/admin/suggestions/${suggestionId}/apply`);
    // The company's edit form, prefilled with the record, the suggestion beside it.
    const aside = page.locator('[data-suggestion-aside]');
    expect(await aside.textContent()).toContain(message);
    const name = page.locator('#company-name');
    await expect.poll(() => name.inputValue()).toBe(target.name);
    const companyId = Number(await apiJson<{ items: { id: number; slug: string }[] }>(page, `/api/admin/companies?q=${encodeURIComponent(target.slug)}`).then((r) => r.items.find((c) => c.slug === target.slug)!.id));
    const before = await apiJson<{ headquarters: string | null }>(page, `/api/admin/companies/${companyId}`);
    const headquarters = page.locator('#company-headquarters');
    await headquarters.fill('Suggestion City');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-apply-1280.png` });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await apiJson<{ headquarters: string | null }>(page, `/api/admin/companies/${companyId}`)).headquarters, { timeout: 30_000 }).toBe('Suggestion City');
    const suggestion = await apiJson<{ status: string; handled_by: string }>(page, `/api/suggestions/${suggestionId}`);
    expect(suggestion).toMatchObject({ status: 'accepted', handled_by: EMAIL });
    const log = await apiJson<{ changes: { entity: string; entity_id: number; action: string }[] }>(page, `/api/changes?entity_id=${suggestionId}`);
    expect(log.changes.some((c) => c.entity === 'suggestion' && c.action === 'update')).toBe(true);
    // The queue of accepted suggestions lists it.
    await page.goto(`${baseUrl}/admin/suggestions?status=accepted`);
    await page.locator(`[data-suggestion-id="${suggestionId}"]`).waitFor();

    // Undo the edit (other browser tests expect the seed data) and let the publish finish.
    const changes = await apiJson<{ changes: { id: number }[] }>(page, `/api/changes?entity=company&entity_id=${companyId}`);
    await apiJson(page, `/api/changes/${changes.changes[0].id}/revert`, { method: 'POST' });
    expect((await apiJson<{ headquarters: string | null }>(page, `/api/admin/companies/${companyId}`)).headquarters).toBe(before.headquarters);
    await waitForPublishIdle(page);
    await context.close();
  });
});

describe('open data', () => {
  it('serves the open-data page in three languages, the downloads, a schema and the feeds', { timeout: 120_000 }, async () => {
    for (const path of ['/open-data', '/de/offene-daten', '/fr/donnees-ouvertes', '/suggest', '/de/vorschlagen', '/fr/suggerer']) {
      expect((await fetch(`${baseUrl}${path}`)).status, path).toBe(200);
    }
    for (const path of ['/open-data/companies.json', '/open-data/fines.csv', '/open-data/schema/companies.schema.json', '/feed.atom', '/de/feed.atom', '/fr/feed.atom']) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect((await res.text()).length, path).toBeGreaterThan(100);
    }
    if (!SHOTS) return;
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/open-data`);
      await page.screenshot({ path: `${SHOTS}/open-data-${width}.png`, fullPage: true });
      await page.goto(`${baseUrl}/suggest?company=Spotify`);
      await page.waitForFunction(() => (document.querySelector('input[name="token"]') as HTMLInputElement | null)?.value !== '');
      expect(await page.locator('#suggest-company').inputValue()).toBe('Spotify');
      await page.screenshot({ path: `${SHOTS}/suggest-${width}.png`, fullPage: width === 390 });
      await context.close();
    }
  });
});
