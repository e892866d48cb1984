// Trust on the public site, as a visitor sees it: who owns a company, the label of companies
// controlled from outside Europe (pages, alternative lists, the company browser, search suggestions),
// the "European-owned only" filter, sources, the criteria page and the /fines page. The companies
// are picked from the seeded data (the same directory module the build uses), so the tests follow
// the audit as it grows.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.ts';
import { companyBrowserReady } from './company-browser.ts';
import { createDb } from '../../db/client.ts';
import { loadDirectoryFrom, type CompanyRow, type Directory } from '../../src/lib/data.ts';
import { urlOf } from '../../src/lib/routes.ts';
import { LANGS, type Lang } from '../../src/lib/i18n-langs.ts';
import { anyCountryName, ownerNameIn } from '../../src/lib/ownership.ts';
import { countryByCode } from '../../src/lib/countries.ts';
import { CRITERIA, SCORE_MAX } from '../../src/lib/score.ts';
import { countedAmount } from '../../src/lib/schemas/facts.ts';
import { formatMoney } from '../../src/lib/format.ts';
import en from '../../content/i18n/en.json';
import de from '../../content/i18n/de.json';
import fr from '../../content/i18n/fr.json';

const baseUrl = inject('baseUrl');
const MESSAGES: Record<string, typeof en> = { en, de, fr };
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

async function open(path: string, options: { javaScript?: boolean; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, javaScriptEnabled: options.javaScript ?? true });
  contexts.push(context);
  const page = await context.newPage();
  const response = await page.goto(baseUrl + path);
  expect(response?.status(), path).toBe(200);
  return page;
}

const countryIn = (code: string, lang: Lang) => countryByCode(code)?.names[lang] ?? anyCountryName(code, lang);

/** A labelled company (European HQ, owner outside Europe) offered as an alternative to a US company. */
function labelledAlternative(): { original: CompanyRow; labelled: CompanyRow } {
  for (const [id, links] of directory.alternativesOf) {
    const labelled = links.find((l) => l.company.control === 'european_hq_foreign_owner' && l.company.ownerName && l.company.ownerCountry);
    if (labelled && links.some((l) => l.company.control === 'european')) return { original: directory.companyById.get(id)!, labelled: labelled.company };
  }
  throw new Error('The seed has no labelled alternative next to a European-owned one');
}

