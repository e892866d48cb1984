// Pages never embed the fingerprinted names of the islands' JSON files: those change with every data
// change, and a page that embeds one would have to be rewritten by every edit (docs/architecture.md,
// "Publishing"). A page names a file by its stable name through the manifest instead,
// `/data-latest/manifest.json#search-en`; the island reads the small manifest (always revalidated) and
// then fetches the fingerprinted file, which stays cacheable for good.

/** The manifest of the live build: stable name -> fingerprinted path. */
export const DATA_MANIFEST = '/data-latest/manifest.json';

/** What a page embeds for a data file. */
export function manifestRef(stable: string): string {
  return `${DATA_MANIFEST}#${stable}`;
}

/** The stable name behind a manifest reference, or undefined for a plain path. */
export function manifestKey(ref: string): string | undefined {
  return ref.startsWith(`${DATA_MANIFEST}#`) ? ref.slice(DATA_MANIFEST.length + 1) : undefined;
}
