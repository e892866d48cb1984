// Admin lists that scale: ?q=&page=&per_page=&sort= on every list, answered as { items, total, page, per_page };
// sorts are whitelisted per list (400 otherwise), per_page is capped at 100, search happens on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { companyBody, json, makeKit, seedCatalogue, type Kit } from './helpers.ts';
import { COUNTRIES } from '../../src/lib/countries.ts';

let kit: Kit;
const ids: number[] = [];
beforeAll(async () => {
  kit = await makeKit();
  const { ent, cloud } = await seedCatalogue(kit);
  // 120 companies: "Company 001" … "Company 120", countries alternating, one "Zeta Percent%".
  for (let i = 1; i <= 120; i += 1) {
    const n = String(i).padStart(3, '0');
    const res = await kit.call('POST', '/api/admin/companies', {
      body: companyBody(i % 2 ? ent.id : cloud.id, { name: `Company ${n}`, slug: `company-${n}`, country: i % 2 ? 'FR' : 'DE' }),
    });
    ids.push((await json(res)).id);
  }
  await kit.call('POST', '/api/admin/companies', { body: companyBody(ent.id, { name: 'Zeta Percent%', slug: 'zeta-percent' }) });
}, 240_000);
afterAll(() => kit.cleanup());

const get = (path: string) => kit.call('GET', path);

describe('companies', () => {
  it('answers the first 50 by name with the total', async () => {
    const res = await get('/api/admin/companies');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body).sort()).toEqual(['items', 'page', 'per_page', 'total']);
    expect(body).toMatchObject({ total: 121, page: 1, per_page: 50 });
    expect(body.items).toHaveLength(50);
    expect(body.items[0].name).toBe('Company 001');
    expect(body.items[49].name).toBe('Company 050');
  });

  it('pages: the last page holds the rest, a page past the end is empty', async () => {
    const third = await json(await get('/api/admin/companies?page=3'));
    expect(third.items.map((c: { name: string }) => c.name)).toEqual([...Array.from({ length: 20 }, (_, i) => `Company ${String(101 + i)}`), 'Zeta Percent%']);
    expect(third).toMatchObject({ total: 121, page: 3 });
    const beyond = await json(await get('/api/admin/companies?page=9'));
    expect(beyond).toMatchObject({ items: [], total: 121, page: 9 });
    const small = await json(await get('/api/admin/companies?per_page=7&page=2'));
    expect(small.items.map((c: { name: string }) => c.name)).toEqual(['Company 008', 'Company 009', 'Company 010', 'Company 011', 'Company 012', 'Company 013', 'Company 014']);
  });

  it('caps per_page at 100 and refuses nonsense with 400', async () => {
    expect((await json(await get('/api/admin/companies?per_page=100'))).items).toHaveLength(100);
    for (const bad of ['per_page=101', 'per_page=0', 'per_page=abc', 'page=0', 'page=-1', 'page=1.5']) {
      const res = await get(`/api/admin/companies?${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await json(res)).error, bad).toMatch(/per_page|page/);
    }
    expect((await json(await get('/api/admin/companies?per_page=101'))).error).toBe('per_page must be at most 100');
  });

  it('reads a page sorted by name from the index, not by sorting every company (50,000 in the bench)', async () => {
    // The first step of listCompanies: the page's ids in name order (ties by id, the index's rowid).
    const plan = await kit.db.all<{ detail: string }>(sql`explain query plan select id from company order by name collate nocase asc, id limit 50`);
    const steps = plan.map((p) => p.detail).join('; ');
    expect(steps).toMatch(/company_name_nocase_idx/);
    expect(steps).not.toMatch(/TEMP B-TREE/);
  });

  it('sorts by whitelisted keys, descending with "-", and refuses any other sort with 400', async () => {
    const desc = await json(await get('/api/admin/companies?sort=-name&per_page=3'));
    expect(desc.items.map((c: { name: string }) => c.name)).toEqual(['Zeta Percent%', 'Company 120', 'Company 119']);
    const byCountry = await json(await get('/api/admin/companies?sort=country&per_page=100'));
    const countries = byCountry.items.map((c: { country: string }) => c.country);
    expect(countries).toEqual([...countries].sort());
    // Ties keep name order.
    expect(byCountry.items[0].name).toBe('Company 002');
    const newest = await json(await get('/api/admin/companies?sort=-created_at&per_page=1'));
    expect(newest.total).toBe(121);
    for (const bad of ['password_hash', 'name;drop table company', '--name', 'category_id', '']) {
      const res = await get(`/api/admin/companies?sort=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect((await json(res)).error).toMatch(/^sort must be one of: name, -name, country/);
    }
  });

  it('searches name and slug on the server, case-insensitively, with % and _ taken literally', async () => {
    const hit = await json(await get('/api/admin/companies?q=company%2011'));
    expect(hit.items.map((c: { name: string }) => c.name)).toEqual(['Company 110', 'Company 111', 'Company 112', 'Company 113', 'Company 114', 'Company 115', 'Company 116', 'Company 117', 'Company 118', 'Company 119']);
    expect(hit.total).toBe(10);
    expect((await json(await get('/api/admin/companies?q=COMPANY-00'))).total).toBe(9);
    expect((await json(await get('/api/admin/companies?q=%25'))).items.map((c: { name: string }) => c.name)).toEqual(['Zeta Percent%']);
    expect((await json(await get('/api/admin/companies?q=_'))).total).toBe(0);
    expect((await json(await get('/api/admin/companies?q=nothing-like-this'))).total).toBe(0);
    // Search and paging together: the total counts the matches, not the page.
    const paged = await json(await get('/api/admin/companies?q=company&per_page=10&page=12&sort=-name'));
    expect(paged).toMatchObject({ total: 120, page: 12, per_page: 10 });
    expect(paged.items.map((c: { name: string }) => c.name)).toEqual(['Company 010', 'Company 009', 'Company 008', 'Company 007', 'Company 006', 'Company 005', 'Company 004', 'Company 003', 'Company 002', 'Company 001']);
  });

  it('the picker query of the company form: ?q=…&per_page=10', async () => {
    const body = await json(await get('/api/admin/companies?q=company%200&per_page=10'));
    expect(body.items).toHaveLength(10);
    expect(body.total).toBe(99);
    expect(body.items[0]).toMatchObject({ id: ids[0], name: 'Company 001', country: 'FR' });
  });
});

