import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_EU_MEMBERS, EUROPEAN_COUNTRIES, WHITE_FLAG, countryByCode, flagEmoji, isEuropean } from '../../src/lib/countries.ts';

describe('built-in country list', () => {
  it('has 59 countries, each with a unique code and slug and a name in en, de and fr', () => {
    expect(COUNTRIES).toHaveLength(59);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(59);
    expect(new Set(COUNTRIES.map((c) => c.slug)).size).toBe(59);
    for (const c of COUNTRIES) {
      for (const lang of ['en', 'de', 'fr'] as const) expect(c.names[lang], `${c.code} ${lang}`).toMatch(/\S/);
    }
  });

  it('contains the 27 EU members, the listed non-European countries and nothing outside the five regions', () => {
    expect(DEFAULT_EU_MEMBERS).toHaveLength(27);
    for (const code of DEFAULT_EU_MEMBERS) expect(countryByCode(code)?.region).toBe('Europe');
    for (const code of ['US', 'CA', 'CN', 'JP', 'KR', 'AU', 'NZ', 'IN', 'BR', 'ZA']) expect(countryByCode(code)).toBeDefined();
    expect(new Set(COUNTRIES.map((c) => c.region))).toEqual(new Set(['Europe', 'Americas', 'Asia', 'Oceania', 'Africa']));
  });

  it('excludes Russia and Belarus from Europe', () => {
    expect(isEuropean('RU')).toBe(false);
    expect(isEuropean('BY')).toBe(false);
    expect(isEuropean('DE')).toBe(true);
    expect(isEuropean('US')).toBe(false);
    expect(EUROPEAN_COUNTRIES.map((c) => c.code)).not.toContain('RU');
  });

  it('renders flags, and the white flag for an unknown or missing code', () => {
    expect(flagEmoji('DE')).toBe('🇩🇪');
    expect(flagEmoji('fr')).toBe('🇫🇷');
    expect(flagEmoji('XX')).toBe(WHITE_FLAG);
    expect(flagEmoji(null)).toBe(WHITE_FLAG);
  });
});
