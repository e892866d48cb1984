// The link-preview pictures: one per language, drawn from our own font (no system fonts, no service).
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { ogPng, ogSvg, wrap, OG_SIZE } from '../../src/lib/og-image.ts';
import { LANGS } from '../../src/lib/i18n-langs.ts';
import { t } from '../../src/lib/i18n.ts';

const sizeOf = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

describe('og images', () => {
  it('draws a 1200×630 PNG per language, each with its own words', () => {
    const pngs = LANGS.map((lang) => ogPng(lang));
    for (const [i, png] of pngs.entries()) {
      expect([...png.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
      expect(sizeOf(png)).toEqual(OG_SIZE);
      if (process.env.OG_PREVIEW_DIR) writeFileSync(`${process.env.OG_PREVIEW_DIR}/og-${LANGS[i]}.png`, png);
    }
    expect(new Set(pngs.map((p) => Buffer.from(p).toString('base64'))).size).toBe(LANGS.length);
    for (const lang of LANGS) expect(ogSvg(lang)).toContain(t(lang, 'site.name'));
  });

  it('wraps the tagline on spaces', () => {
    expect(wrap('Find European alternatives to the companies you use every day.', 34)).toEqual(['Find European alternatives to the', 'companies you use every day.']);
    expect(wrap('one', 2)).toEqual(['one']);
  });
});
