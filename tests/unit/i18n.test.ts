import { describe, expect, it } from 'vitest';
import en from '../../content/i18n/en.json';
import de from '../../content/i18n/de.json';
import fr from '../../content/i18n/fr.json';
import { t } from '../../src/lib/i18n.ts';

describe('UI strings', () => {
  for (const [lang, messages] of Object.entries({ de, fr })) {
    it(`${lang} has exactly the keys of en, each translated`, () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(messages)) expect(value, key).toMatch(/\S/);
    });
  }

  it('keys are flat and dotted', () => {
    for (const [key, value] of Object.entries(en)) {
      expect(key).toMatch(/^[a-z0-9_]+(\.[A-Za-z0-9_]+)+$/);
      expect(typeof value).toBe('string');
    }
  });

  it('fills placeholders', () => {
    expect(t('en', 'footer.copyright', { year: 2026 })).toContain('2026');
  });
});
