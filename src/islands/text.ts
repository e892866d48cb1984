// Text folding shared by the search and the company browser: matching ignores case and accents,
// so "zurich" finds "Zürich" and "orsted" finds "Ørsted" (and typographic apostrophes and dashes
// are the ones on a keyboard: "de'longhi" finds "De’Longhi").
const LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ı: 'i', '’': "'", '‘': "'", 'ʼ': "'", '–': '-', '—': '-' };

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, control characters included
const NON_ASCII = /[^\x00-\x7f]/;

export function fold(text: string): string {
  // Most names are plain ASCII: lowercasing is all they need (and ten times cheaper).
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßøæœłđı’‘ʼ–—]/g, (ch) => LETTERS[ch]);
}

/** A query as typed, folded, with runs of spaces collapsed; '' for a blank query. */
export function foldQuery(query: string): string {
  return fold(query).trim().replace(/\s+/g, ' ');
}

/** A folded text with only its letters and digits: "e-mail" and "email", "levi's" and "levis" meet. */
export function compact(folded: string): string {
  return NON_ASCII.test(folded) ? folded.replace(/[^\p{L}\p{N}]+/gu, '') : folded.replace(/[^a-z0-9]+/g, '');
}

/**
 * The slug a name would get (lowercase ASCII words joined by "-"). The search index stores a
 * company's slug only when it differs from this, so the build and the island must use this one
 * function; that it matches the admin's slugify() most of the time is what keeps the index small.
 */
export function nameSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
