// The open data, built with the site: the five downloads (JSON and CSV), the static JSON API
// (/open-data/v1/companies/{slug}.json and index-{n}.json) and the Atom feed of changes per language.
// Published records only (drafts are dropped by loadDirectory()). Shapes are documented field by field
// in open-data-schemas.ts. The API lives under /open-data/v1/ rather than /api/v1/ (every /api/* path
// belongs to the Hono API, locally and on Cloudflare) or /data/v1/ (/data/* is cached for a year as
// immutable, fingerprinted island files).
import { LANGS, type Lang } from './i18n-langs.ts';
import { t } from './i18n.ts';
import { urlOf } from './routes.ts';
import { countryName } from './countries.ts';
import { anyCountryName } from './ownership.ts';
import { formatDate, formatMoney } from './format.ts';
import { countedAmount } from './schemas/facts.ts';
import { sql } from 'drizzle-orm';
import * as schema from '../../db/schema.ts';
import { companyChangedAt } from './company-changed.ts';
import { buildDb, loadDirectory, publishedProducts, recentCompanyChanges, type Directory } from './data.ts';
import { DATASETS, FIELDS, OPEN_DATA_LICENCE, OPEN_DATA_VERSION, type Dataset } from './open-data-schemas.ts';
import { onDataReset } from './build-cache.ts';

export { DATASETS, OPEN_DATA_VERSION, type Dataset };

/** Companies per page of the static API's index. */
export const API_PAGE_SIZE = 100;
export const API_BASE = '/open-data/v1/companies';
export const FEED_ENTRIES = 50;

/**
 * The files' timestamp: when the data last changed (the newest change log entry or record time), never
 * the clock at build time, so that a build of the same data writes the same bytes (incremental
 * publishing is held to that, docs/architecture.md "Publishing").
 */
