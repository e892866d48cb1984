// Loads the search engine and the index of one language, once per page: the search box and the
// results page share it. Forgotten after a failure, so a later search tries again.
import type { Searcher } from './search-engine.ts';
import { fetchDataFile } from './fetch-data.ts';

const searchers = new Map<string, Promise<Searcher>>();

export function loadSearcher(indexUrl: string): Promise<Searcher> {
  let searcher = searchers.get(indexUrl);
  if (!searcher) {
    searcher = Promise.all([import('./search-engine.ts'), fetchDataFile(indexUrl)]).then(([engine, json]) =>
      engine.createSearcher(engine.parseSearchIndex(json), fetchDataFile),
    );
    searcher.catch(() => searchers.delete(indexUrl));
    searchers.set(indexUrl, searcher);
  }
  return searcher;
}
