// Typo tolerance for the search: the smallest number of edits (a letter inserted, left out, changed,
// or two neighbours swapped) that turn the query into some part of a name. Bit-parallel (Myers 1999,
// with Hyyrö's 2003 extension for swapped letters): one pass over the name, a few integer operations
// per letter. A name that lacks more of the query's letters than edits are allowed is skipped
// without that pass (mayMatch).

/** Longer queries are cut to this many letters for the typo check (one bit per letter). */
export const FUZZY_MAX_PATTERN = 32;

/** A query prepared for approxDistance(): where each letter occurs in it. */
export interface Pattern {
  /** the query, cut to FUZZY_MAX_PATTERN letters */
  text: string;
  length: number;
  /** char code (< 128) -> bit mask of the positions where it occurs */
  ascii: Int32Array;
  /** the same for other characters */
  other: Map<number, number>;
  /** letterSet() of the pattern */
  letters: number;
}

export function pattern(query: string): Pattern {
  const text = query.slice(0, FUZZY_MAX_PATTERN);
  const ascii = new Int32Array(128);
  const other = new Map<number, number>();
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) ascii[code] |= 1 << i;
    else other.set(code, (other.get(code) ?? 0) | (1 << i));
  }
  return { text, length: text.length, ascii, other, letters: letterSet(text) };
}

/** Which of a–z and 0–9 (digits share bits) a folded text contains, one bit each. */
export function letterSet(text: string): number {
  let set = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 97 && code <= 122) set |= 1 << (code - 97);
    else if (code >= 48 && code <= 57) set |= 1 << (26 + ((code - 48) % 6));
  }
  return set;
}

function bitCount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Whether a text with these letters (letterSet) can be within `max` edits of the pattern at all:
 * each of the pattern's letters the text lacks costs at least one edit.
 */
export function mayMatch(p: Pattern, letters: number, max: number): boolean {
  return bitCount(p.letters & ~letters) <= max;
}

/**
 * The fewest edits between the pattern and any substring of `text` (swapping two neighbouring
 * letters counts as one edit); returns max + 1 when it is more than `max`.
 */
export function approxDistance(p: Pattern, text: string, max = p.length): number {
  const m = p.length;
  if (m === 0) return 0;
  const high = 1 << (m - 1);
  const { ascii, other } = p;
  let pv = -1; // vertical +1 deltas: column 0 is 0, 1, 2 … m
  let mv = 0; // vertical -1 deltas
  let d0 = 0; // diagonal zero deltas of the previous column
  let prevEq = 0;
  let score = m;
  let best = m;
  const n = text.length;
  for (let j = 0; j < n; j++) {
    const code = text.charCodeAt(j);
    const eq = code < 128 ? ascii[code] : (other.get(code) ?? 0);
    // A swap of the letters at j-1 and j: diagonal two steps back.
    const swap = ((~d0 & eq) << 1) & prevEq;
    d0 = (((eq & pv) + pv) ^ pv) | eq | mv | swap;
    const hp = mv | ~(d0 | pv);
    const hn = pv & d0;
    if (hp & high) score++;
    else if (hn & high) score--;
    // Searching, not comparing whole strings: a match may start anywhere, so row 0 stays 0.
    const hps = hp << 1;
    const hns = hn << 1;
    pv = hns | ~(d0 | hps);
    mv = hps & d0;
    prevEq = eq;
    if (score < best) best = score;
    // The score falls by at most one per letter left: stop when it cannot reach max any more.
    if (score - (n - 1 - j) > max && best > max) break;
  }
  return best <= max ? best : max + 1;
}