describe('who owns it', () => {
  it('writes the headquarters city the way each language does (Munich, München, Munich; Vienna, Wien, Vienne)', async () => {
    for (const [city, names] of [
      ['Munich', { en: 'Munich', de: 'München', fr: 'Munich' }],
      ['Vienna', { en: 'Vienna', de: 'Wien', fr: 'Vienne' }],
    ] as const) {
      const c = directory.companies.find((x) => x.headquarters === city)!;
      expect(c, `a published company in ${city}`).toBeDefined();
      for (const lang of LANGS) {
        const page = await open(urlOf(lang, 'company', { slug: c.slug }));
        expect(await page.locator('[data-ownership-card] [data-headquarters]').textContent()).toBe(`${names[lang as keyof typeof names]}, ${countryIn(c.country, lang)}`);
      }
    }
  });

  for (const lang of LANGS) {
    it(`shows the owner chain, the owner's country and the label of a company with a non-European owner (${lang})`, async () => {
      const { labelled: c } = labelledAlternative();
      const page = await open(urlOf(lang, 'company', { slug: c.slug }));
      const card = page.locator('[data-ownership-card]');
      expect(await card.locator('h2').textContent()).toBe(MESSAGES[lang]['owner.title']);
      expect(await card.getAttribute('data-control')).toBe('european_hq_foreign_owner');
      const chain = (await card.locator('[data-owner-chain]').textContent())!;
      expect(chain).toContain(ownerNameIn(c, lang));
      expect(chain).toContain(countryIn(c.ownerCountry!, lang));
      expect(chain).toContain(countryIn(c.country, lang));
      expect(await card.locator('[data-owner-country]').textContent()).toContain(countryIn(c.ownerCountry!, lang));
      // Flags are our own SVG images named by their country (issue 17, item 1).
      expect(await card.locator('[data-owner-country] img.flag').getAttribute('alt')).toBe(countryIn(c.ownerCountry!, lang));
      // The label is visible text (not colour alone), next to the name and on the card.
      expect(await page.locator('header [data-foreign-owner]').textContent()).toContain(MESSAGES[lang]['label.foreign_owner']);
      expect(await page.locator('header [data-foreign-owner]').isVisible()).toBe(true);
      expect(await card.locator('[data-criteria-link]').getAttribute('href')).toBe(urlOf(lang, 'criteria'));
    });
  }

  it('names the owner in the page\'s language where the name has words to translate ("Samaras family" on English pages, "Familie Samaras" on German ones)', async () => {
    const c = directory.companies.find((x) => x.ownerName && x.translations?.de?.owner_name && x.translations?.fr?.owner_name);
    expect(c, 'the seed has a company whose owner name is translated').toBeDefined();
    for (const lang of LANGS) {
      const page = await open(urlOf(lang, 'company', { slug: c!.slug }));
      const chain = (await page.locator('[data-ownership-card] [data-owner-chain]').textContent())!;
      const expected = lang === 'en' ? c!.ownerName! : c!.translations![lang]!.owner_name!;
      expect(chain, lang).toContain(expected);
      if (lang !== 'en') expect(chain, lang).not.toContain(c!.ownerName!);
    }
  });

  it('says "not verified yet" for facts we do not hold, never a blank', async () => {
    const c = directory.companies.find((x) => !x.legalName && x.control !== 'non_european')!;
    const page = await open(urlOf('de', 'company', { slug: c.slug }));
    expect(await page.locator('[data-legal-name]').textContent()).toBe(de['common.not_verified']);
    for (const dd of await page.locator('[data-ownership-card] dd').allTextContents()) expect(dd.trim()).not.toBe('');
  });

  it('lists the alternatives European-owned first and labels the ones owned from outside Europe', async () => {
    const { original, labelled } = labelledAlternative();
    const page = await open(urlOf('fr', 'company', { slug: original.slug }));
    const controls = await page.locator('#alternatives ~ div [data-alternative]').evaluateAll((els) => els.map((e) => e.getAttribute('data-control')!));
    const rank = { european: 0, unverified: 1, european_hq_foreign_owner: 2, non_european: 3 } as Record<string, number>;
    expect(controls.map((c) => rank[c])).toEqual([...controls.map((c) => rank[c])].sort((a, b) => a - b));
    expect(controls[0]).toBe('european');
    const item = page.locator(`[data-alternative="${labelled.slug}"]`);
    expect(await item.locator('[data-foreign-owner]').textContent()).toContain(fr['label.foreign_owner']);
    expect(await page.locator('[data-alternative][data-control="european"] [data-foreign-owner]').count()).toBe(0);
  });

  it('lists the sources as plain links with what each supports and the date it was verified', async () => {
    const c = directory.companies.find((x) => (directory.sourcesByCompany.get(x.id)?.length ?? 0) >= 2)!;
    const page = await open(urlOf('en', 'company', { slug: c.slug }));
    expect(await page.locator('h2#sources').textContent()).toMatch(/^Sources — verified \d{1,2} \w+ \d{4}$/);
    const links = page.locator('[data-source] a');
    expect(await links.count()).toBe(directory.sourcesByCompany.get(c.id)!.length);
    for (const a of await links.all()) {
      expect(await a.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await a.getAttribute('rel')).toContain('noopener');
    }
    expect(await page.locator('[data-source]').first().textContent()).toMatch(/Supports: .+ · verified /);
    // Links only: no favicons or embeds from the sources' sites.
    expect(await page.locator('[data-sources] img, [data-sources] iframe').count()).toBe(0);
  });
});

