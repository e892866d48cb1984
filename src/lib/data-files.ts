// The JSON files the islands fetch, built once per build from the directory. Each file name carries a
// hash of its content (/data/search-en.3f9c0a1b2d.json), so a CDN may cache it for good: new data,
// new name. Pages ask dataFileUrl() for the current name; src/pages/data/[file].json.ts writes them,
// src/pages/data-latest/[file].json.ts the same content under stable names (see latestDataPath).
import { createHash } from 'node:crypto';
import { LANGS, type Lang } from './i18n-langs.ts';
import { loadDirectory, productPages, type Directory } from './data.ts';
import { buildCompanyList, buildSearchFiles, type CompanyListData, type CompanyListRow, type SearchProductSource } from './search-index.ts';
import { searchTexts } from './search-ui.ts';
import { companyFeatureBits } from './product-features.ts';
import { manifestRef } from './data-manifest.ts';
import { onDataReset } from './build-cache.ts';

/** search: the search index; searchShard: one of its detail shards; companies: the company browser's list */
export type DataKind = 'search' | 'searchShard' | 'companies';

export interface DataFile {
  kind: DataKind;
  lang: Lang;
  /** the name under /data-latest/ without extension, e.g. search-en, search-en-3 (a shard) */
  stable: string;
  /** file name without extension, e.g. search-en.3f9c0a1b2d */
  name: string;
  /** public path, e.g. /data/search-en.3f9c0a1b2d.json */
  path: string;
  body: string;
}

export const DATA_DIR = '/data';

export function fingerprint(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 10);
}

let cached: Promise<DataFile[]> | undefined;
onDataReset(() => (cached = undefined));

export function dataFiles(): Promise<DataFile[]> {
  return (cached ??= build());
}

async function build(): Promise<DataFile[]> {
  const directory = await loadDirectory();
  const source = { ...directory, searchProducts: await searchProducts(directory) };
  const files: DataFile[] = [];
  const add = (kind: DataKind, lang: Lang, stable: string, body: string) => {
    const name = `${stable}.${fingerprint(body)}`;
    const path = `${DATA_DIR}/${name}.json`;
    files.push({ kind, lang, stable, name, path, body });
    return path;
  };
  for (const lang of LANGS) {
    // The shards first: the index lists their fingerprinted paths.
    const search = buildSearchFiles(source, lang, { pathOf: (n, body) => add('searchShard', lang, `search-${lang}-${n}`, body) });
    add('search', lang, `search-${lang}`, JSON.stringify({ ...search.index, t: searchTexts(lang) }));
    add('companies', lang, `companies-${lang}`, JSON.stringify(withFeatures(buildCompanyList(directory, lang), directory)));
  }
  return files;
}

/** The published products as the search needs them; those with an alternatives page link to it. */
async function searchProducts(directory: Pick<Directory, 'products'>): Promise<SearchProductSource[]> {
  const pages = new Map((await productPages()).map((page) => [page.product.id, page.alternatives.length]));
  return directory.products.map((p) => ({
    slug: p.slug,
    name: p.name,
    translations: p.translations,
    aliases: p.aliases,
    companyId: p.companyId,
    subcategoryId: p.subcategoryId,
    alternatives: pages.get(p.id) ?? 0,
    hasPage: pages.has(p.id),
  }));
}

/** Appends to each company row the features its products verifiably offer (left out when none). */
export function withFeatures(list: CompanyListData, directory: Pick<Directory, 'companyBySlug' | 'productsByCompany'>): CompanyListData {
  const c = list.c.map((row): CompanyListRow => {
    const company = directory.companyBySlug.get(row[1]);
    const bits = company ? companyFeatureBits(directory.productsByCompany.get(company.id) ?? []) : 0;
    const [name, slug, country, category, unicorn, description, alternatives, control, certifications, score, founded, added] = row;
    return bits ? [name, slug, country, category, unicorn, description, alternatives, control, certifications, score, founded, added, bits] : row;
  });
  return { ...list, c };
}

/** The current public path of one data file. */
export async function dataFileUrl(kind: DataKind, lang: Lang): Promise<string> {
  const file = (await dataFiles()).find((f) => f.kind === kind && f.lang === lang);
  if (!file) throw new Error(`No ${kind} data file for ${lang}`);
  return file.path;
}

/**
 * How a page names one data file: by its stable name through the manifest (src/lib/data-manifest.ts),
 * so that new data does not change the page.
 */
export async function dataFileRef(kind: DataKind, lang: Lang): Promise<string> {
  const file = (await dataFiles()).find((f) => f.kind === kind && f.lang === lang);
  if (!file) throw new Error(`No ${kind} data file for ${lang}`);
  return manifestRef(file.stable);
}

/** The manifest's body: every data file's stable name and its current fingerprinted path. */
export async function dataManifestBody(): Promise<string> {
  return JSON.stringify(Object.fromEntries((await dataFiles()).filter((f) => f.kind !== 'searchShard').map((f) => [f.stable, f.path])));
}
