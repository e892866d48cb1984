// Switching guides through the admin API: CRUD with If-Match versions and the change log, the shared
// validation (https sources, no future dates, size limits, slug, existing product, what a published
// guide needs), the product picker's search, and the guides file: export, wipe, import gives the same.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GUIDE_LIMITS } from '../../src/lib/schemas/guide.ts';
import { today } from '../../src/lib/schemas/common.ts';
import { json, makeKit, seedCatalogue, type Kit } from './helpers.ts';

let kit: Kit;
let gmailId: number;

/** Google (with Gmail) and Proton (with Proton Mail, its alternative), imported as a company file. */
async function seedProducts() {
  const company = (name: string, slug: string, country: string, products: unknown[]) => ({
    name,
    slug,
    country,
    category: 'Entertainment',
    description: `${name}.`,
    products,
  });
  const res = await kit.call('POST', '/api/admin/companies/import', {
    body: [
      company('Google', 'google', 'US', [{ name: 'Gmail', slug: 'gmail', alternatives: [{ product: 'proton-mail', can_import: true }] }]),
      company('Proton', 'proton', 'CH', [{ name: 'Proton Mail', slug: 'proton-mail' }]),
    ],
  });
  expect(res.status).toBe(200);
  const [row] = await kit.db.all<{ id: number }>(sql`select id from product where slug = 'gmail'`);
  return row.id;
}

beforeEach(async () => {
  kit = await makeKit();
  await seedCatalogue(kit);
  gmailId = await seedProducts();
});
afterEach(() => kit.cleanup());

function guideBody(overrides: Record<string, unknown> = {}) {
  return {
    slug: 'gmail-to-european-email',
    title: 'Moving from Gmail',
    summary: 'Export with Takeout, import with Easy Switch.',
    body: '## Export your data\n\n1. Open Google Takeout.\n2. Choose **Mail**.',
    time_needed: 'about 1 hour',
    translations: {
      de: { title: 'Von Gmail wechseln', summary: 'Mit Takeout exportieren.', body: '## Daten exportieren', time_needed: 'etwa 1 Stunde' },
      fr: { title: 'Quitter Gmail', summary: 'Exportez avec Takeout.', body: '## Exporter vos données', time_needed: 'environ 1 heure' },
    },
    sources: [{ url: 'https://support.google.com/mail/answer/10016932', title: 'Gmail Help', verified_at: '2025-01-15' }],
    last_checked: '2025-01-15',
    status: 'published',
    from_product_id: gmailId,
    ...overrides,
  };
}

const create = async (overrides: Record<string, unknown> = {}) => kit.call('POST', '/api/admin/guides', { body: guideBody(overrides) });
const issuesOf = async (res: Response) => ((await json(res)).issues as { path: string; message: string }[]).map((i) => i.path);

