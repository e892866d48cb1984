// A company's monogram: its initials and a colour chosen from the slug, the same on every page and in
// every build. The palette's colours all carry white text at a contrast above 4.5:1 (checked in
// tests/unit/format.test.ts), in light and dark mode alike.
export const MONOGRAM_PALETTE = ['#1d4ed8', '#047857', '#b91c1c', '#7c3aed', '#0f766e', '#c2410c', '#be185d', '#4d7c0f', '#0369a1', '#a16207', '#6d28d9', '#475569'] as const;

/** Up to two letters: the first letters of the first two words, or the first two of one word. */
export function initials(name: string): string {
  const words = name
    .replace(/\([^)]*\)/g, ' ')
    .split(/[\s\-_/&+.,]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [...words[0]].slice(0, 2) : [[...words[0]][0], [...words[1]][0]];
  return letters.join('').toUpperCase();
}

/** A stable index into the palette from a slug (FNV-1a). */
export function monogramColour(slug: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) hash = Math.imul(hash ^ slug.charCodeAt(i), 0x01000193) >>> 0;
  return hash % MONOGRAM_PALETTE.length;
}

/** A logo we may show: only a file on our own origin (a local path whose licence we know), never a hot-link. */
export function localLogo(logoUrl: string | null | undefined): string | undefined {
  return logoUrl && /^\/(?!\/)[\w./-]+\.(svg|png|webp)$/i.test(logoUrl) ? logoUrl : undefined;
}
