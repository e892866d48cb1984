// CRUD of companies, categories, certificates and countries through the admin API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { COUNTRIES } from '../../src/lib/countries.ts';
import { companyBody, fineBody, json, makeKit, seedCatalogue, type Kit } from './helpers.ts';

let kit: Kit;
let ids: Awaited<ReturnType<typeof seedCatalogue>>;
beforeEach(async () => {
  kit = await makeKit();
  ids = await seedCatalogue(kit);
});
afterEach(() => kit.cleanup());

const count = async (table: Parameters<ReturnType<Kit['db']['select']>['from']>[0]) =>
  Number((await kit.db.select({ n: sql<number>`count(*)` }).from(table))[0].n);

async function create(body: Record<string, unknown>) {
  const res = await kit.call('POST', '/api/admin/companies', { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

describe('companies', () => {
  it('saves a company with subcategories, certifications, fines and alternatives, and reads it back', async () => {
    const netflix = await create(companyBody(ids.ent.id, { name: 'Netflix', slug: 'netflix', country: 'US', founded_year: 1997 }));
    const deezer = await create(
      companyBody(ids.ent.id, {
        subcategory_ids: [ids.ent.subcategories[0].id],
        certifications: [{ certification_id: ids.bcorp.id, status: 'Certified', valid_from: '2023-01-01', valid_until: '2026-01-01', link: 'https://bcorp.example/deezer' }],
        eu_fines: [
          fineBody({ amount: 1000, date: '2020-01-01', description: 'Older fine' }),
          fineBody({ amount: 2500.75, currency: 'eur', date: '2022-06-30', description: 'Newer fine', announcement_url: 'https://ec.europa.eu/x' }),
        ],
        alternative_to: { add: [netflix.id] },
        translations: { de: { description: 'Französischer Musikstreamingdienst.' } },
      }),
    );
    const got = await json(await kit.call('GET', `/api/admin/companies/${deezer.id}`));
    expect(got).toEqual(deezer);
    expect(got).toMatchObject({
      name: 'Deezer',
      category: { id: ids.ent.id, name: 'Entertainment' },
      subcategory_ids: [ids.ent.subcategories[0].id],
      certifications: [{ certification_id: ids.bcorp.id, name: 'B Corp', status: 'Certified', valid_from: '2023-01-01', valid_until: '2026-01-01' }],
      translations: { de: { description: 'Französischer Musikstreamingdienst.' } },
      alternative_to: [{ company_id: netflix.id, name: 'Netflix' }],
    });
    // Fines newest first.
    expect(got.eu_fines.map((f: { description: string }) => f.description)).toEqual(['Newer fine', 'Older fine']);
    expect(got.eu_fines[0].currency).toBe('EUR');
    const us = await json(await kit.call('GET', `/api/admin/companies/${netflix.id}`));
    expect(us.alternatives).toEqual([{ company_id: deezer.id, name: 'Deezer', slug: 'deezer', country: 'FR' }]);
  });

  it('lists companies by name with category and alternatives counts', async () => {
    const b = await create(companyBody(ids.ent.id, { name: 'beta', slug: 'beta', country: 'US' }));
    await create(companyBody(ids.cloud.id, { name: 'Alpha', slug: 'alpha', alternative_to: { add: [b.id] } }));
    await create(companyBody(ids.ent.id, { name: 'Gamma', slug: 'gamma', alternative_to: { add: [b.id] } }));
    const { items: list } = await json(await kit.call('GET', '/api/admin/companies'));
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(list[0]).toMatchObject({ category_name: 'Cloud & Hosting', alternatives_count: 0, alternative_to_count: 1 });
    expect(list[1]).toMatchObject({ category_name: 'Entertainment', alternatives_count: 2, alternative_to_count: 0 });
  });

  it('updates everything in one save, and a list left out stays as it was', async () => {
    const deezer = await create(
      companyBody(ids.ent.id, {
        subcategory_ids: [ids.ent.subcategories[0].id],
        eu_fines: [fineBody()],
      }),
    );
    const res = await kit.call('PUT', `/api/admin/companies/${deezer.id}`, {
      body: companyBody(ids.ent.id, {
        name: 'Deezer SA',
        is_unicorn: true,
        subcategory_ids: [ids.ent.subcategories[1].id],
        certifications: [{ certification_id: ids.iso.id, status: 'Pending', valid_from: '2024-02-02' }],
      }),
    });
    expect(res.status).toBe(200);
    const got = await json(res);
    expect(got).toMatchObject({ name: 'Deezer SA', is_unicorn: true, subcategory_ids: [ids.ent.subcategories[1].id] });
    expect(got.certifications.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([['ISO 27001', 'Pending']]);
    expect(got.eu_fines).toHaveLength(1); // not sent: unchanged
    const cleared = await json(await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { eu_fines: [], certifications: [] }) }));
    expect(cleared.eu_fines).toEqual([]);
    expect(cleared.certifications).toEqual([]);
  });

  it('moving a company to another category drops the links to the old subcategories', async () => {
    const deezer = await create(companyBody(ids.ent.id, { subcategory_ids: [ids.ent.subcategories[0].id] }));
    const moved = await json(await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.cloud.id) }));
    expect(moved.subcategory_ids).toEqual([]);
    expect(moved.category.name).toBe('Cloud & Hosting');
  });

  it('a save that fails half-way writes nothing (one transaction)', async () => {
    const deezer = await create(companyBody(ids.ent.id, { eu_fines: [fineBody()] }));
    const requests = kit.publisher.requests;
    const before = await json(await kit.call('GET', `/api/admin/companies/${deezer.id}`));
    // The alternative does not exist: found only after the company row would have been written.
    const res = await kit.call('PUT', `/api/admin/companies/${deezer.id}`, {
      body: companyBody(ids.ent.id, { name: 'Changed', eu_fines: [], alternatives: { add: [424242] } }),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).issues).toContainEqual({ path: 'alternatives.add.0', message: 'Company not found' });
    expect(await json(await kit.call('GET', `/api/admin/companies/${deezer.id}`))).toEqual(before);
    expect(kit.publisher.requests).toBe(requests); // a refused save asks for no publish
  });

  it('refuses a duplicate slug with 409 and a company as its own alternative with 400', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    const dup = await kit.call('POST', '/api/admin/companies', { body: companyBody(ids.ent.id, { name: 'Other' }) });
    expect(dup.status).toBe(409);
    expect(await json(dup)).toEqual({ error: 'A company with the slug "deezer" already exists.', issues: [{ path: 'slug', message: 'This slug is already used by another company' }] });
    const self = await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { alternatives: { add: [deezer.id] } }) });
    expect(self.status).toBe(400);
    expect((await json(self)).error).toBe('A company cannot be its own alternative');
    // Keeping its own slug on update is fine.
    expect((await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id) })).status).toBe(200);
  });

  it('deleting a company removes it with its subcategory links, certifications, fines and alternatives', async () => {
    const netflix = await create(companyBody(ids.ent.id, { name: 'Netflix', slug: 'netflix', country: 'US' }));
    const deezer = await create(
      companyBody(ids.ent.id, {
        subcategory_ids: [ids.ent.subcategories[0].id],
        certifications: [{ certification_id: ids.bcorp.id, status: 'Verified', valid_from: '2023-01-01' }],
        eu_fines: [fineBody()],
        alternative_to: { add: [netflix.id] },
      }),
    );
    const res = await kit.call('DELETE', `/api/admin/companies/${deezer.id}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ deleted: deezer.id });
    expect((await kit.call('GET', `/api/admin/companies/${deezer.id}`)).status).toBe(404);
    expect(await count(t.companySubcategory)).toBe(0);
    expect(await count(t.companyCertification)).toBe(0);
    expect(await count(t.euFine)).toBe(0);
    expect(await count(t.alternative)).toBe(0);
    // The rest stays: the other company, the category, its subcategories, the certificate.
    expect(await count(t.company)).toBe(1);
    expect(await count(t.subcategory)).toBe(3);
    expect(await count(t.certification)).toBe(2);
    expect((await kit.call('DELETE', `/api/admin/companies/${deezer.id}`)).status).toBe(404);
  });

  it('answers 404 for unknown companies', async () => {
    expect((await kit.call('GET', '/api/admin/companies/999')).status).toBe(404);
    expect(await json(await kit.call('PUT', '/api/admin/companies/999', { body: companyBody(ids.ent.id) }))).toEqual({ error: 'Company not found' });
    expect((await kit.call('DELETE', '/api/admin/companies/999')).status).toBe(404);
  });
});

describe('categories', () => {
  it('lists categories by name with subcategories and company counts', async () => {
    await create(companyBody(ids.ent.id));
    await create(companyBody(ids.ent.id, { name: 'Spotify', slug: 'spotify', country: 'SE' }));
    const { items: list } = await json(await kit.call('GET', '/api/admin/categories'));
    expect(list.map((c: { name: string; company_count: number }) => [c.name, c.company_count])).toEqual([
      ['Cloud & Hosting', 0],
      ['Entertainment', 2],
    ]);
    expect(list[1].subcategories.map((s: { slug: string }) => s.slug)).toEqual(['music-streaming', 'video-streaming']);
  });

  it('adds, renames and removes subcategories in one save, keeping the links of renamed ones', async () => {
    const [music, video] = ids.ent.subcategories;
    const deezer = await create(companyBody(ids.ent.id, { subcategory_ids: [music.id, video.id] }));
    const res = await kit.call('PUT', `/api/admin/categories/${ids.ent.id}`, {
      body: {
        name: 'Entertainment & Media',
        slug: 'entertainment',
        image_url: '/images/categories/entertainment.svg',
        subcategories: [
          { id: music.id, name: 'Music', slug: 'music' },
          { name: 'Podcasts', slug: 'podcasts', translations: { de: { name: 'Podcasts', slug: 'podcasts' } } },
        ],
      },
    });
    expect(res.status).toBe(200);
    const category = await json(res);
    expect(category.name).toBe('Entertainment & Media');
    expect(category.subcategories.map((s: { id: number; slug: string }) => s.slug)).toEqual(['music', 'podcasts']);
    expect(category.subcategories[0].id).toBe(music.id);
    const company = await json(await kit.call('GET', `/api/admin/companies/${deezer.id}`));
    expect(company.subcategory_ids).toEqual([music.id]); // the removed one's link went with it
  });

  it('lets two subcategories swap slugs', async () => {
    const [music, video] = ids.ent.subcategories;
    const res = await kit.call('PUT', `/api/admin/categories/${ids.ent.id}`, {
      body: { name: 'Entertainment', slug: 'entertainment', subcategories: [{ ...music, slug: 'video-streaming' }, { ...video, slug: 'music-streaming' }] },
    });
    expect(res.status).toBe(200);
    const subs = (await json(res)).subcategories;
    expect(subs.find((s: { id: number }) => s.id === music.id).slug).toBe('video-streaming');
  });

  it('refuses duplicate slugs (409) and subcategories of another category (400)', async () => {
    const dup = await kit.call('POST', '/api/admin/categories', { body: { name: 'Fun', slug: 'entertainment' } });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error).toBe('A category with the slug "entertainment" already exists.');
    const subDup = await kit.call('POST', '/api/admin/categories', { body: { name: 'Fun', slug: 'fun', subcategories: [{ name: 'Music', slug: 'music-streaming' }] } });
    expect(subDup.status).toBe(409);
    expect((await json(subDup)).issues).toContainEqual({ path: 'subcategories.0.slug', message: 'This slug is already used by another subcategory' });
    const foreign = await kit.call('PUT', `/api/admin/categories/${ids.cloud.id}`, {
      body: { name: 'Cloud & Hosting', slug: 'cloud-hosting', subcategories: [{ ...ids.ent.subcategories[0], slug: 'fresh-slug' }] },
    });
    expect(foreign.status).toBe(400);
    expect(await count(t.category)).toBe(2);
  });

  it('refuses to delete a category that still has companies, with a clear 409', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    const res = await kit.call('DELETE', `/api/admin/categories/${ids.ent.id}`);
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ error: 'This category still has 1 company. Move it to another category or delete it first.' });
    await kit.call('DELETE', `/api/admin/companies/${deezer.id}`);
    expect((await kit.call('DELETE', `/api/admin/categories/${ids.ent.id}`)).status).toBe(200);
    expect(await count(t.subcategory)).toBe(1);
    expect((await kit.call('GET', `/api/admin/categories/${ids.ent.id}`)).status).toBe(404);
  });
});

describe('certificates', () => {
  it('lists certificates with the number of companies holding them, and edits them', async () => {
    await create(companyBody(ids.ent.id, { certifications: [{ certification_id: ids.bcorp.id, status: 'Verified', valid_from: '2023-01-01' }] }));
    const { items: list } = await json(await kit.call('GET', '/api/admin/certificates'));
    expect(list.map((c: { name: string; company_count: number }) => [c.name, c.company_count])).toEqual([
      ['B Corp', 1],
      ['ISO 27001', 0],
    ]);
    const res = await kit.call('PUT', `/api/admin/certificates/${ids.iso.id}`, { body: { name: 'ISO/IEC 27001', description: 'Security', icon_type: 'purple' } });
    expect(await json(res)).toMatchObject({ name: 'ISO/IEC 27001', icon_type: 'purple' });
    const dup = await kit.call('POST', '/api/admin/certificates', { body: { name: 'b corp', description: 'x', icon_type: 'green' } });
    expect(dup.status).toBe(409);
  });

  it('deleting a certificate takes it off the companies', async () => {
    const deezer = await create(companyBody(ids.ent.id, { certifications: [{ certification_id: ids.bcorp.id, status: 'Verified', valid_from: '2023-01-01' }] }));
    expect((await kit.call('DELETE', `/api/admin/certificates/${ids.bcorp.id}`)).status).toBe(200);
    expect((await json(await kit.call('GET', `/api/admin/companies/${deezer.id}`))).certifications).toEqual([]);
    expect((await kit.call('GET', `/api/admin/certificates/${ids.bcorp.id}`)).status).toBe(404);
  });
});

describe('countries', () => {
  it('lists the 53 fixed countries with company counts', async () => {
    await create(companyBody(ids.ent.id));
    const { items: list } = await json(await kit.call('GET', '/api/admin/countries?per_page=100'));
    expect(list).toHaveLength(COUNTRIES.length);
    expect(list.map((c: { code: string }) => c.code).sort()).toEqual(COUNTRIES.map((c) => c.code).sort());
    expect(list.find((c: { code: string }) => c.code === 'FR')).toMatchObject({ name: 'France', flag: '🇫🇷', company_count: 1, is_eu_member: true });
    expect(list.find((c: { code: string }) => c.code === 'NO')).toMatchObject({ company_count: 0, is_eu_member: false });
  });

  it('saves tax rate, population and EU membership; joined_date is today for a new member, else null', async () => {
    const res = await kit.call('PUT', '/api/admin/countries/no', { body: { corporate_tax_rate: 22, population: 5_500_000, is_eu_member: true } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ code: 'NO', corporate_tax_rate: 22, population: 5_500_000, is_eu_member: true, joined_date: '2025-03-12' });
    // A later save keeps the date it joined.
    kit.clock.now += 40 * 24 * 3600 * 1000;
    kit.cookie = await kit.signIn();
    const again = await json(await kit.call('PUT', '/api/admin/countries/NO', { body: { corporate_tax_rate: 22.5, population: 5_500_001, is_eu_member: true } }));
    expect(again.joined_date).toBe('2025-03-12');
    const left = await json(await kit.call('PUT', '/api/admin/countries/NO', { body: { corporate_tax_rate: 22.5, population: 5_500_001, is_eu_member: false } }));
    expect(left).toMatchObject({ is_eu_member: false, joined_date: null });
  });

  it('answers 404 for a code outside the fixed list, and has no create', async () => {
    expect((await kit.call('GET', '/api/admin/countries/XX')).status).toBe(404);
    expect((await kit.call('PUT', '/api/admin/countries/XX', { body: { corporate_tax_rate: 1, population: 1 } })).status).toBe(404);
    expect((await kit.call('POST', '/api/admin/countries', { body: { code: 'XX' } })).status).toBe(404);
    expect(await count(t.countryTaxRate)).toBe(0);
  });
});
