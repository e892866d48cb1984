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

  it('the imprint holds no operator placeholders (they come from configuration, src/lib/imprint.ts) and no link to the closed EU ODR platform', () => {
    for (const lang of LANGS) {
      const { body } = read(lang, 'imprint');
      expect(body).not.toContain('ec.europa.eu/consumers/odr');
      expect(body, lang).not.toMatch(/to be filled in|vom Betreiber einzutragen|à compléter/);
    }
  });

  it('the privacy pages claim no analytics and no visitor logs that do not exist', () => {
    for (const lang of LANGS) {
      const { body } = read(lang, 'privacy');
      expect(body, lang).not.toMatch(/cookieless analytics|cookielose|14 days|14 Tagen|14 jours/i);
    }
  });
});
