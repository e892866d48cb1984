// Decision facts of products: how each reads on a page (unknown is never "no"), and the feature
// bits the company browser filters on.
import { describe, expect, it } from 'vitest';
import { booleanCell, dataLocationCell, factCells, formatEuro, languageNames, languagesCell, licenceCell, platformsCell, pricingCell } from '../../src/lib/product-facts.ts';
import { FEATURES, bitsOf, companyFeatureBits, featuresOf, productFeatureBits } from '../../src/lib/product-features.ts';

const unknownProduct = { pricing: null, priceFromEur: null, licence: null, selfHostable: null, platforms: null, e2ee: null, dataLocation: null, interfaceLanguages: null };

describe('fact cells', () => {
  it('shows every unknown fact as not verified, never as no', () => {
    for (const lang of ['en', 'de', 'fr'] as const) {
      const cells = factCells(unknownProduct, null, lang);
      for (const cell of Object.values(cells)) expect(cell.state).toBe('unknown');
    }
    expect(factCells(unknownProduct, null, 'en').e2ee.text).toBe('Not verified');
    expect(factCells(unknownProduct, null, 'de').e2ee.text).toBe('Nicht geprüft');
    expect(factCells(unknownProduct, null, 'fr').e2ee.text).toBe('Non vérifié');
    // "unknown" stored as a hosting region is not verified either
    expect(dataLocationCell({ dataLocation: 'unknown' }, 'en').state).toBe('unknown');
    expect(platformsCell({ platforms: [] }, 'en').state).toBe('unknown');
  });

  it('tells a verified no from a verified yes', () => {
    expect(booleanCell(false, 'en')).toEqual({ state: 'no', text: 'No' });
    expect(booleanCell(true, 'fr')).toEqual({ state: 'yes', text: 'Oui' });
    // '' is a verified "not open source"
    expect(licenceCell({ licence: '' }, 'en')).toEqual({ state: 'no', text: 'No' });
    expect(licenceCell({ licence: 'GPL-3.0-only' }, 'de')).toEqual({ state: 'yes', text: 'Ja', detail: 'GPL-3.0-only' });
  });

  it('formats the cheapest plan in euros per language', () => {
    expect(formatEuro(3.99, 'en')).toBe('€3.99');
    expect(formatEuro(3.99, 'de')).toBe('3,99\u00a0€');
    expect(formatEuro(3, 'fr')).toMatch(/^3\s€$/);
    expect(pricingCell({ pricing: 'freemium', priceFromEur: 3.99 }, 'en')).toEqual({ state: 'value', text: 'Free plan', detail: 'paid plans from €3.99/month' });
    expect(pricingCell({ pricing: 'paid', priceFromEur: 2.5 }, 'de')).toEqual({ state: 'value', text: 'Kostenpflichtig', detail: 'ab 2,50\u00a0€/Monat' });
    expect(pricingCell({ pricing: 'free', priceFromEur: null }, 'fr')).toEqual({ state: 'value', text: 'Gratuit' });
    expect(pricingCell({ pricing: null, priceFromEur: 5 }, 'en')).toEqual({ state: 'value', text: 'from €5/month' });
  });

  it('lists platforms in a fixed order and language names in the page language, its own first', () => {
    expect(platformsCell({ platforms: ['linux', 'ios', 'web'] }, 'en').text).toBe('Web, iOS, Linux');
    expect(languageNames(['fr', 'de', 'en'], 'de')).toEqual(['Deutsch', 'Englisch', 'Französisch']);
    expect(languagesCell({ interfaceLanguages: ['en', 'de'] }, 'en').text).toBe('English and German');
    // French writes language names in lower case: only the cell starts with a capital
    expect(languageNames(['de', 'fr'], 'fr')).toEqual(['français', 'allemand']);
    expect(languagesCell({ interfaceLanguages: ['de', 'en'] }, 'fr').text).toBe('Allemand et anglais');
    expect(languagesCell({ interfaceLanguages: ['en', 'de', 'fr', 'es', 'it', 'nl'] }, 'en').text).toBe('English, Dutch, French and 3 more');
  });
});

describe('feature bits', () => {
  it('counts only verified facts', () => {
    expect(productFeatureBits({ pricing: null, licence: null, selfHostable: null, e2ee: null, dataLocation: null })).toBe(0);
    expect(productFeatureBits({ pricing: 'paid', licence: '', selfHostable: false, e2ee: false, dataLocation: 'ch_uk' })).toBe(0);
    const all = productFeatureBits({ pricing: 'freemium', licence: 'MIT', selfHostable: true, e2ee: true, dataLocation: 'eu' });
    expect(featuresOf(all)).toEqual([...FEATURES]);
    expect(bitsOf(['open-source', 'e2ee'])).toBe(productFeatureBits({ pricing: 'paid', licence: 'MIT', selfHostable: null, e2ee: true, dataLocation: null }));
  });

  it('gives a company every feature one of its products offers', () => {
    const bits = companyFeatureBits([
      { pricing: 'free', licence: null, selfHostable: null, e2ee: null, dataLocation: null },
      { pricing: 'paid', licence: null, selfHostable: null, e2ee: true, dataLocation: 'eu' },
    ]);
    expect(featuresOf(bits)).toEqual(['free-plan', 'eu-data', 'e2ee']);
  });
});

describe('feature labels', () => {
  it('has a UI string for every feature in every language', async () => {
    const { MESSAGES } = await import('../../src/lib/i18n.ts');
    const { featureLabelKey } = await import('../../src/lib/product-features.ts');
    for (const lang of ['en', 'de', 'fr'] as const) {
      for (const f of FEATURES) expect(MESSAGES[lang][featureLabelKey(f) as keyof (typeof MESSAGES)['en']], `${lang} ${f}`).toBeTruthy();
    }
  });
});
