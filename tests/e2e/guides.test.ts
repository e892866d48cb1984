// Switching guides (issue 19, item 1) as a visitor sees them on the built, seeded site: a guide page
// in en/de/fr under its localized address (title, summary, last checked, time needed, the steps from
// markdown, the product it is about and the European products to move to, sources to open), the
// guides index, the links from the product's page and its maker's page, a phone. Expected values
// come from the seeded data through the same data module the build uses.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';
import { createDb } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { guideText, loadDirectoryFrom, loadGuidesFrom, type GuideView } from '../../src/lib/data.ts';
import { urlOf } from '../../src/lib/routes.ts';
import { LANGS, type Lang } from '../../src/lib/i18n-langs.ts';
import { formatDate } from '../../src/lib/format.ts';
import { localizedField } from '../../src/lib/translations.ts';
import en from '../../content/i18n/en.json';
import de from '../../content/i18n/de.json';
import fr from '../../content/i18n/fr.json';

const baseUrl = inject('baseUrl');
const MESSAGES: Record<Lang, typeof en> = { en, de, fr };
const fill = (template: string, vars: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
let browser: Browser;
let guides: GuideView[];
let drafts: string[];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const db = await createDb({ url: inject('dbUrl') });
  guides = await loadGuidesFrom(db, await loadDirectoryFrom(db));
  drafts = (await db.select({ slug: t.guide.slug, status: t.guide.status }).from(t.guide)).filter((g) => g.status === 'draft').map((g) => g.slug);
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
  expect(new URL(page.url()).pathname, `${path} must not redirect`).toBe(path);
  return page;
}

/** The Gmail guide when it is published (the most common move), else the first published guide. */
function sample(): GuideView {
  const g = guides.find((x) => x.guide.slug === 'gmail-to-european-email') ?? guides[0];
  if (!g) throw new Error('The seed has no published guide');
  return g;
}

describe('a guide page', () => {
  it('lives under its localized address in every language, with hreflang alternates and a sitemap entry', async () => {
    const { guide } = sample();
    const paths = Object.fromEntries(LANGS.map((l) => [l, urlOf(l, 'guide', { slug: guide.slug })])) as Record<Lang, string>;
    expect(paths).toEqual({ en: `/guides/${guide.slug}`, de: `/de/anleitungen/${guide.slug}`, fr: `/fr/guides/${guide.slug}` });
    const page = await open(paths.fr);
    for (const lang of LANGS) expect(await page.getAttribute(`link[rel="alternate"][hreflang="${lang}"]`, 'href')).toBe(baseUrl + paths[lang]);
    expect((await fetch(`${baseUrl}/de/guides/${guide.slug}`, { redirect: 'manual' })).status).toBe(301);
    const index = await (await fetch(`${baseUrl}/sitemap-index.xml`)).text();
    const sitemap = (await Promise.all([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(async ([, loc]) => (await fetch(baseUrl + new URL(loc).pathname)).text()))).join('');
    for (const lang of LANGS) expect(sitemap).toContain(`${baseUrl}${paths[lang]}</loc>`);
    for (const lang of LANGS) expect(sitemap).toContain(`${baseUrl}${urlOf(lang, 'guides')}</loc>`);
  });

  for (const lang of LANGS) {
    it(`shows the title, summary, last checked, time needed, the steps, the product, where to move and the sources (${lang})`, async () => {
      const { guide, from, alternatives, productPage } = sample();
      const m = MESSAGES[lang];
      const page = await open(urlOf(lang, 'guide', { slug: guide.slug }));
      const title = guideText(guide, 'title', lang);
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await page.title()).toBe(`${fill(m['guide.meta_title'], { title })} | ${m['site.name']}`);
      expect((await page.locator('[data-guide-summary]').textContent())?.trim()).toBe(guideText(guide, 'summary', lang));
      const checked = page.locator('[data-last-checked]');
      expect(await checked.locator('time').getAttribute('datetime')).toBe(guide.lastChecked);
      expect((await checked.textContent())?.replace(/\s+/g, ' ').trim()).toBe(fill(m['guide.last_checked'], { date: formatDate(guide.lastChecked!, lang) }));
      expect((await page.locator('[data-time-needed]').textContent())?.trim()).toBe(`${m['guide.time_needed']}: ${guideText(guide, 'time_needed', lang)}`);

      // The steps: rendered markdown (headings and lists), never raw HTML.
      const body = page.locator('[data-guide-body]');
      expect(await body.locator('h2').count()).toBeGreaterThan(1);
      expect(await body.locator('ol li, ul li').count()).toBeGreaterThan(2);
      expect(await body.locator('script, iframe, img, style').count()).toBe(0);
      for (const href of await body.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) expect(href).toMatch(/^(https:\/\/|\/(?!\/))/);

      // The product it is about: its alternatives page when it has one; where people move to.
      const fromLink = page.locator('[data-from-product]');
      expect(await fromLink.textContent()).toBe(localizedField(from.product, 'name', lang));
      expect(await fromLink.getAttribute('href')).toBe(productPage ? urlOf(lang, 'product', { slug: from.product.slug }) : `${urlOf(lang, 'company', { slug: from.company.slug })}#product-${from.product.slug}`);
      expect(await page.locator('[data-move-to] [data-alternative]').evaluateAll((li) => li.map((x) => x.getAttribute('data-alternative')))).toEqual(
        alternatives.map((a) => a.product.slug),
      );
      for (const a of alternatives.slice(0, 3)) {
        const href = await page.locator(`[data-move-to] [data-alternative="${a.product.slug}"] a`).getAttribute('href');
        expect(href).toBe(`${urlOf(lang, 'company', { slug: a.company.slug })}#product-${a.product.slug}`);
        expect((await fetch(baseUrl + href!.split('#')[0])).status).toBe(200);
      }

      // Sources: every one a link a visitor can open, https, marked as external, with its check date.
      const sources = page.locator('[data-guide-sources] [data-source-link]');
      expect(await sources.count()).toBe(guide.sources.length);
      for (const [i, s] of guide.sources.entries()) {
        const a = sources.nth(i).locator('a');
        expect(await a.getAttribute('href')).toBe(s.url);
        expect(await a.getAttribute('rel')).toContain('external');
        expect(await sources.nth(i).textContent()).toContain(fill(m['sources.verified'], { date: formatDate(s.verified_at, lang) }));
      }
      expect(guide.sources.every((s) => s.url.startsWith('https://'))).toBe(true);
    });
  }

  it('reads on a 390 px phone without sideways scrolling, in light and dark', async () => {
    for (const dark of [false, true]) {
      const page = await open(urlOf('de', 'guide', { slug: sample().guide.slug }), { width: 390, dark });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(dark ? 'dark' : 'light');
    }
  });

  it('is not built for a draft guide', async () => {
    for (const slug of drafts.slice(0, 3)) expect((await fetch(`${baseUrl}${urlOf('en', 'guide', { slug })}`)).status).toBe(404);
  });
});

