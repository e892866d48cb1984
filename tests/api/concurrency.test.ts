// Safe concurrent editing (ETag / If-Match, 412 / 428, alternative links as a diff) and the change log
// (a row per write in the write's own transaction; GET /api/changes).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { createAdmin } from '../../src/api/auth/admins.ts';
import { companyBody, fineBody, json, makeKit, seedCatalogue, TEST_PASSWORD_PARAMS, type Kit } from './helpers.ts';

let kit: Kit;
let ids: Awaited<ReturnType<typeof seedCatalogue>>;
beforeEach(async () => {
  kit = await makeKit();
  ids = await seedCatalogue(kit);
});
afterEach(() => kit.cleanup());

async function create(body: Record<string, unknown>) {
  const res = await kit.call('POST', '/api/admin/companies', { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

const changeRows = async () => kit.db.select().from(t.change).orderBy(t.change.id);

describe('versions, ETag and If-Match', () => {
  it('GET answers the version as ETag; each save bumps it and sets updated_at', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    const got = await kit.call('GET', `/api/admin/companies/${deezer.id}`);
    expect(got.headers.get('etag')).toBe('"1"');
    expect(await json(got)).toMatchObject({ version: 1, updated_at: '2025-03-12T10:00:00.000Z' });
    kit.clock.now += 60_000;
    const saved = await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { name: 'Deezer SA' }), ifMatch: 1 });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    expect(await json(saved)).toMatchObject({ name: 'Deezer SA', version: 2, updated_at: '2025-03-12T10:01:00.000Z' });
    // Weak and unquoted forms of the same version are understood too.
    expect((await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id), ifMatch: 'W/"2"' })).status).toBe(200);
    expect((await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id), ifMatch: '3' })).status).toBe(200);
  });

  for (const [kind, path, body] of [
    ['company', 'companies', () => companyBody(ids.ent.id)],
    ['category', 'categories', () => ({ name: 'Cloud', slug: 'cloud-hosting' })],
    ['certificate', 'certificates', () => ({ name: 'ISO 27001', description: 'Security', icon_type: 'blue' })],
  ] as const) {
    it(`a ${kind} PUT or DELETE without If-Match gets 428, a stale one 412 naming who and when, and changes nothing`, async () => {
      const id = kind === 'company' ? (await create(companyBody(ids.ent.id))).id : kind === 'category' ? ids.cloud.id : ids.iso.id;
      const url = `/api/admin/${path}/${id}`;
      const missing = await kit.call('PUT', url, { body: body(), ifMatch: null });
      expect(missing.status).toBe(428);
      expect((await json(missing)).error).toMatch(/If-Match/);
      expect((await kit.call('DELETE', url, { ifMatch: null })).status).toBe(428);
      expect((await kit.call('PUT', url, { body: body(), ifMatch: '*' })).status).toBe(428);

      // Someone else saves version 1 first, at 14:02.
      kit.clock.now = Date.UTC(2025, 2, 12, 14, 2, 0);
      kit.cookie = await kit.signIn();
      await createAdmin(kit.db, 'editor@example.org', 'another long enough password 7', { params: TEST_PASSWORD_PARAMS });
      const other = await kit.signIn('editor@example.org', 'another long enough password 7');
      const first = await kit.call('PUT', url, { body: body(), ifMatch: 1, cookie: other });
      expect(first.status, await first.clone().text()).toBe(200);
      const before = await json(await kit.call('GET', url));

      const stale = await kit.call('PUT', url, { body: { ...body(), name: 'Mine' }, ifMatch: 1 });
      expect(stale.status).toBe(412);
      const answer = await json(stale);
      const noun = kind === 'certificate' ? 'certificate' : kind;
      expect(answer).toEqual({ error: `editor@example.org changed this ${noun} at 14:02 UTC — reload to see their version.`, changed_by: 'editor@example.org', changed_at: '2025-03-12T14:02:00.000Z' });
      expect((await kit.call('DELETE', url, { ifMatch: 1 })).status).toBe(412);
      expect(await json(await kit.call('GET', url))).toEqual(before);
      // With the version just read, the save goes through.
      expect((await kit.call('PUT', url, { body: body(), ifMatch: before.version })).status).toBe(200);
    });
  }

  it('of two saves based on the same version sent at once, exactly one wins', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    const url = `/api/admin/companies/${deezer.id}`;
    const results = await Promise.all(
      ['A', 'B', 'C'].map((n) => kit.call('PUT', url, { body: companyBody(ids.ent.id, { name: `Deezer ${n}` }), ifMatch: 1 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 412, 412]);
    expect((await json(await kit.call('GET', url))).version).toBe(2);
  });

  it('an unknown record is still 404 with an If-Match', async () => {
    expect((await kit.call('PUT', '/api/admin/companies/999', { body: companyBody(ids.ent.id), ifMatch: 1 })).status).toBe(404);
    expect((await kit.call('DELETE', '/api/admin/certificates/999', { ifMatch: 1 })).status).toBe(404);
  });

  it('a malformed If-Match is a 400, not a save', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    const res = await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { name: 'X' }), ifMatch: '"abc"' });
    expect(res.status).toBe(400);
    expect((await json(await kit.call('GET', `/api/admin/companies/${deezer.id}`))).name).toBe('Deezer');
  });
});

