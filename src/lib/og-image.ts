// The link-preview picture of each language (og:image), drawn at build time from our own SVG and font:
// no third-party service, and the words match the page's language. One file per language, so an edit
// of the data never rewrites it.
import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { t, type Lang } from './i18n.ts';

export const OG_SIZE = { width: 1200, height: 630 } as const;

/** Where each language's picture is served. */
export const ogImagePath = (lang: Lang) => `/og/${lang}.png`;

const FONT = new URL('../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url);

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a sentence into lines of at most `max` characters, on spaces. */
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The SVG of a language's picture: the EU-blue card with the ring of stars, the name and the tagline. */
export function ogSvg(lang: Lang): string {
  const { width, height } = OG_SIZE;
  const stars = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    return `<circle cx="${(160 + Math.cos(a) * 66).toFixed(1)}" cy="${(150 + Math.sin(a) * 66).toFixed(1)}" r="9" fill="#FFCC00"/>`;
  }).join('');
  const tagline = wrap(t(lang, 'site.tagline'), 40)
    .map((line, i) => `<text x="80" y="${420 + i * 56}" font-size="42" fill="#DBE5FF">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#003399"/>
<rect y="${height - 16}" width="${width}" height="16" fill="#FFCC00"/>
${stars}
<g font-family="DejaVu Sans" font-weight="bold">
<text x="80" y="330" font-size="64" fill="#FFFFFF">${escapeXml(t(lang, 'site.name'))}</text>
${tagline}
</g>
</svg>`;
}

/** The PNG bytes of a language's picture. */
export function ogPng(lang: Lang): Uint8Array<ArrayBuffer> {
  const resvg = new Resvg(ogSvg(lang), {
    fitTo: { mode: 'width', value: OG_SIZE.width },
    // Only our font: the picture is the same on every machine.
    font: { fontFiles: [FONT.pathname], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  });
  return new Uint8Array(resvg.render().asPng());
}

/** For tests: the font is part of the repository. */
export const ogFontBytes = () => readFileSync(FONT).byteLength;
