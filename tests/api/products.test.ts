// Products through the admin API: the paged list (search, sort, company filter, "has page"), the
// pickers' search, CRUD with If-Match versions and the change log, alternative links as a diff, the
// shared validation (one schema for file, API and form), revert from the history, and the companies
// file still round-tripping with products edited here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { today } from '../../src/lib/schemas/common.ts';
import { json, makeKit, seedCatalogue, type Kit } from './helpers.ts';

let kit: Kit;
let ids: Record<string, number>;
let companyIds: Record<string, number>;

const company = (name: string, slug: string, country: string, products: unknown[]) => ({ name, slug, country, category: 'Entertainment', description: `${name}.`, products });

/** Google (Gmail, with Proton Mail as its alternative), Proton (CH), Tuta (DE), Yahoo (US): a companies file. */
async function seedProducts() {
  const res = await kit.call('POST', '/api/admin/companies/import', {
    body: [
      company('Google', 'google', 'US', [
        { name: 'Gmail', slug: 'gmail', aliases: { en: ['google mail'] }, alternatives: [{ product: 'proton-mail', can_import: true }] },
        { name: 'Google Drive', slug: 'google-drive' },
      ]),
      company('Proton', 'proton', 'CH', [{ name: 'Proton Mail', slug: 'proton-mail', subcategory: 'music-streaming' }]),
      company('Tuta', 'tuta', 'DE', [{ name: 'Tuta Mail', slug: 'tuta-mail' }]),
      company('Mailbox', 'mailbox-org', 'DE', [{ name: 'mailbox.org', slug: 'mailbox-org-mail' }]),
      company('Yahoo', 'yahoo', 'US', [{ name: 'Yahoo Mail', slug: 'yahoo-mail' }]),
    ],
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const rows = await kit.db.all<{ id: number; slug: string }>(sql`select id, slug from product`);
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  const companies = await kit.db.all<{ id: number; slug: string }>(sql`select id, slug from company`);
  companyIds = Object.fromEntries(companies.map((r) => [r.slug, r.id]));
}

beforeEach(async () => {
  kit = await makeKit();
  await seedCatalogue(kit);
  await seedProducts();
});
afterEach(() => kit.cleanup());

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    company_id: companyIds.tuta,
    subcategory_id: null,
    name: 'Tuta Calendar',
    slug: 'tuta-calendar',
    description: 'Encrypted calendar.',
    translations: { de: { name: 'Tuta Kalender', description: 'Verschlüsselter Kalender.' }, fr: { name: 'Tuta Agenda', description: 'Agenda chiffré.' } },
    aliases: { en: ['encrypted calendar'], de: ['kalender'] },
    website_url: 'https://tuta.com/calendar',
    pricing: 'freemium',
    price_from_eur: 3,
    licence: 'GPL-3.0',
    self_hostable: false,
    platforms: ['web', 'android', 'ios'],
    e2ee: true,
    data_location: 'eu',
    interface_languages: ['en', 'de'],
    status: 'published',
    sources: [{ url: 'https://tuta.com/pricing', title: 'Pricing', facts: ['product'], verified_at: '2025-01-15' }],
    ...overrides,
  };
}

const create = (overrides: Record<string, unknown> = {}) => kit.call('POST', '/api/admin/products', { body: productBody(overrides) });
const changesOf = async (id: number) => (await json(await kit.call('GET', `/api/changes?entity=product&entity_id=${id}`))).changes;

