// Flag emoji from a two-letter code, for islands (which must not bundle the whole country list).
// The build writes '' for codes it does not know, and those get the white flag (SPEC section 5).
export const WHITE_FLAG = '\u{1F3F3}\u{FE0F}';

export function flag(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return WHITE_FLAG;
  return String.fromCodePoint(...[...code.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