describe('the label elsewhere', () => {
  it('shows the label in search suggestions', async () => {
    const { labelled } = labelledAlternative();
    const page = await open(urlOf('de', 'home'));
    await page.locator('astro-island:not([ssr]) #home-search').waitFor();
    await page.fill('#home-search', labelled.name);
    const option = page.locator('[data-search-option="company"]', { hasText: labelled.name }).first();
    await option.waitFor();
    expect(await option.locator('[data-foreign-owner]').textContent()).toBe(de['label.foreign_owner']);
  });

  it('filters the company browser to European-owned companies through the URL, and labels the others', async () => {
    const page = await open(`${urlOf('en', 'companies')}?search=${encodeURIComponent(labelledAlternative().labelled.name)}&page=1`);
    await companyBrowserReady(page);
    const card = page.locator('[data-company-browser] article', { has: page.locator('[data-foreign-owner]') }).first();
    expect(await card.locator('[data-foreign-owner]').textContent()).toContain(en['label.foreign_owner']);

    await page.goto(`${baseUrl}${urlOf('en', 'companies')}`);
    await companyBrowserReady(page);
    const countOf = async () => Number(/^([\d,]+)/.exec((await page.locator('[data-result-count]').textContent())!)![1].replace(/\D/g, ''));
    const all = await countOf();
    await page.getByRole('checkbox', { name: en['browser.european_owned'] }).check();
    await page.waitForURL(`${baseUrl}${urlOf('en', 'companies')}?owner=european&page=1`);
    const owned = directory.companies.filter((c) => c.control === 'european').length;
    await expect.poll(countOf).toBe(owned);
    expect(owned).toBeLessThan(all);
    expect(await page.locator('[data-company-browser] [data-foreign-owner]').count()).toBe(0);
    // The address alone restores the filter (a shared link, a reload).
    await page.reload();
    await companyBrowserReady(page);
    expect(await page.getByRole('checkbox', { name: en['browser.european_owned'] }).isChecked()).toBe(true);
    expect(await countOf()).toBe(owned);
    await page.getByRole('checkbox', { name: en['browser.european_owned'] }).uncheck();
    await page.waitForURL(`${baseUrl}${urlOf('en', 'companies')}`);
    await expect.poll(countOf).toBe(all);
  });
});

describe('criteria page', () => {
  for (const lang of LANGS) {
    it(`explains the rules and the score, and registers the brands owned from outside Europe (${lang})`, async () => {
      const page = await open(urlOf(lang, 'criteria'));
      expect(await page.locator('h1').textContent()).toBe(MESSAGES[lang]['criteria.title']);
      // Reachable from the footer of every page.
      expect(await page.locator(`footer nav[aria-label="${MESSAGES[lang]['nav.footer']}"] a[href="${urlOf(lang, 'criteria')}"]`).count()).toBe(1);
      // The rules in the order controlClass() applies them.
      expect(await page.locator('[data-control-rules] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-rule')))).toEqual([
        'non_european',
        'unverified',
        'european_hq_foreign_owner',
        'european',
      ]);
      // The rubric of the score module, criterion by criterion with its maximum.
      expect(await page.locator('[data-rubric]').evaluateAll((els) => els.map((e) => e.getAttribute('data-rubric')))).toEqual(CRITERIA);
      for (const c of CRITERIA) expect(await page.locator(`[data-rubric="${c}"] th`).textContent()).toContain(String(SCORE_MAX[c]));
      // The register: exactly the labelled companies of the data, each with its ownership source.
      const labelled = directory.companies.filter((c) => c.control === 'european_hq_foreign_owner');
      expect(labelled.length).toBeGreaterThan(0);
      const slugs = await page.locator('[data-register-company]').evaluateAll((els) => els.map((e) => e.getAttribute('data-register-company')));
      expect(slugs.sort()).toEqual(labelled.map((c) => c.slug).sort());
      const first = page.locator(`[data-register-company="${labelled[0].slug}"]`);
      expect(await first.textContent()).toContain(ownerNameIn(labelled[0], lang) ?? '');
      const source = directory.sourcesByCompany.get(labelled[0].id)!.find((s) => s.facts.includes('ownership'));
      if (source) expect(await first.locator('[data-register-source]').getAttribute('href')).toBe(source.url);
    });
  }
});

