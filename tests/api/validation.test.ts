// Each validation rule of the forms (src/lib/schemas/), refused by the API with its field and message, and nothing
// a client can send ends in a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { companyBody, fineBody, json, makeKit, seedCatalogue, sourceBody, type Kit } from './helpers.ts';

let kit: Kit;
let ids: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  kit = await makeKit();
  ids = await seedCatalogue(kit);
});
afterAll(() => kit.cleanup());

async function expectIssue(method: string, path: string, body: unknown, field: string, message: string) {
  const res = await kit.call(method, path, { body });
  expect(res.status, `${field}: ${JSON.stringify(body)}`).toBe(400);
  const answer = await json(res);
  expect(answer.issues, `${field}: ${JSON.stringify(answer)}`).toContainEqual({ path: field, message });
  expect(typeof answer.error).toBe('string');
}

const companyCount = async () => Number((await kit.db.select({ n: sql<number>`count(*)` }).from(t.company))[0].n);

describe('company form', () => {
  const base = () => companyBody(ids.ent.id);
  const post = (body: unknown, field: string, message: string) => expectIssue('POST', '/api/admin/companies', body, field, message);
  const without = (key: string) => Object.fromEntries(Object.entries(base()).filter(([k]) => k !== key));

  it('requires name, slug, category, country and description', async () => {
    await post({ ...base(), name: '' }, 'name', 'Name is required');
    await post({ ...base(), name: '   ' }, 'name', 'Name is required');
    await post({ ...base(), slug: '' }, 'slug', 'Slug is required');
    await post(without('category_id'), 'category_id', 'Category is required');
    await post({ ...base(), category_id: null }, 'category_id', 'Category is required');
    await post({ ...base(), country: '' }, 'country', 'Country is required');
    await post(without('country'), 'country', 'Country is required');
    await post({ ...base(), description: '' }, 'description', 'Description is required');
    await post(without('description'), 'description', 'Description is required');
    expect(await companyCount()).toBe(0);
  });

  it('checks the country against the 53 known countries, slugs and numbers', async () => {
    await post({ ...base(), country: 'XX' }, 'country', 'Unknown country code');
    await post({ ...base(), slug: 'Not A Slug' }, 'slug', 'Slug may contain only lowercase letters, digits and single hyphens');
    await post({ ...base(), employee_count: -1 }, 'employee_count', 'Employee count must be 0 or more');
    await post({ ...base(), employee_count: 1.5 }, 'employee_count', 'Employee count must be a whole number');
    await post({ ...base(), founded_year: 'soon' }, 'founded_year', 'Founded year must be a number');
    await post({ ...base(), founded_year: 99 }, 'founded_year', 'Founded year must be a year (e.g. 1999)');
    await post({ ...base(), website_url: 'not a url' }, 'website_url', 'Website must be a valid URL');
    await post({ ...base(), website_url: 'javascript:alert(1)' }, 'website_url', 'Website must be a valid URL');
    expect(await companyCount()).toBe(0);
  });

  it('a certification entry needs status and valid-from, and a link must be a URL', async () => {
    const cert = (c: Record<string, unknown>) => ({ ...base(), certifications: [{ certification_id: ids.bcorp.id, status: 'Verified', valid_from: '2024-01-01', ...c }] });
    await post(cert({ status: undefined }), 'certifications.0.status', 'Status is required');
    await post(cert({ status: 'Approved' }), 'certifications.0.status', 'Status is required');
    await post(cert({ valid_from: '' }), 'certifications.0.valid_from', 'Valid from is required');
    await post(cert({ valid_from: undefined }), 'certifications.0.valid_from', 'Valid from is required');
    await post(cert({ valid_from: '2024-13-45' }), 'certifications.0.valid_from', 'Must be a date (YYYY-MM-DD)');
    await post(cert({ link: 'nope' }), 'certifications.0.link', 'Link must be a valid URL');
    await post(
      { ...base(), certifications: [cert({}).certifications[0], cert({}).certifications[0]] },
      'certifications.1',
      'Each certification can be added once',
    );
    expect(await companyCount()).toBe(0);
  });

  it('a fine needs body, kind, status, amount, decision date, description and an https official URL', async () => {
    const fine = (f: Record<string, unknown>) => ({ ...base(), eu_fines: [fineBody(f)] });
    await post(fine({ amount: undefined }), 'eu_fines.0.amount', 'Amount must be a number');
    await post(fine({ amount: -1 }), 'eu_fines.0.amount', 'Amount must be 0 or more');
    await post(fine({ amount: 10.005 }), 'eu_fines.0.amount', 'Amount must have at most two decimals');
    await post(fine({ amount: 'lots' }), 'eu_fines.0.amount', 'Amount must be a number');
    await post(fine({ date: '' }), 'eu_fines.0.date', 'Decision date is required');
    await post(fine({ description: '  ' }), 'eu_fines.0.description', 'Description is required');
    await post(fine({ body: '' }), 'eu_fines.0.body', 'Deciding body is required');
    await post(fine({ kind: 'parking' }), 'eu_fines.0.kind', 'Kind must be one of: antitrust, dma, gdpr, other');
    await post(fine({ status: 'forgotten' }), 'eu_fines.0.status', 'Status must be one of: in_force, reduced, annulled, under_appeal');
    await post(fine({ announcement_url: 'nope' }), 'eu_fines.0.announcement_url', 'Official URL must be a valid https:// address');
    await post(fine({ announcement_url: 'http://ec.europa.eu/x' }), 'eu_fines.0.announcement_url', 'Official URL must be a valid https:// address');
    await post(fine({ announcement_url: undefined }), 'eu_fines.0.announcement_url', 'Official URL must be a valid https:// address');
    await post(fine({ status_url: 'http://curia.europa.eu/x' }), 'eu_fines.0.status_url', 'Status source must be a valid https:// address');
    await post(fine({ currency: 'EURO' }), 'eu_fines.0.currency', 'Currency must be a three-letter ISO 4217 code (e.g. EUR)');
    await post(fine({ currency: 'XYZ' }), 'eu_fines.0.currency', 'Currency must be a three-letter ISO 4217 code (e.g. EUR)');
    await post(fine({ verified_at: '2999-01-01' }), 'eu_fines.0.verified_at', 'The verified date cannot be in the future');
    // A reduced fine needs a current amount below the original; an unchanged status cannot change the amount.
    await post(fine({ status: 'reduced', amount: 1000, current_amount: 1000 }), 'eu_fines.0.current_amount', 'A reduced fine needs a current amount below the original');
    await post(fine({ status: 'reduced', amount: 1000 }), 'eu_fines.0.current_amount', 'A reduced fine needs a current amount below the original');
    await post(fine({ status: 'in_force', amount: 1000, current_amount: 500 }), 'eu_fines.0.status', 'A fine whose amount changed is "reduced" (or "annulled")');
    expect(await companyCount()).toBe(0);
  });

  it('stores an annulled fine at 0, a reduced one at its current amount, one in force at its amount', async () => {
    const res = await kit.call('POST', '/api/admin/companies', {
      body: {
        ...base(),
        slug: 'fined',
        eu_fines: [
          fineBody({ status: 'annulled', amount: 1_060_000_000, current_amount: 1_060_000_000, date: '2009-05-13', currency: 'eur' }),
          fineBody({ status: 'reduced', amount: 4_340_000_000, current_amount: 4_124_000_000, date: '2018-07-18' }),
          fineBody({ status: 'in_force', amount: 500, date: '2020-01-01', status_url: '', verified_at: '' }),
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const company = await json(res);
    expect(company.eu_fines.map((f: { status: string; amount: number; current_amount: number }) => [f.status, f.amount, f.current_amount])).toEqual([
      ['in_force', 500, 500],
      ['reduced', 4_340_000_000, 4_124_000_000],
      ['annulled', 1_060_000_000, 0],
    ]);
    expect(company.eu_fines[2]).toMatchObject({ currency: 'EUR', body: 'European Commission', kind: 'antitrust' });
    expect(company.eu_fines[0]).toMatchObject({ status_url: null, verified_at: null });
    await kit.call('DELETE', `/api/admin/companies/${company.id}`);
  });

  it('ownership: a named kind needs the owner name, a name or country needs a kind, any ISO country is fine', async () => {
    await post({ ...base(), owner_kind: 'parent' }, 'owner_name', 'Name the owner (parent company, fund, state or foundation)');
    await post({ ...base(), owner_kind: 'private_equity', owner_name: '  ' }, 'owner_name', 'Name the owner (parent company, fund, state or foundation)');
    await post({ ...base(), owner_name: 'Access Industries' }, 'owner_kind', 'Choose the kind of owner');
    await post({ ...base(), owner_country: 'US' }, 'owner_kind', 'Choose the kind of owner');
    await post({ ...base(), owner_kind: 'billionaire' }, 'owner_kind', 'Owner kind must be one of: founders, investors, listed, cooperative, foundation, state, private_equity, parent');
    await post({ ...base(), owner_kind: 'parent', owner_name: 'X', owner_country: 'XX' }, 'owner_country', 'Owner country must be a two-letter country code');
    await post({ ...base(), owner_kind: 'parent', owner_name: 'X', owner_country: 'EU' }, 'owner_country', 'Owner country must be a two-letter country code');
    await post({ ...base(), owner_kind: 'parent', owner_name: 'X', owner_country: 'USA' }, 'owner_country', 'Owner country must be a two-letter country code');
    await post({ ...base(), hosting: 'moon' }, 'hosting', 'Hosting must be one of: eu, ch_uk, outside, mixed, unknown');
    await post({ ...base(), owner_since: 1900.5 }, 'owner_since', 'Owner since must be a year');
    await post({ ...base(), status: 'hidden' }, 'status', 'Status must be published or draft');
    expect(await companyCount()).toBe(0);

    // Japan is not one of the directory's countries, but owners can sit anywhere.
    const res = await kit.call('POST', '/api/admin/companies', {
      body: { ...base(), slug: 'arm', legal_name: 'Arm Holdings plc', owner_kind: 'parent', owner_name: 'SoftBank Group', owner_country: 'jp', owner_since: 2016, hosting: '', status: 'draft' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const company = await json(res);
    expect(company).toMatchObject({ legal_name: 'Arm Holdings plc', owner_kind: 'parent', owner_name: 'SoftBank Group', owner_country: 'JP', owner_since: 2016, hosting: null, status: 'draft' });
    await kit.call('DELETE', `/api/admin/companies/${company.id}`);
  });

  it('sources: https only, at least one fact, verified date not in the future', async () => {
    const src = (s: Record<string, unknown>) => ({ ...base(), sources: [sourceBody(s)] });
    await post(src({ url: 'http://www.deezer.com/about' }), 'sources.0.url', 'Source URL must be a valid https:// address');
    await post(src({ url: 'https://localhost/about' }), 'sources.0.url', 'Source URL must be a valid https:// address');
    await post(src({ url: '' }), 'sources.0.url', 'Source URL must be a valid https:// address');
    await post(src({ facts: [] }), 'sources.0.facts', 'Say which facts the source supports');
    await post(src({ facts: ['rumours'] }), 'sources.0.facts.0', expect.stringMatching(/^A source supports one of: headquarters, ownership/) as unknown as string);
    await post(src({ verified_at: '2999-01-01' }), 'sources.0.verified_at', 'The verified date cannot be in the future');
    await post(src({ verified_at: '' }), 'sources.0.verified_at', 'Verified date is required');
    expect(await companyCount()).toBe(0);
  });

  it('translations: only the site languages and known fields', async () => {
    await post({ ...base(), translations: { es: { description: 'Música' } } }, 'translations', 'Unknown language: es');
    await post({ ...base(), translations: { de: { name: 'Deezer' } } }, 'translations.de', 'Unknown field: name');
    await post({ ...base(), translations: { fr: { owner_name: 'famille Samaras' } } }, 'translations.fr.owner_name', 'A translated owner name needs the owner name in English first');
    expect(await companyCount()).toBe(0);
    const res = await kit.call('POST', '/api/admin/companies', {
      body: { ...base(), slug: 'kofola', owner_kind: 'founders', owner_name: 'Samaras family', translations: { de: { owner_name: 'Familie Samaras' }, fr: { owner_name: 'Famille Samaras' } } },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const company = await json(res);
    expect(company.translations).toEqual({ de: { owner_name: 'Familie Samaras' }, fr: { owner_name: 'Famille Samaras' } });
    await kit.call('DELETE', `/api/admin/companies/${company.id}`, { ifMatch: res.headers.get('etag') ?? '' });
  });

  it('founded year and employee count may stay empty (unknown)', async () => {
    const res = await kit.call('POST', '/api/admin/companies', { body: { ...base(), slug: 'unknown-facts', founded_year: null, employee_count: null } });
    expect(res.status, await res.clone().text()).toBe(201);
    const company = await json(res);
    expect(company).toMatchObject({ founded_year: null, employee_count: null });
    await kit.call('DELETE', `/api/admin/companies/${company.id}`);
  });

  it('offers only the subcategories of the selected category', async () => {
    const res = await kit.call('POST', '/api/admin/companies', { body: { ...base(), subcategory_ids: [ids.cloud.subcategories[0].id] } });
    expect(res.status).toBe(400);
    expect((await json(res)).issues).toContainEqual({ path: 'subcategory_ids.0', message: 'Subcategory does not belong to the selected category' });
    const unknown = await kit.call('POST', '/api/admin/companies', { body: { ...base(), category_id: 9999 } });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).issues).toContainEqual({ path: 'category_id', message: 'Category not found' });
    expect(await companyCount()).toBe(0);
  });

  it('accepts a valid company with the defaults and normalises values', async () => {
    const res = await kit.call('POST', '/api/admin/companies', {
      body: {
        ...base(),
        country: 'fr',
        website_url: '',
        employee_count: 0,
        eu_fines: [fineBody({ amount: 12.5, currency: '', date: '2024-03-05T10:00:00Z', description: '  Fine  ', announcement_url: ' https://ec.europa.eu/x ' })],
      },
    });
    expect(res.status).toBe(201);
    const company = await json(res);
    expect(company).toMatchObject({ country: 'FR', website_url: null, employee_count: 0, is_unicorn: false, double_irish: false });
    expect(company.eu_fines[0]).toMatchObject({ amount: 12.5, current_amount: 12.5, currency: 'EUR', date: '2024-03-05', description: 'Fine', announcement_url: 'https://ec.europa.eu/x' });
    await kit.call('DELETE', `/api/admin/companies/${company.id}`);
  });
});

describe('category form', () => {
  const post = (body: unknown, field: string, message: string) => expectIssue('POST', '/api/admin/categories', body, field, message);

  it('requires name and slug; the image URL must be an https URL or a site path; each subcategory needs name and slug', async () => {
    await post({ name: '', slug: 'x' }, 'name', 'Name is required');
    await post({ name: 'Travel', slug: '' }, 'slug', 'Slug is required');
    const imageMessage = 'Image URL must be an https URL or a path on this site (/images/...)';
    for (const image_url of ['not a url', 'http://cdn.example.org/travel.png', '//evil.example/x.png', '/\\evil.example/x.png', 'javascript:alert(1)', 'data:image/svg+xml,<svg/>']) {
      await post({ name: 'Travel', slug: 'travel', image_url }, 'image_url', imageMessage);
    }
    await post({ name: 'Travel', slug: 'travel', subcategories: [{ name: '', slug: 'flights' }] }, 'subcategories.0.name', 'Name is required');
    await post({ name: 'Travel', slug: 'travel', subcategories: [{ name: 'Flights', slug: '' }] }, 'subcategories.0.slug', 'Slug is required');
    await post(
      { name: 'Travel', slug: 'travel', subcategories: [{ name: 'A', slug: 'same' }, { name: 'B', slug: 'same' }] },
      'subcategories.1.slug',
      'Each subcategory needs its own slug',
    );
  });

  it('accepts https URLs and paths on this site as images', async () => {
    for (const image_url of ['https://cdn.example.org/travel.png', '/images/categories/travel.svg', '']) {
      const res = await kit.call('POST', '/api/admin/categories', { body: { name: 'Travel', slug: 'travel', image_url } });
      expect(res.status, image_url).toBe(201);
      await kit.call('DELETE', `/api/admin/categories/${(await json(res)).id}`);
    }
  });
});

describe('certificate form', () => {
  it('requires name, description and icon type', async () => {
    const post = (body: unknown, field: string, message: string) => expectIssue('POST', '/api/admin/certificates', body, field, message);
    await post({ name: '', description: 'd', icon_type: 'green' }, 'name', 'Name is required');
    await post({ name: 'EMAS', description: '', icon_type: 'green' }, 'description', 'Description is required');
    await post({ name: 'EMAS', description: 'd' }, 'icon_type', 'Icon type is required');
    await post({ name: 'EMAS', description: 'd', icon_type: 'gray' }, 'icon_type', 'Icon type is required');
  });
});

describe('country form', () => {
  const put = (body: unknown, field: string, message: string) => expectIssue('PUT', '/api/admin/countries/DE', body, field, message);

  it('requires a tax rate from 0 to 100 in steps of 0.1 and a whole population >= 0', async () => {
    await put({ population: 1 }, 'corporate_tax_rate', 'Corporate tax rate is required');
    await put({ corporate_tax_rate: -0.1, population: 1 }, 'corporate_tax_rate', 'Corporate tax rate must be between 0 and 100');
    await put({ corporate_tax_rate: 100.1, population: 1 }, 'corporate_tax_rate', 'Corporate tax rate must be between 0 and 100');
    await put({ corporate_tax_rate: 29.95, population: 1 }, 'corporate_tax_rate', 'Corporate tax rate must be in steps of 0.1');
    await put({ corporate_tax_rate: 'high', population: 1 }, 'corporate_tax_rate', 'Corporate tax rate must be a number');
    await put({ corporate_tax_rate: 30 }, 'population', 'Population is required');
    await put({ corporate_tax_rate: 30, population: -1 }, 'population', 'Population must be 0 or more');
    await put({ corporate_tax_rate: 30, population: 1.5 }, 'population', 'Population must be a whole number');
    expect(await kit.db.select().from(t.countryTaxRate)).toHaveLength(0);
    // Floating point steps such as 29.9 and 0.3 are fine.
    expect((await kit.call('PUT', '/api/admin/countries/DE', { body: { corporate_tax_rate: 29.9, population: 0 } })).status).toBe(200);
    expect((await kit.call('PUT', '/api/admin/countries/DE', { body: { corporate_tax_rate: 0.3, population: 84_000_000 } })).status).toBe(200);
  });
});

describe('hostile input', () => {
  it('never answers 500 to anything a client can send', async () => {
    const bodies = ['', 'null', '[]', '"text"', '{', '{"name":{"$ne":1}}', '{"name":"x","slug":"x","category_id":1e309}', JSON.stringify({ ...companyBody(ids.ent.id), subcategory_ids: 'all' })];
    const targets = [
      ['POST', '/api/admin/companies'],
      ['PUT', `/api/admin/companies/1`],
      ['POST', '/api/admin/categories'],
      ['PUT', `/api/admin/categories/${ids.ent.id}`],
      ['POST', '/api/admin/certificates'],
      ['PUT', '/api/admin/countries/FR'],
      ['POST', '/api/admin/companies/import'],
      ['POST', '/api/admin/categories/import'],
      ['POST', '/api/auth/sign-in'],
    ];
    for (const [method, path] of targets) {
      for (const rawBody of bodies) {
        const res = await kit.call(method, path, { rawBody });
        expect(res.status, `${method} ${path} ${rawBody}`).toBeLessThan(500);
        if (res.status >= 400) expect(typeof (await json(res)).error).toBe('string');
      }
    }
    for (const path of ['/api/admin/companies/abc', '/api/admin/companies/-1', '/api/admin/companies/99999', '/api/admin/categories/1.5', '/api/admin/certificates/0', '/api/admin/countries/XX']) {
      const res = await kit.call('GET', path);
      expect(res.status, path).toBe(404);
    }
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await kit.call('POST', '/api/admin/certificates', { body: { name: 'Big', description: 'x'.repeat(300 * 1024), icon_type: 'green' } });
    expect(res.status).toBe(413);
    expect((await json(res)).error).toMatch(/too large/);
    const huge = await kit.call('POST', '/api/admin/companies/import', { rawBody: `[${' '.repeat(11 * 1024 * 1024)}]` });
    expect(huge.status).toBe(413);
  });
});
