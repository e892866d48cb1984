// Find by product (issue 14, items 2 and 3) as a visitor sees it: "European alternatives to Gmail"
// in each language with its comparison table (facts, "not verified" never shown as "no", sources,
// links to the companies), usable on a phone; the index of product pages; the products on company
// pages; the company browser's feature filters; the home page's product switches. Expected values
// come from the seeded data through the same directory module the build uses.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';
import { companyBrowserReady } from './company-browser.ts';
import { createDb } from '../../db/client.ts';
import { loadDirectoryFrom, type Directory, type ProductRow } from '../../src/lib/data.ts';
import { urlOf } from '../../src/lib/routes.ts';
import { LANGS, type Lang } from '../../src/lib/i18n-langs.ts';
import { isEuropean } from '../../src/lib/countries.ts';
import { localizedField } from '../../src/lib/translations.ts';
import { FACT_COLUMNS, factCells } from '../../src/lib/product-facts.ts';
import { FEATURES, bitsOf, companyFeatureBits, featureLabelKey } from '../../src/lib/product-features.ts';
import { HOME_PRODUCT_COUNT, HOME_PRODUCT_SLUGS } from '../../src/lib/constants.ts';
import en from '../../content/i18n/en.json';
import de from '../../content/i18n/de.json';
import fr from '../../content/i18n/fr.json';

const baseUrl = inject('baseUrl');
const MESSAGES: Record<Lang, typeof en> = { en, de, fr };
const fill = (template: string, vars: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
let browser: Browser;
let directory: Directory;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const db = await createDb({ url: inject('dbUrl') });
  directory = await loadDirectoryFrom(db);
  db.$client.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, options: { width?: number; dark?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, colorScheme: options.dark ? 'dark' : 'light' });
  contexts.push(context);
  const page = await context.newPage();
  const response = await page.goto(baseUrl + path);
  expect(response?.status(), path).toBe(200);
  const { pathname, search } = new URL(page.url());
  expect(pathname + search, `${path} must not redirect`).toBe(path);
  return page;
}

const status = async (path: string) => (await fetch(baseUrl + path, { method: 'HEAD', redirect: 'manual' })).status;
const nameIn = (p: Pick<ProductRow, 'name' | 'translations'>, lang: Lang) => localizedField(p, 'name', lang);

/** Products with an alternatives page: made outside Europe, at least one European alternative. */
function productPages() {
  return directory.products.filter((p) => !isEuropean(directory.companyById.get(p.companyId)!.country) && (directory.productAlternativesOf.get(p.id)?.length ?? 0) > 0);
}

function gmail() {
  const product = directory.productBySlug.get('gmail');
  if (!product) throw new Error('The seed has no gmail product');
  return { product, company: directory.companyById.get(product.companyId)!, alternatives: directory.productAlternativesOf.get(product.id) ?? [] };
}

