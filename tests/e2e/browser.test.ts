// The company browser (/companies) in a real browser: filters, the URL query, history, paging.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';
import { url } from '../../src/lib/routes.ts';
import { COMPANY_PAGE_SIZE, PAGINATION_SLOTS } from '../../src/lib/constants.ts';
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

async function newPage(options: { javaScript?: boolean; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, javaScriptEnabled: options.javaScript ?? true });
  contexts.push(context);
  return context.newPage();
}

/** Opens a company browser address and waits until the island has its list. */
async function open(page: Page, path: string) {
  const response = await page.goto(baseUrl + path);
  expect(response?.status(), path).toBe(200);
  await ready(page);
}
const ready = (page: Page) => page.locator('[data-company-browser][data-load="ready"]').waitFor();

const query = (page: Page) => new URL(page.url()).search;
const cards = (page: Page) => page.locator('[data-company-browser] article');
const names = (page: Page) => cards(page).locator('h2').allTextContents();
const countText = (page: Page) => page.locator('[data-result-count]').textContent();
/** The number in "874 companies found · Page 1 of 73". */
const count = async (page: Page) => Number(/^([\d,.\s]+)/.exec((await countText(page))!)![1].replace(/\D/g, ''));
const pager = (page: Page) => page.locator('[data-company-browser] nav[aria-label="Pagination"]');
const currentPage = (page: Page) => pager(page).locator('[aria-current="page"]').textContent();

