// Import you can trust: ?dry_run=1 reports what would be created, updated (with the fields) and left
// unchanged and every problem of every record (index, slug, field) without writing anything; the real
// import lists every problem too; the CSV export parses back with the right columns.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { companyBody, fineBody, json, makeKit, seedCatalogue, sourceBody, type Kit } from './helpers.ts';

let kit: Kit;
let ids: Awaited<ReturnType<typeof seedCatalogue>>;
beforeEach(async () => {
  kit = await makeKit();
  ids = await seedCatalogue(kit);
});
afterEach(() => kit.cleanup());

const TABLES = [
  'category', 'subcategory', 'company', 'company_subcategories', 'alternatives', 'certification', 'company_certifications',
  'eu_fines', 'source', 'product', 'product_alternatives', 'change_log', 'publish_run',
];

async function dump(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await kit.db.all(sql.raw(`select * from "${table}" order by rowid`));
  return out;
}

const dryRun = (kind: string, body: unknown) => kit.call('POST', `/api/admin/${kind}/import?dry_run=1`, { body });

async function twoCompanies() {
  const netflix = await json(await kit.call('POST', '/api/admin/companies', { body: companyBody(ids.ent.id, { name: 'Netflix', slug: 'netflix', country: 'US' }) }));
  await kit.call('POST', '/api/admin/companies', { body: companyBody(ids.ent.id, { sources: [sourceBody()], eu_fines: [fineBody()], alternative_to: { add: [netflix.id] } }) });
  return (await json(await kit.call('GET', '/api/admin/companies/export'))) as Record<string, unknown>[];
}

