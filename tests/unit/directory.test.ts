// What the build reads (src/lib/data.ts) and the static paths it makes of it (src/lib/paths.ts), over a
// small catalogue imported into a throw-away database: drafts and everything hanging on them are left
// out, the indexes and orders the pages rely on, and one page per page id, company, category,
// subcategory and country in every language, each path the route table's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCategories, importCertificates, importCompanies, importCountries } from '../../src/api/import-export/import.ts';
import type { Directory } from '../../src/lib/data.ts';
import { LANGS } from '../../src/lib/i18n-langs.ts';
import type { PageEntry } from '../../src/lib/paths.ts';
import { PAGES, matchPath, type PageId } from '../../src/lib/routes.ts';
import { COMPANY_PAGE_SIZE } from '../../src/lib/constants.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

const verified = '2026-01-15';
const source = (url: string, facts: string[]) => ({ url, title: url, facts, verified_at: verified });

const CATEGORIES = [
  {
    name: 'Cloud & Hosting',
    slug: 'cloud-hosting',
    image_url: '/images/categories/cloud-hosting.svg',
    translations: { de: { name: 'Cloud & Hosting', slug: 'cloud-und-hosting' }, fr: { name: 'Cloud et hébergement', slug: 'cloud-hebergement' } },
    subcategories: [
      { name: 'Cloud Platforms', slug: 'cloud-platforms', translations: { de: { name: 'Cloud-Plattformen', slug: 'cloud-plattformen' } } },
      { name: 'Web Hosting', slug: 'web-hosting' },
    ],
  },
  { name: 'Beauty', slug: 'beauty', image_url: '/images/categories/beauty.svg', subcategories: [{ name: 'Skincare', slug: 'skincare' }] },
];
const CERTIFICATES = [{ name: 'ISO 27001', description: 'Information security management.', icon_type: 'blue' }];

function company(slug: string, name: string, country: string, more: Record<string, unknown> = {}) {
  return {
    name,
    slug,
    country,
    website_url: `https://${slug}.example`,
    category: 'Cloud & Hosting',
    subcategories: ['Cloud Platforms'],
    description: `${name} in English.`,
    owner_kind: 'founders',
    status: 'published',
    sources: [source(`https://${slug}.example/imprint`, ['headquarters', 'ownership'])],
    alternatives: [],
    ...more,
  };
}

// Fourteen European companies, so the default list has a second page (COMPANY_PAGE_SIZE 12).
const EUROPEANS = Array.from({ length: 12 }, (_, i) => company(`filler-${i + 10}`, `Filler ${i + 10}`, 'AT', { subcategories: ['Web Hosting'] }));
const COMPANIES = [
  company('hetzner', 'Hetzner', 'DE', {
    founded_year: 1997,
    certifications: [{ name: 'ISO 27001', status: 'Verified', valid_from: '2020-01-01', valid_until: null, link: null }],
  }),
  company('ovh', 'OVHcloud', 'FR', { owner_kind: 'listed' }),
  company('hidden', 'Hidden Draft', 'DE', { status: 'draft' }),
  ...EUROPEANS,
  company('aws', 'Amazon Web Services', 'US', {
    owner_kind: 'listed',
    alternatives: [{ slug: 'ovh' }, { slug: 'hetzner' }, { slug: 'hidden' }],
    eu_fines: [
      { body: 'European Commission', kind: 'antitrust', amount: 1000, current_amount: 1000, status: 'in_force', currency: 'EUR', date: '2019-05-01', description: 'Older fine.', announcement_url: 'https://ec.example/1', status_url: 'https://ec.example/1', verified_at: verified },
      { body: 'European Commission', kind: 'dma', amount: 5000, current_amount: 5000, status: 'under_appeal', currency: 'EUR', date: '2024-03-01', description: 'Newer fine.', announcement_url: 'https://ec.example/2', status_url: 'https://ec.example/2', verified_at: verified },
    ],
  }),
  company('glossier', 'Glossier', 'US', { category: 'Beauty', subcategories: ['Skincare'], status: 'draft' }),
];

let temp: TempDb;
let d: Directory;
let pages: PageEntry[];
let data: typeof import('../../src/lib/data.ts');
let paths: typeof import('../../src/lib/paths.ts');
const savedUrl = process.env.LIBSQL_URL;

