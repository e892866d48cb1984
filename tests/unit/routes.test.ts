// The route table, the URL helper and its inverse, and the redirect rules generated from them.
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/lib/i18n-langs.ts';
import {
  PAGES,
  SECTIONS,
  TOP_SECTIONS,
  alternatesOf,
  langOfPath,
  matchPath,
  sectionOfSegment,
  url,
  urlOf,
  type PageId,
} from '../../src/lib/routes.ts';
import { REDIRECT_LIMITS, formatRedirects, isDynamic, redirectRules, type RedirectRule } from '../../src/lib/redirect-rules.ts';
import { matchRedirect, parseRedirects } from '../../src/server/redirects.ts';

/** Example parameters for every page id, so each shape is exercised. */
const EXAMPLE_PARAMS: Record<string, string> = { slug: 'spotify', category: 'entertainment', subcategory: 'music-streaming', n: '2' };
const paramsOf = (page: PageId) => Object.fromEntries((PAGES[page].params as readonly string[]).map((p) => [p, EXAMPLE_PARAMS[p] ?? 'x']));

describe('url()', () => {
  it('builds the localized paths (docs/i18n.md, "URLs")', () => {
    expect(url('en', 'home')).toBe('/');
    expect(url('de', 'home')).toBe('/de');
    expect(url('fr', 'home')).toBe('/fr');
    expect(url('en', 'companies')).toBe('/companies');
    expect(url('de', 'company', { slug: 'spotify' })).toBe('/de/unternehmen/spotify');
    expect(url('fr', 'company', { slug: 'spotify' })).toBe('/fr/entreprises/spotify');
    expect(url('de', 'subcategory', { category: 'a', subcategory: 'b' })).toBe('/de/kategorien/a/b');
    expect(url('fr', 'category', { category: 'a' })).toBe('/fr/categories/a');
    expect(url('de', 'countries')).toBe('/de/laender');
    expect(url('fr', 'country', { slug: 'france' })).toBe('/fr/pays/france');
    expect(url('de', 'privacy')).toBe('/de/datenschutz');
    expect(url('de', 'terms')).toBe('/de/nutzungsbedingungen');
    expect(url('de', 'imprint')).toBe('/de/impressum');
    expect(url('fr', 'privacy')).toBe('/fr/confidentialite');
    expect(url('fr', 'terms')).toBe('/fr/conditions');
    expect(url('fr', 'imprint')).toBe('/fr/mentions-legales');
    expect(url('de', 'mission')).toBe('/de/mission');
    expect(url('fr', 'mission')).toBe('/fr/mission');
  });

  it('encodes parameters', () => {
    expect(url('en', 'company', { slug: 'a b/c' })).toBe('/companies/a%20b%2Fc');
  });

  it('takes a slug per language where the data localizes it', () => {
    const category = { en: 'food-beverage', de: 'lebensmittel-getraenke', fr: 'alimentation-boissons' };
    expect(url('de', 'subcategory', { category, subcategory: 'coffee' })).toBe('/de/kategorien/lebensmittel-getraenke/coffee');
    expect(alternatesOf('category', { category })).toEqual({
      en: '/categories/food-beverage',
      de: '/de/kategorien/lebensmittel-getraenke',
      fr: '/fr/categories/alimentation-boissons',
    });
  });

  it('urlOf() agrees with url()', () => {
    for (const lang of LANGS) expect(urlOf(lang, 'company', { slug: 'x' })).toBe(url(lang, 'company', { slug: 'x' }));
  });
});

describe('matchPath()', () => {
  it('is the inverse of url() for every page of every language', () => {
    for (const lang of LANGS) {
      for (const page of Object.keys(PAGES) as PageId[]) {
        const params = paramsOf(page);
        expect(matchPath(urlOf(lang, page, params)), `${lang} ${page}`).toEqual({ lang, page, params });
      }
    }
  });

  it('is the inverse of url() with a slug per language too, and alternatesOf() round-trips in every language', () => {
    const localized = (name: string) => Object.fromEntries(LANGS.map((l) => [l, `${EXAMPLE_PARAMS[name] ?? 'x'}-${l}`]));
    for (const page of Object.keys(PAGES) as PageId[]) {
      const names = PAGES[page].params as readonly string[];
      const params = Object.fromEntries(names.map((n) => [n, localized(n)]));
      const alternates = alternatesOf(page, params);
      expect(Object.keys(alternates).sort(), page).toEqual([...LANGS].sort());
      for (const lang of LANGS) {
        const expected = Object.fromEntries(names.map((n) => [n, `${EXAMPLE_PARAMS[n] ?? 'x'}-${lang}`]));
        expect(matchPath(alternates[lang]), `${lang} ${page}`).toEqual({ lang, page, params: expected });
      }
    }
  });

  it('reads the build file names and trailing slashes', () => {
    expect(matchPath('/de/unternehmen.html')).toEqual({ lang: 'de', page: 'companies', params: {} });
    expect(matchPath('/index.html')).toEqual({ lang: 'en', page: 'home', params: {} });
    expect(matchPath('/fr/pays/france/')).toEqual({ lang: 'fr', page: 'country', params: { slug: 'france' } });
    expect(matchPath('/companies/a%20b')).toEqual({ lang: 'en', page: 'company', params: { slug: 'a b' } });
  });

  it('rejects paths that the table does not describe', () => {
    expect(matchPath('/en/companies')).toBeUndefined(); // English has no prefix
    expect(matchPath('/de/companies')).toBeUndefined(); // English word under /de
    expect(matchPath('/unknown')).toBeUndefined();
    expect(matchPath('/companies/a/b')).toBeUndefined();
  });
});