describe('categories, certificates, countries and users', () => {
  it('categories: search by name, slug or subcategory, sort, total', async () => {
    const all = await json(await get('/api/admin/categories'));
    expect(all).toMatchObject({ total: 2, page: 1, per_page: 50 });
    expect(all.items.map((c: { name: string }) => c.name)).toEqual(['Cloud & Hosting', 'Entertainment']);
    const byCount = await json(await get('/api/admin/categories?sort=-companies'));
    expect(byCount.items.map((c: { name: string; company_count: number }) => [c.name, c.company_count])).toEqual([
      ['Entertainment', 61],
      ['Cloud & Hosting', 60],
    ]);
    expect((await json(await get('/api/admin/categories?q=music'))).items.map((c: { name: string }) => c.name)).toEqual(['Entertainment']);
    expect((await json(await get('/api/admin/categories?per_page=1&page=2'))).items.map((c: { name: string }) => c.name)).toEqual(['Entertainment']);
    expect((await get('/api/admin/categories?sort=image_url')).status).toBe(400);
  });

  it('certificates: search by description, sort by name descending', async () => {
    expect((await json(await get('/api/admin/certificates?q=security'))).items.map((c: { name: string }) => c.name)).toEqual(['ISO 27001']);
    expect((await json(await get('/api/admin/certificates?sort=-name'))).items.map((c: { name: string }) => c.name)).toEqual(['ISO 27001', 'B Corp']);
    expect((await get('/api/admin/certificates?sort=description')).status).toBe(400);
    expect((await get('/api/admin/certificates?per_page=500')).status).toBe(400);
  });

  it('countries: paged like the others; search by name or code; sort by company count', async () => {
    const first = await json(await get('/api/admin/countries'));
    expect(first).toMatchObject({ total: COUNTRIES.length, per_page: 50 });
    expect(first.items).toHaveLength(50);
    expect((await json(await get('/api/admin/countries?page=2'))).items).toHaveLength(COUNTRIES.length - 50);
    expect((await json(await get('/api/admin/countries?q=pl'))).items.map((c: { code: string }) => c.code)).toEqual(['PL']);
    const top = await json(await get('/api/admin/countries?sort=-companies&per_page=2'));
    expect(top.items.map((c: { code: string; company_count: number }) => [c.code, c.company_count])).toEqual([
      ['FR', 61],
      ['DE', 60],
    ]);
    expect((await get('/api/admin/countries?sort=population')).status).toBe(400);
  });

  it('users: the same query and shape', async () => {
    const body = await json(await get('/api/users?q=ADMIN&sort=-email'));
    expect(body).toMatchObject({ total: 1, page: 1, per_page: 50 });
    expect(body.items[0]).toMatchObject({ email: 'admin@example.org', role: 'owner', is_you: true });
    expect((await get('/api/users?sort=password_hash')).status).toBe(400);
    expect((await get('/api/users?per_page=1000')).status).toBe(400);
  });

  it('the list query needs a session like every admin read', async () => {
    for (const path of ['/api/admin/companies?q=a', '/api/admin/categories?page=2', '/api/users', '/api/admin/data-health']) {
      expect((await kit.call('GET', path, { cookie: null })).status, path).toBe(401);
    }
  });
});

