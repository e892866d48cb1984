// Imports are exactly as strict as the forms (one set of rules in src/lib/schemas), name every bad
// record and field at once, and no list is so long that a save or an import ends in a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { LIST_LIMITS } from '../../src/lib/schemas/common.ts';
import { chunks } from '../../src/api/chunks.ts';
import { MAX_ISSUES } from '../../src/api/import-export/errors.ts';
import { companyBody, fineBody, json, makeKit, seedCatalogue, sourceBody, type Kit } from './helpers.ts';

let kit: Kit;
let ids: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  kit = await makeKit();
  ids = await seedCatalogue(kit);
});
afterAll(() => kit.cleanup());

const count = async (table: string) => Number(((await kit.db.all(sql.raw(`select count(*) as n from "${table}"`))) as { n: number }[])[0].n);

/** An import record that is valid as it is. */
const record = (overrides: Record<string, unknown> = {}) => ({
  name: 'Deezer',
  slug: 'deezer',
  country: 'FR',
  category: 'Entertainment',
  description: 'French music streaming service.',
  founded_year: 2007,
  ...overrides,
});
/** A valid fine in the audited format (deciding body, kind, status, official https URL). */
const fine = (overrides: Record<string, unknown> = {}) => fineBody({ amount: 1000, date: '2024-01-01', description: 'Abuse of dominance', ...overrides });
const importCompanies = (body: unknown) => kit.call('POST', '/api/admin/companies/import', { body });

