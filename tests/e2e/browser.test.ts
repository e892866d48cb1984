// The company browser (/companies) in a real browser: filters, the URL query, history, paging.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';
import { textsOnAllPages } from './list-pages.ts';
import { companyBrowserReady } from './company-browser.ts';
import { url } from '../../src/lib/routes.ts';
import { COMPANY_PAGE_SIZE, PAGINATION_SLOTS } from '../../src/lib/constants.ts';
import { EUROPEAN_COUNTRIES } from '../../src/lib/countries.ts';
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
const ready = companyBrowserReady;

const query = (page: Page) => new URL(page.url()).search;
const cards = (page: Page) => page.locator('[data-company-browser] article');
const names = (page: Page) => cards(page).locator('h2').allTextContents();
const countText = (page: Page) => page.locator('[data-result-count]').textContent();
/** The number in "874 companies found · Page 1 of 73". */
const count = async (page: Page) => Number(/^([\d,.\s]+)/.exec((await countText(page))!)![1].replace(/\D/g, ''));
const pager = (page: Page) => page.locator('[data-company-browser] nav[aria-label="Pagination"]');
const currentPage = (page: Page) => pager(page).locator('[aria-current="page"]').textContent();
/** The country written beside each card's flag. */
const cardCountries = (page: Page) => cards(page).locator('img.flag + span').allTextContents();
const EUROPEAN_NAMES = EUROPEAN_COUNTRIES.map((c) => c.names.en);

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
    const listed = await textsOnAllPages(check, baseUrl, url('en', 'category', { category: 'entertainment' }), 'main article h3');
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

  it('hides the country filter outside Europe, never offers Russia or Belarus, and drops the country when leaving Europe', async () => {
    const page = await newPage();
    await open(page, '/companies?country=SE&page=1');
    const countries = await page.locator('#browser-country option').evaluateAll((opts) => opts.map((o) => (o as HTMLOptionElement).value));
    expect(countries).toContain('SE');
    expect(countries).not.toContain('RU');
    expect(countries).not.toContain('BY');
    expect(countries).not.toContain('US');

    await page.locator('label', { has: page.locator('input[name="region"][value="outside"]') }).click();
    await page.waitForURL(/region=outside/);
    expect(query(page)).toBe('?region=outside&page=1');
    expect(await page.locator('#browser-country').count()).toBe(0);
    expect(await page.locator('[data-company-browser] h1').textContent()).toBe(en['browser.title_usa']);
    // Every company headquartered outside Europe, not only the United States (issue 17, item 4).
    await page.selectOption('#browser-size', '48');
    await page.waitForURL(/size=48/);
    const shownCountries = await cardCountries(page);
    expect(shownCountries).toHaveLength(48);
    for (const name of shownCountries) expect(EUROPEAN_NAMES).not.toContain(name);
    expect(shownCountries).toContain('United States');
    expect(new Set(shownCountries).size).toBeGreaterThan(1);
    expect(await page.locator('[data-alternatives-count]').count()).toBeGreaterThan(0);

    await page.fill('#browser-search', 'netf');
    await page.waitForURL(/search=netf/);
    expect(await names(page)).toEqual(['Netflix']);
  });

  it('still opens the non-European side from old ?region=USA links', async () => {
    const page = await newPage();
    await open(page, '/companies?region=USA&page=1');
    expect(await page.isChecked('input[name="region"][value="outside"]')).toBe(true);
    expect(await page.locator('[data-company-browser] h1').textContent()).toBe(en['browser.title_usa']);
  });

  it('sorts by score, founding year and newest, and keeps the sort and page size in the URL', async () => {
    const page = await newPage();
    // The list the island fetched: [name, slug, country, category, unicorn, description, alternatives, control, certs, score, founded, added].
    const listResponse = page.waitForResponse((r) => /\/data\/companies-en\.[^/]*json/.test(r.url()));
    await open(page, '/companies?category=entertainment&page=1');
    const rows = ((await (await listResponse).json()) as { c: [string, ...unknown[]][] }).c;
    const field = (index: number) => new Map(rows.map((r) => [r[0], Number(r[index] ?? 0)]));
    const [score, founded, added] = [field(9), field(10), field(11)];
    const byName = await names(page);

    await page.selectOption('#browser-sort', 'score');
    await page.waitForURL(/sort=score/);
    expect(query(page)).toBe('?category=entertainment&sort=score&page=1');
    const byScore = (await names(page)).map((n) => score.get(n)!);
    expect(byScore.every((n) => Number.isFinite(n))).toBe(true);
    expect([...byScore].sort((a, b) => b - a)).toEqual(byScore);
    expect(await names(page)).not.toEqual(byName);

    await page.selectOption('#browser-size', '24');
    await page.waitForURL(/size=24/);
    expect(query(page)).toBe('?category=entertainment&sort=score&size=24&page=1');
    expect(await cards(page).count()).toBe(Math.min(24, await count(page)));

    // A shared URL restores sort and page size.
    await open(page, '/companies?sort=founded&size=48&page=1');
    expect(await page.inputValue('#browser-sort')).toBe('founded');
    expect(await page.inputValue('#browser-size')).toBe('48');
    const years = (await names(page)).map((n) => founded.get(n) || 9999);
    expect(years).toHaveLength(48);
    expect([...years].sort((a, b) => a - b)).toEqual(years);
    await page.selectOption('#browser-sort', 'newest');
    await page.waitForURL(/sort=newest/);
    const order = (await names(page)).map((n) => added.get(n)!);
    expect(order).toHaveLength(48);
    expect([...order].sort((a, b) => b - a)).toEqual(order);
  });

  it('shows the active filters as chips that remove one filter each', async () => {
    const page = await newPage();
    await open(page, '/companies?search=a&category=entertainment&country=SE&page=1');
    const chips = page.locator('[data-active-filters] button[data-chip]');
    expect(await chips.evaluateAll((bs) => bs.map((b) => b.getAttribute('data-chip')))).toEqual(['search', 'category', 'country']);
    const country = chips.and(page.locator('[data-chip="country"]'));
    expect(await country.getAttribute('aria-label')).toBe(en['browser.remove_filter'].replace('{filter}', 'Sweden'));
    await country.click();
    await page.waitForURL(`${baseUrl}/companies?search=a&category=entertainment&page=1`);
    expect(await page.inputValue('#browser-country')).toBe('');
    await page.locator('[data-chip="search"]').click();
    await page.waitForURL(`${baseUrl}/companies?category=entertainment&page=1`);
    expect(await page.inputValue('#browser-search')).toBe('');
    await page.locator('[data-chip="category"]').click();
    await page.waitForURL(`${baseUrl}/companies`);
    expect(await page.locator('[data-active-filters]').count()).toBe(0);
  });

  it('disables filter options that would show nothing and gives each its count', async () => {
    const page = await newPage();
    await open(page, '/companies?category=entertainment&page=1');
    const options = await page.locator('#browser-country option[data-count]').evaluateAll((opts) =>
      opts.map((o) => ({ value: (o as HTMLOptionElement).value, count: Number(o.getAttribute('data-count')), disabled: (o as HTMLOptionElement).disabled })),
    );
    expect(options.length).toBeGreaterThan(0);
    for (const o of options) expect(o.disabled, o.value).toBe(o.count === 0);
    expect(options.some((o) => o.disabled)).toBe(true);
    const sweden = options.find((o) => o.value === 'SE')!;
    await page.selectOption('#browser-country', 'SE');
    await page.waitForURL(/country=SE/);
    expect(await count(page)).toBe(sweden.count);
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
    await open(page, `${url('de', 'companies')}?region=outside&page=1`);
    expect(await page.locator('[data-company-browser] h1').textContent()).toBe(de['browser.title_usa']);
    expect(await page.locator('label[for="browser-category"]').textContent()).toBe(de['browser.category']);
    expect(await page.locator('#browser-category option').first().textContent()).toBe(de['browser.category_all']);
    expect(await cardCountries(page)).toContain('Vereinigte Staaten');
    await page.selectOption('#browser-category', 'entertainment');
    await page.waitForURL(`${baseUrl}${url('de', 'companies')}?region=outside&category=entertainment&page=1`);
    expect(await names(page)).toContain('Netflix');
  });

  it('downloads the whole company list only once the visitor starts using the browser', async () => {
    const page = await newPage();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (/\/data\/companies-[a-z]{2}\./.test(r.url())) requests.push(r.url());
    });
    await page.goto(baseUrl + '/companies');
    await page.locator('[data-company-browser][data-hydrated="true"]').waitFor();
    await page.waitForLoadState('networkidle');
    // The prerendered first page is what a visitor who only looks needs.
    expect(requests).toEqual([]);
    expect(await cards(page).count()).toBe(COMPANY_PAGE_SIZE);
    // Reaching the search box with the keyboard fetches it, once.
    await page.keyboard.press('Tab');
    await page.locator('#browser-search').focus();
    await page.locator('[data-company-browser][data-load="ready"]').waitFor();
    await page.fill('#browser-search', 'spotif');
    await page.waitForURL(/search=spotif/);
    expect(await names(page)).toEqual(['Spotify']);
    expect(requests).toHaveLength(1);
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
    expect(await pager(page).locator('a[aria-label="Page 2"]').getAttribute('href')).toBe(url('en', 'companiesPage', { n: '2' }));
    // The filter form is a plain GET form with a submit button (issue 17, item 4): it leads to the
    // company browser's own query, which the island applies (see "restores filters ... from a shared URL").
    const form = page.locator('[data-company-browser] form[role="search"]');
    expect(await form.getAttribute('method')).toBe('get');
    expect(await form.getAttribute('action')).toBe(url('en', 'companies'));
    await page.fill('#browser-search', 'spotify');
    await page.selectOption('#browser-category', 'entertainment');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === url('en', 'companies') && u.searchParams.get('search') === 'spotify' && u.searchParams.get('category') === 'entertainment');
  });
});
