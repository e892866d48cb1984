// The search box (search island) and the results page as a visitor uses them, against the production
// build and seed data: products by name and by the aliases of the page's language, companies (with a
// typo), categories, grouped suggestions (at most 8) and the page with every match.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';
import { url } from '../../src/lib/routes.ts';
import { SEARCH_LIMITS } from '../../src/lib/constants.ts';
import en from '../../content/i18n/en.json';
import de from '../../content/i18n/de.json';
import fr from '../../content/i18n/fr.json';

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

const options = (page: Page, type?: 'product' | 'company' | 'category' | 'subcategory' | 'all') =>
  page.locator(type ? `[data-search-option="${type}"]` : '[data-search-option]');
/** The suggestions, without the last option ("Show all results"). */
const suggestions = (page: Page) => page.locator('[data-search-option]:not([data-search-option="all"])');
/** The group headings of the open list, in order. */
const groupLabels = (page: Page) => page.locator('[data-search-panel] [role="group"] > li[role="presentation"]').allTextContents();

describe('search box', () => {
  it('is a labelled combobox that finds a product and a company within the limit, and Enter opens the first', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    expect(await page.getByRole('combobox', { name: en['search.label'] }).count()).toBe(1);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    const listId = (await input.getAttribute('aria-controls'))!;
    expect(await page.locator(`[id="${listId}"][role="listbox"]`).count()).toBe(1);

    await input.fill('Netflix');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await suggestions(page).count()).toBeLessThanOrEqual(SEARCH_LIMITS.suggestions);
    // Netflix the product (its alternatives page) and Netflix the company, each in its group
    expect((await groupLabels(page)).slice(0, 2)).toEqual([en['search.group_products'], en['search.group_companies']]);
    expect(await options(page, 'product').first().textContent()).toContain('Netflix');
    const company = options(page, 'company').filter({ hasText: 'Netflix' }).first();
    // Netflix's own flag, then at most five flags of the countries of its European alternatives:
    // our own SVG images, each named by its country (issue 17, item 1).
    const flags = company.locator('img.flag');
    expect(await flags.count()).toBeGreaterThan(1);
    expect((await flags.count()) - 1).toBeLessThanOrEqual(SEARCH_LIMITS.flags);
    expect(await flags.first().getAttribute('alt')).toBe('United States');
    expect(await flags.first().getAttribute('src')).toBe('/flags/us.svg');
    for (const alt of await flags.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))) expect(alt).toMatch(/^\p{L}/u);
    // the last option opens the results page
    expect(await options(page).last().getAttribute('data-search-option')).toBe('all');

    // Enter opens the first suggestion: the product, equal to the query like the company, comes first.
    expect(await options(page).first().getAttribute('data-search-option')).toBe('product');
    await input.press('Enter');
    await page.waitForURL(baseUrl + url('en', 'product', { slug: 'netflix' }));
    expect(await page.locator('h1').textContent()).toContain('Netflix');

    // A click on the company opens the company page.
    const header = await searchBox(page, 'header-search');
    await header.fill('netflix');
    await page.locator('#header-search[aria-expanded="true"]').waitFor();
    await options(page, 'company').filter({ hasText: 'Netflix' }).first().click();
    await page.waitForURL(baseUrl + url('en', 'company', { slug: 'netflix' }));
    expect(await page.locator('h1').textContent()).toBe('Netflix');
  });

  it('never shows more than 8 suggestions, grouped (products, companies, categories), then "Show all results"', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    await input.fill('e');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await suggestions(page).count()).toBe(SEARCH_LIMITS.suggestions);
    expect(await options(page, 'product').count()).toBeGreaterThan(0);
    expect(await options(page, 'company').count()).toBeGreaterThan(0);
    expect(await options(page, 'category').count()).toBeGreaterThan(0);
    expect((await groupLabels(page)).sort()).toEqual([en['search.group_products'], en['search.group_companies'], en['search.group_categories']].sort());
    // every group is a labelled group of the listbox
    for (const group of await page.locator('[data-search-panel] [role="group"]').all()) expect(await group.getAttribute('aria-labelledby')).toBeTruthy();
    const all = options(page, 'all');
    expect(await all.textContent()).toContain(en['search.show_all'].replace('{query}', 'e'));
    await input.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await all.getAttribute('id'));
    await input.press('Enter');
    await page.waitForURL(`${baseUrl}${url('en', 'search')}?q=e`);
  });

  it('finds Gmail by its French alias on a French page: "courriel"', async () => {
    const page = await openPage(url('fr', 'home'));
    const input = await searchBox(page, 'home-search');
    await input.fill('courriel');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect((await groupLabels(page))[0]).toBe(fr['search.group_products']);
    const gmail = options(page, 'product').first();
    expect(await gmail.textContent()).toContain('Gmail');
    expect(await gmail.textContent()).toContain(fr['search.product_of'].replace('{company}', 'Google'));
    expect(await gmail.locator('img.flag').getAttribute('alt')).toBe('États-Unis');
    await input.press('Enter');
    await page.waitForURL(baseUrl + url('fr', 'product', { slug: 'gmail' }));

    // The alias belongs to French: on an English page "courriel" is no name of Gmail.
    const english = await openPage('/');
    const box = await searchBox(english, 'home-search');
    await box.fill('courriel');
    await english.locator('[data-search-panel][data-open]').waitFor();
    expect(await options(english, 'product').filter({ hasText: 'Gmail' }).count()).toBe(0);
  });

  it('finds products by what they are: "messenger", and "Karten" on a German page', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    await input.fill('messenger');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect((await groupLabels(page))[0]).toBe(en['search.group_products']);
    expect(await options(page, 'product').first().textContent()).toContain('Messenger');
    expect(await options(page, 'product').count()).toBeGreaterThan(1);

    const german = await openPage(url('de', 'home'));
    const box = await searchBox(german, 'home-search');
    await box.fill('Karten');
    await german.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await options(german, 'subcategory').first().textContent()).toContain('Navigation & Karten');
    expect(await options(german, 'product').count()).toBeGreaterThan(0);
  });

  it('tolerates typos: "netflx" finds Netflix, "bookng" Booking.com', async () => {
    const page = await openPage('/');
    const input = await searchBox(page, 'home-search');
    await input.fill('netflx');
    await page.locator('#home-search[aria-expanded="true"]').waitFor();
    expect(await options(page, 'company').first().textContent()).toContain('Netflix');
    await input.fill('bookng');
    await page.locator('[data-search-option="company"]', { hasText: 'Booking.com' }).waitFor();
    expect(await options(page, 'company').first().textContent()).toContain('Booking.com');
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
    // Down to the second company, wherever its group is.
    const types = await options(page).evaluateAll((all) => all.map((o) => o.getAttribute('data-search-option')));
    const secondCompany = types.indexOf('company', types.indexOf('company') + 1);
    expect(secondCompany).toBeGreaterThan(0);
    for (let i = 0; i <= secondCompany; i++) await input.press('ArrowDown');
    const chosen = (await options(page).nth(secondCompany).locator('.font-medium').textContent())!;
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

  it('loads the index and the search engine only when the box is first focused', async () => {
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

  it('without JavaScript, submits to the results page, which says what to do instead', async () => {
    const page = await openPage(url('de', 'categories'), { javaScript: false });
    await page.fill('#header-search', 'spot');
    await page.locator('#header-search').press('Enter');
    await page.waitForURL(`${baseUrl}${url('de', 'search')}?q=spot`);
    const notice = page.locator('[data-search-noscript]');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain(de['search_page.noscript']);
    const links = await notice.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining([url('de', 'companies'), url('de', 'categories'), url('de', 'alternatives')]));
    expect(await page.locator('[data-search-browse] a').count()).toBeGreaterThan(10);
  });
});

describe('results page', () => {
  it('lists every match in groups, reads the query from the address, and updates it while typing', async () => {
    const page = await openPage(`${url('en', 'search')}?q=google`);
    await page.locator('[data-search-results][data-status="ready"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe(en['search_page.heading'].replace('{query}', 'google'));
    expect(await page.title()).toContain(en['search_page.heading'].replace('{query}', 'google'));
    expect(await page.locator('#results-search').inputValue()).toBe('google');
    const groups = await page.locator('[data-results-group]').evaluateAll((s) => s.map((e) => e.getAttribute('data-results-group')));
    // the company called Google first, then its products (and others' called "google …")
    expect(groups.slice(0, 2)).toEqual(['companies', 'products']);
    // more products than the search box would show (Google's), each a link to its page
    const products = page.locator('[data-results-group="products"] a[data-result]');
    expect(await products.count()).toBeGreaterThan(SEARCH_LIMITS.suggestions);
    const gmail = products.filter({ hasText: 'Gmail' });
    expect(await gmail.getAttribute('href')).toBe(url('en', 'product', { slug: 'gmail' }));
    const total = await page.locator('[data-results-group] a[data-result]').count();
    expect(await page.locator('[data-results-status]').textContent()).toBe(en['search_page.count'].replace('{count}', String(total)));

    await page.locator('#results-search').fill('courriel');
    await page.waitForURL(`${baseUrl}${url('en', 'search')}?q=courriel`);
    await page.locator('[data-results-status]', { hasText: en['search_page.none'].replace('{query}', 'courriel') }).waitFor();
    expect(await page.locator('[data-results-group]').count()).toBe(0);
  });

  it('is reached from the search box, in the page language', async () => {
    const page = await openPage(url('fr', 'categories'));
    const input = await searchBox(page, 'header-search');
    await input.fill('courriel');
    await page.locator('#header-search[aria-expanded="true"]').waitFor();
    await options(page, 'all').click();
    await page.waitForURL(`${baseUrl}${url('fr', 'search')}?q=courriel`);
    await page.locator('[data-search-results][data-status="ready"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe(fr['search_page.heading'].replace('{query}', 'courriel'));
    expect(await page.locator('[data-results-group="products"] a[data-result]').first().textContent()).toContain('Gmail');
    // without a query: what to type
    const empty = await openPage(url('de', 'search'));
    await empty.locator('[data-results-intro]').waitFor();
    expect(await empty.locator('h1').textContent()).toBe(de['search_page.title']);
  });
});