describe('a product page: European alternatives to Gmail', () => {
  it('exists in every language under its localized address, with hreflang alternates and a sitemap entry', async () => {
    const paths = Object.fromEntries(LANGS.map((l) => [l, urlOf(l, 'product', { slug: 'gmail' })])) as Record<Lang, string>;
    expect(paths).toEqual({ en: '/alternatives/gmail', de: '/de/alternativen/gmail', fr: '/fr/alternatives/gmail' });
    const page = await open(paths.de);
    for (const lang of LANGS) expect(await page.getAttribute(`link[rel="alternate"][hreflang="${lang}"]`, 'href')).toBe(baseUrl + paths[lang]);
    // another language's segment under a prefix goes to this language's address
    expect(await status('/de/alternatives/gmail')).toBe(301);
    const index = await (await fetch(`${baseUrl}/sitemap-index.xml`)).text();
    const sitemap = (await Promise.all([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(async ([, loc]) => (await fetch(baseUrl + new URL(loc).pathname)).text()))).join('');
    for (const lang of LANGS) expect(sitemap).toContain(`${baseUrl}${paths[lang]}</loc>`);
  });

  for (const lang of LANGS) {
    it(`compares every European alternative side by side, never shows an unknown fact as "no", and links companies and sources (${lang})`, async () => {
      const { product, company, alternatives } = gmail();
      expect(alternatives.length).toBeGreaterThanOrEqual(3);
      const m = MESSAGES[lang];
      const name = nameIn(product, lang);
      const page = await open(urlOf(lang, 'product', { slug: 'gmail' }));
      expect(await page.locator('h1').textContent()).toBe(fill(m['product.heading'], { name }));
      expect(await page.title()).toBe(`${fill(m['product.title'], { name, count: alternatives.length, year: new Date().getFullYear() })} | ${m['site.name']}`);
      // who makes it, linked to its company page
      expect(await page.locator('[data-maker-link]').getAttribute('href')).toBe(urlOf(lang, 'company', { slug: company.slug }));

      // the table sits in a labelled, keyboard-scrollable region named by its caption
      const region = page.getByRole('region', { name: fill(m['product.compare_caption'], { name }) });
      expect(await region.getAttribute('tabindex')).toBe('0');
      const table = region.locator('table');
      const headers = (await table.locator('thead th').allTextContents()).map((s) => s.trim());
      expect(headers).toEqual([
        m['product.col.alternative'],
        ...FACT_COLUMNS.map((c) => (c === 'can_import' ? fill(m['product.col.can_import'], { name }) : m[`product.col.${c}` as keyof typeof en])),
        m['product.col.sources'],
      ]);
      // one row per alternative, European-owned first (the directory's order)
      const rows = table.locator('tbody tr');
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-alternative')))).toEqual(alternatives.map((a) => a.product.slug));
      for (const a of alternatives) {
        const row = table.locator(`tbody tr[data-alternative="${a.product.slug}"]`);
        const cells = factCells(a.product, a.canImport, lang);
        for (const c of FACT_COLUMNS) {
          const fact = row.locator(`td[data-column="${c}"] [data-fact]`);
          expect(await fact.getAttribute('data-fact'), `${a.product.slug} ${c}`).toBe(cells[c].state);
          if (cells[c].state === 'unknown') expect((await fact.textContent())!.trim(), `${a.product.slug} ${c}`).toContain(m['product.not_verified']);
        }
        // a fact that is not verified is never written as "no"
        for (const c of FACT_COLUMNS) {
          if (cells[c].state === 'unknown') expect(await row.locator(`td[data-column="${c}"] [data-fact="no"]`).count()).toBe(0);
        }
        // the alternative links to its company page, at the product
        const link = row.locator('[data-alternative-link]');
        expect((await link.textContent())!.trim()).toBe(nameIn(a.product, lang));
        expect(await link.getAttribute('href')).toBe(`${urlOf(lang, 'company', { slug: a.company.slug })}#product-${a.product.slug}`);
        // every source of the row can be opened
        const sources = directory.sourcesByProduct.get(a.product.id) ?? [];
        expect(await row.locator('[data-source-link]').evaluateAll((as) => as.map((x) => x.getAttribute('href')))).toEqual(sources.map((s) => s.url));
        if (sources.length === 0) expect(await row.locator('[data-no-sources]').count()).toBe(1);
        // each alternative is described below the table
        expect(await page.locator(`[data-alternative-detail="${a.product.slug}"] h3`).textContent()).toBe(nameIn(a.product, lang));
      }
      expect(await page.locator('[data-unknown-note]').textContent()).toBe(m['product.unknown_note']);
      // the sources of the original's own facts
      const own = directory.sourcesByProduct.get(product.id) ?? [];
      expect(await page.locator('[data-original-sources] a').evaluateAll((as) => as.map((x) => x.getAttribute('href')))).toEqual(own.map((s) => s.url));

      // structured data: the alternatives as an ItemList, the trail as a BreadcrumbList
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
      const list = blocks.find((b) => b['@type'] === 'ItemList') as { numberOfItems: number; itemListElement: { name: string; url: string }[] };
      expect(list.numberOfItems).toBe(alternatives.length);
      expect(list.itemListElement.map((i) => i.name)).toEqual(alternatives.map((a) => nameIn(a.product, lang)));
      const trail = (blocks.find((b) => b['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] }).itemListElement;
      expect(trail.map((i) => i.name)).toEqual([m['nav.home'], m['nav.alternatives'], name]);
      expect(new URL(trail[1].item).pathname).toBe(urlOf(lang, 'alternatives'));
    });
  }

  it('links each alternative to a company page that lists that product', async () => {
    const { alternatives } = gmail();
    const a = alternatives[0];
    const page = await open(urlOf('fr', 'company', { slug: a.company.slug }));
    expect(await page.locator(`#product-${a.product.slug}`).count()).toBe(1);
    // and that product says it replaces Gmail, linking back
    expect(await page.locator(`#product-${a.product.slug} [data-replaces] a[href="${urlOf('fr', 'product', { slug: 'gmail' })}"]`).count()).toBe(1);
  });

  for (const dark of [false, true]) {
    it(`stays usable on a 390 px phone: the table scrolls inside its region, the page does not, the first column stays (${dark ? 'dark' : 'light'})`, async () => {
      const page = await open(urlOf('en', 'product', { slug: 'gmail' }), { width: 390, dark });
      const region = page.locator('[data-compare-scroll]');
      const { scrollWidth, clientWidth } = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const first = region.locator('tbody th').first();
      const before = (await first.boundingBox())!;
      await region.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      const after = (await first.boundingBox())!;
      expect(after.x).toBe(before.x);
      // the first column is opaque: scrolled cells do not show through it
      const bg = await first.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(bg).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
      // the last column (sources) is now in view
      const last = (await region.locator('tbody tr').first().locator('td').last().boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(390);
    });
  }
});

describe('the index of product pages', () => {
  it('lists every product with an alternatives page in each language, each link answering 200', async () => {
    const expected = productPages().map((p) => p.slug).sort();
    expect(expected.length).toBeGreaterThan(0);
    for (const lang of LANGS) {
      const page = await open(urlOf(lang, 'alternatives'));
      expect(await page.locator('h1').textContent()).toBe(MESSAGES[lang]['alternatives.title']);
      // every page's footer leads here
      expect(await page.locator('footer a', { hasText: MESSAGES[lang]['footer.alternatives'] }).getAttribute('href')).toBe(urlOf(lang, 'alternatives'));
      const slugs = await page.locator('[data-product]').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-product')!));
      expect([...slugs].sort()).toEqual(expected);
      const hrefs = await page.locator('[data-product] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(hrefs).toContain(urlOf(lang, 'product', { slug: 'gmail' }));
      if (lang === 'en') for (const href of hrefs) expect(await status(href), href).toBe(200);
    }
  });
});

describe('products on company pages', () => {
  it('the maker of Gmail lists its products, each with a page linking to its alternatives', async () => {
    const { company } = gmail();
    const products = directory.productsByCompany.get(company.id) ?? [];
    const withPages = new Set(productPages().map((p) => p.id));
    for (const lang of LANGS) {
      const page = await open(urlOf(lang, 'company', { slug: company.slug }));
      const section = page.locator('[data-products]');
      expect(await section.locator('h2').textContent()).toBe(MESSAGES[lang]['company.products']);
      expect(await section.locator('[data-product]').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-product')))).toEqual(products.map((p) => p.slug));
      for (const p of products) {
        const link = section.locator(`[data-product="${p.slug}"] [data-product-page]`);
        if (withPages.has(p.id)) expect(await link.getAttribute('href')).toBe(urlOf(lang, 'product', { slug: p.slug }));
        else expect(await link.count()).toBe(0);
      }
    }
  });

  it('a European maker lists its products, their verified features and what each replaces', async () => {
    const { alternatives } = gmail();
    const european = alternatives.find((a) => a.company.control === 'european')!;
    const page = await open(urlOf('de', 'company', { slug: european.company.slug }));
    const item = page.locator(`[data-products] [data-product="${european.product.slug}"]`);
    const replaces = directory.productAlternativeTo.get(european.product.id)!.map((o) => urlOf('de', 'product', { slug: o.product.slug }));
    expect(await item.locator('[data-replaces] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(replaces);
    const bits = companyFeatureBits([european.product]);
    const shown = await item.locator('[data-product-features] [data-feature]').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-feature')));
    expect(shown).toEqual(FEATURES.filter((_, i) => bits & (1 << i)));
  });
});

describe('the company browser filters on decision facts', () => {
  it('keeps the European companies whose products verifiably offer every feature asked for, through the URL', async () => {
    const europe = directory.companies.filter((c) => isEuropean(c.country) && !['RU', 'BY'].includes(c.country));
    const withAll = (features: (typeof FEATURES)[number][]) => {
      const want = bitsOf(features);
      return europe.filter((c) => (companyFeatureBits(directory.productsByCompany.get(c.id) ?? []) & want) === want).length;
    };
    const openSource = withAll(['open-source']);
    const both = withAll(['open-source', 'e2ee']);
    expect(openSource).toBeGreaterThan(0);

    const page = await open(urlOf('en', 'companies'));
    await companyBrowserReady(page);
    const countOf = async () => Number(/^([\d,]+)/.exec((await page.locator('[data-result-count]').textContent())!)![1].replace(/\D/g, ''));
    const label = (f: (typeof FEATURES)[number]) => new RegExp(`^${en[featureLabelKey(f) as keyof typeof en]}`);
    await page.getByRole('checkbox', { name: label('open-source') }).check();
    await page.waitForURL(`${baseUrl}${urlOf('en', 'companies')}?feature=open-source&page=1`);
    await expect.poll(countOf).toBe(openSource);
    await page.getByRole('checkbox', { name: label('e2ee') }).check();
    await page.waitForURL(`${baseUrl}${urlOf('en', 'companies')}?feature=open-source&feature=e2ee&page=1`);
    await expect.poll(countOf).toBe(both);
    // the chip removes one filter
    await page.locator('[data-chip="feature-open-source"]').click();
    await page.waitForURL(`${baseUrl}${urlOf('en', 'companies')}?feature=e2ee&page=1`);
    await expect.poll(countOf).toBe(withAll(['e2ee']));

    // a shared link restores the filter, in German too
    const de = await open(`${urlOf('de', 'companies')}?feature=eu-data`);
    await companyBrowserReady(de);
    expect(await de.getByRole('checkbox', { name: new RegExp(`^${MESSAGES.de['browser.feature.eu_data']}`) }).isChecked()).toBe(true);
    expect(Number(/^([\d.]+)/.exec((await de.locator('[data-result-count]').textContent())!)![1].replace(/\D/g, ''))).toBe(withAll(['eu-data']));
  });
});

describe('the home page leads with product switches', () => {
  it('links the best-known products that have a page, then those with the most alternatives', async () => {
    const withPages = productPages();
    const slugs = new Set(withPages.map((p) => p.slug));
    const leading = HOME_PRODUCT_SLUGS.filter((s) => slugs.has(s));
    for (const lang of LANGS) {
      const page = await open(urlOf(lang, 'home'));
      const tiles = page.locator('[data-product-switches] a[data-product-switch]');
      const shown = await tiles.evaluateAll((as) => as.map((a) => a.getAttribute('data-product-switch')!));
      expect(shown.length).toBe(Math.min(HOME_PRODUCT_COUNT, withPages.length));
      expect(shown.slice(0, leading.length)).toEqual(leading.slice(0, HOME_PRODUCT_COUNT));
      for (const slug of shown) expect(await page.locator(`a[data-product-switch="${slug}"]`).getAttribute('href')).toBe(urlOf(lang, 'product', { slug }));
      expect(await page.locator('[data-all-products]').getAttribute('href')).toBe(urlOf(lang, 'alternatives'));
    }
  });
});
