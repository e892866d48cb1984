// Issue 17 as a visitor and a search engine see it: localized slugs with 301s from the old addresses,
// titles that answer the query, structured data that parses, SVG flags with text alternatives, and
// the language suggestion on the English home page.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';
import { LANGS, type Lang } from '../../src/lib/i18n-langs.ts';
import { urlOf } from '../../src/lib/routes.ts';
import { EUROPEAN_COUNTRIES } from '../../src/lib/countries.ts';
import en from '../../content/i18n/en.json';
import de from '../../content/i18n/de.json';
import fr from '../../content/i18n/fr.json';

const baseUrl = inject('baseUrl');
const MESSAGES: Record<Lang, typeof en> = { en, de, fr };
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

async function openPage(options: { locale?: string; javaScript?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: options.locale ?? 'en-US', javaScriptEnabled: options.javaScript ?? true });
  contexts.push(context);
  return context.newPage();
}

async function open(page: Page, path: string) {
  const response = await page.goto(baseUrl + path);
  expect(response?.status(), path).toBe(200);
  expect(new URL(page.url()).pathname, `${path} must not redirect`).toBe(path);
}

/** A HEAD request that does not follow redirects. */
const head = (path: string) => fetch(baseUrl + path, { method: 'HEAD', redirect: 'manual' });

/** Every JSON-LD block of the page, parsed (a block that does not parse fails the test). */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The sitemap's page paths. */
async function sitemapPaths(): Promise<Set<string>> {
  const index = await (await fetch(`${baseUrl}/sitemap-index.xml`)).text();
  const paths = new Set<string>();
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await fetch(baseUrl + new URL(loc).pathname)).text();
    for (const [, page] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.add(new URL(page).pathname);
  }
  return paths;
}

const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]{2}/u;

describe('localized slugs (issue 17, item 10)', () => {
  it('category, subcategory and country pages have slugs in each language; company slugs stay', async () => {
    const page = await openPage();
    const cases: [string, string][] = [
      ['/de/kategorien/unterhaltung', 'Unterhaltung'],
      ['/fr/categories/divertissement', 'Divertissement'],
      ['/de/kategorien/unterhaltung/musikstreaming', ''],
      ['/fr/categories/divertissement/streaming-musical', ''],
      ['/de/laender/deutschland', 'Deutschland'],
      ['/fr/pays/allemagne', 'Allemagne'],
      ['/countries/germany', 'Germany'],
      ['/de/unternehmen/netflix', 'Netflix'],
      ['/fr/entreprises/netflix', 'Netflix'],
    ];
    for (const [path, h1] of cases) {
      await open(page, path);
      if (h1) expect(await page.locator('h1').textContent(), path).toBe(h1);
    }
    // The language alternates follow the localized slugs.
    await open(page, '/de/laender/deutschland');
    expect(await page.getAttribute('link[rel="alternate"][hreflang="en"]', 'href')).toBe(`${baseUrl}/countries/germany`);
    expect(await page.getAttribute('link[rel="alternate"][hreflang="fr"]', 'href')).toBe(`${baseUrl}/fr/pays/allemagne`);
    expect(await page.locator('header a[data-lang-choice="fr"]').first().getAttribute('href')).toBe('/fr/pays/allemagne');
  });

  it('the old addresses (English slugs under another language) answer 301 with the new one, keeping the query', async () => {
    const moves: [string, string][] = [
      ['/de/kategorien/entertainment', '/de/kategorien/unterhaltung'],
      ['/fr/categories/entertainment', '/fr/categories/divertissement'],
      ['/de/kategorien/entertainment/music-streaming', '/de/kategorien/unterhaltung/musikstreaming'],
      ['/de/laender/germany', '/de/laender/deutschland'],
      ['/fr/pays/germany', '/fr/pays/allemagne'],
    ];
    for (const [from, to] of moves) {
      const res = await head(`${from}?q=1`);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(`${to}?q=1`);
      expect((await head(to)).status, to).toBe(200);
    }
    // A visitor following an old link lands on the new page.
    const page = await openPage();
    await page.goto(baseUrl + '/de/laender/germany');
    expect(new URL(page.url()).pathname).toBe('/de/laender/deutschland');
  });

  it('the sitemap lists the localized addresses, not the old ones', async () => {
    const paths = await sitemapPaths();
    for (const p of ['/de/kategorien/unterhaltung', '/fr/categories/divertissement', '/de/laender/deutschland', '/fr/pays/allemagne']) expect(paths.has(p), p).toBe(true);
    for (const p of ['/de/kategorien/entertainment', '/fr/categories/entertainment', '/de/laender/germany', '/fr/pays/germany']) expect(paths.has(p), p).toBe(false);
  });
});

