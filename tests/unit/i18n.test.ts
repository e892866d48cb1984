// The UI string files (content/i18n/<lang>.json) against English and against the code: every language
// has the same keys with the same {placeholders}, and every key is used somewhere under src/ (as a
// literal, or built from a value list of src/lib/message-keys.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS, LANGUAGES, checkLanguages, type Language } from '../../src/lib/i18n-langs.ts';
import { SECTIONS } from '../../src/lib/routes.ts';
import { MESSAGES, t } from '../../src/lib/i18n.ts';
import { KEY_FAMILIES } from '../../src/lib/message-keys.ts';

const root = join(import.meta.dirname, '..', '..');
const stringsDir = join(root, 'content', 'i18n');
const files = readdirSync(stringsDir).filter((f) => f.endsWith('.json'));
const read = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(stringsDir, file), 'utf8'));
const en = read('en.json');

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro|mjs)$/.test(e.name) ? [path] : [];
  });
}

describe('UI strings', () => {
  it('there is one strings file per language, and no other', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...LANGS].sort());
  });

  for (const file of files.filter((f) => f !== 'en.json')) {
    const messages = read(file);
    describe(file, () => {
      it('has exactly the keys of en.json, each translated', () => {
        expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
        for (const [key, value] of Object.entries(messages)) expect(value, key).toMatch(/\S/);
      });

      it('has the same {placeholders} as en.json in every string', () => {
        const differing = Object.keys(en)
          .filter((key) => typeof messages[key] === 'string')
          .filter((key) => placeholders(String(en[key])).join() !== placeholders(String(messages[key])).join())
          .map((key) => `${key}: en {${placeholders(String(en[key])).join('}{')}}, ${file} {${placeholders(String(messages[key])).join('}{')}}`);
        expect(differing).toEqual([]);
      });
    });
  }

  it('content/languages.json gives every language a URL segment for every section', () => {
    const sections = Object.keys(SECTIONS);
    for (const l of LANGUAGES) {
      expect(sections.filter((s) => !l.segments[s]), `${l.code}: sections without a segment`).toEqual([]);
      expect(Object.keys(l.segments).filter((s) => !sections.includes(s)), `${l.code}: segments of unknown sections`).toEqual([]);
    }
  });

  it('refuses a language configuration the site cannot be built from', () => {
    const en: Language = { ...LANGUAGES[0] };
    const it: Language = { code: 'it', name: 'Italiano', locale: 'it-IT', ogLocale: 'it_IT', segments: { companies: 'aziende' } };
    expect(checkLanguages([en, it])).toHaveLength(2);
    expect(() => checkLanguages([it, en])).toThrow(/first language must be "en"/);
    expect(() => checkLanguages([en, it, it])).toThrow(/listed twice/);
    expect(() => checkLanguages([en, { ...it, code: 'Italian' }])).toThrow(/two- or three-letter/);
    expect(() => checkLanguages([en, { ...it, locale: 'not a locale!' }])).toThrow(/not a valid BCP 47 locale/);
    expect(() => checkLanguages([en, { ...it, ogLocale: 'it-IT' }])).toThrow(/ogLocale/);
    expect(() => checkLanguages([en, { ...it, segments: { companies: 'Aziende Italiane' } }])).toThrow(/lower-case letters/);
  });

  it('keys are flat and dotted', () => {
    for (const [key, value] of Object.entries(en)) {
      expect(key).toMatch(/^[a-z0-9_]+(\.[A-Za-z0-9_]+)+$/);
      expect(typeof value).toBe('string');
    }
  });

  it('every key is used by the code (a literal, or a family of src/lib/message-keys.ts)', () => {
    const code = sourceFiles(join(root, 'src'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const literals = new Set([...code.matchAll(/['"`]([a-z0-9_]+(?:\.[A-Za-z0-9_]+)+)['"`]/g)].map((m) => m[1]));
    const built = new Set<string>(KEY_FAMILIES.flatMap((f) => f.keys));
    const unused = Object.keys(en).filter((key) => !literals.has(key) && !built.has(key));
    expect(unused, 'keys no code uses: remove them from every content/i18n file, or add the family that builds them').toEqual([]);
  });

  it('every key a family builds exists', () => {
    for (const family of KEY_FAMILIES) for (const key of family.keys) expect(en[key], key).toBeTypeOf('string');
  });

  it('fills placeholders and falls back to English', () => {
    expect(t('en', 'footer.copyright', { year: 2026 })).toContain('2026');
    for (const lang of LANGS) expect(Object.keys(MESSAGES[lang]).length).toBe(Object.keys(en).length);
  });
});