beforeAll(async () => {
  temp = await tempDb();
  await temp.db.transaction(async (tx) => {
    await importCategories(tx, CATEGORIES);
    await importCertificates(tx, CERTIFICATES);
    // Switzerland as an EU member, stored: the stored value wins over the default list.
    await importCountries(tx, [{ code: 'CH', corporate_tax_rate: 12, population: 8_700_000, is_eu_member: true, joined_date: '2020-01-01' }]);
    await importCompanies(tx, COMPANIES);
  });
  // data.ts reads LIBSQL_URL on first use: point it at this database before loading the modules.
  process.env.LIBSQL_URL = temp.url;
  data = await import('../../src/lib/data.ts');
  paths = await import('../../src/lib/paths.ts');
  d = await data.loadDirectoryFrom(temp.db);
  pages = await paths.allPages();
});

afterAll(() => {
  if (savedUrl === undefined) delete process.env.LIBSQL_URL;
  else process.env.LIBSQL_URL = savedUrl;
  temp?.cleanup();
});

const id = (slug: string) => d.companyBySlug.get(slug)!.id;

describe('loadDirectoryFrom()', () => {
  it('keeps published companies only, sorted by name, with both indexes', () => {
    expect(d.companies.map((c) => c.slug)).not.toContain('hidden');
    expect(d.companies.map((c) => c.slug)).not.toContain('glossier');
    expect(d.companies).toHaveLength(COMPANIES.length - 2);
    const names = d.companies.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const c of d.companies) {
      expect(d.companyById.get(c.id)).toBe(c);
      expect(d.companyBySlug.get(c.slug)).toBe(c);
    }
  });

  it('derives the control class of each company', () => {
    expect(d.companyBySlug.get('hetzner')!.control).toBe('european');
    expect(d.companyBySlug.get('aws')!.control).toBe('non_european');
  });

  it('drops links to drafts and orders alternatives European-owned first, then by score', () => {
    const alternatives = d.alternativesOf.get(id('aws'))!.map((a) => a.company.slug);
    expect(alternatives.sort()).toEqual(['hetzner', 'ovh']);
    const ordered = d.alternativesOf.get(id('aws'))!;
    for (let i = 1; i < ordered.length; i++) expect(ordered[i - 1].score).toBeGreaterThanOrEqual(ordered[i].score);
    expect(d.alternativeTo.get(id('hetzner'))!.map((a) => a.company.slug)).toEqual(['aws']);
    expect(d.alternativeTo.get(id('ovh'))!.map((a) => a.company.slug)).toEqual(['aws']);
  });

  it('lists fines newest first, sources and certifications per company, a score for each', () => {
    expect(d.finesByCompany.get(id('aws'))!.map((f) => f.date)).toEqual(['2024-03-01', '2019-05-01']);
    expect(d.sourcesByCompany.get(id('hetzner'))!.map((s) => s.url)).toEqual(['https://hetzner.example/imprint']);
    expect(d.certificationsByCompany.get(id('hetzner'))!.map((c) => c.certification.name)).toEqual(['ISO 27001']);
    for (const c of d.companies) expect(d.scoreByCompany.get(c.id)!.total).toBeGreaterThanOrEqual(0);
    // A verified certification earns points.
    const certs = d.scoreByCompany.get(id('hetzner'))!.criteria.find((c) => c.criterion === 'certifications')!;
    expect(certs.points).toBeGreaterThan(0);
  });

  it('groups subcategories under their category and companies under their subcategories', () => {
    const cloud = d.categoryBySlug.get('cloud-hosting')!;
    expect(cloud.subcategories.map((s) => s.slug)).toEqual(['cloud-platforms', 'web-hosting']);
    expect(d.categoryById.get(cloud.id)).toBe(cloud);
    const platforms = d.subcategoryBySlug.get('cloud-platforms')!;
    expect(d.companyIdsBySubcategory.get(platforms.id)!.map((i) => d.companyById.get(i)!.slug).sort()).toEqual(['aws', 'hetzner', 'ovh']);
    expect(d.subcategoryIdsByCompany.get(id('hetzner'))).toEqual([platforms.id]);
  });

  it('takes EU membership from the stored value where there is one, else the default list', () => {
    expect(d.euMembers.has('DE')).toBe(true);
    expect(d.euMembers.has('CH')).toBe(true);
    expect(d.euMembers.has('NO')).toBe(false);
  });

  it('can include one draft company (the preview)', async () => {
    const preview = await data.loadDirectoryFrom(temp.db, { includeDraft: 'hidden' });
    expect(preview.companyBySlug.has('hidden')).toBe(true);
    expect(preview.companyBySlug.has('glossier')).toBe(false);
  });
});