describe('countries without companies (issue 17, item 9)', () => {
  it('are listed on /countries without a link, have no page and stay out of the sitemap', async () => {
    const page = await openPage();
    await open(page, urlOf('en', 'countries'));
    const empty = page.locator('#country-list > li:not([data-locked])', { hasNot: page.locator('a') });
    const names = await empty.locator('span.block.font-semibold').allTextContents();
    expect(names.length, 'the seed has European countries without companies').toBeGreaterThan(0);
    for (const text of await empty.allTextContents()) expect(text).toContain(en['common.companies_count'].replace('{count}', '0'));
    const paths = await sitemapPaths();
    for (const name of names) {
      const country = EUROPEAN_COUNTRIES.find((c) => c.names.en === name);
      expect(country, name).toBeDefined();
      const path = urlOf('en', 'country', { slug: country!.slug });
      expect(paths.has(path), `${path} is in the sitemap`).toBe(false);
      expect((await head(path)).status, path).toBe(404);
    }
    // Every linked country is a page of the sitemap, and the sitemap has no other European country.
    const european = new Set(EUROPEAN_COUNTRIES.map((c) => urlOf('en', 'country', { slug: c.slug })));
    const countryPaths = [...paths].filter((p) => european.has(p));
    const linked = await page.locator('#country-list a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(linked.length).toBeGreaterThan(0);
    expect([...linked].sort()).toEqual(countryPaths.sort());
  });
});

describe('titles and descriptions (issue 17, item 11)', () => {
  const year = new Date().getFullYear();
  it('a non-European company page says how many European alternatives it has, and names the top ones', async () => {
    const page = await openPage();
    for (const lang of LANGS) {
      await open(page, urlOf(lang, 'company', { slug: 'netflix' }));
      const count = await page.locator('[data-alternative]').count();
      expect(count).toBeGreaterThan(1);
      const expected = MESSAGES[lang]['company.title_alternatives'].replace('{count}', String(count)).replace('{name}', 'Netflix').replace('{year}', String(year));
      expect(await page.title(), lang).toBe(`${expected} | ${MESSAGES[lang]['site.name']}`);
      const first = (await page.locator('[data-alternative] h3').first().textContent())!.trim();
      expect(await page.getAttribute('meta[name="description"]', 'content'), lang).toContain(first);
    }
    await open(page, urlOf('en', 'company', { slug: 'netflix' }));
    expect(await page.title()).toMatch(new RegExp(`^\\d+ European alternatives to Netflix \\(${year}\\) \\| `));
  });

  it('a European company page says what it is an alternative to', async () => {
    const page = await openPage();
    await open(page, urlOf('en', 'company', { slug: 'vaude' }));
    const name = (await page.locator('h1').textContent())!.trim();
    expect(await page.title()).toMatch(new RegExp(`^${name}: a European alternative to .*The North Face`));
    expect(await page.getAttribute('meta[name="description"]', 'content')).toContain('The North Face');
  });
});

describe('structured data (issue 17, item 12)', () => {
  it('a company page has an Organization with sameAs, a BreadcrumbList and an ItemList of its alternatives, all valid JSON', async () => {
    const page = await openPage();
    const path = urlOf('de', 'company', { slug: 'netflix' });
    await open(page, path);
    const blocks = await jsonLd(page);
    for (const block of blocks) expect(block['@context']).toBe('https://schema.org');
    const organization = blocks.find((b) => b['@type'] === 'Organization') as { name: string; url: string; sameAs: string[] } | undefined;
    expect(organization).toMatchObject({ name: 'Netflix' });
    expect(organization!.sameAs).toEqual([organization!.url]);
    expect(organization!.url).toMatch(/^https:\/\//);

    const breadcrumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList') as { itemListElement: { '@type': string; position: number; name: string; item: string }[] } | undefined;
    expect(breadcrumbs).toBeDefined();
    const trail = breadcrumbs!.itemListElement;
    expect(trail.length).toBeGreaterThanOrEqual(2);
    expect(trail.map((i) => i.position)).toEqual(trail.map((_, i) => i + 1));
    for (const item of trail) expect(item['@type']).toBe('ListItem');
    expect(trail[0].name).toBe(de['nav.home']);
    expect(new URL(trail.at(-1)!.item).pathname).toBe(path);

    const itemList = blocks.find((b) => b['@type'] === 'ItemList') as { numberOfItems: number; itemListElement: { position: number; url: string }[] } | undefined;
    expect(itemList?.numberOfItems).toBe(await page.locator('[data-alternative]').count());
    for (const item of itemList!.itemListElement) expect(new URL(item.url).pathname).toMatch(/^\/de\/unternehmen\//);
  });

  it('category and country pages carry a BreadcrumbList of their trail', async () => {
    const page = await openPage();
    for (const [path, names] of [
      ['/fr/categories/divertissement/streaming-musical', [fr['nav.home'], fr['nav.categories'], 'Divertissement']],
      ['/de/laender/deutschland', [de['nav.home'], de['nav.countries'], 'Deutschland']],
    ] as const) {
      await open(page, path);
      const breadcrumbs = (await jsonLd(page)).find((b) => b['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] } | undefined;
      expect(breadcrumbs, path).toBeDefined();
      expect(breadcrumbs!.itemListElement.map((i) => i.name).slice(0, names.length), path).toEqual(names);
      expect(new URL(breadcrumbs!.itemListElement.at(-1)!.item).pathname, path).toBe(path);
    }
  });
});

describe('flags (issue 17, item 1)', () => {
  it('are SVG images from our own origin, never emoji, with the country name as text or beside them', async () => {
    const page = await openPage();
    const checked = new Set<string>();
    for (const path of [urlOf('en', 'countries'), '/de/laender/deutschland', urlOf('fr', 'company', { slug: 'netflix' }), urlOf('en', 'company', { slug: 'spotify' })]) {
      await open(page, path);
      expect((await page.locator('main').textContent()) ?? '', path).not.toMatch(EMOJI_FLAG);
      const flags = await page.locator('main img.flag').evaluateAll((imgs) =>
        imgs.map((img) => {
          const i = img as HTMLImageElement;
          // The text next to a decorative flag: its parent's text.
          return { src: i.getAttribute('src')!, alt: i.getAttribute('alt'), beside: (i.parentElement?.textContent ?? '').trim() };
        }),
      );
      expect(flags.length, path).toBeGreaterThan(0);
      for (const flag of flags) {
        expect(flag.src, path).toMatch(/^\/flags\/[a-z0-9-]+\.svg$/);
        expect(flag.alt, `${path}: ${flag.src} has no alt attribute`).not.toBeNull();
        // Decorative (alt="") only where the name is written beside it.
        if (flag.alt === '') expect(flag.beside, `${path}: ${flag.src} is decorative with no name beside it`).not.toBe('');
        checked.add(flag.src);
      }
    }
    // The ownership card names the country in the flag's alt text.
    await open(page, urlOf('en', 'company', { slug: 'netflix' }));
    expect(await page.locator('[data-ownership-card] img.flag[alt="United States"]').count()).toBeGreaterThan(0);
    for (const src of checked) {
      const res = await fetch(baseUrl + src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get('content-type'), src).toContain('image/svg+xml');
    }
  });

  it('the country page header shows the flag beside the country name', async () => {
    const page = await openPage();
    await open(page, '/fr/pays/allemagne');
    const header = page.locator('main header').first();
    expect(await header.locator('img.flag').getAttribute('src')).toBe('/flags/de.svg');
    expect(await header.locator('h1').textContent()).toBe('Allemagne');
  });
});

describe('monogram tiles (issue 17, item 2)', () => {
  it('give every company card the same initials tile, without requests to other sites', async () => {
    const page = await openPage();
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== new URL(baseUrl).origin) foreign.push(r.url());
    });
    await open(page, urlOf('en', 'category', { category: 'entertainment' }));
    const tiles = await page.locator('main article [data-monogram]').evaluateAll((els) => els.map((e) => e.getAttribute('data-monogram')));
    expect(tiles.length).toBeGreaterThan(0);
    for (const t of tiles) expect(t).toMatch(/^\S{1,3}$/);
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });
});

describe('language suggestion (issue 17, item 6)', () => {
  const banner = (page: Page) => page.locator('#lang-suggest');

  it('is not shown when the browser language is English, nor on other pages', async () => {
    const page = await openPage({ locale: 'en-GB' });
    await open(page, '/');
    expect(await banner(page).isVisible()).toBe(false);
    const german = await openPage({ locale: 'de-DE' });
    await open(german, urlOf('en', 'mission'));
    expect(await banner(german).count()).toBe(0);
  });

  it('offers the browser language on / in that language, never redirects, and "stay" is remembered', async () => {
    const page = await openPage({ locale: 'de-DE' });
    await open(page, '/');
    await banner(page).waitFor({ state: 'visible' });
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await banner(page).getAttribute('lang')).toBe('de');
    expect(await banner(page).getAttribute('aria-label')).toBe(de['lang.suggest_label']);
    expect(await banner(page).locator('[data-text]').textContent()).toBe(de['lang.suggest']);
    const link = banner(page).locator('a[data-switch]');
    expect(await link.textContent()).toBe(de['lang.suggest_switch']);
    expect(await link.getAttribute('href')).toBe('/de');

    await banner(page).locator('button[data-stay]').click();
    expect(await banner(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.waitForLoadState('networkidle');
    expect(await banner(page).isVisible()).toBe(false);
  });

  it('switches to the suggested language and remembers it', async () => {
    const page = await openPage({ locale: 'fr-FR' });
    await open(page, '/');
    await banner(page).waitFor({ state: 'visible' });
    expect(await banner(page).locator('[data-text]').textContent()).toBe(fr['lang.suggest']);
    await banner(page).locator('a[data-switch]').click();
    await page.waitForURL(`${baseUrl}/fr`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
    // The next visit to / goes to the chosen language.
    await page.goto(baseUrl + '/');
    await page.waitForURL(`${baseUrl}/fr`);
  });

  it('shows nothing without JavaScript', async () => {
    const page = await openPage({ locale: 'de-DE', javaScript: false });
    await open(page, '/');
    expect(await banner(page).isVisible()).toBe(false);
  });
});