async function dataChangedAt(d: Directory): Promise<string> {
  const db = await buildDb();
  const [row] = await db.select({ at: sql<string | null>`max(${schema.change.createdAt})` }).from(schema.change);
  let latest = row?.at ?? '1970-01-01T00:00:00.000Z';
  const consider = (...times: (string | null | undefined)[]) => {
    for (const time of times) if (time && time > latest) latest = time;
  };
  for (const c of d.companies) consider(c.createdAt, c.updatedAt);
  for (const c of d.categories) consider(c.createdAt, c.updatedAt);
  for (const p of d.products) consider(p.createdAt, p.updatedAt);
  const date = new Date(latest);
  return (Number.isNaN(date.getTime()) ? new Date(0) : date).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const ATTRIBUTION = 'European Alternatives (CC BY 4.0); parts from Awesome European Tech and Made in EU (MIT licence, © their contributors)';

type Texts = { translations?: Record<string, Record<string, string | null | undefined> | null | undefined> | null };

/** English from the plain field, other languages where translated. */
function localized(item: object, field: string): Record<string, string> {
  const record = item as Texts & Record<string, unknown>;
  const out: Record<string, string> = { en: typeof record[field] === 'string' ? (record[field] as string) : '' };
  for (const lang of LANGS) {
    const v = record.translations?.[lang]?.[field];
    if (lang !== 'en' && typeof v === 'string' && v.trim()) out[lang] = v;
  }
  return out;
}

function envelope(builtAt: string) {
  return { version: OPEN_DATA_VERSION, built_at: builtAt, licence: { ...OPEN_DATA_LICENCE }, attribution: ATTRIBUTION };
}

async function buildRecords(site: string) {
  const d = await loadDirectory();
  const { products, alternatives: productLinks } = await publishedProducts();
  const slugOfCompany = (id: number) => d.companyById.get(id)!.slug;
  const catSlug = (id: number) => d.categoryById.get(id)?.slug ?? '';
  const subSlug = (id: number) => d.subcategoryById.get(id)?.slug ?? '';
  const abs = (path: string) => new URL(path, site).href;

  const companies = d.companies.map((c) => ({
    slug: c.slug,
    name: c.name,
    country: c.country,
    headquarters: c.headquarters,
    website_url: c.websiteUrl,
    category: catSlug(c.categoryId),
    subcategories: (d.subcategoryIdsByCompany.get(c.id) ?? []).map(subSlug).sort(),
    description: localized(c, 'description'),
    founded_year: c.foundedYear,
    employee_count: c.employeeCount,
    legal_name: c.legalName,
    owner_kind: c.ownerKind,
    owner_name: c.ownerName,
    owner_country: c.ownerCountry,
    owner_since: c.ownerSince,
    hosting: c.hosting,
    control_class: c.control,
    score: d.scoreByCompany.get(c.id)?.total ?? 0,
    is_unicorn: c.isUnicorn,
    double_irish: c.doubleIrish,
    sustainable: c.sustainable,
    certifications: (d.certificationsByCompany.get(c.id) ?? [])
      .map((x) => ({ name: x.certification.name, status: x.status, valid_from: x.validFrom, valid_until: x.validUntil, link: x.link }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    sources: (d.sourcesByCompany.get(c.id) ?? []).map((s) => ({ url: s.url, title: s.title, facts: s.facts, verified_at: s.verifiedAt })),
    alternatives: (d.alternativesOf.get(c.id) ?? []).map((a) => a.company.slug),
    alternative_to: (d.alternativeTo.get(c.id) ?? []).map((a) => a.company.slug),
    page: Object.fromEntries(LANGS.map((l) => [l, abs(urlOf(l, 'company', { slug: c.slug }))])),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  }));

  const productById = new Map(products.map((p) => [p.id, p]));
  const productRecords = products.map((p) => ({
    slug: p.slug,
    name: localized(p, 'name'),
    company: slugOfCompany(p.companyId),
    description: localized(p, 'description'),
    subcategory: p.subcategoryId == null ? null : subSlug(p.subcategoryId) || null,
    website_url: p.websiteUrl,
    aliases: p.aliases ?? {},
    pricing: p.pricing,
    price_from_eur: p.priceFromEur,
    licence: p.licence,
    self_hostable: p.selfHostable,
    platforms: p.platforms,
    e2ee: p.e2ee,
    data_location: p.dataLocation,
    interface_languages: p.interfaceLanguages,
    alternatives: productLinks
      .filter((l) => l.productId === p.id)
      .map((l) => ({ product: productById.get(l.alternativeId)!.slug, can_import: l.canImport }))
      .sort((a, b) => a.product.localeCompare(b.product)),
  }));

  const alternatives = [
    ...d.companies.flatMap((c) =>
      (d.alternativesOf.get(c.id) ?? []).map((a) => ({ from_company: c.slug, to_company: a.company.slug, from_product: null, to_product: null, can_import: null })),
    ),
    ...productLinks.map((l) => {
      const from = productById.get(l.productId)!;
      const to = productById.get(l.alternativeId)!;
      return { from_company: slugOfCompany(from.companyId), to_company: slugOfCompany(to.companyId), from_product: from.slug, to_product: to.slug, can_import: l.canImport };
    }),
  ] as { from_company: string; to_company: string; from_product: string | null; to_product: string | null; can_import: boolean | null }[];

  const fines = d.companies.flatMap((c) =>
    [...(d.finesByCompany.get(c.id) ?? [])]
      .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
      .map((f) => ({
        company: c.slug,
        body: f.body,
        kind: f.kind,
        date: f.date,
        amount: f.amount,
        current_amount: f.currentAmount,
        counted_amount: countedAmount(f),
        currency: f.currency,
        status: f.status,
        description: localized(f, 'description'),
        announcement_url: f.announcementUrl,
        status_url: f.statusUrl,
        verified_at: f.verifiedAt,
      })),
  );

  const counts = new Map<number, number>();
  for (const c of d.companies) counts.set(c.categoryId, (counts.get(c.categoryId) ?? 0) + 1);
  const categories = d.categories.map((c) => ({
    slug: c.slug,
    name: localized(c, 'name'),
    page_slug: localized(c, 'slug'),
    subcategories: c.subcategories.map((s) => ({ slug: s.slug, name: localized(s, 'name') })),
    company_count: counts.get(c.id) ?? 0,
  }));

  return { directory: d, builtAt: await dataChangedAt(d), items: { companies, products: productRecords, alternatives, fines, categories } satisfies Record<Dataset, unknown[]> };
}

let cached: Promise<Awaited<ReturnType<typeof buildRecords>>> | undefined;
onDataReset(() => (cached = undefined));
function records(site: string) {
  return (cached ??= buildRecords(site));
}

export type CompanyRecord = Awaited<ReturnType<typeof buildRecords>>['items']['companies'][number];

/** A download as JSON: the envelope and every record. */
export async function datasetJson(name: Dataset, site: string): Promise<string> {
  const { items, builtAt } = await records(site);
  return `${JSON.stringify({ ...envelope(builtAt), items: items[name] }, null, 1)}\n`;
}

/** Counts for the open-data page. */
export async function datasetCounts(site: string): Promise<Record<Dataset, number>> {
  const { items } = await records(site);
  return Object.fromEntries(DATASETS.map((n) => [n, items[n].length])) as Record<Dataset, number>;
}

/** The files' timestamp: when the data last changed. */
export async function builtAt(site: string): Promise<string> {
  return (await records(site)).builtAt;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) text = value.join('|');
  else text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: a leading ' keeps it text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A download as CSV: the same records, one per line, columns in schema order. Localized objects become
 * one column per language (description_en, description_de …), lists of values are joined with "|",
 * nested objects are JSON.
 */
export async function datasetCsv(name: Dataset, site: string): Promise<string> {
  const { items } = await records(site);
  const columns: { header: string; get: (r: Record<string, unknown>) => unknown }[] = [];
  for (const f of FIELDS[name]) {
    const perLang = (f.schema as { properties?: Record<string, unknown> }).properties?.en !== undefined;
    if (perLang) for (const lang of LANGS) columns.push({ header: `${f.name}_${lang}`, get: (r) => (r[f.name] as Record<string, string>)[lang] ?? '' });
    else columns.push({ header: f.name, get: (r) => r[f.name] });
  }
  const lines = [columns.map((c) => c.header).join(','), ...(items[name] as Record<string, unknown>[]).map((r) => columns.map((c) => csvCell(c.get(r))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The static JSON API: one file per company. Its time is when that company's data last changed (its
 * record, the companies it links to and from, its products), so an edit rewrites the files of the
 * companies it touches, not every file.
 */
export async function companyApiSlugs(site: string): Promise<string[]> {
  return (await records(site)).items.companies.map((item) => item.slug);
}

const itemsBySlug = new WeakMap<CompanyRecord[], Map<string, CompanyRecord>>();

/**
 * One company's file of the static JSON API, made when that path is rendered: an incremental publish
 * renders the files of the companies it changed only, so the others are never serialized.
 */
export async function companyApiFile(site: string, slug: string): Promise<string | undefined> {
  const { items, directory: d } = await records(site);
  let bySlug = itemsBySlug.get(items.companies);
  if (!bySlug) itemsBySlug.set(items.companies, (bySlug = new Map(items.companies.map((item) => [item.slug, item]))));
  const item = bySlug.get(slug);
  return item && `${JSON.stringify({ ...envelope(companyChangedAt(d, item.slug)), item }, null, 1)}\n`;
}

/** The static JSON API: the index, API_PAGE_SIZE companies a page (index-1.json …), at least one page. */
export async function companyIndexPages(site: string): Promise<{ n: number; body: string }[]> {
  const { items, builtAt } = await records(site);
  const total = items.companies.length;
  const pages = Math.max(1, Math.ceil(total / API_PAGE_SIZE));
  const path = (n: number) => `${API_BASE}/index-${n}.json`;
  return Array.from({ length: pages }, (_, i) => {
    const n = i + 1;
    const slice = items.companies.slice(i * API_PAGE_SIZE, n * API_PAGE_SIZE);
    const body = {
      ...envelope(builtAt),
      page: n,
      pages,
      per_page: API_PAGE_SIZE,
      total,
      next: n < pages ? path(n + 1) : null,
      prev: n > 1 ? path(n - 1) : null,
      items: slice.map((c) => ({ slug: c.slug, name: c.name, country: c.country, control_class: c.control_class, url: `${API_BASE}/${c.slug}.json` })),
    };
    return { n, body: `${JSON.stringify(body, null, 1)}\n` };
  });
}

// ---- The Atom feed of changes ------------------------------------------------------------------

export interface FeedEvent {
  kind: 'company_added' | 'ownership_changed' | 'fine_added';
  /** stable id part: what happened to which record (and which change-log row) */
  key: string;
  at: string;
  slug: string;
  company: string;
  country: string;
  /** the new owner; its name per language as the record had it then (translations.{de,fr}.owner_name) */
  owner?: { name: string | null; country: string | null; names?: Partial<Record<Lang, string>> };
  fine?: { body: string; date: string; amount: number; currency: string };
}

type Snapshot = {
  status?: string;
  owner_name?: string | null;
  owner_country?: string | null;
  owner_kind?: string | null;
  translations?: Partial<Record<Lang, { owner_name?: string }>> | null;
  eu_fines?: { body: string; date: string; amount: number; currency?: string; announcement_url?: string | null }[];
} | null;

const fineKey = (f: { body: string; date: string; amount: number }) => `${f.date}|${f.body}|${f.amount}`;

/**
 * What the feed reports, newest first: companies added (their creation, or a draft published; the
 * creation date for records imported without a log entry), ownership changes and fines added, from
 * the change log. Only companies that are published now.
 */
export function feedEvents(d: Pick<Directory, 'companies' | 'companyById'>, changes: { id: number; createdAt: string; entityId: number | null; action: string; before: unknown; after: unknown }[]): FeedEvent[] {
  const events: FeedEvent[] = [];
  const addedLogged = new Set<number>();
  for (const ch of changes) {
    const c = ch.entityId == null ? undefined : d.companyById.get(ch.entityId);
    if (!c) continue;
    const before = ch.before as Snapshot;
    const after = ch.after as Snapshot;
    if (!after) continue;
    const base = { at: ch.createdAt, slug: c.slug, company: c.name, country: c.country };
    if ((!before || before.status === 'draft') && after.status !== 'draft') {
      events.push({ ...base, kind: 'company_added', key: `company-added/${c.id}/${ch.id}` });
      addedLogged.add(c.id);
      continue;
    }
    if (!before) continue;
    if ((before.owner_name ?? null) !== (after.owner_name ?? null) || (before.owner_country ?? null) !== (after.owner_country ?? null) || (before.owner_kind ?? null) !== (after.owner_kind ?? null)) {
      const names = Object.fromEntries(Object.entries(after.translations ?? {}).flatMap(([lang, v]) => (after.owner_name && v?.owner_name ? [[lang, v.owner_name]] : [])));
      events.push({ ...base, kind: 'ownership_changed', key: `ownership/${c.id}/${ch.id}`, owner: { name: after.owner_name ?? null, country: after.owner_country ?? null, names } });
    }
    const had = new Set((before.eu_fines ?? []).map(fineKey));
    for (const f of after.eu_fines ?? []) {
      if (!had.has(fineKey(f))) {
        events.push({ ...base, kind: 'fine_added', key: `fine/${c.id}/${ch.id}/${f.date}`, fine: { body: f.body, date: f.date, amount: f.amount, currency: f.currency ?? 'EUR' } });
      }
    }
  }
  for (const c of d.companies) {
    if (!addedLogged.has(c.id)) events.push({ kind: 'company_added', key: `company-added/${c.id}`, at: c.createdAt, slug: c.slug, company: c.name, country: c.country });
  }
  return events.sort((a, b) => b.at.localeCompare(a.at) || a.key.localeCompare(b.key));
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
/** An empty feed's time: fixed, so that the same data gives the same file. */
const EPOCH = '1970-01-01T00:00:00Z';
const iso = (at: string) => (Number.isNaN(Date.parse(at)) ? EPOCH : new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z'));

/** The feed's own path per language: /feed.atom, /de/feed.atom, /fr/feed.atom. */
export function feedPath(lang: Lang): string {
  return `${lang === 'en' ? '' : `/${lang}`}/feed.atom`;
}

/** An Atom (RFC 4287) feed of the latest FEED_ENTRIES events, in one language. */
export function atomFeed(lang: Lang, events: FeedEvent[], site: string): string {
  const abs = (path: string) => new URL(path, site).href;
  const list = events.slice(0, FEED_ENTRIES);
  const updated = list.length ? iso(list.map((e) => e.at).sort().at(-1)!) : EPOCH;
  const country = (code: string | null) => (code ? countryName(code, lang) || anyCountryName(code, lang) : '');
  const entry = (e: FeedEvent) => {
    const vars = { company: e.company, country: country(e.country) };
    const [title, text] =
      e.kind === 'company_added'
        ? [t(lang, 'feed.company_added', vars), t(lang, 'feed.company_added_text', vars)]
        : e.kind === 'ownership_changed'
          ? [
              t(lang, 'feed.ownership_changed', vars),
              t(lang, 'feed.ownership_changed_text', {
                owner: [e.owner?.names?.[lang] ?? e.owner?.name, e.owner?.country ? country(e.owner.country) : ''].filter(Boolean).join(', ') || t(lang, 'feed.unknown_owner'),
              }),
            ]
          : [
              t(lang, 'feed.fine_added', vars),
              t(lang, 'feed.fine_added_text', { body: e.fine!.body, date: formatDate(e.fine!.date, lang), amount: formatMoney(e.fine!.amount, lang, e.fine!.currency) }),
            ];
    const link = abs(urlOf(lang, 'company', { slug: e.slug }));
    return [
      '  <entry>',
      `    <id>${xml(abs(`/feed/${lang}/${e.key}`))}</id>`,
      `    <title>${xml(title)}</title>`,
      `    <updated>${iso(e.at)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${xml(link)}"/>`,
      `    <category term="${e.kind}"/>`,
      `    <summary>${xml(text)}</summary>`,
      '  </entry>',
    ].join('\n');
  };
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `  <id>${xml(abs(feedPath(lang)))}</id>`,
    `  <title>${xml(t(lang, 'feed.title'))}</title>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>European Alternatives</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(abs(feedPath(lang)))}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(abs(urlOf(lang, 'openData')))}"/>`,
    `  <rights>CC BY 4.0</rights>`,
    ...list.map(entry),
    '</feed>',
    '',
  ].join('\n');
}

/** The feed of one language, from the build's data. */
export async function buildFeed(lang: Lang, site: string): Promise<string> {
  const d = await loadDirectory();
  return atomFeed(lang, feedEvents(d, await recentCompanyChanges()), site);
}