// The same bad value, as the form sends it and as an import file has it: both must refuse it, on the same field.
const CASES: { what: string; form: Record<string, unknown>; file: Record<string, unknown>; field: string }[] = [
  { what: 'currency EURO', form: { eu_fines: [fine({ currency: 'EURO' })] }, file: { eu_fines: [fine({ currency: 'EURO' })] }, field: 'eu_fines.0.currency' },
  { what: 'unknown currency XYZ', form: { eu_fines: [fine({ currency: 'XYZ' })] }, file: { eu_fines: [fine({ currency: 'XYZ' })] }, field: 'eu_fines.0.currency' },
  { what: 'currency sign', form: { eu_fines: [fine({ currency: '€' })] }, file: { eu_fines: [fine({ currency: '€' })] }, field: 'eu_fines.0.currency' },
  { what: 'amount 0x10', form: { eu_fines: [fine({ amount: '0x10' })] }, file: { eu_fines: [fine({ amount: '0x10' })] }, field: 'eu_fines.0.amount' },
  { what: 'amount 1e1', form: { eu_fines: [fine({ amount: '1e1' })] }, file: { eu_fines: [fine({ amount: '1e1' })] }, field: 'eu_fines.0.amount' },
  { what: 'empty amount', form: { eu_fines: [fine({ amount: '' })] }, file: { eu_fines: [fine({ amount: '' })] }, field: 'eu_fines.0.amount' },
  { what: 'amount in tenths of cents', form: { eu_fines: [fine({ amount: 10.005 })] }, file: { eu_fines: [fine({ amount: 10.005 })] }, field: 'eu_fines.0.amount' },
  { what: 'huge amount', form: { eu_fines: [fine({ amount: 1e300 })] }, file: { eu_fines: [fine({ amount: 1e300 })] }, field: 'eu_fines.0.amount' },
  { what: 'long fine description', form: { eu_fines: [fine({ description: 'x'.repeat(2001) })] }, file: { eu_fines: [fine({ description: 'x'.repeat(2001) })] }, field: 'eu_fines.0.description' },
  { what: 'script URL', form: { eu_fines: [fine({ announcement_url: 'javascript:alert(1)' })] }, file: { eu_fines: [fine({ announcement_url: 'javascript:alert(1)' })] }, field: 'eu_fines.0.announcement_url' },
  { what: 'very long URL', form: { website_url: `https://example.org/${'a'.repeat(2100)}` }, file: { website_url: `https://example.org/${'a'.repeat(2100)}` }, field: 'website_url' },
  { what: 'ftp website', form: { website_url: 'ftp://example.org' }, file: { website_url: 'ftp://example.org' }, field: 'website_url' },
  { what: 'empty description', form: { description: '' }, file: { description: '' }, field: 'description' },
  { what: 'long description', form: { description: 'x'.repeat(5001) }, file: { description: 'x'.repeat(5001) }, field: 'description' },
  { what: 'negative employees', form: { employee_count: -1 }, file: { employee_count: -1 }, field: 'employee_count' },
  { what: 'founded in 999', form: { founded_year: 999 }, file: { founded_year: 999 }, field: 'founded_year' },
  {
    what: 'certification link',
    form: { certifications: [{ certification_id: 0, status: 'Verified', valid_from: '2024-01-01', link: 'nope' }] },
    file: { certifications: [{ name: 'B Corp', status: 'Verified', valid_from: '2024-01-01', link: 'nope' }] },
    field: 'certifications.0.link',
  },
  {
    what: 'impossible date',
    form: { certifications: [{ certification_id: 0, status: 'Verified', valid_from: '2024-13-45' }] },
    file: { certifications: [{ name: 'B Corp', status: 'Verified', valid_from: '2024-13-45' }] },
    field: 'certifications.0.valid_from',
  },
  // The score of an alternative is gone; these are the range and cross-field rules of the fields that replaced it.
  {
    what: 'a reduced fine whose current amount is above the amount',
    form: { eu_fines: [fine({ status: 'reduced', current_amount: 2000 })] },
    file: { eu_fines: [fine({ status: 'reduced', current_amount: 2000 })] },
    field: 'eu_fines.0.current_amount',
  },
  { what: 'negative current amount', form: { eu_fines: [fine({ current_amount: -1 })] }, file: { eu_fines: [fine({ current_amount: -1 })] }, field: 'eu_fines.0.current_amount' },
  { what: 'unknown fine status', form: { eu_fines: [fine({ status: 'paid' })] }, file: { eu_fines: [fine({ status: 'paid' })] }, field: 'eu_fines.0.status' },
  { what: 'fine announced over http', form: { eu_fines: [fine({ announcement_url: 'http://ec.europa.eu/x' })] }, file: { eu_fines: [fine({ announcement_url: 'http://ec.europa.eu/x' })] }, field: 'eu_fines.0.announcement_url' },
  { what: 'unknown owner kind', form: { owner_kind: 'alien' }, file: { owner_kind: 'alien' }, field: 'owner_kind' },
  { what: 'a named owner kind without a name', form: { owner_kind: 'parent' }, file: { owner_kind: 'parent' }, field: 'owner_name' },
  { what: 'source over http', form: { sources: [sourceBody({ url: 'http://www.deezer.com/company' })] }, file: { sources: [sourceBody({ url: 'http://www.deezer.com/company' })] }, field: 'sources.0.url' },
  { what: 'source verified in the future', form: { sources: [sourceBody({ verified_at: '2999-01-01' })] }, file: { sources: [sourceBody({ verified_at: '2999-01-01' })] }, field: 'sources.0.verified_at' },
];

