// Big lists are written and looked up in slices: one multi-row INSERT or IN (...) list per slice keeps
// every statement far below SQLite's 32,766 bound variables (and a remote libSQL server's statement
// size), however long the list. Slices run one after another in the caller's transaction.
export const CHUNK_SIZE = 100;

export function chunks<T>(list: readonly T[], size = CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
