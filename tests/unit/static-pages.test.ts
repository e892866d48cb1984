// The Markdown of the static pages: present in every language, with front matter, translated.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/lib/i18n-langs.ts';

const PAGES = ['mission', 'privacy', 'terms', 'imprint'] as const;

function read(lang: string, page: string) {
  const file = `content/pages/${lang}/${page}.md`;
  expect(existsSync(file), file).toBe(true);
  const text = readFileSync(file, 'utf8');
  const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(front)?.[1]?.trim();
  return { title: field('title'), description: field('description'), updated: field('updated'), body, headings: body.match(/^## .+$/gm) ?? [] };
}

describe('static pages', () => {
  for (const page of PAGES) {
    it(`${page} exists in every language with a title, a description and the same sections`, () => {
      const en = read('en', page);
      for (const lang of LANGS) {
        const doc = read(lang, page);
        expect(doc.title, `${lang}/${page}`).toMatch(/\S/);
        expect(doc.description, `${lang}/${page}`).toMatch(/\S{10}/);
        expect(doc.headings.length, `${lang}/${page}`).toBe(en.headings.length);
        expect(doc.updated, `${lang}/${page}`).toBe(en.updated);
        if (lang !== 'en') {
          expect(doc.title, `${lang}/${page} is translated`).not.toBe(en.title);
          expect(doc.body, `${lang}/${page} is translated`).not.toBe(en.body);
        }
      }
    });
  }

  it('privacy and terms were last updated on 12 March 2025', () => {
    for (const lang of LANGS) {
      expect(read(lang, 'privacy').updated).toBe('2025-03-12');
      expect(read(lang, 'terms').updated).toBe('2025-03-12');
    }
  });

  it('the imprint marks the operator fields and links the EU online dispute resolution platform', () => {
    for (const lang of LANGS) {
      const { body } = read(lang, 'imprint');
      expect(body).toContain('https://ec.europa.eu/consumers/odr/');
      expect((body.match(/\[[^\]]+(to be filled in|vom Betreiber einzutragen|à compléter)[^\]]*\]/g) ?? []).length, lang).toBeGreaterThanOrEqual(5);
    }
  });
});