describe('an import is as strict as the forms', () => {
  for (const c of CASES) {
    it(`refuses ${c.what} in the form and in an import`, async () => {
      const form: Record<string, unknown> = { ...companyBody(ids.ent.id), ...c.form };
      if (Array.isArray(form.certifications)) form.certifications = (form.certifications as Record<string, unknown>[]).map((x) => ({ ...x, certification_id: ids.bcorp.id }));
      const byForm = await kit.call('POST', '/api/admin/companies', { body: form });
      expect(byForm.status, `form: ${c.what}`).toBe(400);
      expect((await json(byForm)).issues.map((i: { path: string }) => i.path), `form: ${c.what}`).toContain(c.field);

      const byFile = await importCompanies([record(c.file)]);
      expect(byFile.status, `import: ${c.what}`).toBe(400);
      const answer = await json(byFile);
      expect(answer.issues.map((i: { path: string }) => i.path), `import: ${c.what}`).toContain(`0.${c.field}`);
      expect(answer.error).toContain(`Record 1 "Deezer" (slug deezer): ${c.field}: `);
      expect(await count('company')).toBe(0);
    });
  }

  it('stores currencies in upper case, EUR when none is given, and decimal amount strings as numbers', async () => {
    const res = await importCompanies([record({ eu_fines: [fine({ currency: ' usd ', amount: '1500.50' }), fine({ currency: null, date: '2023-01-01' })] })]);
    expect(res.status, await res.clone().text()).toBe(200);
    const fines = await kit.db.select().from(t.euFine).orderBy(t.euFine.date);
    expect(fines.map((f) => [f.currency, f.amount])).toEqual([
      ['EUR', 1000],
      ['USD', 1500.5],
    ]);
    await kit.call('DELETE', `/api/admin/companies/${fines[0].companyId}`);
  });

  it('refuses category images that are not https or a path on this site, as the form does', async () => {
    for (const image_url of ['http://cdn.example.org/a.png', '//evil.example/a.png', 'javascript:alert(1)', 'not a url']) {
      const res = await kit.call('POST', '/api/admin/categories/import', { body: [{ name: 'Travel', slug: 'travel', image_url }] });
      expect(res.status, image_url).toBe(400);
      expect((await json(res)).issues, image_url).toContainEqual({ path: '0.image_url', message: 'Image URL must be an https URL or a path on this site (/images/...)' });
    }
    const ok = await kit.call('POST', '/api/admin/categories/import', { body: [{ name: 'Travel', slug: 'travel', image_url: 'https://cdn.example.org/a.png' }] });
    expect(ok.status).toBe(200);
  });

  it('names every bad record (position, name, slug) and every bad field at once', async () => {
    const res = await importCompanies([
      record({ website_url: 'nope', eu_fines: [fine({ currency: 'EURO' })] }),
      record({ name: 'Qwant', slug: 'qwant' }),
      record({ name: 'Ecosia', slug: 'ecosia', founded_year: 'soon' }),
    ]);
    expect(res.status).toBe(400);
    const answer = await json(res);
    expect(answer.error).toBe(
      '3 errors in 2 records: ' +
        'Record 1 "Deezer" (slug deezer): website_url: Website must be a valid URL; ' +
        'Record 1 "Deezer" (slug deezer): eu_fines.0.currency: Currency must be a three-letter ISO 4217 code (e.g. EUR); ' +
        'Record 3 "Ecosia" (slug ecosia): founded_year: Founded year must be a number',
    );
    expect(answer.issues).toEqual([
      { path: '0.website_url', message: 'Website must be a valid URL' },
      { path: '0.eu_fines.0.currency', message: 'Currency must be a three-letter ISO 4217 code (e.g. EUR)' },
      { path: '2.founded_year', message: 'Founded year must be a number' },
    ]);
  });

  it('names every missing certification and alternative, not only the first', async () => {
    const res = await importCompanies([
      record({ certifications: [{ name: 'Nope Cert', valid_from: '2024-01-01' }], alternatives: [{ slug: 'nowhere' }, { slug: 'deezer' }] }),
      record({ name: 'Qwant', slug: 'qwant', alternatives: [{ slug: 'deezer' }, { slug: 'gone' }] }),
    ]);
    expect(res.status).toBe(400);
    expect((await json(res)).issues).toEqual([
      { path: '0.certifications.0.name', message: 'Certification not found: Nope Cert' },
      { path: '0.alternatives.0.slug', message: 'Alternative not found: nowhere' },
      { path: '0.alternatives.1.slug', message: 'A company cannot be its own alternative' },
      { path: '1.alternatives.1.slug', message: 'Alternative not found: gone' },
    ]);
    expect(await count('company')).toBe(0);
  });
});