describe('allPages()', () => {
  const ofPage = (page: PageId) => pages.filter((p) => p.page === page);

  it('has every page without parameters in every language', () => {
    for (const page of Object.keys(PAGES) as PageId[]) {
      if (PAGES[page].params.length) continue;
      expect(ofPage(page).map((p) => p.lang).sort(), page).toEqual([...LANGS].sort());
    }
  });

  it('has a page per published company, category, subcategory and list page, in every language', () => {
    const companySlugs = [...new Set(ofPage('company').map((p) => p.params.slug))].sort();
    expect(companySlugs).toEqual(d.companies.map((c) => c.slug).sort());
    expect(ofPage('company')).toHaveLength(d.companies.length * LANGS.length);
    expect(new Set(ofPage('category').map((p) => p.params.category))).toEqual(new Set(['cloud-hosting', 'beauty']));
    expect(ofPage('subcategory').filter((p) => p.lang === 'en').map((p) => `${p.params.category}/${p.params.subcategory}`).sort()).toEqual([
      'beauty/skincare',
      'cloud-hosting/cloud-platforms',
      'cloud-hosting/web-hosting',
    ]);
    const european = d.companies.filter((c) => c.country !== 'US').length;
    expect(ofPage('companiesPage').filter((p) => p.lang === 'en').map((p) => p.params.n)).toEqual(
      Array.from({ length: Math.ceil(european / COMPANY_PAGE_SIZE) - 1 }, (_, i) => String(i + 2)),
    );
  });

  it('gives country pages to countries with published companies only, never the United States', async () => {
    const countries = new Set(ofPage('country').map((p) => p.params.slug));
    expect(countries).toEqual(new Set(['austria', 'germany', 'france']));
    expect([...(await paths.countriesWithPages())].sort()).toEqual(['AT', 'DE', 'FR']);
    expect(await paths.countryPageParams('US')).toBeUndefined();
    expect(await paths.countryPageParams('de')).toEqual({ slug: { en: 'germany', de: 'deutschland', fr: 'allemagne' } });
  });

  it('uses the localized slugs of categories and countries, English where there is none', () => {
    const path = (lang: string, page: PageId, key: string, value: string) => pages.find((p) => p.lang === lang && p.page === page && p.params[key] === value)!.path;
    expect(path('de', 'category', 'category', 'cloud-hosting')).toBe('/de/kategorien/cloud-und-hosting');
    expect(path('fr', 'category', 'category', 'cloud-hosting')).toBe('/fr/categories/cloud-hebergement');
    expect(pages.find((p) => p.lang === 'de' && p.page === 'subcategory' && p.params.subcategory === 'web-hosting')!.path).toBe('/de/kategorien/cloud-und-hosting/web-hosting');
    expect(path('de', 'country', 'slug', 'germany')).toBe('/de/laender/deutschland');
    expect(paths.categorySlugs({ slug: 'beauty', translations: {} })).toEqual(Object.fromEntries(LANGS.map((l) => [l, 'beauty'])));
  });

  it('every path is unique and is the route table’s own: matchPath() reads back its page and language', () => {
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    for (const entry of pages) {
      const match = matchPath(entry.path);
      expect(match, entry.path).toMatchObject({ lang: entry.lang, page: entry.page });
      const alternates = paths.alternates(entry);
      expect(Object.keys(alternates).sort()).toEqual([...LANGS].sort());
      expect(alternates[entry.lang]).toBe(entry.path);
    }
  });

  it('knows where a localized category or country page used to live (for _redirects)', async () => {
    const moves = await paths.localizedSlugMoves();
    expect(moves).toContainEqual({ from: '/de/kategorien/cloud-hosting', to: '/de/kategorien/cloud-und-hosting' });
    expect(moves).toContainEqual({ from: '/de/laender/germany', to: '/de/laender/deutschland' });
    expect(moves.some((m) => m.from.startsWith('/companies') || m.from === m.to)).toBe(false);
  });
});
