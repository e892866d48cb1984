// The directory pages, built from the real seed data, as a visitor sees them in each language.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './chromium.ts';
import { textsOnAllPages } from './list-pages.ts';
import { matchPath, urlOf } from '../../src/lib/routes.ts';
import { HOME_SECTION_SIZE, HOME_SWITCHES } from '../../src/lib/constants.ts';
import { LANGS } from '../../src/lib/i18n-langs.ts';
import en from '../../content/i18n/en.json';
import de from '../../content/i18n/de.json';
import fr from '../../content/i18n/fr.json';

const baseUrl = inject('baseUrl');
const MESSAGES: Record<string, typeof en> = { en, de, fr };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string) {
  const response = await page.goto(baseUrl + path);
  expect(response?.status(), path).toBe(200);
}

describe('home page', () => {
  for (const lang of LANGS) {
    it(`leads with the common switches, then the most-replaced companies from data, the category chips and six recent European companies (${lang})`, async () => {
      await open(urlOf(lang, 'home'));
      // The switches people make most (issue 17, item 5), each to its subcategory page with a real count.
      const switches = page.locator('[data-switches] a[data-switch]');
      expect(await switches.evaluateAll((as) => as.map((a) => a.getAttribute('data-switch')))).toEqual(HOME_SWITCHES.map((s) => s.id));
      for (const a of await switches.all()) {
        const match = matchPath((await a.getAttribute('href'))!);
        expect(match?.page).toBe('subcategory');
        expect(match?.lang).toBe(lang);
        expect(Number(await a.locator('[data-count]').getAttribute('data-count'))).toBeGreaterThan(0);
      }
      // The popular list is chosen from data: non-European companies by number of alternatives.
      const popular = page.locator('section[aria-labelledby="home-popular"] li[data-popular-company]');
      expect(await popular.count()).toBe(HOME_SECTION_SIZE);
      const counts = (await popular.locator('h3 + p').allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      expect(counts.at(-1)).toBeGreaterThan(0);
      // Each has its artwork or its monogram tile.
      for (const li of await popular.all()) {
        const img = li.locator('img');
        if (await img.count()) {
          expect(await img.getAttribute('width')).toBe('480');
          expect(await img.getAttribute('height')).toBe('270');
          const res = await fetch(new URL((await img.getAttribute('src'))!, baseUrl));
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toContain('image/svg+xml');
        } else {
          expect(await li.locator('[data-monogram]').count()).toBe(1);
        }
      }
      const chips = await page.locator('section[aria-labelledby="home-categories"] li a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(chips.filter((href) => matchPath(href)?.page === 'category')).toHaveLength(9);
      expect(chips.at(-1)).toBe(urlOf(lang, 'categories'));
      expect(await page.locator('section[aria-labelledby="home-recent"] article').count()).toBe(6);
      const viewAll = page.locator('section[aria-labelledby="home-popular"] a', { hasText: MESSAGES[lang]['common.view_all'] });
      expect(await viewAll.getAttribute('href')).toBe(`${urlOf(lang, 'companies')}?region=outside`);
    });
  }

  it('the switch counts are the companies its subcategory page lists', async () => {
    await open(urlOf('en', 'home'));
    const mail = page.locator('[data-switches] a[data-switch="mail"]');
    const count = Number(await mail.locator('[data-count]').getAttribute('data-count'));
    await open((await mail.getAttribute('href'))!);
    expect(await page.locator('main article').count()).toBe(count);
  });
});

describe('company page', () => {
  it('lists the European alternatives of Netflix with their scores, in every language', async () => {
    for (const lang of LANGS) {
      await open(urlOf(lang, 'company', { slug: 'netflix' }));
      expect(await page.locator('h1').textContent()).toBe('Netflix');
      const alternatives = page.locator('[data-alternative]');
      expect(await alternatives.count()).toBeGreaterThanOrEqual(3);
      for (const score of await page.locator('[data-alternative] [data-score]').allTextContents()) expect(score).toMatch(/\d+\/100/);
      expect(await page.locator('h2#alternatives').textContent()).toBe(MESSAGES[lang]['company.alternatives']);
      expect(await page.locator('[data-ownership-card] h2').textContent()).toBe(MESSAGES[lang]['owner.title']);
      expect(await page.locator('[data-score-breakdown] h2').textContent()).toMatch(/\d+\/100/);
    }
  });

  it('shows on a European company which non-European companies it replaces', async () => {
    await open(urlOf('en', 'company', { slug: 'vaude' }));
    expect(await page.locator('h2#alternative-to').textContent()).toBe('A European alternative to');
    expect(await page.locator('[data-alternative] h3').allTextContents()).toContain('The North Face');
    expect(await page.locator('[data-alternative] [data-score]').count()).toBe(0);
  });

  it('shows a fine reduced on appeal with both amounts, newest fine first, with the official decision', async () => {
    await open(urlOf('en', 'company', { slug: 'google' }));
    const reduced = page.locator('[data-fine]', { has: page.locator('[data-fine-status="reduced"]') }).first();
    expect(await reduced.locator('[data-fine-amount]').textContent()).toContain('€4.1 billion');
    expect(await reduced.locator('[data-fine-original]').textContent()).toBe('Original amount: €4.3 billion');
    expect(await reduced.locator('[data-fine-status]').textContent()).toContain('Reduced on appeal');
    const annulled = page.locator('[data-fine]', { has: page.locator('[data-fine-status="annulled"]') }).first();
    expect(await annulled.locator('[data-fine-status]').textContent()).toContain('Annulled');
    const dates = await page.locator('[data-fine] time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(await page.locator('[data-fine] a').first().getAttribute('href')).toMatch(/^https:\/\//);
    expect(await page.locator('[data-double-irish]').count()).toBe(1);
    await open(urlOf('de', 'company', { slug: 'google' }));
    expect(await page.locator('[data-fine-original]').allTextContents()).toContain('Ursprünglicher Betrag: 4,3 Mrd. €');
  });

  it('describes the company in the page language and publishes Organization structured data', async () => {
    await open(urlOf('fr', 'company', { slug: 'netflix' }));
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    expect(ld).toContainEqual(expect.objectContaining({ '@type': 'Organization', name: 'Netflix' }));
    const descFr = await page.locator('main [data-description]').textContent();
    await open(urlOf('en', 'company', { slug: 'netflix' }));
    const descEn = await page.locator('main [data-description]').textContent();
    expect(descFr).not.toBe(descEn);
  });
});

describe('categories', () => {
  it('lists every category with subcategories and filters them by name, with a no-results state', async () => {
    await open(urlOf('en', 'categories'));
    const items = page.locator('#category-list > li');
    const total = await items.count();
    expect(total).toBeGreaterThanOrEqual(9);
    await page.fill('#category-filter', 'music stream');
    await expect.poll(() => page.locator('#category-list > li:visible').count()).toBe(1);
    expect(await page.locator('#category-list > li:visible h2').textContent()).toBe('Entertainment');
    await page.fill('#category-filter', 'zzzz-nothing');
    await expect.poll(() => page.locator('#category-empty').isVisible()).toBe(true);
    expect(await page.locator('#category-empty p').textContent()).toContain('zzzz-nothing');
    await page.click('#category-empty button');
    await expect.poll(() => page.locator('#category-list > li:visible').count()).toBe(total);
  });

  it('lists only European companies on a category page, and subcategory pages link back', async () => {
    // Every page of the list (60 cards a page).
    const names = await textsOnAllPages(page, baseUrl, urlOf('de', 'category', { category: 'entertainment' }), 'article h3');
    expect(names).toContain('Spotify');
    expect(names).not.toContain('Netflix');
    expect(names).not.toContain('Electronic Arts');
    await open('/fr/categories/divertissement/streaming-musical');
    expect(await page.locator('article h2').allTextContents()).toContain('Spotify'); // h2: right under the page's h1
    expect(await page.locator('[data-back-link]').getAttribute('href')).toBe('/fr/categories/divertissement');
  });
});

describe('countries', () => {
  it('shows Russia and Belarus locked without a link, and filters by name and EU membership', async () => {
    await open(urlOf('en', 'countries'));
    const locked = page.locator('#country-list > li[data-locked]');
    expect(await locked.count()).toBe(2);
    expect(await locked.locator('a').count()).toBe(0);
    expect(await locked.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Belarus'), expect.stringContaining('Russia')]));
    await page.check('#eu-only');
    await expect.poll(() => page.locator('#country-list > li:visible').count()).toBe(27);
    await page.fill('#country-filter', 'swe');
    await expect.poll(() => page.locator('#country-list > li:visible').allTextContents()).toEqual([expect.stringContaining('Sweden')]);
  });

  it('shows a European country with its companies and unicorn count', async () => {
    await open('/de/laender/schweden');
    expect(await page.locator('h1').textContent()).toBe('Schweden');
    expect(await textsOnAllPages(page, baseUrl, '/de/laender/schweden', 'article h3')).toContain('Spotify');
    await open('/de/laender/schweden');
    expect(Number(await page.locator('[data-unicorn-count]').getAttribute('data-unicorn-count'))).toBeGreaterThanOrEqual(1);
  });

  it('shows the same facts for a country outside Europe: companies and unicorn count', async () => {
    await open('/countries/canada');
    expect(await page.locator('h1').textContent()).toBe('Canada');
    expect(await page.locator('[data-unicorn-count]').count()).toBe(1);
  });
});

describe('company browser default view', () => {
  // The prerendered pages as visitors without JavaScript get them; with JavaScript the company
  // browser island takes over the page links (tests/e2e/browser.test.ts).
  it('shows 12 European companies by name and its pagination links lead to page 2', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(baseUrl + urlOf('en', 'companies'));
    const first = await page.locator('article h2').allTextContents();
    expect(first).toHaveLength(12);
    expect([...first].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(first);
    await page.click('nav[aria-label="Pagination"] a[aria-label="Page 2"]');
    await page.waitForURL(/\/companies\/page\/2\/?$/);
    const second = await page.locator('article h2').allTextContents();
    expect(second).toHaveLength(12);
    expect(second[0].localeCompare(first[11], 'en')).toBeGreaterThanOrEqual(0);
    expect(await page.locator('nav[aria-label="Pagination"] [aria-current="page"]').textContent()).toBe('2');
    await context.close();
  });
});