describe('the route table', () => {
  it('has a segment for every language in every section, without clashes inside a language', () => {
    for (const lang of LANGS) {
      const segments = TOP_SECTIONS.map((s) => SECTIONS[s][lang]);
      expect(new Set(segments).size, lang).toBe(segments.length);
      for (const seg of segments) expect(seg).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it('alternatesOf() gives the same page in each language', () => {
    expect(alternatesOf('company', { slug: 'spotify' })).toEqual({
      en: '/companies/spotify',
      de: '/de/unternehmen/spotify',
      fr: '/fr/entreprises/spotify',
    });
  });

  it('langOfPath() and sectionOfSegment() still work', () => {
    expect(langOfPath('/de/unternehmen/x')).toBe('de');
    expect(langOfPath('/fr')).toBe('fr');
    expect(langOfPath('/en/x')).toBe('en');
    expect(langOfPath('/companies')).toBe('en');
    expect(sectionOfSegment('laender')).toEqual({ section: 'countries', lang: 'de' });
  });
});

describe('redirect rules', () => {
  const rules = redirectRules();
  // Run them through the same parser the local server uses, so the file means what we test.
  const parsed = parseRedirects(formatRedirects(rules));
  const follow = (path: string) => matchRedirect(parsed, path);

  it('sends section words of another language to this language', () => {
    expect(follow('/de/companies/spotify')).toEqual({ to: '/de/unternehmen/spotify', status: 301 });
    expect(follow('/de/entreprises')).toEqual({ to: '/de/unternehmen', status: 301 });
    expect(follow('/fr/kategorien/mobility/e-bikes')).toEqual({ to: '/fr/categories/mobility/e-bikes', status: 301 });
    expect(follow('/fr/laender/germany')).toEqual({ to: '/fr/pays/germany', status: 301 });
    expect(follow('/unternehmen/spotify')).toEqual({ to: '/companies/spotify', status: 301 });
    expect(follow('/de/privacy')).toEqual({ to: '/de/datenschutz', status: 301 });
    expect(follow('/fr/impressum')).toEqual({ to: '/fr/mentions-legales', status: 301 });
    expect(follow('/de/unternehmen/page/3')).toEqual({ to: '/de/unternehmen/seite/3', status: 301 });
  });

  it('leaves paths already in their own language alone', () => {
    for (const lang of LANGS) {
      for (const page of Object.keys(PAGES) as PageId[]) {
        if (page === 'country') continue; // the US slugs are covered below
        const path = urlOf(lang, page, paramsOf(page));
        expect(follow(path), path).toBeUndefined();
      }
    }
    expect(follow('/fr/categories/beauty')).toBeUndefined(); // French and English share this word
  });

  it('drops the /en prefix', () => {
    expect(follow('/en')).toEqual({ to: '/', status: 301 });
    expect(follow('/en/companies/spotify')).toEqual({ to: '/companies/spotify', status: 301 });
    expect(follow('/en/404')).toEqual({ to: '/404', status: 301 });
  });

  it('sends the United States country page to the home page of its language', () => {
    for (const slug of ['united-states', 'us', 'usa']) {
      expect(follow(`/countries/${slug}`)).toEqual({ to: '/', status: 302 });
      expect(follow(`/de/laender/${slug}`)).toEqual({ to: '/de', status: 302 });
      expect(follow(`/fr/pays/${slug}`)).toEqual({ to: '/fr', status: 302 });
    }
    expect(follow('/countries/germany')).toBeUndefined();
  });

  it('serves every /admin path from the admin app and redirects none of them', () => {
    for (const path of ['/admin', '/admin/companies', '/admin/companies/12', '/admin/de/companies']) {
      expect(follow(path), path).toEqual({ to: '/admin/index.html', status: 200 });
    }
    const adminRules = rules.filter((r: RedirectRule) => r.from.startsWith('/admin'));
    expect(adminRules.every((r) => r.status === 200)).toBe(true);
    expect(redirectRules({ adminEntry: '/admin' }).find((r) => r.from === '/admin/*')?.to).toBe('/admin');
  });

  it('never points a rule at a path that redirects again in a loop', () => {
    for (const rule of rules) {
      if (rule.status === 200 || isDynamic(rule)) continue;
      const next = follow(rule.to);
      expect(next === undefined || next.to !== rule.from, `${rule.from} -> ${rule.to}`).toBe(true);
    }
  });

  it('stays within the CDN limits and lists each source once', () => {
    const dynamic = rules.filter(isDynamic).length;
    expect(dynamic).toBeLessThanOrEqual(REDIRECT_LIMITS.dynamic);
    expect(rules.length - dynamic).toBeLessThanOrEqual(REDIRECT_LIMITS.static);
    expect(new Set(rules.map((r) => r.from)).size).toBe(rules.length);
  });
});