describe('alternative links as a diff', () => {
  it('a save from a form loaded before someone else linked a company keeps that link', async () => {
    const netflix = await create(companyBody(ids.ent.id, { name: 'Netflix', slug: 'netflix', country: 'US' }));
    const deezer = await create(companyBody(ids.ent.id, { alternative_to: { add: [netflix.id] } }));
    // Editor 1 opens Netflix (alternatives: Deezer).
    const loaded = await json(await kit.call('GET', `/api/admin/companies/${netflix.id}`));
    expect(loaded.alternatives.map((a: { slug: string }) => a.slug)).toEqual(['deezer']);
    // Meanwhile editor 2 saves Mubi as an alternative to Netflix, from Mubi's form.
    const mubi = await create(companyBody(ids.ent.id, { name: 'Mubi', slug: 'mubi', country: 'GB', alternative_to: { add: [netflix.id] } }));
    // Editor 1 adds Hetzner and removes nothing: Mubi must survive.
    const hetzner = await create(companyBody(ids.cloud.id, { name: 'Hetzner', slug: 'hetzner', country: 'DE' }));
    const res = await kit.call('PUT', `/api/admin/companies/${netflix.id}`, {
      body: companyBody(ids.ent.id, { name: 'Netflix', slug: 'netflix', country: 'US', alternatives: { add: [hetzner.id] } }),
      ifMatch: loaded.version,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).alternatives.map((a: { slug: string }) => a.slug)).toEqual(['deezer', 'hetzner', 'mubi']);
    // Removing one link leaves the others; removing a link that is already gone is fine.
    const removed = await kit.call('PUT', `/api/admin/companies/${netflix.id}`, {
      body: companyBody(ids.ent.id, { name: 'Netflix', slug: 'netflix', country: 'US', alternatives: { remove: [deezer.id, 424242] } }),
    });
    expect(removed.status).toBe(200);
    expect((await json(removed)).alternatives.map((a: { slug: string }) => a.slug)).toEqual(['hetzner', 'mubi']);
    expect((await json(await kit.call('GET', `/api/admin/companies/${mubi.id}`))).alternative_to.map((a: { slug: string }) => a.slug)).toEqual(['netflix']);
  });

  it('refuses adding and removing the same link, and omitting the diff leaves the links alone', async () => {
    const netflix = await create(companyBody(ids.ent.id, { name: 'Netflix', slug: 'netflix', country: 'US' }));
    const deezer = await create(companyBody(ids.ent.id, { alternative_to: { add: [netflix.id] } }));
    const both = await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { alternative_to: { add: [netflix.id], remove: [netflix.id] } }) });
    expect(both.status).toBe(400);
    expect((await json(both)).issues).toContainEqual({ path: 'alternative_to.remove.0', message: 'A link cannot be added and removed at once' });
    const untouched = await json(await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { name: 'Deezer SA' }) }));
    expect(untouched.alternative_to.map((a: { slug: string }) => a.slug)).toEqual(['netflix']);
  });
});