describe('guides CRUD', () => {
  it('creates, reads with an ETag, lists, updates with If-Match and deletes, each write in the change log', async () => {
    const res = await create();
    expect(res.status).toBe(201);
    expect(res.headers.get('etag')).toBe('"1"');
    const guide = await json(res);
    expect(guide).toMatchObject({ slug: 'gmail-to-european-email', time_needed: 'about 1 hour', status: 'published', version: 1, languages: ['en', 'de', 'fr'] });
    expect(guide.from_product).toMatchObject({ id: gmailId, slug: 'gmail', name: 'Gmail', company_name: 'Google' });
    expect(kit.publisher.requests).toBeGreaterThan(0);

    const list = await json(await kit.call('GET', '/api/admin/guides?q=gmail'));
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ title: 'Moving from Gmail', source_count: 1 });
    expect(list.items[0].body).toBeUndefined();

    const put = await kit.call('PUT', `/api/admin/guides/${guide.id}`, { body: guideBody({ title: 'Leaving Gmail' }), ifMatch: 1 });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe('"2"');
    expect((await json(put)).title).toBe('Leaving Gmail');

    const del = await kit.call('DELETE', `/api/admin/guides/${guide.id}`, { ifMatch: 2 });
    expect(del.status).toBe(200);
    expect((await kit.call('GET', `/api/admin/guides/${guide.id}`)).status).toBe(404);

    const changes = await json(await kit.call('GET', `/api/changes?entity=guide&entity_id=${guide.id}`));
    expect(changes.changes.map((c: { action: string }) => c.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, updated] = changes.changes;
    expect(updated.before.title).toBe('Moving from Gmail');
    expect(updated.after).toMatchObject({ title: 'Leaving Gmail', from_product: 'gmail' });
    expect(deleted.label).toBe('Leaving Gmail');
  });

  it('refuses a write without If-Match (428) and one based on an old version (412)', async () => {
    const guide = await json(await create());
    expect((await kit.call('PUT', `/api/admin/guides/${guide.id}`, { body: guideBody(), ifMatch: null })).status).toBe(428);
    expect((await kit.call('PUT', `/api/admin/guides/${guide.id}`, { body: guideBody({ title: 'First' }), ifMatch: 1 })).status).toBe(200);
    const stale = await kit.call('PUT', `/api/admin/guides/${guide.id}`, { body: guideBody({ title: 'Second' }), ifMatch: 1 });
    expect(stale.status).toBe(412);
    expect((await json(stale)).error).toMatch(/changed this guide/);
    expect((await kit.call('DELETE', `/api/admin/guides/${guide.id}`, { ifMatch: 1 })).status).toBe(412);
  });

  it('reverts a guide delete from the history: it comes back with its product', async () => {
    const guide = await json(await create());
    await kit.call('DELETE', `/api/admin/guides/${guide.id}`, { ifMatch: 1 });
    const [entry] = (await json(await kit.call('GET', `/api/changes?entity=guide`))).changes;
    const res = await kit.call('POST', `/api/changes/${entry.id}/revert`);
    expect(res.status).toBe(200);
    const back = await json(await kit.call('GET', `/api/admin/guides/${guide.id}`));
    expect(back).toMatchObject({ slug: guide.slug, title: guide.title, from_product_id: gmailId, status: 'published' });
  });

  it('searches products for the form picker, with their company', async () => {
    const res = await json(await kit.call('GET', '/api/admin/products?q=mail'));
    expect(res.items.map((p: { slug: string }) => p.slug)).toEqual(['gmail', 'proton-mail']);
    expect(res.items[0]).toMatchObject({ name: 'Gmail', company_name: 'Google', country: 'US' });
    expect((await kit.call('GET', '/api/admin/products?q=mail', { cookie: null })).status).toBe(401);
  });
});

describe('guide validation (one schema for API, form and import)', () => {
  it('refuses http sources, future dates, a bad slug and over-long text, each on its field', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await create({
      slug: 'Gmail Guide',
      body: 'x'.repeat(GUIDE_LIMITS.body + 1),
      translations: { de: { title: 't'.repeat(GUIDE_LIMITS.title + 1) } },
      sources: [
        { url: 'http://support.google.com/mail', verified_at: '2025-01-01' },
        { url: 'https://support.google.com/mail', verified_at: tomorrow },
      ],
      last_checked: tomorrow,
    });
    expect(res.status).toBe(400);
    expect(await issuesOf(res)).toEqual(expect.arrayContaining(['slug', 'body', 'translations.de.title', 'sources.0.url', 'sources.1.verified_at', 'last_checked']));
  });

  it('refuses a product that does not exist, and a published guide without what it needs', async () => {
    const missing = await create({ from_product_id: 999_999 });
    expect(missing.status).toBe(400);
    expect(await issuesOf(missing)).toEqual(['from_product_id']);

    const bare = await create({ summary: '', body: '', sources: [], last_checked: '', from_product_id: null });
    expect(bare.status).toBe(400);
    expect(await issuesOf(bare)).toEqual(expect.arrayContaining(['summary', 'body', 'sources', 'last_checked', 'from_product_id']));
    // A draft may be unfinished.
    expect((await create({ summary: '', body: '', sources: [], last_checked: '', from_product_id: null, status: 'draft' })).status).toBe(201);
  });

  it('refuses a second guide with the same slug (409 on the slug field)', async () => {
    await create();
    const res = await create({ title: 'Another' });
    expect(res.status).toBe(409);
    expect(await issuesOf(res)).toEqual(['slug']);
  });

  it('accepts today as verified and last-checked date', async () => {
    const day = today();
    const res = await create({ last_checked: day, sources: [{ url: 'https://proton.me/support/easy-switch', verified_at: day }] });
    expect(res.status).toBe(201);
  });
});

