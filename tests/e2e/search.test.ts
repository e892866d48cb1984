// The search box (search island) as a visitor uses it, against the production build and seed data.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';
import { url } from '../../src/lib/routes.ts';
import { SEARCH_LIMITS } from '../../src/lib/constants.ts';
import en from '../../content/i18n/en.json';
import de from '../../content/i18n/de.json';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(path: string, options: { javaScript?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: options.javaScript ?? true });
  contexts.push(context);
  const page = await context.newPage();
  const response = await page.goto(baseUrl + path);
  expect(response?.status(), path).toBe(200);
  return page;
}

/** The search box with this id, once its island has hydrated. */
async function searchBox(page: Page, id: string) {
  await page.locator(`astro-island:not([ssr]) #${id}`).waitFor();
  return page.locator(`#${id}`);
}

const options = (page: Page, type?: 'company' | 'category' | 'subcategory') => page.locator(type ? `[data-search-option="${type}"]` : '[data-search-option]');

describe('search box', () => {
  it('is a labelled combobox that finds a company within the limits, and Enter opens it', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    expect(await page.getByRole('combobox', { name: en['search.label'] }).count()).toBe(1);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    const listId = (await input.getAttribute('aria-controls'))!;
    expect(await page.locator(`[id="${listId}"][role="listbox"]`).count()).toBe(1);

    await input.fill('Netflix');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await options(page, 'company').first().textContent()).toContain('Netflix');
    expect(await options(page, 'company').count()).toBeLessThanOrEqual(SEARCH_LIMITS.companies);
    expect(await options(page, 'category').count()).toBeLessThanOrEqual(SEARCH_LIMITS.categories);
    expect(await options(page, 'subcategory').count()).toBeLessThanOrEqual(SEARCH_LIMITS.subcategories);
    // Netflix's own flag, then at most five flags of the countries of its European alternatives:
    // our own SVG images, each named by its country (issue 17, item 1).
    const flags = options(page, 'company').first().locator('img.flag');
    expect(await flags.count()).toBeGreaterThan(1);
    expect((await flags.count()) - 1).toBeLessThanOrEqual(SEARCH_LIMITS.flags);
    expect(await flags.first().getAttribute('alt')).toBe('United States');
    expect(await flags.first().getAttribute('src')).toBe('/flags/us.svg');
    for (const alt of await flags.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))) expect(alt).toMatch(/^\p{L}/u);

    await input.press('Enter');
    await page.waitForURL(baseUrl + url('en', 'company', { slug: 'netflix' }));
    expect(await page.locator('h1').textContent()).toBe('Netflix');
  });

  it('never shows more than 3 companies, 2 categories and 2 subcategories', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    await input.fill('e');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await options(page, 'company').count()).toBe(SEARCH_LIMITS.companies);
    expect(await options(page, 'category').count()).toBe(SEARCH_LIMITS.categories);
    expect(await options(page, 'subcategory').count()).toBe(SEARCH_LIMITS.subcategories);
  });

  it('tolerates typos: "netflx" finds Netflix', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    await input.fill('netflx');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await options(page, 'company').first().textContent()).toContain('Netflix');
  });

  it('moves through the results with the arrow keys, opens the highlighted one with Enter, and Escape closes then clears', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    await input.fill('spot');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();

    await input.press('ArrowDown');
    const first = options(page).nth(0);
    expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await input.press('ArrowUp');
    const second = options(page).nth(1);
    expect(await input.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    expect(await first.getAttribute('aria-selected')).toBe('false');
    // Up from the first result wraps to the last one.
    await input.press('ArrowUp');
    await input.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options(page).last().getAttribute('id'));

    await input.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await input.inputValue()).toBe('spot');
    await input.press('Escape');
    expect(await input.inputValue()).toBe('');

    await input.fill('spot');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    const chosen = (await options(page, 'company').nth(1).locator('.font-medium').textContent())!;
    expect(chosen).not.toBe('');
    await input.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/companies/') && u.pathname !== '/companies/spotify');
    expect(await page.locator('h1').textContent()).toBe(chosen);
  });

  it('finds categories and subcategories in the page language and goes to their localized pages', async () => {
    const page = await openPage(url('de', 'home'));
    const input = await searchBox(page, 'home-search');
    await input.fill('musik');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    const sub = options(page, 'subcategory').first();
    expect(await sub.textContent()).toContain('Musikstreaming');
    expect(await sub.textContent()).toContain('in Unterhaltung');
    expect(await page.locator('[role="group"]').first().getAttribute('aria-labelledby')).toBeTruthy();
    await sub.click();
    // Localized slugs (issue 17, item 10).
    await page.waitForURL(baseUrl + '/de/kategorien/unterhaltung/musikstreaming');

    const input2 = await searchBox(page, 'header-search');
    await input2.fill('unterhalt');
    await page.locator('#header-search[aria-expanded="true"]').waitFor();
    expect(await options(page, 'category').first().textContent()).toContain('Unterhaltung');
    await options(page, 'category').first().click();
    await page.waitForURL(baseUrl + '/de/kategorien/unterhaltung');
  });

  it('says so when nothing matches', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    await input.fill('zzqqxxjj');
    const empty = page.locator('[data-search-empty]');
    await empty.waitFor();
    expect(await empty.textContent()).toBe(en['search.no_results'].replace('{query}', 'zzqqxxjj'));
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('form[data-search-slot] [role="status"]').first().textContent()).toBe(
      en['search.no_results'].replace('{query}', 'zzqqxxjj'),
    );
  });

  it('shows the failure message when the index cannot load, and works once it can', async () => {
    const page = await openPage(url('de', 'home'));
    await page.route('**/data/search-*.json', (route) => route.fulfill({ status: 500, body: 'broken' }));
    const input = await searchBox(page, 'home-search');
    await input.fill('netflix');
    const error = page.locator('[data-search-error]');
    await error.waitFor();
    expect(await error.textContent()).toBe(de['search.error']);
    expect(await options(page).count()).toBe(0);

    // A file that is not an index (e.g. an HTML error page with status 200) fails the same way.
    await input.fill('');
    await error.waitFor({ state: 'hidden' });
    await page.unroute('**/data/search-*.json');
    await page.route('**/data/search-*.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"v":1,"c":' }));
    await input.fill('netflix');
    await error.waitFor();

    await input.fill('');
    await page.unroute('**/data/search-*.json');
    await input.fill('netfli');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await options(page, 'company').first().textContent()).toContain('Netflix');
    expect(await error.isVisible()).toBe(false);
  });

  it('still finds results on a page older than the live build, whose fingerprinted index is gone', async () => {
    const page = await openPage('/');
    await page.route(/\/data\/search-en\.[0-9a-f]{10}\.json$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    const latest = page.waitForRequest((r) => new URL(r.url()).pathname === '/data-latest/search-en.json');
    const input = await searchBox(page, 'home-search');
    await input.fill('netflix');
    await latest;
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await options(page, 'company').first().textContent()).toContain('Netflix');
  });

  it('closes on blank input and on a click outside', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    await input.fill('net');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    await input.fill('   ');
    await page.locator('#home-search[aria-expanded="false"]').waitFor();
    expect(await page.locator('[data-search-panel][data-open]').count()).toBe(0);

    await input.fill('net');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    await page.locator('h1').click();
    await page.locator('#home-search[aria-expanded="false"]').waitFor();
    expect(await page.locator('[data-search-panel]').first().isVisible()).toBe(false);
  });

  it('loads the index and fuse.js only when the box is first focused', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(baseUrl + url('fr', 'categories'));
    await searchBox(page, 'header-search');
    expect(requests.filter((p) => p.startsWith('/data/') || p.includes('search-engine'))).toEqual([]);
    const index = page.waitForRequest((r) => /\/data\/search-fr\.[0-9a-f]{10}\.json$/.test(new URL(r.url()).pathname));
    await page.locator('#header-search').focus();
    await index;
  });

  it('without JavaScript, submits to the company browser', async () => {
    const page = await openPage(url('de', 'categories'), { javaScript: false });
    await page.fill('#header-search', 'spot');
    await page.locator('#header-search').press('Enter');
    await page.waitForURL(`${baseUrl}${url('de', 'companies')}?search=spot`);
  });
});
