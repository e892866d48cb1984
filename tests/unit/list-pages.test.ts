// Pages 2..n of category, subcategory and country lists: addresses from the route table (a localized
// "page" segment before the number) and their inverse; which cards a page shows.
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/lib/i18n-langs.ts';
import { matchPath, url, urlOf } from '../../src/lib/routes.ts';
import { listPage, listPageCount, type PageEntry } from '../../src/lib/paths.ts';
import { LIST_PAGE_SIZE } from '../../src/lib/constants.ts';

describe('list page addresses', () => {
  it('put the localized page segment before the number, and matchPath reads them back', () => {
    const category = { en: 'food-beverage', de: 'lebensmittel-getraenke', fr: 'alimentation' };
    expect(url('en', 'categoryPage', { category, n: '2' })).toBe('/categories/food-beverage/page/2');
    expect(url('de', 'categoryPage', { category, n: '3' })).toBe('/de/kategorien/lebensmittel-getraenke/seite/3');
    expect(url('fr', 'subcategoryPage', { category, subcategory: 'x', n: '2' })).toBe('/fr/categories/alimentation/x/page/2');
    for (const lang of LANGS) {
      for (const [page, params] of [
        ['categoryPage', { category: 'a', n: '2' }],
        ['subcategoryPage', { category: 'a', subcategory: 'b', n: '4' }],
        ['countryPage', { slug: 'germany', n: '3' }],
      ] as const) {
        expect(matchPath(urlOf(lang, page, params))).toEqual({ lang, page, params });
      }
    }
    // The unpaged pages keep their shapes.
    expect(matchPath('/categories/a/b')).toMatchObject({ page: 'subcategory' });
    expect(matchPath('/countries/germany')).toMatchObject({ page: 'country' });
  });

  it('at most 60 cards a page; the first page has no /page/1', () => {
    expect(LIST_PAGE_SIZE).toBeLessThanOrEqual(60);
    expect([0, 1, 60, 61, 121].map(listPageCount)).toEqual([1, 1, 1, 2, 3]);
    const items = Array.from({ length: 130 }, (_, i) => i);
    const entry = (n?: number): PageEntry => ({
      lang: 'de',
      page: n ? 'countryPage' : 'country',
      params: n ? { slug: 'germany', n: String(n) } : { slug: 'germany' },
      urlParams: n ? { slug: { en: 'germany', de: 'deutschland', fr: 'allemagne' }, n: String(n) } : { slug: { en: 'germany', de: 'deutschland', fr: 'allemagne' } },
      path: '',
    });
    const first = listPage(entry(), 'country', items);
    expect(first).toMatchObject({ page: 1, total: 3 });
    expect(first.items).toEqual(items.slice(0, 60));
    expect(first.href(1)).toBe('/de/laender/deutschland');
    expect(first.href(2)).toBe('/de/laender/deutschland/seite/2');
    const last = listPage(entry(3), 'country', items);
    expect(last.items).toEqual(items.slice(120));
    expect(last.href(1)).toBe('/de/laender/deutschland');
  });
});