describe('data health', () => {
  it('counts and lists companies missing sources, a description per language, ownership, and drafts', async () => {
    const res = await get('/api/admin/data-health');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.languages).toEqual(['en', 'de', 'fr']);
    expect(body.counts).toMatchObject({ missing_sources: 121, missing_ownership: 121, drafts: 0, companies: 121 });
    expect(body.counts.missing_description).toEqual({ en: 0, de: 121, fr: 121 });
    expect(body).toMatchObject({ issue: 'missing_sources', total: 121, page: 1, per_page: 50 });
    expect(body.items[0]).toMatchObject({ name: 'Company 001', has_headquarters_source: false, has_ownership_source: false, owner_kind: null });

    // One company gets sources for both, ownership, a German description, and becomes a draft.
    const id = ids[0];
    const current = await json(await get(`/api/admin/companies/${id}`));
    const saved = await kit.call('PUT', `/api/admin/companies/${id}`, {
      body: {
        ...companyBody(current.category_id, { name: current.name, slug: current.slug, country: 'FR' }),
        owner_kind: 'founders',
        status: 'draft',
        translations: { de: { description: 'Deutsch.' } },
        sources: [
          { url: 'https://example.org/hq', facts: ['headquarters'], verified_at: '2025-01-01' },
          { url: 'https://example.org/owner', facts: ['ownership', 'founded'], verified_at: '2025-01-01' },
        ],
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = await json(await get('/api/admin/data-health?issue=missing_description&lang=de&per_page=5'));
    expect(after.counts).toMatchObject({ missing_sources: 120, missing_ownership: 120, drafts: 1 });
    expect(after.counts.missing_description).toEqual({ en: 0, de: 120, fr: 121 });
    expect(after).toMatchObject({ issue: 'missing_description', lang: 'de', total: 120, per_page: 5 });
    expect(after.items.map((c: { id: number }) => c.id)).not.toContain(id);
    const drafts = await json(await get('/api/admin/data-health?issue=drafts'));
    expect(drafts.items.map((c: { id: number; has_headquarters_source: boolean }) => [c.id, c.has_headquarters_source])).toEqual([[id, true]]);
    expect((await get('/api/admin/data-health?lang=xx')).status).toBe(400);
    expect((await get('/api/admin/data-health?issue=everything')).status).toBe(400);
  });
});