describe('guides file: import and export', () => {
  const record = (overrides: Record<string, unknown> = {}) => {
    const { from_product_id: _id, ...rest } = guideBody();
    return { ...rest, from_product: 'gmail', ...overrides };
  };

  it('round-trips: export, wipe, import gives the same file and rows', async () => {
    await create();
    await create({ slug: 'draft-guide', title: 'Draft', status: 'draft', from_product_id: null, sources: [], summary: '' });
    const exported = await json(await kit.call('GET', '/api/admin/guides/export'));
    expect(exported.map((g: { slug: string }) => g.slug)).toEqual(['draft-guide', 'gmail-to-european-email']);
    expect(exported[1]).toEqual(record());
    const before = await kit.db.all(sql`select slug, title, summary, body, time_needed, translations, from_product_id, sources, last_checked, status from guide order by slug`);

    await kit.db.run(sql`delete from guide`);
    const res = await kit.call('POST', '/api/admin/guides/import', { body: exported });
    expect(res.status).toBe(200);
    expect((await json(res)).imported).toBe(2);
    expect(await json(await kit.call('GET', '/api/admin/guides/export'))).toEqual(exported);
    expect(await kit.db.all(sql`select slug, title, summary, body, time_needed, translations, from_product_id, sources, last_checked, status from guide order by slug`)).toEqual(before);

    // An import records each new or changed guide in the change log and bumps its version.
    const changes = await json(await kit.call('GET', '/api/changes?entity=guide'));
    expect(changes.changes.filter((c: { action: string }) => c.action === 'import')).toHaveLength(2);
  });

  it('upserts by slug and bumps the version, so a form holding the old one gets 412', async () => {
    const guide = await json(await create());
    const res = await kit.call('POST', '/api/admin/guides/import', { body: [record({ title: 'Imported title' })] });
    expect(res.status).toBe(200);
    const after = await kit.call('GET', `/api/admin/guides/${guide.id}`);
    expect((await json(after)).title).toBe('Imported title');
    expect(after.headers.get('etag')).toBe('"2"');
    expect((await kit.call('PUT', `/api/admin/guides/${guide.id}`, { body: guideBody(), ifMatch: 1 })).status).toBe(412);
  });

  it('refuses the whole file when a product does not exist or a record is invalid, and the dry run lists every problem', async () => {
    const file = [record(), record({ slug: 'two', from_product: 'no-such-product' }), record({ slug: 'three', sources: [{ url: 'ftp://x.example', verified_at: '2025-01-01' }] })];
    const dry = await json(await kit.call('POST', '/api/admin/guides/import?dry_run=1', { body: file }));
    expect(dry).toMatchObject({ kind: 'guides', total: 3, error_count: 2 });
    expect(dry.errors.map((e: { slug: string; field: string }) => `${e.slug}:${e.field}`)).toEqual(['two:from_product', 'three:sources.0.url']);

    const res = await kit.call('POST', '/api/admin/guides/import', { body: file });
    expect(res.status).toBe(400);
    const [{ n }] = await kit.db.all<{ n: number }>(sql`select count(*) as n from guide`);
    expect(n).toBe(0);

    const ok = await json(await kit.call('POST', '/api/admin/guides/import?dry_run=1', { body: [record()] }));
    expect(ok).toMatchObject({ exact: true, error_count: 0, created: [{ slug: 'gmail-to-european-email', name: 'Moving from Gmail' }] });
  });

  it('exports guides as CSV with one column per language', async () => {
    await create();
    const res = await kit.call('GET', '/api/admin/export/guides.csv');
    expect(res.status).toBe(200);
    const [header, row] = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('slug,status,from_product,last_checked,title,title_de,title_fr,summary,summary_de,summary_fr,time_needed,time_needed_de,time_needed_fr,sources');
    expect(row).toContain('gmail-to-european-email,published,gmail,2025-01-15,Moving from Gmail,Von Gmail wechseln');
  });
});
