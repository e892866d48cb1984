// The page control's slots, on its own: the company browser island imports it, and must not pull the
// UI strings (lib/i18n.ts) into its script the way lib/format.ts would.
import { PAGINATION_SLOTS } from './constants.ts';

export type PageSlot = number | 'ellipsis';

/** The page control: at most 7 slots, first and last page always shown, ellipses for gaps. */
export function paginationSlots(current: number, total: number, slots = PAGINATION_SLOTS): PageSlot[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);
  const side = slots - 2; // slots left for the middle run when only one side has an ellipsis
  if (page <= side - 1) return [...range(1, side), 'ellipsis', total];
  if (page >= total - side + 2) return [1, 'ellipsis', ...range(total - side + 1, total)];
  const around = Math.floor((slots - 4) / 2);
  return [1, 'ellipsis', ...range(page - around, page + around), 'ellipsis', total];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
