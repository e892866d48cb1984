// Client-side search of the admin lists: case-insensitive "contains", blank means everything.
export function matches(query: string, ...fields: (string | null | undefined)[]): boolean {
  const q = query.trim().toLocaleLowerCase('en');
  if (!q) return true;
  return fields.some((f) => f?.toLocaleLowerCase('en').includes(q));
}