describe('change log', () => {
  it('records create, update and delete with who, the label and before/after in the export format', async () => {
    const deezer = await create(companyBody(ids.ent.id, { eu_fines: [fineBody()] }));
    await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { name: 'Deezer SA' }) });
    await kit.call('DELETE', `/api/admin/companies/${deezer.id}`);
    const rows = (await changeRows()).filter((r) => r.entity === 'company');
    expect(rows.map((r) => [r.action, r.label, r.entityId, r.adminEmail])).toEqual([
      ['create', 'Deezer', deezer.id, 'admin@example.org'],
      ['update', 'Deezer SA', deezer.id, 'admin@example.org'],
      ['delete', 'Deezer SA', deezer.id, 'admin@example.org'],
    ]);
    expect(rows[0].before).toBeNull();
    expect(rows[0].after).toMatchObject({ name: 'Deezer', slug: 'deezer', category: 'Entertainment', eu_fines: [{ amount: 1000, status: 'in_force' }] });
    expect(rows[1].before).toMatchObject({ name: 'Deezer' });
    expect(rows[1].after).toMatchObject({ name: 'Deezer SA', eu_fines: [{ amount: 1000 }] });
    expect(rows[2].before).toMatchObject({ name: 'Deezer SA' });
    expect(rows[2].after).toBeNull();
    // Categories and certificates too (the catalogue: 2 categories, 2 certificates).
    const all = await changeRows();
    expect(all.filter((r) => r.entity === 'category' && r.action === 'create').map((r) => r.label)).toEqual(['Entertainment', 'Cloud & Hosting']);
    expect(all.filter((r) => r.entity === 'certification').map((r) => r.label)).toEqual(['B Corp', 'ISO 27001']);
  });

  it('a refused or failed write leaves no change row (same transaction)', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    const before = (await changeRows()).length;
    // Fails after the version bump and before the log row: all of it rolls back.
    const failed = await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { name: 'Changed', alternatives: { add: [424242] } }) });
    expect(failed.status).toBe(400);
    expect((await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id), ifMatch: 7 })).status).toBe(412);
    expect((await kit.call('DELETE', `/api/admin/categories/${ids.ent.id}`)).status).toBe(409); // still has a company
    const badImport = await kit.call('POST', '/api/admin/companies/import', {
      body: [{ name: 'Good', slug: 'good', country: 'FR', category: 'Entertainment', description: 'ok', alternatives: [{ slug: 'nowhere' }] }],
    });
    expect(badImport.status).toBe(400);
    expect((await changeRows()).length).toBe(before);
    expect((await json(await kit.call('GET', `/api/admin/companies/${deezer.id}`))).version).toBe(1);
  });

  it('an import records each created or changed record and bumps its version, and skips unchanged ones', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    const file = await json(await kit.call('GET', '/api/admin/companies/export'));
    const before = (await changeRows()).length;
    // Unchanged: nothing recorded.
    expect((await kit.call('POST', '/api/admin/companies/import', { body: file })).status).toBe(200);
    expect((await changeRows()).length).toBe(before);
    const changed = [{ ...file[0], description: 'Changed by import' }, { ...file[0], name: 'Qobuz', slug: 'qobuz' }];
    expect((await kit.call('POST', '/api/admin/companies/import', { body: changed })).status).toBe(200);
    const rows = (await changeRows()).slice(before);
    expect(rows.map((r) => [r.action, r.label])).toEqual([
      ['import', 'Deezer'],
      ['import', 'Qobuz'],
    ]);
    expect(rows[0]).toMatchObject({ entityId: deezer.id, before: expect.objectContaining({ description: 'French music streaming service.' }), after: expect.objectContaining({ description: 'Changed by import' }) });
    expect(rows[1].before).toBeNull();
    // A form loaded before the import is now stale.
    expect((await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id), ifMatch: 1 })).status).toBe(412);
  });

  it('GET /api/changes lists newest first with a total, filters by record, pages, and needs a session', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    for (let i = 0; i < 3; i += 1) await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { name: `Deezer ${i}` }) });
    const list = await json(await kit.call('GET', `/api/changes?entity=company&entity_id=${deezer.id}`));
    expect(list.total).toBe(4);
    expect(list.changes.map((c: { action: string; label: string }) => `${c.action} ${c.label}`)).toEqual(['update Deezer 2', 'update Deezer 1', 'update Deezer 0', 'create Deezer']);
    expect(list.changes[0]).toMatchObject({ admin_email: 'admin@example.org', entity: 'company', entity_id: deezer.id, before: { name: 'Deezer 1' }, after: { name: 'Deezer 2' } });
    const everything = await json(await kit.call('GET', '/api/changes'));
    expect(everything.total).toBe(8); // 4 catalogue creates + these 4
    expect((await json(await kit.call('GET', '/api/changes?page=2'))).changes).toEqual([]);
    expect((await json(await kit.call('GET', '/api/changes?entity=category'))).total).toBe(2);
    expect((await kit.call('GET', '/api/changes?entity=planet')).status).toBe(400);
    expect((await kit.call('GET', '/api/changes?page=0')).status).toBe(400);
    expect((await kit.call('GET', '/api/changes', { cookie: null })).status).toBe(401);
    expect((await kit.call('GET', `/api/changes?entity=company&entity_id=${deezer.id}`, { cookie: null })).status).toBe(401);
  });
});

it('counts rows in change_log only through the API (sanity of the helper)', async () => {
  expect(Number((await kit.db.select({ n: sql<number>`count(*)` }).from(t.change))[0].n)).toBe(4);
});