describe('import dry run', () => {
  it('counts created, updated (with the changed fields) and unchanged records, and writes nothing', async () => {
    const file = await twoCompanies();
    const [deezer, netflix] = [file.find((r) => r.slug === 'deezer')!, file.find((r) => r.slug === 'netflix')!];
    const changed = { ...deezer, description: 'New text', founded_year: 2008 };
    const added = { ...netflix, name: 'Qobuz', slug: 'qobuz', country: 'FR', alternatives: [] };
    const before = await dump();
    const requests = kit.publisher.requests;

    const res = await dryRun('companies', [netflix, changed, added]);
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report).toMatchObject({
      dry_run: true,
      kind: 'companies',
      total: 3,
      exact: true,
      error_count: 0,
      errors: [],
      created: [{ index: 2, slug: 'qobuz', name: 'Qobuz' }],
      updated: [{ index: 1, slug: 'deezer', name: 'Deezer', fields: ['founded_year', 'description'] }],
      unchanged: [{ index: 0, slug: 'netflix', name: 'Netflix' }],
    });
    expect(await dump()).toEqual(before);
    expect(kit.publisher.requests).toBe(requests);

    // Confirming runs the real import of the same file.
    const real = await kit.call('POST', '/api/admin/companies/import', { body: [netflix, changed, added] });
    expect(real.status).toBe(200);
    expect((await json(await kit.call('GET', '/api/admin/companies/export'))).map((r: { slug: string }) => r.slug)).toEqual(['deezer', 'netflix', 'qobuz']);
  });

  it('lists every error of every record with index, slug and field, and still writes nothing', async () => {
    const file = await twoCompanies();
    const good = file[0];
    const records = [
      good,
      { ...good, slug: 'broken-one', name: 'Broken One', founded_year: 'long ago', website_url: 'not a url' },
      { ...good, slug: 'broken-four', name: 'Broken Four', founded_year: 'long ago', country: 'XX' },
      { ...good, slug: 'broken-two', name: 'Broken Two', country: 'XX', category: 'Gardening', certifications: [{ name: 'Nope', valid_from: '2020-01-01' }] },
      { ...good, slug: 'broken-three', name: 'Broken Three', alternatives: [{ slug: 'nobody' }] },
      { ...good, name: 'Deezer again' },
      { name: 'No slug' },
    ];
    const before = await dump();
    const res = await dryRun('companies', records);
    expect(res.status).toBe(200);
    const report = await json(res);
    const errors = report.errors.map((e: { index: number; slug: string | null; field: string }) => `${e.index} ${e.slug} ${e.field}`);
    expect(errors.slice(0, 9)).toEqual([
      '1 broken-one website_url',
      '1 broken-one founded_year',
      // refused by the schema, and its stored references are checked too
      '2 broken-four founded_year',
      '2 broken-four country',
      '3 broken-two country',
      '3 broken-two category',
      '3 broken-two certifications.0.name',
      '4 broken-three alternatives.0.slug',
      '5 deezer slug',
    ]);
    // The record without a slug: each missing field on its own.
    expect(errors.slice(9)).toEqual(expect.arrayContaining(['6 null slug', '6 null country', '6 null category']));
    expect(errors.slice(9).every((e: string) => e.startsWith('6 null '))).toBe(true);
    expect(report.error_count).toBe(report.errors.length);
    expect(report.errors.find((e: { field: string }) => e.field === 'country').message).toBe('Invalid country codes found: XX');
    expect(report.errors.find((e: { field: string }) => e.field === 'alternatives.0.slug').message).toBe('Alternative not found: nobody');
    expect(report.exact).toBe(false);
    expect(report.unchanged.map((r: { slug: string }) => r.slug)).toEqual(['deezer']);
    expect(report.created).toEqual([]);
    expect(report.errors.find((e: { field: string }) => e.field === 'founded_year').message).toBe('Founded year must be a number');
    expect(await dump()).toEqual(before);

    // The real import refuses the file and also lists every problem.
    const real = await kit.call('POST', '/api/admin/companies/import', { body: records.slice(0, 3) });
    expect(real.status).toBe(400);
    const body = await json(real);
    expect(body.error).toMatch(/^3 errors in 2 records: Record 2 "Broken One" \(slug broken-one\): website_url: .+; Record 2 "Broken One" \(slug broken-one\): founded_year: .+; Record 3 "Broken Four" \(slug broken-four\): founded_year: .+$/);
    expect(body.issues.map((i: { path: string }) => i.path)).toEqual(['1.website_url', '1.founded_year', '2.founded_year']);
    expect(await dump()).toEqual(before);
  });

  it('caps the list at 1,000 errors and says how many there are', async () => {
    // Two errors in each of 600 records (the description is required in a file as in the form, so it is given).
    const records = Array.from({ length: 600 }, (_, i) => ({ name: `Bad ${i}`, slug: `bad-${i}`, country: 'FR', category: 'Entertainment', description: 'x', founded_year: 'x', employee_count: 'y' }));
    const report = await json(await dryRun('companies', records));
    expect(report.error_count).toBe(1200);
    expect(report.errors).toHaveLength(1000);
  });

  it('reports categories and certificates too; a file that is not a list is refused plainly', async () => {
    const cats = await json(await kit.call('GET', '/api/admin/categories/export'));
    const report = await json(await dryRun('categories', [...cats, { ...cats[0], name: 'Copy' }]));
    expect(report.errors.map((e: { index: number; field: string; message: string }) => `${e.index} ${e.field} ${e.message}`)).toEqual([
      '2 slug Duplicate category slug in the file: cloud-hosting',
      '2 subcategories.0.slug Duplicate subcategory slug in the file: cloud-platforms',
    ]);
    const certs = await json(await kit.call('GET', '/api/admin/certificates/export'));
    const certReport = await json(await dryRun('certificates', [{ ...certs[0], description: 'Changed' }, certs[1]]));
    expect(certReport).toMatchObject({ exact: true, updated: [{ index: 0, name: 'B Corp', fields: ['description'] }], unchanged: [{ name: 'ISO 27001' }] });
    const bad = await kit.call('POST', '/api/admin/companies/import?dry_run=1', { rawBody: '{"not": "a list"}' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toBe('Failed to import companies. Please check the file format and try again.');
  });
});

/** RFC 4180 parser for the test: quoted fields, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
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
      i += 1;
    } else field += ch;
  }
  return rows;
}

describe('CSV export', () => {
  it('one row per company, lists joined with "; ", translations per language, RFC 4180 quoting, UTF-8 with BOM', async () => {
    await twoCompanies();
    await kit.call('PUT', `/api/admin/companies/2`, {
      body: companyBody(ids.ent.id, {
        description: 'Says "hello", then\nleaves',
        translations: { de: { description: 'Musik für alle' } },
        subcategory_ids: ids.ent.subcategories.map((s: { id: number }) => s.id),
        certifications: [{ certification_id: ids.bcorp.id, status: 'Verified', valid_from: '2023-01-01', valid_until: '', link: '' }],
        sources: [sourceBody()],
        eu_fines: [fineBody(), fineBody({ date: '2021-01-01' })],
      }),
    });
    const res = await kit.call('GET', '/api/admin/export/companies.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="companies-2025-03-12.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'name', 'slug', 'status', 'category', 'subcategories', 'country', 'headquarters', 'website_url', 'founded_year', 'employee_count',
      'is_unicorn', 'double_irish', 'sustainable', 'logo_url', 'legal_name', 'owner_kind', 'owner_name', 'owner_name_de', 'owner_name_fr', 'owner_country', 'owner_since', 'hosting',
      'description', 'description_de', 'description_fr', 'certifications', 'alternatives', 'sources', 'eu_fines', 'products', 'created_at',
    ]);
    expect(rows).toHaveLength(2);
    const deezer = Object.fromEntries(header.map((h, i) => [h, rows[0][i]]));
    expect(deezer).toMatchObject({
      name: 'Deezer',
      slug: 'deezer',
      subcategories: 'Music Streaming; Video Streaming',
      description: 'Says "hello", then\nleaves',
      description_de: 'Musik für alle',
      description_fr: '',
      certifications: 'B Corp',
      founded_year: '2007',
      is_unicorn: 'false',
      eu_fines: '2',
      sources: 'https://www.deezer.com/company',
    });
    const netflix = Object.fromEntries(header.map((h, i) => [h, rows[1][i]]));
    expect(netflix.alternatives).toBe('deezer');
    expect((await kit.call('GET', '/api/admin/export/people.csv')).status).toBe(404);
    expect((await kit.call('GET', '/api/admin/export/companies.csv', { cookie: null })).status).toBe(401);
  });
});
