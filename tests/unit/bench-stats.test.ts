// Pure helpers of the benchmarks and the page-weight budgets.
import { describe, expect, it } from 'vitest';
import { kib, median, parseSearchBench, quantile, renderTable, spread, thousands } from '../../scripts/bench-stats.ts';
import { kindOf, usedBytes } from '../../scripts/bench-page-weight.ts';

describe('statistics', () => {
  it('takes medians and nearest-rank quantiles', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(Number.isNaN(median([]))).toBe(true);
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(quantile(hundred, 0.5)).toBe(50);
    expect(quantile(hundred, 0.95)).toBe(95);
    expect(quantile(hundred, 1)).toBe(100);
    expect(quantile([7], 0.99)).toBe(7);
  });

  it('formats figures the same on every machine', () => {
    expect(thousands(1234567)).toBe('1,234,567');
    expect(thousands(999)).toBe('999');
    expect(thousands(12345.678, 1)).toBe('12,345.7');
    expect(kib(13185)).toBe('12.9 KiB');
    expect(spread([3, 1, 2], (v) => `${v} s`)).toBe('2 s (median of 3; 1 s to 3 s)');
    expect(spread([5], (v) => `${v} s`)).toBe('5 s');
  });

  it('renders one aligned table', () => {
    const table = renderTable([
      { measure: 'a', value: '1 s', command: 'npm run bench' },
      { measure: 'longer measure', value: '22 ms', command: 'x' },
    ]).split('\n');
    expect(table).toHaveLength(4);
    expect(new Set(table.map((l) => l.length)).size).toBe(1);
    expect(table[0]).toMatch(/^\| measure +\| value +\| reproduce with +\|$/);
    expect(table[2]).toMatch(/\| npm run bench +\|$/);
  });
});

describe('parseSearchBench', () => {
  const output = `Search benchmark: 20000 companies (990 real, the rest generated), 18 categories, 75 subcategories, language en, Node 24.21.0
search index:  933.9 KiB raw, 282.2 KiB gzip  (14.1 KiB gzip per 1,000 companies)
company list:  3432.8 KiB raw, 1073.6 KiB gzip  (53.7 KiB gzip per 1,000 companies)
load (JSON.parse + build the searcher), median of 7: 14.879 ms

2000 queries (1743 with results): median 0.401 ms, p95 0.785 ms, p99 1.925 ms, max 19.552 ms
  typo         258 queries  median   0.517 ms  p95   1.590 ms`;

  it('reads the figures of scripts/bench-search.ts', () => {
    expect(parseSearchBench(output)).toEqual({
      companies: 20000,
      queries: 2000,
      medianMs: 0.401,
      p95Ms: 0.785,
      indexRawKiB: 933.9,
      indexGzipKiB: 282.2,
      listRawKiB: 3432.8,
      listGzipKiB: 1073.6,
      loadMs: 14.879,
    });
  });

  it('says so when the format changed', () => {
    expect(parseSearchBench(output.replace('queries (', 'searches ('))).toBeUndefined();
  });

  it('reads the products, the results page and the bytes before the first result when printed', () => {
    const now = `Search benchmark: 20000 companies (1072 real, the rest generated), 2322 products (322 real), 20 categories, 84 subcategories: 22426 records, language en, Node 24.21.0
search index:  328.3 KiB raw, 96.3 KiB gzip  (4.8 KiB gzip per 1,000 companies)
detail shards: 40 files of 500 companies, 110.9 KiB raw, 55.0 KiB gzip in all, 1.4 KiB gzip the largest
company list:  3591.6 KiB raw, 1106.4 KiB gzip  (55.3 KiB gzip per 1,000 companies)
search engine script: 4.1 KiB gzip (minified, loaded with the index)
load (JSON.parse + build the searcher), median of 7: 67.058 ms

2000 queries (1829 with results): median 0.572 ms, p95 1.812 ms, p99 4.100 ms, max 16.013 ms  [budget: p95 <= 5 ms]
  each query's best of 5 runs (without other processes' interruptions): median 0.501 ms, p95 1.203 ms, max 3.100 ms
results page (every match), 500 queries, 181 matches on average: median 0.622 ms, p95 2.060 ms
before the first result (index + the shards its suggestions need), gzip: median 97.7 KiB, p95 100.4 KiB, max 106.0 KiB; per 10,000 records: p95 44.8 KiB, max 47.3 KiB  [budget: <= 50 KiB per 10,000 records]`;
    expect(parseSearchBench(now)).toMatchObject({
      companies: 20000,
      products: 2322,
      records: 22426,
      p95Ms: 1.812,
      allMedianMs: 0.622,
      allP95Ms: 2.06,
      firstMedianKiB: 97.7,
      firstP95KiB: 100.4,
      firstP95Per10kKiB: 44.8,
      engineKiB: 4.1,
      bestMedianMs: 0.501,
      bestP95Ms: 1.203,
    });
  });
});

describe('page weight helpers', () => {
  it('counts bytes of blocks that ran, innermost range winning', () => {
    // A 100-byte script: top level ran, a function at 20..60 ran, a block inside it at 30..40 did not,
    // a function at 70..90 never ran.
    const ranges = [
      { startOffset: 0, endOffset: 100, count: 1 },
      { startOffset: 70, endOffset: 90, count: 0 },
      { startOffset: 30, endOffset: 40, count: 0 },
      { startOffset: 20, endOffset: 60, count: 3 },
    ];
    expect(usedBytes(100, ranges)).toBe(100 - 20 - 10);
    expect(usedBytes(10, [{ startOffset: 0, endOffset: 10, count: 0 }])).toBe(0);
  });

  it('tells the kind of a file from its content type', () => {
    expect(kindOf('/', 'text/html; charset=utf-8')).toBe('html');
    expect(kindOf('/assets/a.css', 'text/css; charset=utf-8')).toBe('css');
    expect(kindOf('/assets/a.js', 'text/javascript; charset=utf-8')).toBe('js');
    expect(kindOf('/data/x.json', 'application/json')).toBe('json');
    expect(kindOf('/favicon.svg', 'image/svg+xml')).toBe('image');
    expect(kindOf('/f.woff2', 'application/octet-stream')).toBe('font');
  });
});
