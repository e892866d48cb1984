import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../src/lib/format.ts';
import { paginationSlots } from '../../src/lib/pagination.ts';

describe('formatMoney', () => {
  it('shows billions and millions with one decimal in euros, per language', () => {
    expect(formatMoney(4_340_000_000, 'en')).toBe('€4.3 billion');
    expect(formatMoney(4_340_000_000, 'de')).toBe('4,3 Mrd. €');
    expect(formatMoney(4_340_000_000, 'fr')).toBe('4,3 Md €');
    expect(formatMoney(797_720_000, 'en')).toBe('€797.7 million');
    expect(formatMoney(1_000_000, 'en')).toBe('€1.0 million');
    expect(formatMoney(999_999_999, 'en')).toBe('€1,000.0 million');
  });

  it('never throws on a currency code Intl refuses (it would fail every build)', () => {
    expect(formatMoney(1500, 'en', 'EURO')).toBe('1,500 EURO');
    expect(formatMoney(1500, 'de', '€')).toBe('1.500 €');
  });

  it('shows smaller amounts in full euros', () => {
    expect(formatMoney(500_000, 'en')).toBe('€500,000');
    expect(formatMoney(35_000, 'de')).toMatch(/^35\.000\s€$/);
  });
});

describe('formatDate', () => {
  it('writes the date out in the page language', () => {
    expect(formatDate('2018-07-18', 'en')).toBe('18 July 2018');
    expect(formatDate('2018-07-18', 'de')).toBe('18. Juli 2018');
    expect(formatDate('2018-07-18', 'fr')).toBe('18 juillet 2018');
  });
});

describe('paginationSlots', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(paginationSlots(1, 1)).toEqual([1]);
    expect(paginationSlots(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationSlots(1, 0)).toEqual([]);
  });

  it('never shows more than 7 slots and keeps first, last and current page', () => {
    for (let total = 8; total <= 60; total++) {
      for (let current = 1; current <= total; current++) {
        const slots = paginationSlots(current, total);
        expect(slots.length, `${current}/${total}`).toBeLessThanOrEqual(7);
        expect(slots[0]).toBe(1);
        expect(slots.at(-1)).toBe(total);
        expect(slots).toContain(current);
      }
    }
  });

  it('puts ellipses where pages are skipped', () => {
    expect(paginationSlots(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(paginationSlots(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(paginationSlots(20, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(paginationSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(paginationSlots(5, 20)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 20]);
  });
});

describe('inCountry', () => {
  it('puts the right preposition and article before a country name', async () => {
    const { inCountry } = await import('../../src/lib/format.ts');
    expect(inCountry('DE', 'Germany', 'en')).toBe('in Germany');
    expect(inCountry('US', 'United States', 'en')).toBe('in the United States');
    expect(inCountry('CH', 'Schweiz', 'de')).toBe('in der Schweiz');
    expect(inCountry('GB', 'Vereinigtes Königreich', 'de')).toBe('im Vereinigten Königreich');
    expect(inCountry('US', 'Vereinigte Staaten', 'de')).toBe('in den Vereinigten Staaten');
    expect(inCountry('DE', 'Allemagne', 'fr')).toBe('en Allemagne');
    expect(inCountry('DK', 'Danemark', 'fr')).toBe('au Danemark');
    expect(inCountry('NL', 'Pays-Bas', 'fr')).toBe('aux Pays-Bas');
    expect(inCountry('IR', 'Iran', 'fr')).toBe('en Iran');
  });
});
