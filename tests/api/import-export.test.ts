// Import and export (docs/data-model.md, "Import and export"): all or nothing, upsert on slug, the messages, round trip.
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

const CONTENT_TABLES = [
  'category', 'subcategory', 'company', 'company_subcategories', 'alternatives', 'certification',
  'company_certifications', 'eu_fines', 'country_memberships', 'country_tax_rates', 'source', 'product', 'product_alternatives',
];

/** Every row of every content table, in storage order: equal dumps mean equal content. */
async function dump(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of CONTENT_TABLES) out[table] = await kit.db.all(sql.raw(`select * from "${table}" order by rowid`));
  return out;
}

async function wipe(): Promise<void> {
  for (const table of [...CONTENT_TABLES].reverse()) await kit.db.run(sql.raw(`delete from "${table}"`));
}

async function richData() {
  const [music, video] = ids.ent.subcategories;
  const post = async (body: Record<string, unknown>) => json(await kit.call('POST', '/api/admin/companies', { body }));
  const netflix = await post(companyBody(ids.ent.id, { name: 'Netflix', slug: 'netflix', country: 'US', double_irish: true, founded_year: 1997 }));
  await post(
    companyBody(ids.ent.id, {
      sustainable: true,
      is_unicorn: true,
      headquarters: 'Paris',
      logo_url: 'https://www.deezer.com/logo.svg',
      translations: { de: { description: 'Musik aus Frankreich.' }, fr: { description: 'Musique de France.' } },
      legal_name: 'Deezer SA',
      owner_kind: 'listed',
      sources: [sourceBody()],
      subcategory_ids: [music.id, video.id],
      certifications: [{ certification_id: ids.bcorp.id, status: 'Compliant', valid_from: '2023-01-01', valid_until: '2027-12-31', link: 'https://bcorp.example/d' }],
      eu_fines: [
        fineBody({ amount: 1234.56, kind: 'gdpr', body: 'CNIL', date: '2021-07-01', description: 'Data protection', translations: { fr: { description: 'Protection des données' } }, announcement_url: 'https://ec.europa.eu/n' }),
      ],
      alternative_to: { add: [netflix.id] },
    }),
  );
  await post(companyBody(ids.cloud.id, { name: 'Hetzner', slug: 'hetzner', country: 'DE', alternative_to: { add: [netflix.id] } }));
  await kit.call('PUT', '/api/admin/categories/' + ids.ent.id, {
    body: {
      name: 'Entertainment',
      slug: 'entertainment',
      translations: { de: { name: 'Unterhaltung', slug: 'unterhaltung' }, fr: { name: 'Divertissement', slug: 'divertissement' } },
      image_url: '/images/categories/entertainment.svg',
      subcategories: ids.ent.subcategories,
    },
  });
}

async function exportAll() {
  const get = async (kind: string) => {
    const res = await kit.call('GET', `/api/admin/${kind}/export`);
    expect(res.status).toBe(200);
    return json(res);
  };
  return { categories: await get('categories'), certificates: await get('certificates'), companies: await get('companies') };
}

describe('export', () => {
  it('exports categories in the file format (name, slug, image_url, subcategories) with the date in the file name', async () => {
    const res = await kit.call('GET', '/api/admin/categories/export');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="categories-' + new Date().toISOString().slice(0, 10) + '.json"');
    const file = await json(res);
    expect(file).toEqual([
      { name: 'Cloud & Hosting', slug: 'cloud-hosting', image_url: null, translations: {}, subcategories: [{ name: 'Cloud Platforms', slug: 'cloud-platforms', translations: {} }] },
      {
        name: 'Entertainment',
        slug: 'entertainment',
        image_url: '/images/categories/entertainment.svg',
        translations: {},
        subcategories: [
          { name: 'Music Streaming', slug: 'music-streaming', translations: {} },
          { name: 'Video Streaming', slug: 'video-streaming', translations: {} },
        ],
      },
    ]);
  });

  it('exports companies with category, subcategories, fines, certifications, alternatives and translations', async () => {
    await richData();
    const res = await kit.call('GET', '/api/admin/companies/export');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="companies-\d{4}-\d{2}-\d{2}\.json"$/);
    const deezer = (await json(res)).find((c: { slug: string }) => c.slug === 'deezer');
    expect(deezer).toMatchObject({
      category: 'Entertainment',
      subcategories: ['Music Streaming', 'Video Streaming'],
      translations: { de: { description: 'Musik aus Frankreich.' }, fr: { description: 'Musique de France.' } },
      legal_name: 'Deezer SA',
      owner_kind: 'listed',
      status: 'published',
      sources: [{ url: 'https://www.deezer.com/company', title: 'About Deezer', facts: ['headquarters', 'ownership'], verified_at: '2025-01-15' }],
      certifications: [{ name: 'B Corp', status: 'Compliant', valid_from: '2023-01-01', valid_until: '2027-12-31', link: 'https://bcorp.example/d' }],
      eu_fines: [
        {
          body: 'CNIL',
          kind: 'gdpr',
          amount: 1234.56,
          current_amount: 1234.56,
          status: 'in_force',
          currency: 'EUR',
          date: '2021-07-01',
          description: 'Data protection',
          translations: { fr: { description: 'Protection des données' } },
          announcement_url: 'https://ec.europa.eu/n',
        },
      ],
      alternatives: [],
    });
    const netflix = (await json(await kit.call('GET', '/api/admin/companies/export'))).find((c: { slug: string }) => c.slug === 'netflix');
    expect(netflix.alternatives).toEqual([{ slug: 'deezer' }, { slug: 'hetzner' }]);
  });
});

