// npm start on an empty database: the database is created and seeded, the home page and the API answer.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './chromium.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the embedded default server', () => {
  it('serves the home page with its title in a real browser', async () => {
    const page = await newPage(browser);
    const response = await page.goto(baseUrl + '/');
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('European Alternatives');
    await expect(page.locator('h1').textContent()).resolves.toContain('Discover European alternatives');
    await page.context().close();
  });

  it('answers /api/health with the database up', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('serves the localized not-found page with status 404', async () => {
    const page = await newPage(browser);
    const response = await page.goto(baseUrl + '/fr/nexiste-pas');
    expect(response?.status()).toBe(404);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.title()).toContain('Page introuvable');
    await page.context().close();
  });
});
