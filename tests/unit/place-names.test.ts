// Place names per language: the table's entries are well formed and the lookup falls back to the stored name.
import { describe, expect, it } from 'vitest';
import table from '../../content/place-names.json' with { type: 'json' };
import { placeName } from '../../src/lib/place-names.ts';
import { LANGS } from '../../src/lib/i18n-langs.ts';

describe('place names', () => {
  it('gives the German and French names of places English writes differently', () => {
    expect(placeName('Munich', 'de')).toBe('München');
    expect(placeName('Munich', 'fr')).toBe('Munich');
    expect(placeName('Vienna', 'fr')).toBe('Vienne');
    expect(placeName('London', 'fr')).toBe('Londres');
    expect(placeName('Munich', 'en')).toBe('Munich');
  });

  it('shows a place it does not list as stored', () => {
    expect(placeName('Neckarsulm', 'de')).toBe('Neckarsulm');
    expect(placeName('_comment', 'de')).toBe('_comment');
  });

  it('lists only known languages, with a name that differs from the stored one', () => {
    for (const [place, names] of Object.entries(table)) {
      if (place === '_comment') continue;
      for (const [lang, name] of Object.entries(names as Record<string, string>)) {
        expect(LANGS as readonly string[], `${place}: ${lang}`).toContain(lang);
        expect(lang, place).not.toBe('en');
        expect(name.trim(), `${place} in ${lang}`).not.toBe('');
        expect(name, `${place} in ${lang}`).not.toBe(place);
      }
    }
  });
});