describe('import', () => {
  it('round trip: export, wipe, import gives the same data', async () => {
    await richData();
    const first = await exportAll();
    await wipe();
    expect((await json(await kit.call('GET', '/api/admin/companies'))).total).toBe(0);
    for (const kind of ['categories', 'certificates', 'companies'] as const) {
      const res = await kit.call('POST', `/api/admin/${kind}/import`, { body: first[kind] });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect(await exportAll()).toEqual(first);
    // And importing the same files again changes nothing (upsert on slug, no duplicates).
    const before = await dump();
    for (const kind of ['categories', 'certificates', 'companies'] as const) await kit.call('POST', `/api/admin/${kind}/import`, { body: first[kind] });
    expect(await exportAll()).toEqual(first);
    expect((await dump()).company).toEqual(before.company);
  });

  it('a file with one bad record changes nothing, and the error names the record', async () => {
    await richData();
    const file = (await exportAll()).companies;
    const changed = file.map((c: Record<string, unknown>) => ({ ...c, description: 'Changed by the import' }));
    changed.push({ ...changed[0], name: 'Broken Co', slug: 'broken-co', founded_year: 'last year' });
    const before = await dump();
    const res = await kit.call('POST', '/api/admin/companies/import', { body: changed });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe('Record 4 "Broken Co" (slug broken-co): founded_year: Founded year must be a number');
    expect(await dump()).toEqual(before);
  });

  it('a bad record found only while writing also rolls back everything', async () => {
    const before = await dump();
    const res = await kit.call('POST', '/api/admin/companies/import', {
      body: [
        { name: 'Good', slug: 'good', country: 'FR', category: 'Entertainment', description: 'ok' },
        { name: 'Dangling', slug: 'dangling', country: 'FR', category: 'Entertainment', description: 'ok', alternatives: [{ slug: 'nowhere' }] },
      ],
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      error: 'Record 2 "Dangling" (slug dangling): alternatives.0.slug: Alternative not found: nowhere',
      issues: [{ path: '1.alternatives.0.slug', message: 'Alternative not found: nowhere' }],
    });
    expect(await dump()).toEqual(before);
    expect(kit.publisher.requests).toBe(4); // the catalogue only: a failed import publishes nothing
  });

  it('refuses unknown country codes and categories with one message each', async () => {
    const base = { description: 'x', category: 'Entertainment' };
    const codes = await kit.call('POST', '/api/admin/companies/import', {
      body: [{ ...base, name: 'A', slug: 'a', country: 'XX' }, { ...base, name: 'B', slug: 'b', country: 'FR' }, { ...base, name: 'C', slug: 'c', country: 'QQ' }],
    });
    expect(await json(codes)).toEqual({
      error: 'Invalid country codes found: XX, QQ',
      issues: [
        { path: '0.country', message: 'Unknown country code: XX' },
        { path: '2.country', message: 'Unknown country code: QQ' },
      ],
    });
    const category = await kit.call('POST', '/api/admin/companies/import', { body: [{ ...base, name: 'A', slug: 'a', country: 'FR', category: 'Gardening' }] });
    expect(await json(category)).toEqual({ error: 'Category not found: Gardening', issues: [{ path: '0.category', message: 'Category not found: Gardening' }] });
    expect((await json(await kit.call('GET', '/api/admin/companies'))).total).toBe(0);
  });

  it('matches subcategories by name within the category, case-insensitively, and skips unknown ones; normalises fines', async () => {
    const res = await kit.call('POST', '/api/admin/companies/import', {
      body: [
        {
          name: 'Deezer',
          slug: 'deezer',
          country: 'fr',
          category: 'entertainment',
          description: 'x',
          subcategories: ['MUSIC streaming', 'Cloud Platforms', 'Knitting'],
          eu_fines: [fineBody({ amount: 1500.5, currency: null, date: '2024-02-03T12:00:00.000Z', description: '  Late filing  ', announcement_url: ' https://ec.europa.eu/n ' })],
        },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toEqual({ imported: 1, message: 'Import completed successfully. Existing companies were updated.' });
    const {
      items: [row],
    } = await json(await kit.call('GET', '/api/admin/companies'));
    const company = await json(await kit.call('GET', `/api/admin/companies/${row.id}`));
    expect(company.subcategories.map((s: { name: string }) => s.name)).toEqual(['Music Streaming']);
    expect(company.eu_fines).toEqual([
      expect.objectContaining({ amount: 1500.5, current_amount: 1500.5, currency: 'EUR', date: '2024-02-03', description: 'Late filing', announcement_url: 'https://ec.europa.eu/n' }),
    ]);
  });

  it('updates existing companies on slug, replacing their subcategory links and fines', async () => {
    await richData();
    const file = (await exportAll()).companies.filter((c: { slug: string }) => c.slug === 'deezer');
    file[0] = { ...file[0], name: 'Deezer SA', subcategories: ['Video Streaming'], eu_fines: [] };
    expect((await kit.call('POST', '/api/admin/companies/import', { body: file })).status).toBe(200);
    const { items: list } = await json(await kit.call('GET', '/api/admin/companies'));
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Deezer SA', 'Hetzner', 'Netflix']);
    const deezer = await json(await kit.call('GET', `/api/admin/companies/${list[0].id}`));
    expect(deezer.subcategories.map((s: { name: string }) => s.name)).toEqual(['Video Streaming']);
    expect(deezer.eu_fines).toEqual([]);
  });

  it('imports categories in the file format and updates existing ones on slug', async () => {
    const [music, video] = ids.ent.subcategories;
    const company = await json(await kit.call('POST', '/api/admin/companies', { body: companyBody(ids.ent.id, { subcategory_ids: [music.id, video.id] }) }));
    const res = await kit.call('POST', '/api/admin/categories/import', {
      body: [
        { name: 'Entertainment & Fun', slug: 'entertainment', image_url: null, subcategories: [{ name: 'Music Streaming', slug: 'music-streaming' }] },
        { name: 'Travel', slug: 'travel', image_url: '/images/categories/travel.svg', subcategories: [{ name: 'Flights', slug: 'flights' }] },
      ],
    });
    expect(await json(res)).toEqual({ imported: 2, message: 'Import completed successfully. Existing categories were updated.' });
    const { items: list } = await json(await kit.call('GET', '/api/admin/categories'));
    expect(list.map((c: { name: string; subcategories: { slug: string }[] }) => [c.name, c.subcategories.map((s) => s.slug)])).toEqual([
      ['Cloud & Hosting', ['cloud-platforms']],
      ['Entertainment & Fun', ['music-streaming']],
      ['Travel', ['flights']],
    ]);
    // The subcategory the file no longer lists is gone, and with it the company's link to it.
    expect((await json(await kit.call('GET', `/api/admin/companies/${company.id}`))).subcategory_ids).toEqual([music.id]);
    expect(await kit.db.all(sql`select * from company_subcategories where subcategory_id = ${video.id}`)).toEqual([]);
  });

  it('answers a file that is not JSON (or not a list) with the format message', async () => {
    for (const [kind, rawBody] of [['companies', 'name;slug\nDeezer;deezer'], ['categories', '{"name": "x"}'], ['certificates', '']] as const) {
      const res = await kit.call('POST', `/api/admin/${kind}/import`, { rawBody, headers: { 'content-type': 'text/csv' } });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ error: `Failed to import ${kind}. Please check the file format and try again.` });
    }
  });
});