describe('/fines', () => {
  const amounts = (page: Page) => page.locator('[data-fine-row]:visible').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-amount'))));
  const dates = (page: Page) => page.locator('[data-fine-row]:visible').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-date')!));
  const allFines = () => [...directory.finesByCompany.values()].flat();

  it('lists every fine as a table sorted by decision date, without JavaScript', async () => {
    const page = await open(urlOf('en', 'fines'), { javaScript: false });
    expect(await page.locator('h1').textContent()).toBe(en['fines.title']);
    expect(await page.locator('[data-fine-row]').count()).toBe(allFines().length);
    const d = await dates(page);
    expect(d).toEqual([...d].sort().reverse());
    // The filters need JavaScript, so they stay hidden rather than broken.
    expect(await page.locator('[data-fines-form]').isVisible()).toBe(false);
    for (const href of await page.locator('[data-fine-row] a[rel~="external"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')!))) {
      expect(href).toMatch(/^https:\/\//);
    }
  });

  it('sorts by amount and company, filters by status and body, and keeps the view in the URL (de)', async () => {
    const page = await open(urlOf('de', 'fines'));
    await page.locator('[data-fines-form]:visible').waitFor();
    await page.selectOption('select[name="sort"]', 'amount');
    await expect.poll(() => new URL(page.url()).search).toBe('?sort=amount');
    const a = await amounts(page);
    expect(a).toEqual([...a].sort((x, y) => y - x));
    expect(await page.locator('th[data-sort-key="amount"]').getAttribute('aria-sort')).toBe('descending');

    await page.selectOption('select[name="status"]', 'annulled');
    const annulled = allFines().filter((f) => f.status === 'annulled');
    await expect.poll(() => page.locator('[data-fine-row]:visible').count()).toBe(annulled.length);
    for (const s of await page.locator('[data-fine-row]:visible [data-fine-status]').allTextContents()) expect(s.trim()).toBe(de['fine.status.annulled']);
    expect(await page.locator('[data-fines-shown]').textContent()).toBe(`${annulled.length} von ${allFines().length} Geldbußen angezeigt`);

    await page.selectOption('select[name="status"]', '');
    await page.selectOption('select[name="body"]', 'European Commission');
    const commission = allFines().filter((f) => f.body === 'European Commission');
    await expect.poll(() => page.locator('[data-fine-row]:visible').count()).toBe(commission.length);
    await page.selectOption('select[name="sort"]', 'company');
    const names = await page.locator('[data-fine-row]:visible').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-company')!));
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'de')));

    // A shared address shows the same view.
    const shared = page.url();
    expect(new URL(shared).searchParams.get('body')).toBe('European Commission');
    const again = await open(new URL(shared).pathname + new URL(shared).search);
    await again.locator('[data-fines-form]:visible').waitFor();
    await expect.poll(() => again.locator('[data-fine-row]:visible').count()).toBe(commission.length);
    expect(await again.locator('select[name="sort"]').inputValue()).toBe('company');
  });

  it('totals per company count only fines not annulled, at their current amount (fr)', async () => {
    const page = await open(urlOf('fr', 'fines'));
    const [id, fines] = [...directory.finesByCompany.entries()].find(([, list]) => list.some((f) => f.status === 'annulled') && list.some((f) => f.status !== 'annulled'))!;
    const company = directory.companyById.get(id)!;
    const expected = fines.reduce((s, f) => s + countedAmount(f), 0);
    expect(expected).toBeLessThan(fines.reduce((s, f) => s + f.amount, 0));
    expect(await page.locator(`[data-total-company="${company.slug}"] [data-total]`).textContent()).toBe(formatMoney(expected, 'fr'));
    expect(await page.locator(`footer nav[aria-label="${fr['nav.footer']}"] a[href="${urlOf('fr', 'fines')}"]`).count()).toBe(1);
  });
});
