// Pure helpers of the benchmarks: statistics, formatting, the one results table, parsing the search
// benchmark's output. Tested in tests/unit/bench-stats.test.ts.

/** The value at quantile q (0..1) of a list, nearest-rank; NaN for an empty list. */
export function quantile(values: number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** 1234567 -> "1,234,567" (the same on every machine, whatever its locale). */
export function thousands(n: number, digits = 0): string {
  const [int, frac] = Math.abs(n).toFixed(digits).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** Bytes as KiB with one decimal, e.g. 13185 -> "12.9 KiB". */
export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

export function seconds(ms: number, digits = 1): string {
  return `${(ms / 1000).toFixed(digits)} s`;
}

/** "median of 3: 4.6 s (4.5–4.9)" style spread for noisy figures. */
export function spread(values: number[], format: (v: number) => string): string {
  if (values.length <= 1) return format(values[0] ?? Number.NaN);
  return `${format(median(values))} (median of ${values.length}; ${format(Math.min(...values))} to ${format(Math.max(...values))})`;
}

export interface Row {
  /** what was measured */
  measure: string;
  /** the figure with its unit */
  value: string;
  /** the command that reproduces it */
  command: string;
}

/** One plain-text table: a header, a rule, and one line per row; columns padded to their widest cell. */
export function renderTable(rows: Row[], headers: [string, string, string] = ['measure', 'value', 'reproduce with']): string {
  const cells = [headers, ...rows.map((r) => [r.measure, r.value, r.command])];
  const widths = headers.map((_, i) => Math.max(...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n');
}

export interface SearchBenchFigures {
  companies: number;
  queries: number;
  medianMs: number;
  p95Ms: number;
  indexRawKiB: number;
  indexGzipKiB: number;
  listRawKiB: number;
  listGzipKiB: number;
  loadMs?: number;
  /** products and all records searched (companies, products, categories, subcategories) */
  products?: number;
  records?: number;
  /** each query's best of 5 runs */
  bestMedianMs?: number;
  bestP95Ms?: number;
  /** the results page's search (every match) */
  allMedianMs?: number;
  allP95Ms?: number;
  /** gzip bytes before the first result (index + the detail shards its suggestions need) */
  firstMedianKiB?: number;
  firstP95KiB?: number;
  firstP95Per10kKiB?: number;
  /** the search engine's script, minified, gzip */
  engineKiB?: number;
}

/** Reads the figures out of `npm run bench:search`'s output (scripts/bench-search.ts); undefined when its format changed. */
export function parseSearchBench(output: string): SearchBenchFigures | undefined {
  const companies = /Search benchmark: (\d+) companies/.exec(output);
  const queries = /\n(\d+) queries \([^)]*\): median ([\d.]+) ms, p95 ([\d.]+) ms/.exec(output);
  const index = /search index:\s+([\d.]+) KiB raw, ([\d.]+) KiB gzip/.exec(output);
  const list = /company list:\s+([\d.]+) KiB raw, ([\d.]+) KiB gzip/.exec(output);
  const load = /load \(JSON\.parse[^)]*\), median of \d+: ([\d.]+) ms/.exec(output);
  const records = /(\d+) products \([^)]*\), .*: (\d+) records/.exec(output);
  const all = /results page \(every match\)[^:]*: median ([\d.]+) ms, p95 ([\d.]+) ms/.exec(output);
  const first = /before the first result[^:]*: median ([\d.]+) KiB, p95 ([\d.]+) KiB.*per 10,000 records: p95 ([\d.]+) KiB/.exec(output);
  const engine = /search engine script: ([\d.]+) KiB gzip/.exec(output);
  const best = /best of 5 runs[^:]*: median ([\d.]+) ms, p95 ([\d.]+) ms/.exec(output);
  if (!companies || !queries || !index || !list) return undefined;
  const optional = {
    ...(records ? { products: Number(records[1]), records: Number(records[2]) } : {}),
    ...(all ? { allMedianMs: Number(all[1]), allP95Ms: Number(all[2]) } : {}),
    ...(first ? { firstMedianKiB: Number(first[1]), firstP95KiB: Number(first[2]), firstP95Per10kKiB: Number(first[3]) } : {}),
    ...(engine ? { engineKiB: Number(engine[1]) } : {}),
    ...(best ? { bestMedianMs: Number(best[1]), bestP95Ms: Number(best[2]) } : {}),
  };
  return {
    ...optional,
    companies: Number(companies[1]),
    queries: Number(queries[1]),
    medianMs: Number(queries[2]),
    p95Ms: Number(queries[3]),
    indexRawKiB: Number(index[1]),
    indexGzipKiB: Number(index[2]),
    listRawKiB: Number(list[1]),
    listGzipKiB: Number(list[2]),
    loadMs: load ? Number(load[1]) : undefined,
  };
}
