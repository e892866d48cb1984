// The open data as the build emits it, from the real seed plus a product, a product link and change-log
// rows: every download and every static-API file validates against its published JSON Schema (draft
// 2020-12, with ajv), the CSV files hold the same records, drafts stay out, and the Atom feeds are
// well-formed RFC 4287 feeds with the events of the change log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import { API_SCHEMAS, DATASETS, FIELDS, jsonSchema, type SchemaName } from '../../src/lib/open-data-schemas.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

const SITE = 'https://alternatives.example/';
let temp: TempDb;
const savedUrl = process.env.LIBSQL_URL;
let od: typeof import('../../src/lib/open-data.ts');
let draftSlug: string;
let fined: { id: number; slug: string; name: string };

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validators = new Map<SchemaName, ReturnType<typeof ajv.compile>>();
function validate(name: SchemaName, data: unknown) {
  let v = validators.get(name);
  if (!v) validators.set(name, (v = ajv.compile(jsonSchema(name, SITE))));
  const ok = v(data);
  return ok ? [] : (v.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
}

beforeAll(async () => {
  temp = await tempDb();
  await seedDatabase(temp.db);
  const db = temp.db;
  const companies = await db.select().from(t.company);
  const published = companies.filter((c) => c.status === 'published');
  draftSlug = companies.find((c) => c.status === 'draft')!.slug;
  // Google (b) has Gmail in the seed, with Proton Mail among its European alternatives.
  const b = published.find((c) => c.slug === 'google') ?? published[1];
  // Change-log rows: an ownership change and a fine added to one published company (its name with
  // markup characters, to see them escaped in the feed).
  fined = { id: b.id, slug: b.slug, name: b.name };
  await db.update(t.company).set({ name: `${b.name} <&> "Co"` }).where(eq(t.company.id, b.id));
  fined.name = `${b.name} <&> "Co"`;
  const before = { name: b.name, status: 'published', owner_kind: 'listed', owner_name: null, owner_country: null, eu_fines: [] };
  const fine = { body: 'European Commission', kind: 'antitrust', date: '2030-01-02', amount: 1234567, current_amount: 1234567, status: 'in_force', currency: 'EUR', description: 'x' };
  await db.insert(t.change).values([
    { createdAt: '2030-01-01T10:00:00.000Z', entity: 'company', entityId: b.id, label: b.name, action: 'update', before, after: { ...before, owner_kind: 'parent', owner_name: 'Megacorp family', owner_country: 'US', translations: { de: { owner_name: 'Familie Megacorp' }, fr: { owner_name: 'Famille Megacorp' } } } },
    { createdAt: '2030-01-03T10:00:00.000Z', entity: 'company', entityId: b.id, label: b.name, action: 'update', before, after: { ...before, eu_fines: [fine] } },
    // A change of a draft company: never in the feed.
    { createdAt: '2030-01-04T10:00:00.000Z', entity: 'company', entityId: companies.find((c) => c.status === 'draft')!.id, label: 'draft', action: 'update', before, after: { ...before, owner_name: 'Hidden' } },
  ]);
  process.env.LIBSQL_URL = temp.url;
  // Imported after LIBSQL_URL points at the seeded file: the build's data module reads it once.
  od = await import('../../src/lib/open-data.ts');
}, 120_000);

afterAll(() => {
  if (savedUrl === undefined) delete process.env.LIBSQL_URL;
  else process.env.LIBSQL_URL = savedUrl;
  temp?.cleanup();
});

/** RFC 4180 parsing, enough for our files (quoted fields with commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe('downloads', () => {
  it('every JSON download validates against its JSON Schema, with version and build date', async () => {
    for (const name of DATASETS) {
      const data = JSON.parse(await od.datasetJson(name, SITE));
      expect(validate(name, data), name).toEqual([]);
      expect(data.version).toBe('1.0');
      expect(Date.parse(data.built_at)).not.toBeNaN();
      expect(data.licence.id).toBe('CC-BY-4.0');
      expect(data.items.length, name).toBeGreaterThan(0);
    }
  });

  it('a record that breaks the schema is caught (the schemas are strict)', async () => {
    const data = JSON.parse(await od.datasetJson('companies', SITE));
    data.items[0].extra = 1;
    expect(validate('companies', data).join()).toMatch(/additional properties/);
    const fines = JSON.parse(await od.datasetJson('fines', SITE));
    fines.items[0].status = 'forgiven';
    expect(validate('fines', fines).length).toBeGreaterThan(0);
  });

  it('holds published records only, products and both kinds of alternatives', async () => {
    const companies = JSON.parse(await od.datasetJson('companies', SITE)).items as { slug: string; page: Record<string, string> }[];
    expect(companies.some((c) => c.slug === draftSlug)).toBe(false);
    expect(companies[0].page.de).toMatch(/^https:\/\/alternatives\.example\/de\/unternehmen\//);
    const products = JSON.parse(await od.datasetJson('products', SITE)).items;
    expect(products.find((p: { slug: string }) => p.slug === 'gmail').alternatives).toEqual(
      expect.arrayContaining([expect.objectContaining({ product: 'proton-mail' }), expect.objectContaining({ product: 'tuta-mail' })]),
    );
    expect(products.some((p: { slug: string }) => p.slug === 'proton-mail')).toBe(true);
    const alternatives = JSON.parse(await od.datasetJson('alternatives', SITE)).items as { from_product: string | null }[];
    expect(alternatives.some((a) => a.from_product === 'gmail')).toBe(true);
    expect(alternatives.some((a) => a.from_product === null)).toBe(true);
  });

  it('every CSV holds the same records as its JSON, one column per field (one per language for texts)', async () => {
    for (const name of DATASETS) {
      const items = JSON.parse(await od.datasetJson(name, SITE)).items as Record<string, unknown>[];
      const rows = parseCsv(await od.datasetCsv(name, SITE));
      const [header, ...body] = rows;
      expect(body.length, name).toBe(items.length);
      for (const r of body) expect(r.length, name).toBe(header.length);
      const first = FIELDS[name][0].name;
      expect(header[0]).toBe(first);
      expect(body.map((r) => r[0])).toEqual(items.map((i) => String(i[first])));
    }
    const header = parseCsv(await od.datasetCsv('companies', SITE))[0];
    expect(header).toEqual(expect.arrayContaining(['description_en', 'description_de', 'description_fr', 'page_fr', 'alternatives']));
  });

  it('the static JSON API: one file per company and a paged index, each valid against its schema', async () => {
    const slugs = await od.companyApiSlugs(SITE);
    const pages = await od.companyIndexPages(SITE);
    const companies = JSON.parse(await od.datasetJson('companies', SITE)).items as { slug: string }[];
    expect(slugs).toEqual(companies.map((c) => c.slug));
    for (const slug of slugs.slice(0, 50)) expect(validate('company', JSON.parse((await od.companyApiFile(SITE, slug))!))).toEqual([]);
    expect(await od.companyApiFile(SITE, 'no-such-company')).toBeUndefined();
    const listed: string[] = [];
    for (const p of pages) {
      const body = JSON.parse(p.body);
      expect(validate('company-index', body)).toEqual([]);
      expect(body.pages).toBe(pages.length);
      expect(body.next).toBe(p.n < pages.length ? `/open-data/v1/companies/index-${p.n + 1}.json` : null);
      listed.push(...body.items.map((i: { slug: string; url: string }) => {
          expect(i.url).toBe(`/open-data/v1/companies/${i.slug}.json`);
          return i.slug;
        }));
    }
    expect(listed).toEqual(companies.map((c) => c.slug));
  });

  it('every schema is a documented draft 2020-12 schema', () => {
    for (const name of [...DATASETS, ...API_SCHEMAS]) {
      const schema = jsonSchema(name, SITE) as { $schema: string; $id: string; title: string };
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toBe(`https://alternatives.example/open-data/schema/${name}.schema.json`);
      expect(ajv.validateSchema(schema)).toBe(true);
    }
    for (const name of DATASETS) for (const f of FIELDS[name]) expect(f.description.length, `${name}.${f.name}`).toBeGreaterThan(5);
  });
});

describe('Atom feed', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'entry' || name === 'link' });
  const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

  for (const lang of ['en', 'de', 'fr'] as const) {
    it(`is a valid Atom feed in ${lang}, with the changes of the log`, async () => {
      const xml = await od.buildFeed(lang, SITE);
      expect(XMLValidator.validate(xml)).toBe(true);
      const { feed } = parser.parse(xml);
      expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(feed['@xml:lang']).toBe(lang);
      // RFC 4287 4.1.1: id, title, updated; an author (here at feed level); a self link.
      expect(feed.id).toBe(`https://alternatives.example${od.feedPath(lang)}`);
      expect(typeof feed.title).toBe('string');
      expect(feed.updated).toMatch(RFC3339);
      expect(feed.author.name).toBe('European Alternatives');
      expect(feed.link.find((l: Record<string, string>) => l['@rel'] === 'self')['@href']).toBe(`https://alternatives.example${od.feedPath(lang)}`);
      // biome-ignore lint/suspicious/noExplicitAny: the parsed Atom XML, checked field by field below
      const entries = feed.entry as Record<string, any>[];
      expect(entries.length).toBe(od.FEED_ENTRIES);
      expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
      for (const e of entries) {
        expect(e.id).toMatch(/^https:\/\//);
        expect(String(e.title).length).toBeGreaterThan(0);
        expect(e.updated).toMatch(RFC3339);
        expect(e.link[0]['@href']).toMatch(/^https:\/\/alternatives\.example\//);
      }
      // Newest first: the fine (2030-01-03) then the ownership change (2030-01-01); the draft's change is not there.
      expect(entries[0].category['@term']).toBe('fine_added');
      expect(entries[0].title).toContain(fined.name);
      expect(entries[0].link[0]['@href']).toContain(`/${fined.slug}`);
      expect(entries[1].category['@term']).toBe('ownership_changed');
      // The new owner's name as the record gave it in the feed's language.
      expect(entries[1].summary).toContain({ en: 'Megacorp family', de: 'Familie Megacorp', fr: 'Famille Megacorp' }[lang]);
      expect(xml).not.toContain('Hidden');
      expect(feed.updated).toBe('2030-01-03T10:00:00Z');
    });
  }

  it('escapes names in the XML', async () => {
    const xml = await od.buildFeed('en', SITE);
    expect(xml).toContain('&lt;&amp;&gt; &quot;Co&quot;');
    expect(xml).not.toContain('<&>');
  });
});
