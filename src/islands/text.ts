// Text folding shared by the search and the company browser: matching ignores case and accents,
// so "zurich" finds "Zürich" and "orsted" finds "Ørsted".
const LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ı: 'i' };

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßøæœłđı]/g, (ch) => LETTERS[ch]);
}

/** A query as typed, folded, with runs of spaces collapsed; '' for a blank query. */
export function foldQuery(query: string): string {
  return fold(query).trim().replace(/\s+/g, ' ');
}
