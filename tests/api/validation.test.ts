// Each validation rule of SPEC section 5, refused by the API with its field and message, and nothing
// a client can send ends in a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { companyBody, json, makeKit, seedCatalogue, type Kit } from './helpers.ts';

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

describe('company form (SPEC section 5)', () => {
  const base = () => companyBody(ids.ent.id);
  const post = (body: unknown, field: string, message: string) => expectIssue('POST', '/api/admin/companies', body, field, message);
  const without = (key: string) => Object.fromEntries(Object.entries(base()).filter(([k]) => k !== key));

  it('requires name, slug, category, country, founded year and description', async () => {
    await post({ ...base(), name: '' }, 'name', 'Name is required');
    await post({ ...base(), name: '   ' }, 'name', 'Name is required');
    await post({ ...base(), slug: '' }, 'slug', 'Slug is required');
    await post(without('category_id'), 'category_id', 'Category is required');
    await post({ ...base(), category_id: null }, 'category_id', 'Category is required');
    await post({ ...base(), country: '' }, 'country', 'Country is required');
    await post(without('country'), 'country', 'Country is required');
    await post(without('founded_year'), 'founded_year', 'Founded year is required');
    await post({ ...base(), founded_year: null }, 'founded_year', 'Founded year is required');
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

  it('a fine needs an amount >= 0 in steps of 0.01, a date and a description; the URL must be a URL', async () => {
    const fine = (f: Record<string, unknown>) => ({ ...base(), eu_fines: [{ amount: 1000, date: '2024-01-01', description: 'Abuse of dominance', ...f }] });
    await post(fine({ amount: undefined }), 'eu_fines.0.amount', 'Amount is required');
    await post(fine({ amount: null }), 'eu_fines.0.amount', 'Amount is required');
    await post(fine({ amount: -1 }), 'eu_fines.0.amount', 'Amount must be 0 or more');
    await post(fine({ amount: 10.005 }), 'eu_fines.0.amount', 'Amount must have at most two decimals');
    await post(fine({ amount: 'lots' }), 'eu_fines.0.amount', 'Amount must be a number');
    await post(fine({ date: '' }), 'eu_fines.0.date', 'Date is required');
    await post(fine({ description: '  ' }), 'eu_fines.0.description', 'Description is required');
    await post(fine({ announcement_url: 'nope' }), 'eu_fines.0.announcement_url', 'Announcement URL must be a valid URL');
    expect(await companyCount()).toBe(0);
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

  it('accepts a valid company with the SPEC defaults and normalises values', async () => {
    const res = await kit.call('POST', '/api/admin/companies', {
      body: {
        ...base(),
        country: 'fr',
        website_url: '',
        employee_count: 0,
        eu_fines: [{ amount: 12.5, currency: '', date: '2024-03-05T10:00:00Z', description: '  Fine  ', announcement_url: '' }],
      },
    });
    expect(res.status).toBe(201);
    const company = await json(res);
    expect(company).toMatchObject({ country: 'FR', website_url: null, employee_count: 0, is_unicorn: false, double_irish: false });
    expect(company.eu_fines[0]).toMatchObject({ amount: 12.5, currency: 'EUR', date: '2024-03-05', description: 'Fine', announcement_url: null });
    await kit.call('DELETE', `/api/admin/companies/${company.id}`);
  });
});

describe('category form (SPEC section 5)', () => {
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

describe('certificate form (SPEC section 5)', () => {
  it('requires name, description and icon type', async () => {
    const post = (body: unknown, field: string, message: string) => expectIssue('POST', '/api/admin/certificates', body, field, message);
    await post({ name: '', description: 'd', icon_type: 'green' }, 'name', 'Name is required');
    await post({ name: 'EMAS', description: '', icon_type: 'green' }, 'description', 'Description is required');
    await post({ name: 'EMAS', description: 'd' }, 'icon_type', 'Icon type is required');
    await post({ name: 'EMAS', description: 'd', icon_type: 'gray' }, 'icon_type', 'Icon type is required');
  });
});

describe('country form (SPEC section 5)', () => {
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
