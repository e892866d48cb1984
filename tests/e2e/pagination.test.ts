// Long lists paginate (issue 15, item 6): category, subcategory and country pages show at most 60
// cards, a page list, rel=prev/next, localized /page/N addresses from the route table, and every page
// is in the sitemap with its language alternates. Checked on the seeded site in a real browser.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './chromium.ts';

const baseUrl = inject('baseUrl');
const PAGE_SIZE = 60;

let browser: Browser;
let page: Page;
let sitemap: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  const index = await (await fetch(`${baseUrl}/sitemap-index.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  sitemap = (await Promise.all(files.map(async (f) => (await fetch(`${baseUrl}${f}`)).text()))).join('\n');
});
afterAll(async () => {
  await browser?.close();
});

const locs = () => [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);

async function open(path: string) {
  const response = await page.goto(`${baseUrl}${path}`);
  expect(response?.status(), path).toBe(200);
}

const head = async (rel: string) => {
  const href = await page.locator(`head link[rel="${rel}"]`).getAttribute('href', { timeout: 1000 }).catch(() => null);
  return href === null ? null : new URL(href).pathname;
};

/** Opens every page of a list from its first page on, checks them and returns the card names. */
async function walk(first: string, pageSegment: string): Promise<{ names: string[]; pages: string[] }> {
  const names: string[] = [];
  const pages: string[] = [];
  for (let n = 1; ; n += 1) {
    const path = n === 1 ? first : `${first}/${pageSegment}/${n}`;
    await open(path);
    pages.push(path);
    const cards = await page.locator('main article h2, main article h3, main li.relative h3').allTextContents();
    expect(cards.length, path).toBeGreaterThan(0);
    expect(cards.length, path).toBeLessThanOrEqual(PAGE_SIZE);
    names.push(...cards.map((c) => c.trim()));
    const nav = page.getByRole('navigation', { name: /Pagination|Seitennavigation|Pagination/ });
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe(String(n));
    expect(await head('prev')).toBe(n === 1 ? null : n === 2 ? first : `${first}/${pageSegment}/${n - 1}`);
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl}${path}`);
    const next = await head('next');
    if (!next) break;
    expect(next).toBe(`${first}/${pageSegment}/${n + 1}`);
    // The next page is a plain link in the page list too (no JavaScript needed).
    expect(await nav.locator(`a[href="${next}"]`).count()).toBeGreaterThan(0);
  }
  return { names, pages };
}

describe('paginated category, subcategory and country pages', () => {
  it('a category of more than 60 companies: pages of at most 60, every company once, prev/next, page list, sitemap', async () => {
    const second = locs().find((p) => /^\/categories\/[^/]+\/page\/2$/.test(p));
    expect(second, 'the seed has a category with more than 60 European companies').toBeDefined();
    const first = second!.replace(/\/page\/2$/, '');
    const { names, pages } = await walk(first, 'page');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // Every company of the category exactly once, as many as the heading says.
    await open(first);
    const count = Number((await page.locator('main h1 + p').first().textContent())!.replace(/\D/g, ''));
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(count);
    // The title says which page.
    await open(pages[1]);
    expect(await page.title()).toContain(`Page 2 of ${pages.length}`);
    // Every page is in the sitemap; a page past the end does not exist.
    for (const p of pages) expect(locs(), p).toContain(p);
    expect((await fetch(`${baseUrl}${first}/page/${pages.length + 1}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}${first}/page/1`)).status).toBe(404);
  });

  it('localized /page/N addresses: German "seite", French "page", with hreflang alternates between them', async () => {
    const german = locs().find((p) => /^\/de\/kategorien\/[^/]+\/seite\/2$/.test(p));
    expect(german).toBeDefined();
    await open(german!);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.title()).toMatch(/Seite 2 von \d+/);
    const hreflang = async (lang: string) => new URL((await page.locator(`head link[rel="alternate"][hreflang="${lang}"]`).getAttribute('href'))!).pathname;
    expect(await hreflang('en')).toMatch(/^\/categories\/[^/]+\/page\/2$/);
    expect(await hreflang('fr')).toMatch(/^\/fr\/categories\/[^/]+\/page\/2$/);
    expect(await head('prev')).toBe(german!.replace(/\/seite\/2$/, ''));
    // The sitemap lists the page with the same alternates.
    const entry = sitemap.split('<url>').find((u) => u.includes(`${german}</loc>`))!;
    expect(entry).toContain(`hreflang="en" href="${baseUrl}${await hreflang('en')}"`);
    // The language switcher leads to the same page number.
    expect(await page.locator('a[hreflang="fr"]').first().getAttribute('href')).toMatch(/^\/fr\/categories\/[^/]+\/page\/2$/);
  });

  it('a country of more than 60 companies paginates the same way; subcategory pages do when they are long', async () => {
    const second = locs().find((p) => /^\/countries\/[^/]+\/page\/2$/.test(p));
    expect(second, 'the seed has a country with more than 60 companies').toBeDefined();
    const first = second!.replace(/\/page\/2$/, '');
    const { names, pages } = await walk(first, 'page');
    expect(new Set(names).size).toBe(names.length);
    await open(first);
    expect(Number((await page.locator('main h1 + p span').first().textContent())!.replace(/\D/g, ''))).toBe(names.length);
    expect(pages.length).toBe(Math.ceil(names.length / PAGE_SIZE));
    // A list of 60 or fewer has no page list and no /page/2.
    const short = locs().find((p) => /^\/countries\/[^/]+$/.test(p) && !locs().includes(`${p}/page/2`))!;
    await open(short);
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
    expect(await head('next')).toBeNull();
    // Subcategories: every paginated one in the sitemap has a working page 2.
    for (const p of locs().filter((l) => /^\/categories\/[^/]+\/[^/]+\/page\/2$/.test(l))) {
      await open(p);
      expect(await page.locator('main article').count()).toBeLessThanOrEqual(PAGE_SIZE);
    }
  });
});