describe('the guides index and the way in from a product', () => {
  for (const lang of LANGS) {
    it(`lists every published guide (${lang})`, async () => {
      const page = await open(urlOf(lang, 'guides'));
      expect(await page.locator('h1').textContent()).toBe(MESSAGES[lang]['guides.title']);
      const cards = await page.locator('[data-guide-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-guide-card')));
      expect([...cards].sort()).toEqual(guides.map((g) => g.guide.slug).sort());
      const first = page.locator('[data-guide-card] a').first();
      expect(await first.getAttribute('href')).toBe(urlOf(lang, 'guide', { slug: cards[0]! }));
    });
  }

  it('is linked from the alternatives index in every language', async () => {
    for (const lang of LANGS) {
      const page = await open(urlOf(lang, 'alternatives'));
      expect(await page.locator('[data-guides-link]').getAttribute('href')).toBe(urlOf(lang, 'guides'));
    }
  });

  it("links the guide from its product page and its maker's page, in every language, and the link opens it", async () => {
    const g = guides.find((x) => x.productPage && x.guide.slug === sample().guide.slug) ?? guides.find((x) => x.productPage);
    expect(g, 'a published guide whose product has an alternatives page').toBeDefined();
    for (const lang of LANGS) {
      const page = await open(urlOf(lang, 'product', { slug: g!.from.product.slug }));
      const link = page.locator(`[data-guide-link="${g!.guide.slug}"] a`);
      expect(await link.getAttribute('href')).toBe(urlOf(lang, 'guide', { slug: g!.guide.slug }));
      expect(await link.textContent()).toBe(fill(MESSAGES[lang]['guide.link_text'], { title: guideText(g!.guide, 'title', lang) }));
      // The maker's page links it at the product too.
      const company = await open(urlOf(lang, 'company', { slug: g!.from.company.slug }));
      expect(await company.locator(`[data-product="${g!.from.product.slug}"] [data-product-guide]`).getAttribute('href')).toBe(urlOf(lang, 'guide', { slug: g!.guide.slug }));
      if (lang === 'de') {
        await link.click();
        await page.waitForURL(`**${urlOf(lang, 'guide', { slug: g!.guide.slug })}`);
        expect(await page.locator('h1').textContent()).toBe(guideText(g!.guide, 'title', lang));
      }
    }
  });
});