describe('list', () => {
  it('pages, searches name, alias and company, sorts, filters by company, and says which products have a page', async () => {
    const all = await json(await kit.call('GET', '/api/admin/products'));
    expect(all).toMatchObject({ total: 6, page: 1, per_page: 50 });
    expect(all.items.map((p: { slug: string }) => p.slug)).toEqual(['gmail', 'google-drive', 'mailbox-org-mail', 'proton-mail', 'tuta-mail', 'yahoo-mail']);
    const gmail = all.items[0];
    expect(gmail).toMatchObject({ name: 'Gmail', company_name: 'Google', company_id: companyIds.google, country: 'US', has_page: true, alternatives_count: 1, status: 'published' });
    // Made in Europe, or without a European alternative: no page.
    expect(all.items.filter((p: { has_page: boolean }) => p.has_page).map((p: { slug: string }) => p.slug)).toEqual(['gmail']);
    expect(all.items.find((p: { slug: string }) => p.slug === 'proton-mail').subcategory_name).toBe('Music Streaming');

    const page2 = await json(await kit.call('GET', '/api/admin/products?per_page=2&page=2&sort=-name'));
    expect(page2).toMatchObject({ total: 6, page: 2, per_page: 2 });
    expect(page2.items.map((p: { slug: string }) => p.slug)).toEqual(['proton-mail', 'mailbox-org-mail']);

    const slugs = async (query: string) => (await json(await kit.call('GET', `/api/admin/products?${query}`))).items.map((p: { slug: string }) => p.slug);
    expect(await slugs('q=google%20mail')).toEqual(['gmail']); // an alias
    expect(await slugs('q=proton')).toEqual(['proton-mail']);
    expect(await slugs('q=google')).toEqual(['google-drive', 'gmail']); // the company's name (names that start with it first)
    expect(await slugs(`company_id=${companyIds.google}`)).toEqual(['gmail', 'google-drive']);
    expect(await slugs('sort=-has_page&per_page=1')).toEqual(['gmail']);
    expect(await slugs('sort=company&q=mail')).toEqual(['gmail', 'mailbox-org-mail', 'proton-mail', 'tuta-mail', 'yahoo-mail']);
    // The pickers: the best matches first, a few of them; only European ones for alternatives.
    expect(await slugs('q=mail&limit=2')).toEqual(['mailbox-org-mail', 'gmail']);
    expect(await slugs('q=mail&european=1')).toEqual(['mailbox-org-mail', 'proton-mail', 'tuta-mail']);

    const bad = await kit.call('GET', '/api/admin/products?sort=price&per_page=500&european=maybe');
    expect(bad.status).toBe(400);
    expect((await json(bad)).issues.map((i: { path: string }) => i.path)).toContain('european');
    expect((await kit.call('GET', '/api/admin/products?sort=price')).status).toBe(400);
    expect((await kit.call('GET', '/api/admin/products', { cookie: null })).status).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads with an ETag, updates with If-Match and deletes, each write in the change log and published', async () => {
    const published = kit.publisher.requests;
    const res = await create();
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('etag')).toBe('"1"');
    const product = await json(res);
    expect(product).toMatchObject({
      name: 'Tuta Calendar',
      company: { id: companyIds.tuta, name: 'Tuta', slug: 'tuta', country: 'DE' },
      aliases: { en: ['encrypted calendar'], de: ['kalender'] },
      pricing: 'freemium',
      price_from_eur: 3,
      platforms: ['web', 'android', 'ios'],
      e2ee: true,
      sources: [{ url: 'https://tuta.com/pricing', title: 'Pricing', facts: ['product'], verified_at: '2025-01-15' }],
      alternatives: [],
      alternative_to: [],
      version: 1,
    });
    expect(kit.publisher.requests).toBe(published + 1);
    const [{ company_id: sourceCompany }] = await kit.db.all<{ company_id: number }>(sql`select company_id from source where product_id = ${product.id}`);
    expect(sourceCompany).toBe(companyIds.tuta);

    const read = await kit.call('GET', `/api/admin/products/${product.id}`);
    expect(read.headers.get('etag')).toBe('"1"');

    const put = await kit.call('PUT', `/api/admin/products/${product.id}`, {
      body: productBody({ description: 'Encrypted calendar by Tuta.', company_id: companyIds.proton, sources: undefined }),
      ifMatch: 1,
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(put.headers.get('etag')).toBe('"2"');
    const updated = await json(put);
    expect(updated).toMatchObject({ description: 'Encrypted calendar by Tuta.', company_id: companyIds.proton, version: 2 });
    // Sources left out stay as they were, and move with the product to its new company.
    expect(updated.sources).toHaveLength(1);
    const [{ company_id: movedSource }] = await kit.db.all<{ company_id: number }>(sql`select company_id from source where product_id = ${product.id}`);
    expect(movedSource).toBe(companyIds.proton);

    const del = await kit.call('DELETE', `/api/admin/products/${product.id}`, { ifMatch: 2 });
    expect(del.status).toBe(200);
    expect((await kit.call('GET', `/api/admin/products/${product.id}`)).status).toBe(404);
    expect(await kit.db.all(sql`select id from source where product_id = ${product.id}`)).toEqual([]);
    expect(kit.publisher.requests).toBe(published + 3);

    const changes = await changesOf(product.id);
    expect(changes.map((c: { action: string }) => c.action)).toEqual(['delete', 'update', 'create']);
    // before/after in the export format, with the company's slug.
    expect(changes[2].after).toMatchObject({ company: 'tuta', slug: 'tuta-calendar', subcategory: null, alternatives: [], alternative_to: [], licence: 'GPL-3.0' });
    expect(changes[1].before.company).toBe('tuta');
    expect(changes[1].after).toMatchObject({ company: 'proton', description: 'Encrypted calendar by Tuta.' });
    expect(changes[0]).toMatchObject({ entity: 'product', label: 'Tuta Calendar', after: null });
  });

  it('refuses a write without If-Match (428) and one based on an old version (412), naming who saved', async () => {
    const product = await json(await create());
    expect((await kit.call('PUT', `/api/admin/products/${product.id}`, { body: productBody(), ifMatch: null })).status).toBe(428);
    expect((await kit.call('DELETE', `/api/admin/products/${product.id}`, { ifMatch: null })).status).toBe(428);
    expect((await kit.call('PUT', `/api/admin/products/${product.id}`, { body: productBody({ name: 'First' }), ifMatch: 1 })).status).toBe(200);
    const stale = await kit.call('PUT', `/api/admin/products/${product.id}`, { body: productBody({ name: 'Second' }), ifMatch: 1 });
    expect(stale.status).toBe(412);
    const body = await json(stale);
    expect(body).toMatchObject({ changed_by: 'admin@example.org' });
    expect(body.error).toMatch(/changed this product/);
    expect((await kit.call('DELETE', `/api/admin/products/${product.id}`, { ifMatch: 1 })).status).toBe(412);
    expect((await kit.call('PUT', '/api/admin/products/99999', { body: productBody(), ifMatch: 1 })).status).toBe(404);
  });

  it('a companies import that changes a product bumps its version, so a form holding the old one gets 412', async () => {
    const exported = await json(await kit.call('GET', '/api/admin/companies/export'));
    const google = exported.find((c: { slug: string }) => c.slug === 'google');
    google.products[0].description = 'Changed by the import';
    expect((await kit.call('POST', '/api/admin/companies/import', { body: [google] })).status).toBe(200);
    const read = await kit.call('GET', `/api/admin/products/${ids.gmail}`);
    expect(read.headers.get('etag')).toBe('"2"');
    expect((await kit.call('GET', `/api/admin/products/${ids['google-drive']}`)).headers.get('etag')).toBe('"1"');
    expect((await kit.call('PUT', `/api/admin/products/${ids.gmail}`, { body: productBody({ company_id: companyIds.google, name: 'Gmail', slug: 'gmail', aliases: {} }), ifMatch: 1 })).status).toBe(412);
  });

  it('refuses to delete a product a switching guide is about', async () => {
    const guide = await kit.call('POST', '/api/admin/guides', { body: { slug: 'leave-gmail', title: 'Leaving Gmail', status: 'draft', from_product_id: ids.gmail } });
    expect(guide.status).toBe(201);
    const res = await kit.call('DELETE', `/api/admin/products/${ids.gmail}`);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toMatch(/“Leaving Gmail” is about this product/);
    expect((await kit.call('GET', `/api/admin/products/${ids.gmail}`)).status).toBe(200);
  });
});

describe('alternatives', () => {
  const gmailBody = (alternatives: unknown) => productBody({ company_id: companyIds.google, name: 'Gmail', slug: 'gmail', aliases: {}, sources: undefined, alternatives });

  it('changes links as a diff: a save based on an older list never undoes a link someone else made', async () => {
    // Two editors open Gmail (version 1); one adds Tuta Mail, the other (after reloading) mailbox.org.
    let res = await kit.call('PUT', `/api/admin/products/${ids.gmail}`, { body: gmailBody({ add: [{ product_id: ids['tuta-mail'], can_import: false }] }) });
    expect(res.status, await res.clone().text()).toBe(200);
    res = await kit.call('PUT', `/api/admin/products/${ids.gmail}`, { body: gmailBody({ add: [{ product_id: ids['mailbox-org-mail'], can_import: null }], remove: [ids['proton-mail']] }) });
    expect(res.status).toBe(200);
    expect((await json(res)).alternatives.map((a: { slug: string; can_import: boolean | null }) => [a.slug, a.can_import])).toEqual([
      ['mailbox-org-mail', null],
      ['tuta-mail', false],
    ]);
    // can_import of an existing link changes through `add`; leaving alternatives out keeps them.
    res = await kit.call('PUT', `/api/admin/products/${ids.gmail}`, { body: gmailBody({ add: [{ product_id: ids['tuta-mail'], can_import: true }] }) });
    expect((await json(res)).alternatives.find((a: { slug: string }) => a.slug === 'tuta-mail').can_import).toBe(true);
    res = await kit.call('PUT', `/api/admin/products/${ids.gmail}`, { body: gmailBody(undefined) });
    expect((await json(res)).alternatives).toHaveLength(2);
    // The alternative's form lists what it replaces.
    const tuta = await json(await kit.call('GET', `/api/admin/products/${ids['tuta-mail']}`));
    expect(tuta.alternative_to).toEqual([expect.objectContaining({ product_id: ids.gmail, name: 'Gmail', company_name: 'Google', can_import: true })]);
  });

  it('refuses a non-European alternative, the product itself, an unknown product and contradictory diffs, on their fields', async () => {
    const issue = async (alternatives: unknown) => {
      const res = await kit.call('PUT', `/api/admin/products/${ids.gmail}`, { body: gmailBody(alternatives) });
      return { status: res.status, issues: (await json(res)).issues };
    };
    expect(await issue({ add: [{ product_id: ids['yahoo-mail'] }] })).toEqual({
      status: 400,
      issues: [{ path: 'alternatives.add.0.product_id', message: 'Only products of companies headquartered in Europe can be alternatives' }],
    });
    expect((await issue({ add: [{ product_id: ids.gmail }] })).issues[0].message).toBe('A product cannot be its own alternative');
    expect((await issue({ add: [{ product_id: 99999 }] })).issues[0].message).toBe('Product not found: choose it again');
    expect((await issue({ add: [{ product_id: ids['tuta-mail'] }], remove: [ids['tuta-mail']] })).issues[0]).toEqual({
      path: 'alternatives.remove.0',
      message: 'A link cannot be added and removed at once',
    });
    expect((await issue({ add: [{ product_id: ids['tuta-mail'] }, { product_id: ids['tuta-mail'] }] })).issues[0]).toEqual({ path: 'alternatives.add.1', message: 'Product listed twice' });
    // Nothing was written by the refused saves.
    expect((await json(await kit.call('GET', `/api/admin/products/${ids.gmail}`))).version).toBe(1);
  });
});

describe('validation (one schema for file, API and form)', () => {
  it('says what is wrong with each field', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await create({
      company_id: null,
      name: ' ',
      slug: 'Not A Slug',
      description: 'x'.repeat(2001),
      aliases: { en: ['x'.repeat(101)], xx: ['y'] },
      website_url: 'not a url',
      pricing: 'cheap',
      price_from_eur: -1,
      self_hostable: 'maybe',
      platforms: ['amiga'],
      data_location: 'moon',
      interface_languages: ['English'],
      status: 'gone',
      sources: [{ url: 'http://tuta.com', facts: [], verified_at: tomorrow }],
    });
    expect(res.status).toBe(400);
    const issues = Object.fromEntries((await json(res)).issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(issues).toMatchObject({
      company_id: 'Company is required',
      name: 'Name is required',
      slug: 'Slug may contain only lowercase letters, digits and single hyphens',
      description: 'Description is too long (at most 2,000 characters)',
      'aliases.en.0': 'An alias is too long (at most 100 characters)',
      website_url: 'Website must be a valid URL',
      pricing: 'Pricing must be one of: free, freemium, paid',
      price_from_eur: 'Cheapest plan must be 0 or more',
      self_hostable: 'Self-hostable must be yes, no or unknown',
      'platforms.0': 'Platform must be one of: web, android, ios, windows, macos, linux',
      data_location: 'Data location must be one of: eu, ch_uk, outside, mixed, unknown',
      'interface_languages.0': 'Interface languages are language codes such as en, de, fr or pt-BR',
      status: 'Status must be published or draft',
      'sources.0.url': 'Source URL must be a valid https:// address',
      'sources.0.facts': 'Say which facts the source supports',
      'sources.0.verified_at': 'The verified date cannot be in the future',
    });
    expect(Object.keys(issues).some((p) => p.startsWith('aliases'))).toBe(true);
    expect(await kit.db.all(sql`select id from product where slug = 'not-a-slug'`)).toEqual([]);
  });

  it('the import file refuses the same values with the same messages', async () => {
    const res = await kit.call('POST', '/api/admin/companies/import', {
      body: [company('Tuta', 'tuta', 'DE', [{ name: 'Tuta Mail', slug: 'tuta-mail', pricing: 'cheap', interface_languages: ['English'] }])],
    });
    expect(res.status).toBe(400);
    const messages = (await json(res)).issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Pricing must be one of: free, freemium, paid', 'Interface languages are language codes such as en, de, fr or pt-BR']));
  });

  it('refuses a taken slug, a taken alias, an unknown company or subcategory, each on its field', async () => {
    const field = async (overrides: Record<string, unknown>) => {
      const res = await create(overrides);
      return { status: res.status, issues: (await json(res)).issues };
    };
    expect(await field({ slug: 'gmail' })).toEqual({ status: 409, issues: [{ path: 'slug', message: 'This slug is already used by another product' }] });
    expect(await field({ aliases: { en: ['Google Mail'] } })).toEqual({ status: 409, issues: [{ path: 'aliases.en', message: '“google mail” is already an alias of Gmail' }] });
    expect(await field({ aliases: { en: ['cal', 'Cal'] } })).toEqual({ status: 400, issues: [{ path: 'aliases.en', message: '“Cal” is listed twice' }] });
    expect(await field({ company_id: 99999 })).toEqual({ status: 400, issues: [{ path: 'company_id', message: 'Company not found: choose it again' }] });
    expect(await field({ subcategory_id: 99999 })).toEqual({ status: 400, issues: [{ path: 'subcategory_id', message: 'Subcategory not found' }] });
    // The same alias in another language, and today as verified date, are fine.
    expect((await field({ aliases: { de: ['google mail'] }, sources: [{ url: 'https://tuta.com', facts: ['product'], verified_at: today() }] })).status).toBe(201);
  });
});

describe('history', () => {
  it('reverts an update, a delete (with its sources and links both ways) and a create', async () => {
    const before = await json(await kit.call('GET', `/api/admin/products/${ids['proton-mail']}`));
    const put = await kit.call('PUT', `/api/admin/products/${ids['proton-mail']}`, {
      body: productBody({ company_id: companyIds.proton, name: 'Proton Mail Plus', slug: 'proton-mail', aliases: {}, subcategory_id: null, alternatives: { add: [{ product_id: ids['tuta-mail'], can_import: true }] } }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const [update] = await changesOf(ids['proton-mail']);
    let res = await kit.call('POST', `/api/changes/${update.id}/revert`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).message).toBe('The product “Proton Mail” was changed back.');
    const reverted = await json(await kit.call('GET', `/api/admin/products/${ids['proton-mail']}`));
    expect({ ...reverted, version: 0, updated_at: null }).toEqual({ ...before, version: 0, updated_at: null });
    expect(reverted.version).toBe(3);

    // Delete Proton Mail: Gmail loses its alternative; the revert brings both back.
    await kit.call('DELETE', `/api/admin/products/${ids['proton-mail']}`);
    expect((await json(await kit.call('GET', `/api/admin/products/${ids.gmail}`))).alternatives).toEqual([]);
    const [deleted] = await changesOf(ids['proton-mail']);
    res = await kit.call('POST', `/api/changes/${deleted.id}/revert`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).message).toBe('The product “Proton Mail” was restored.');
    const back = await json(await kit.call('GET', `/api/admin/products/${ids['proton-mail']}`));
    expect(back).toMatchObject({ id: ids['proton-mail'], name: 'Proton Mail', company_id: companyIds.proton, subcategory_id: before.subcategory_id });
    expect(back.alternative_to).toEqual([expect.objectContaining({ product_id: ids.gmail, can_import: true })]);

    // A create is reverted by deleting the product.
    const created = await json(await create());
    const [createEntry] = await changesOf(created.id);
    expect((await kit.call('POST', `/api/changes/${createEntry.id}/revert`)).status).toBe(200);
    expect((await kit.call('GET', `/api/admin/products/${created.id}`)).status).toBe(404);
  });

  it('does not revert a change the product has had later changes after (409)', async () => {
    const product = await json(await create());
    await kit.call('PUT', `/api/admin/products/${product.id}`, { body: productBody({ name: 'Second' }) });
    const [, first] = await changesOf(product.id);
    const res = await kit.call('POST', `/api/changes/${first.id}/revert`);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toMatch(/This product was changed again after that edit/);
  });
});

describe('import and export', () => {
  it('round trip with products edited here: export, wipe, import gives the same file', async () => {
    await create();
    await kit.call('PUT', `/api/admin/products/${ids.gmail}`, {
      body: productBody({ company_id: companyIds.google, name: 'Gmail', slug: 'gmail', aliases: { en: ['google mail'], fr: ['courriel google'] }, alternatives: { add: [{ product_id: ids['tuta-mail'], can_import: null }] } }),
    });
    const files = async () => ({
      categories: await json(await kit.call('GET', '/api/admin/categories/export')),
      companies: await json(await kit.call('GET', '/api/admin/companies/export')),
    });
    const first = await files();
    const gmail = first.companies.find((c: { slug: string }) => c.slug === 'google').products.find((p: { slug: string }) => p.slug === 'gmail');
    expect(gmail.alternatives).toEqual([
      { product: 'proton-mail', can_import: true },
      { product: 'tuta-mail', can_import: null },
    ]);
    expect(gmail.sources).toHaveLength(1);
    await kit.db.run(sql`delete from product_alternatives`);
    await kit.db.run(sql`delete from source`);
    await kit.db.run(sql`delete from product`);
    await kit.db.run(sql`delete from company`);
    for (const kind of ['categories', 'companies'] as const) {
      const res = await kit.call('POST', `/api/admin/${kind}/import`, { body: first[kind] });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect(await files()).toEqual(first);
  });
});
