// Fetches one of the build's JSON files; when the page is older than the live build (the site was
// republished since it loaded) and its fingerprinted file is gone, the newest version instead.
import { latestDataPath } from '../lib/data-format.ts';
import { DATA_MANIFEST, manifestKey } from '../lib/data-manifest.ts';

let manifest: Promise<Record<string, string>> | undefined;

/** The fingerprinted path of a manifest reference (pages name data files that way); the stable file if the manifest fails. */
async function resolve(ref: string): Promise<string> {
  const key = manifestKey(ref);
  if (key === undefined) return ref;
  manifest ??= fetch(DATA_MANIFEST, { cache: 'no-cache' }).then((res) => (res.ok ? res.json() : {}), () => ({}));
  const paths = await manifest;
  return typeof paths[key] === 'string' ? paths[key] : `/data-latest/${key}.json`;
}

export async function fetchDataFile(ref: string): Promise<unknown> {
  const path = await resolve(ref);
  let res = await fetch(path);
  const latest = latestDataPath(path);
  if (res.status === 404 && latest) res = await fetch(latest, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status}`);
  return res.json();
}
