// CSV export for spreadsheets: one row per record, scalar fields as they are, lists joined with "; ",
// translations as one column per site language (description_de, …, generated from LANGS). RFC 4180:
// fields with a comma, quote or line break are quoted, quotes doubled, lines end in CRLF; UTF-8 with
// a byte-order mark so spreadsheet programs read the accents right.
import type { Executor } from '../../../db/executor.ts';
import { DEFAULT_LANG, LANGS } from '../../lib/i18n-langs.ts';
import type { ImportKind } from './dry-run.ts';
import { exportCategories, exportCertificates, exportCompanies, exportGuides } from './export.ts';

type Row = Record<string, unknown>;
type Column = [header: string, value: (r: Row) => unknown];

const OTHER_LANGS = LANGS.filter((l) => l !== DEFAULT_LANG);
const field = (key: string): Column => [key, (r) => r[key]];
const translated = (key: string): Column[] => OTHER_LANGS.map((lang) => [`${key}_${lang}`, (r) => (r.translations as Record<string, Row> | undefined)?.[lang]?.[key]]);
const joined = (header: string, key: string, pick: (item: Row) => unknown): Column => [
  header,
  (r) => (Array.isArray(r[key]) ? (r[key] as Row[]).map((x) => (typeof x === 'object' && x ? pick(x) : x)).join('; ') : ''),
];

const COLUMNS: Record<ImportKind, Column[]> = {
  companies: [
    ...['name', 'slug', 'status', 'category'].map(field),
    joined('subcategories', 'subcategories', (x) => x),
    ...['country', 'headquarters', 'website_url', 'founded_year', 'employee_count', 'is_unicorn', 'double_irish', 'sustainable', 'logo_url'].map(field),
    ...['legal_name', 'owner_kind', 'owner_name'].map(field),
    ...translated('owner_name'),
    ...['owner_country', 'owner_since', 'hosting'].map(field),
    field('description'),
    ...translated('description'),
    joined('certifications', 'certifications', (x) => x.name),
    joined('alternatives', 'alternatives', (x) => x.slug),
    joined('sources', 'sources', (x) => x.url),
    ['eu_fines', (r) => (Array.isArray(r.eu_fines) ? r.eu_fines.length : 0)],
    joined('products', 'products', (x) => x.slug),
    field('created_at'),
  ],
  categories: [field('name'), field('slug'), ...translated('name'), ...translated('slug'), field('image_url'), joined('subcategories', 'subcategories', (x) => x.name)],
  certificates: [field('name'), field('icon_type'), field('description'), ...translated('description')],
  guides: [
    ...['slug', 'status', 'from_product', 'last_checked', 'title'].map(field),
    ...translated('title'),
    field('summary'),
    ...translated('summary'),
    field('time_needed'),
    ...translated('time_needed'),
    joined('sources', 'sources', (x) => x.url),
  ],
};

/** One CSV field: text as is, numbers and booleans spelled out, empty for null. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: a leading ' keeps it text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: string[], rows: unknown[][]): string {
  return `\uFEFF${[headers, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export async function exportCsv(db: Executor, kind: ImportKind): Promise<string> {
  const records = (
    kind === 'companies' ? await exportCompanies(db) : kind === 'categories' ? await exportCategories(db) : kind === 'guides' ? await exportGuides(db) : await exportCertificates(db)
  ) as Row[];
  const columns = COLUMNS[kind];
  return toCsv(
    columns.map(([h]) => h),
    records.map((r) => columns.map(([, value]) => value(r))),
  );
}

/** "companies-2025-03-12.csv" */
export function csvFileName(kind: ImportKind, now: Date = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.csv`;
}
