// Fetches one of the build's JSON files; when the page is older than the live build (the site was
// republished since it loaded) and its fingerprinted file is gone, the newest version instead.
import { latestDataPath } from '../lib/data-format.ts';

export async function fetchDataFile(path: string): Promise<unknown> {
  let res = await fetch(path);
  const latest = latestDataPath(path);
  if (res.status === 404 && latest) res = await fetch(latest, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status}`);
  return res.json();
}
