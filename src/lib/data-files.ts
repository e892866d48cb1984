// The JSON files the islands fetch, built once per build from the directory. Each file name carries a
// hash of its content (/data/search-en.3f9c0a1b2d.json), so a CDN may cache it for good: new data,
// new name. Pages ask dataFileUrl() for the current name; src/pages/data/[file].json.ts writes them,
// src/pages/data-latest/[file].json.ts the same content under stable names (see latestDataPath).
import { createHash } from 'node:crypto';
import { LANGS, type Lang } from './i18n-langs.ts';
import { loadDirectory, type Directory } from './data.ts';
import { buildCompanyList, buildSearchIndex, type CompanyListData, type CompanyListRow } from './search-index.ts';
import { companyFeatureBits } from './product-features.ts';

export type DataKind = 'search' | 'companies';

export interface DataFile {
  kind: DataKind;
  lang: Lang;
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

export function dataFiles(): Promise<DataFile[]> {
  return (cached ??= build());
}

async function build(): Promise<DataFile[]> {
  const directory = await loadDirectory();
  const files: DataFile[] = [];
  for (const lang of LANGS) {
    for (const [kind, data] of [
      ['search', buildSearchIndex(directory, lang)],
      ['companies', withFeatures(buildCompanyList(directory, lang), directory)],
    ] as const) {
      const body = JSON.stringify(data);
      const name = `${kind}-${lang}.${fingerprint(body)}`;
      files.push({ kind, lang, name, path: `${DATA_DIR}/${name}.json`, body });
    }
  }
  return files;
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