describe('ids in paths', () => {
  it('are plain positive integers: 0x10, 1e1, +16, 016 and 16.0 are not company 16', async () => {
    await kit.db.insert(t.company).values({ id: 16, name: 'Sixteen', slug: 'sixteen', country: 'FR', description: 'x', categoryId: ids.ent.id });
    expect((await kit.call('GET', '/api/admin/companies/16')).status).toBe(200);
    for (const id of ['0x10', '1e1', '1.6e1', '+16', '016', '16.0', '%2016', '16%20', '0b10000', 'Infinity', '9007199254740993']) {
      const res = await kit.call('GET', `/api/admin/companies/${id}`);
      expect(res.status, id).toBe(404);
      expect(await json(res), id).toEqual({ error: 'Company not found' });
    }
    await kit.db.delete(t.company).where(eq(t.company.id, 16));
  });

  it('ids in a form body are numbers, not strings', async () => {
    for (const body of [
      companyBody(String(ids.ent.id) as unknown as number),
      companyBody(ids.ent.id, { subcategory_ids: [String(ids.ent.subcategories[0].id)] }),
      companyBody(ids.ent.id, { certifications: [{ certification_id: `0x${ids.bcorp.id.toString(16)}`, status: 'Verified', valid_from: '2024-01-01' }] }),
      companyBody(ids.ent.id, { alternatives: [{ company_id: '1e1' }] }),
    ]) {
      const res = await kit.call('POST', '/api/admin/companies', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await count('company')).toBe(0);
  });
});

describe('big inputs', () => {
  it('an import of one company with 5,000 or 20,000 fines is a 400 that says so, not a 500', async () => {
    for (const n of [5_000, 20_000]) {
      const res = await importCompanies([record({ eu_fines: Array.from({ length: n }, (_, i) => fine({ amount: i })) })]);
      expect(res.status, `${n} fines`).toBe(400);
      const answer = await json(res);
      expect(answer.issues).toEqual([{ path: '0.eu_fines', message: `Too many fines (at most ${LIST_LIMITS.fines})` }]);
      expect(answer.error).toBe(`Record 1 "Deezer" (slug deezer): eu_fines: Too many fines (at most ${LIST_LIMITS.fines})`);
    }
    expect(await count('eu_fines')).toBe(0);
  });

  it('the form API refuses too long lists with 400 and the list named', async () => {
    const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
    // Alternative links are a diff { add, remove } in the API: each of the four lists has the limit.
    const idList = (n: number) => many(n, (i) => i + 1);
    const cases: [string, unknown, string, string][] = [
      ['eu_fines', many(LIST_LIMITS.fines + 1, (i) => fine({ amount: i })), 'eu_fines', 'Too many fines'],
      ['subcategory_ids', idList(LIST_LIMITS.companySubcategories + 1), 'subcategory_ids', 'Too many subcategories'],
      ['certifications', many(LIST_LIMITS.certifications + 1, (i) => ({ certification_id: i + 1, status: 'Verified', valid_from: '2024-01-01' })), 'certifications', 'Too many certifications'],
      ['alternatives', { add: idList(LIST_LIMITS.alternatives + 1) }, 'alternatives.add', 'Too many links to add'],
      ['alternatives', { remove: idList(LIST_LIMITS.alternatives + 1) }, 'alternatives.remove', 'Too many links to remove'],
      ['alternative_to', { add: idList(LIST_LIMITS.alternatives + 1) }, 'alternative_to.add', 'Too many links to add'],
      ['alternative_to', { remove: idList(LIST_LIMITS.alternatives + 1) }, 'alternative_to.remove', 'Too many links to remove'],
    ];
    for (const [field, list, path, message] of cases) {
      const res = await kit.call('POST', '/api/admin/companies', { body: companyBody(ids.ent.id, { [field]: list }) });
      expect(res.status, path).toBe(400);
      expect((await json(res)).issues, path).toContainEqual({ path, message: expect.stringContaining(message) });
    }
    const category = await kit.call('POST', '/api/admin/categories', {
      body: { name: 'Big', slug: 'big', subcategories: many(LIST_LIMITS.subcategories + 1, (i) => ({ name: `S${i}`, slug: `s-${i}` })) },
    });
    expect(category.status).toBe(400);
    expect((await json(category)).issues).toContainEqual({ path: 'subcategories', message: `Too many subcategories (at most ${LIST_LIMITS.subcategories})` });
  });

  it('import lists have the same limits', async () => {
    const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
    const cases: [string, unknown][] = [
      ['subcategories', many(LIST_LIMITS.companySubcategories + 1, (i) => `Sub ${i}`)],
      ['certifications', many(LIST_LIMITS.certifications + 1, (i) => ({ name: `Cert ${i}`, valid_from: '2024-01-01' }))],
      ['alternatives', many(LIST_LIMITS.alternatives + 1, (i) => ({ slug: `alt-${i}` }))],
    ];
    for (const [field, list] of cases) {
      const res = await importCompanies([record({ [field]: list })]);
      expect(res.status, field).toBe(400);
      expect((await json(res)).issues.map((i: { path: string }) => i.path), field).toEqual([`0.${field}`]);
    }
  });

  it('a category import with 40,000 subcategories is a 400, not a 500', async () => {
    const subcategories = Array.from({ length: 40_000 }, (_, i) => ({ name: `Sub ${i}`, slug: `sub-${i}` }));
    const res = await kit.call('POST', '/api/admin/categories/import', { body: [{ name: 'Big', slug: 'big', subcategories }] });
    expect(res.status).toBe(400);
    expect((await json(res)).issues).toEqual([{ path: '0.subcategories', message: `Too many subcategories (at most ${LIST_LIMITS.subcategories})` }]);
  });

  it('40,000 alternatives that do not exist are reported, not a 500 (the lookup runs in slices)', async () => {
    const records = Array.from({ length: 200 }, (_, r) =>
      record({ name: `Company ${r}`, slug: `company-${r}`, alternatives: Array.from({ length: 200 }, (_, a) => ({ slug: `missing-${r}-${a}` })) }),
    );
    const res = await importCompanies(records);
    expect(res.status).toBe(400);
    const answer = await json(res);
    // All 40,000 are counted in the message; the issues list stops at MAX_ISSUES, in file order.
    expect(answer.issues).toHaveLength(MAX_ISSUES);
    expect(answer.issues[0]).toEqual({ path: '0.alternatives.0.slug', message: 'Alternative not found: missing-0-0' });
    expect(answer.issues[MAX_ISSUES - 1]).toEqual({ path: '4.alternatives.199.slug', message: 'Alternative not found: missing-4-199' });
    expect(answer.error).toMatch(/^40000 errors in 200 records: Record 1 "Company 0" \(slug company-0\): alternatives\.0\.slug: Alternative not found: missing-0-0; .*; and 39990 more \(see issues\)$/);
    expect(await count('company')).toBe(0);
  });

  it('a file with more records than an import takes is refused with a message', async () => {
    const res = await importCompanies(Array.from({ length: LIST_LIMITS.importRecords + 1 }, () => ({})));
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe(`The file has ${LIST_LIMITS.importRecords + 1} records; an import takes at most ${LIST_LIMITS.importRecords}.`);
  });

  it('saves the most of every list in one transaction (written in slices)', async () => {
    const res = await kit.call('POST', '/api/admin/companies', {
      body: companyBody(ids.ent.id, { eu_fines: Array.from({ length: LIST_LIMITS.fines }, (_, i) => fine({ amount: i, description: `Fine ${i}` })) }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await json(res)).eu_fines).toHaveLength(LIST_LIMITS.fines);
    const file = await json(await kit.call('GET', '/api/admin/companies/export'));
    const again = await importCompanies(file);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await count('eu_fines')).toBe(LIST_LIMITS.fines);
    expect(chunks(Array.from({ length: 250 }, (_, i) => i)).map((c) => c.length)).toEqual([100, 100, 50]);
  });
});