describe('company browser', () => {
  it('filters rewrite the URL and reset the page to 1', async () => {
    const page = await newPage();
    await open(page, '/companies');
    expect(query(page)).toBe('');
    const total = await count(page);
    await pager(page).locator('a[aria-label="Page 2"]').click();
    await page.waitForURL(/\/companies\?page=2$/);
    expect(await currentPage(page)).toBe('2');

    await page.selectOption('#browser-category', 'entertainment');
    await page.waitForURL(/category=entertainment/);
    expect(query(page)).toBe('?category=entertainment&page=1');
    const inCategory = await count(page);
    expect(inCategory).toBeLessThan(total);

    // The same companies as the category's own page lists (European companies of the category).
    const check = await newPage();
    await check.goto(baseUrl + url('en', 'category', { category: 'entertainment' }));
    const listed = await check.locator('main article h3').allTextContents();
    expect(listed).toHaveLength(inCategory);
    const shown = await names(page);
    expect(shown).toHaveLength(COMPANY_PAGE_SIZE);
    for (const name of shown) expect(listed).toContain(name);

    await page.selectOption('#browser-country', 'FR');
    await page.waitForURL(/country=FR/);
    expect(query(page)).toBe('?category=entertainment&country=FR&page=1');
    for (const text of await cards(page).allTextContents()) expect(text).toContain('France');
  });

  it('restores filters and results from a shared URL', async () => {
    const page = await newPage();
    await open(page, '/companies?category=entertainment&country=SE&page=1');
    expect(await page.inputValue('#browser-category')).toBe('entertainment');
    expect(await page.inputValue('#browser-country')).toBe('SE');
    expect(await page.isChecked('input[name="region"][value="Europe"]')).toBe(true);
    expect(await names(page)).toContain('Spotify');
    for (const text of await cards(page).allTextContents()) expect(text).toContain('Sweden');

    await open(page, '/companies?search=spotif&page=1');
    expect(await page.inputValue('#browser-search')).toBe('spotif');
    expect(await names(page)).toEqual(['Spotify']);
    expect(await countText(page)).toBe(`${en['companies.result_count_one']} · ${en['companies.page_of'].replace('{page}', '1').replace('{total}', '1')}`);

    await open(page, '/companies?page=3');
    expect(await currentPage(page)).toBe('3');
  });

  it('hides the country filter for the USA, never offers Russia or Belarus, and drops the country when leaving Europe', async () => {
    const page = await newPage();
    await open(page, '/companies?country=SE&page=1');
    const countries = await page.locator('#browser-country option').evaluateAll((opts) => opts.map((o) => (o as HTMLOptionElement).value));
    expect(countries).toContain('SE');
    expect(countries).not.toContain('RU');
    expect(countries).not.toContain('BY');
    expect(countries).not.toContain('US');

    await page.locator('label', { has: page.locator('input[name="region"][value="USA"]') }).click();
    await page.waitForURL(/region=USA/);
    expect(query(page)).toBe('?region=USA&page=1');
    expect(await page.locator('#browser-country').count()).toBe(0);
    expect(await page.locator('[data-company-browser] h1').textContent()).toBe(en['browser.title_usa']);
    for (const text of await cards(page).allTextContents()) expect(text).toContain('United States');
    expect(await page.locator('[data-alternatives-count]').count()).toBeGreaterThan(0);

    await page.fill('#browser-search', 'netf');
    await page.waitForURL(/search=netf/);
    expect(await names(page)).toEqual(['Netflix']);
  });

  it('goes back and forward through filter states', async () => {
    const page = await newPage();
    await open(page, '/companies');
    await page.selectOption('#browser-category', 'entertainment');
    await page.waitForURL(/category=entertainment&page=1$/);
    const entertainment = await names(page);
    await page.selectOption('#browser-country', 'FR');
    await page.waitForURL(/country=FR/);
    const french = await names(page);
    expect(french).not.toEqual(entertainment);

    await page.goBack();
    await page.waitForURL(/\?category=entertainment&page=1$/);
    expect(await page.inputValue('#browser-category')).toBe('entertainment');
    expect(await page.inputValue('#browser-country')).toBe('');
    expect(await names(page)).toEqual(entertainment);

    await page.goBack();
    await page.waitForURL(/\/companies$/);
    expect(await page.inputValue('#browser-category')).toBe('');
    expect(await currentPage(page)).toBe('1');

    await page.goForward();
    await page.waitForURL(/\?category=entertainment&page=1$/);
    expect(await page.inputValue('#browser-category')).toBe('entertainment');
    expect(await names(page)).toEqual(entertainment);
  });

  it('searches by name with one history entry per burst of typing, and offers to clear when nothing matches', async () => {
    const page = await newPage();
    await open(page, '/companies');
    const total = await count(page);
    await page.fill('#browser-search', 'spo');
    await page.waitForURL(/search=spo&/);
    await page.fill('#browser-search', 'spotify');
    await page.waitForURL(/search=spotify&/);
    expect(await names(page)).toEqual(['Spotify']);
    await page.goBack();
    await page.waitForURL(/\/companies$/);
    expect(await page.inputValue('#browser-search')).toBe('');
    expect(await count(page)).toBe(total);

    await page.fill('#browser-search', 'zzzzqq');
    const empty = page.locator('[data-empty]');
    await empty.waitFor();
    expect(await empty.textContent()).toContain(en['browser.empty']);
    expect(await countText(page)).toContain(en['companies.result_count'].replace('{count}', '0'));
    await empty.locator('button').click();
    await page.waitForURL(/\/companies$/);
    expect(await count(page)).toBe(total);
    expect(await page.inputValue('#browser-search')).toBe('');
  });

  it(`shows ${COMPANY_PAGE_SIZE} companies per page by name and a page control of at most ${PAGINATION_SLOTS} slots`, async () => {
    const page = await newPage();
    await open(page, '/companies?page=20');
    const list = await names(page);
    expect(list).toHaveLength(COMPANY_PAGE_SIZE);
    expect([...list].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(list);
    const slots = pager(page).locator('li').filter({ hasNot: page.locator('[rel]') });
    expect(await slots.count()).toBe(PAGINATION_SLOTS);
    expect(await slots.allTextContents()).toEqual(['1', '…', '19', '20', '21', '…', expect.stringMatching(/^\d+$/)]);
    await pager(page).locator('a[rel="next"]').click();
    await page.waitForURL(/\?page=21$/);
    expect(await currentPage(page)).toBe('21');
  });

  it('hydrates the prerendered /companies/page/N view and leaves it for the query when filtering', async () => {
    const page = await newPage();
    await open(page, url('en', 'companiesPage', { n: '3' }));
    expect(await currentPage(page)).toBe('3');
    const third = await names(page);
    await page.selectOption('#browser-category', 'mobility');
    await page.waitForURL(`${baseUrl}/companies?category=mobility&page=1`);
    await page.goBack();
    await page.waitForURL(`${baseUrl}${url('en', 'companiesPage', { n: '3' })}`);
    expect(await currentPage(page)).toBe('3');
    expect(await names(page)).toEqual(third);
  });

  it('speaks the page language and keeps the localized path', async () => {
    const page = await newPage();
    await open(page, `${url('de', 'companies')}?region=USA&page=1`);
    expect(await page.locator('[data-company-browser] h1').textContent()).toBe(de['browser.title_usa']);
    expect(await page.locator('label[for="browser-category"]').textContent()).toBe(de['browser.category']);
    expect(await page.locator('#browser-category option').first().textContent()).toBe(de['browser.category_all']);
    expect(await cards(page).first().textContent()).toContain('Vereinigte Staaten');
    await page.selectOption('#browser-category', 'entertainment');
    await page.waitForURL(`${baseUrl}${url('de', 'companies')}?region=USA&category=entertainment&page=1`);
    expect(await names(page)).toContain('Netflix');
  });

  it('shows an error with a retry when the company list cannot load', async () => {
    const page = await newPage();
    await page.route('**/data/companies-*.json', (route) => route.fulfill({ status: 500, body: 'broken' }));
    await page.goto(baseUrl + '/companies?category=entertainment&search=spotify&page=1');
    const error = page.locator('[data-load-error]');
    await error.waitFor();
    expect(await error.textContent()).toContain(en['browser.error']);
    // The prerendered default view is not what this URL asks for, so it is not shown as if it were.
    expect(await cards(page).count()).toBe(0);
    await page.unroute('**/data/companies-*.json');
    await error.locator('button').click();
    await ready(page);
    expect(await names(page)).toEqual(['Spotify']);
    expect(await error.count()).toBe(0);
  });

  it('works as a plain list without JavaScript', async () => {
    const page = await newPage({ javaScript: false });
    await page.goto(baseUrl + '/companies');
    expect(await cards(page).count()).toBe(COMPANY_PAGE_SIZE);
    // The filters cannot work without JavaScript, so they are shown disabled.
    expect(await page.locator('#browser-category').isDisabled()).toBe(true);
    expect(await page.locator('#browser-search').isDisabled()).toBe(true);
    expect(await pager(page).locator('a[aria-label="Page 2"]').getAttribute('href')).toBe(url('en', 'companiesPage', { n: '2' }));
  });
});
