// History and undo: GET /api/changes with editor and date filters, POST /api/changes/:id/revert for an
// update, a create and a delete (a deleted company comes back with its fines, sources, certifications
// and alternative links in both directions), and 409 when the record changed after that change.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/api/auth/admins.ts';
import { companyBody, fineBody, json, makeKit, seedCatalogue, TEST_PASSWORD_PARAMS, sourceBody, type Kit } from './helpers.ts';

let kit: Kit;
let ids: Awaited<ReturnType<typeof seedCatalogue>>;
beforeEach(async () => {
  kit = await makeKit();
  ids = await seedCatalogue(kit);
});
afterEach(() => kit.cleanup());

const create = async (body: Record<string, unknown>) => {
  const res = await kit.call('POST', '/api/admin/companies', { body });
  expect(res.status).toBe(201);
  return json(res);
};
const get = async (id: number) => kit.call('GET', `/api/admin/companies/${id}`);
const changesOf = async (id: number) => (await json(await kit.call('GET', `/api/changes?entity=company&entity_id=${id}`))).changes as { id: number; action: string; admin_email: string }[];
const revert = (changeId: number, cookie?: string) => kit.call('POST', `/api/changes/${changeId}/revert`, cookie ? { cookie } : {});

/** The company as the form shows it, without what every save changes. */
const stable = (c: Record<string, unknown>) => {
  const { version: _v, updated_at: _u, eu_fines, ...rest } = c;
  // Fine rows are written anew by every save: their ids are not part of the record.
  return { ...rest, eu_fines: (eu_fines as Record<string, unknown>[]).map(({ id: _id, ...f }) => f) };
};

describe('revert', () => {
  it('reverts an update: the fields and lists come back, as a new "revert" change that bumps the version', async () => {
    const deezer = await create(companyBody(ids.ent.id, { sources: [sourceBody()], eu_fines: [fineBody()], subcategory_ids: [ids.ent.subcategories[0].id] }));
    const original = json(await get(deezer.id));
    const put = await kit.call('PUT', `/api/admin/companies/${deezer.id}`, {
      body: companyBody(ids.ent.id, { name: 'Deezer Music', slug: 'deezer-music', description: 'Changed.', eu_fines: [], sources: [sourceBody({ title: 'Other' })] }),
    });
    expect(put.status).toBe(200);
    const [update] = await changesOf(deezer.id);
    expect(update.action).toBe('update');

    const res = await revert(update.id);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.change).toMatchObject({ action: 'revert', entity: 'company', entity_id: deezer.id, admin_email: 'admin@example.org' });
    expect(body.message).toBe('The company “Deezer” was changed back.');
    const now = await json(await get(deezer.id));
    expect(stable(now)).toEqual(stable(await original));
    expect(now.version).toBe(3);
    expect((await changesOf(deezer.id)).map((c) => c.action)).toEqual(['revert', 'update', 'create']);
    expect(kit.publisher.requests).toBeGreaterThan(0);
  });

  it('reverts a create by deleting the company', async () => {
    const mubi = await create(companyBody(ids.ent.id, { name: 'Mubi', slug: 'mubi', country: 'GB' }));
    const [created] = await changesOf(mubi.id);
    expect((await revert(created.id)).status).toBe(200);
    expect((await get(mubi.id)).status).toBe(404);
    const [last] = await changesOf(mubi.id);
    expect(last).toMatchObject({ action: 'revert' });
  });

  it('restores a deleted company under its old id with fines, sources, certifications and links both ways', async () => {
    const netflix = await create(companyBody(ids.ent.id, { name: 'Netflix', slug: 'netflix', country: 'US', founded_year: 1997 }));
    const hetzner = await create(companyBody(ids.cloud.id, { name: 'Hetzner', slug: 'hetzner', country: 'DE' }));
    const deezer = await create(
      companyBody(ids.ent.id, {
        sources: [sourceBody()],
        eu_fines: [fineBody({ amount: 5000, body: 'CNIL', kind: 'gdpr' }), fineBody({ date: '2022-02-02' })],
        certifications: [{ certification_id: ids.bcorp.id, status: 'Compliant', valid_from: '2023-01-01', valid_until: '', link: '' }],
        subcategory_ids: [ids.ent.subcategories[0].id],
        alternative_to: { add: [netflix.id] },
        alternatives: { add: [hetzner.id] },
      }),
    );
    const before = await json(await get(deezer.id));
    expect(before.alternative_to.map((a: { slug: string }) => a.slug)).toEqual(['netflix']);

    expect((await kit.call('DELETE', `/api/admin/companies/${deezer.id}`)).status).toBe(200);
    expect((await get(deezer.id)).status).toBe(404);
    expect((await json(await get(netflix.id))).alternatives).toEqual([]);
    const [deleted] = await changesOf(deezer.id);
    expect(deleted.action).toBe('delete');

    const res = await revert(deleted.id);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('The company “Deezer” was restored.');
    const restored = await json(await get(deezer.id));
    expect(stable(restored)).toEqual(stable(before));
    expect(restored.eu_fines).toHaveLength(2);
    expect(restored.sources).toHaveLength(1);
    expect(restored.certifications.map((c: { name: string }) => c.name)).toEqual(['B Corp']);
    expect((await json(await get(netflix.id))).alternatives.map((a: { slug: string }) => a.slug)).toEqual(['deezer']);
    // An editor still holding the deleted company's version cannot overwrite the restored one.
    expect((await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id), ifMatch: 1 })).status).toBe(412);
  });

  it('gives a deleted certificate back to the companies that held it, and names the change it undid', async () => {
    const cert = { certification_id: ids.bcorp.id, status: 'Compliant', valid_from: '2023-01-01', valid_until: '2030-01-01', link: 'https://example.org/b' };
    const deezer = await create(companyBody(ids.ent.id, { certifications: [cert] }));
    const qobuz = await create(companyBody(ids.ent.id, { name: 'Qobuz', slug: 'qobuz', certifications: [{ ...cert, status: 'Verified', valid_until: '' }] }));
    const certsOf = async (id: number) =>
      (await json(await get(id))).certifications.map((c: Record<string, unknown>) => ({ name: c.name, status: c.status, valid_until: c.valid_until }));
    const deezerCerts = await certsOf(deezer.id);
    expect((await kit.call('DELETE', `/api/admin/certificates/${ids.bcorp.id}`)).status).toBe(200);
    expect(await certsOf(deezer.id)).toEqual([]);
    await kit.call('DELETE', `/api/admin/companies/${qobuz.id}`);

    const [deleted] = (await json(await kit.call('GET', '/api/changes?entity=certification'))).changes;
    expect(deleted.action).toBe('delete');
    const res = await revert(deleted.id);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('The certificate “B Corp” was restored. Given back to 1 company that held it. Not given back to qobuz: that company no longer exists.');
    expect(await certsOf(deezer.id)).toEqual(deezerCerts);
    const [undo] = (await json(await kit.call('GET', '/api/changes?entity=certification'))).changes;
    expect(undo).toMatchObject({ action: 'revert', reverts_change_id: deleted.id, reverts: { id: deleted.id, action: 'delete', admin_email: 'admin@example.org' } });
  });

  it('refuses with 409 when the company changed after that edit, naming who and when', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { description: 'First edit.' }) });
    const [first] = await changesOf(deezer.id);
    await createAdmin(kit.db, 'second@example.org', 'another long passphrase 42', { params: TEST_PASSWORD_PARAMS });
    const other = await kit.signIn('second@example.org', 'another long passphrase 42');
    kit.clock.now += 3_600_000;
    const later = await kit.call('PUT', `/api/admin/companies/${deezer.id}`, { body: companyBody(ids.ent.id, { description: 'Second edit.' }), cookie: other });
    expect(later.status).toBe(200);

    const res = await revert(first.id);
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.error).toBe(
      'This company was changed again after that edit (by second@example.org at 2025-03-12 11:00 UTC). Revert the later change first or edit by hand.',
    );
    expect(body).toMatchObject({ changed_by: 'second@example.org', changed_at: '2025-03-12T11:00:00.000Z' });
    expect((await json(await get(deezer.id))).description).toBe('Second edit.');
    // The later change itself can be reverted; then the first one can.
    const [second] = await changesOf(deezer.id);
    expect((await revert(second.id)).status).toBe(200);
    expect((await revert(first.id)).status).toBe(200);
    expect((await json(await get(deezer.id))).description).toBe('French music streaming service.');
  });

  it('refuses to restore a deleted company whose slug is now used by another one', async () => {
    const deezer = await create(companyBody(ids.ent.id));
    await kit.call('DELETE', `/api/admin/companies/${deezer.id}`);
    const [deleted] = await changesOf(deezer.id);
    await create(companyBody(ids.ent.id, { name: 'New Deezer' }));
    const res = await revert(deleted.id);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe('Another company now uses the slug “deezer”. Rename it first, then revert.');
  });

  it('reverts category and certificate updates too; unknown change 404; needs a session and the same origin', async () => {
    await kit.call('PUT', `/api/admin/certificates/${ids.bcorp.id}`, { body: { name: 'B Corporation', description: 'Changed', icon_type: 'red' } });
    const [change] = (await json(await kit.call('GET', '/api/changes?entity=certification'))).changes;
    expect((await kit.call('POST', `/api/changes/${change.id}/revert`, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await kit.call('POST', `/api/changes/${change.id}/revert`, { cookie: null })).status).toBe(401);
    expect((await revert(change.id)).status).toBe(200);
    expect(await json(await kit.call('GET', `/api/admin/certificates/${ids.bcorp.id}`))).toMatchObject({ name: 'B Corp', icon_type: 'green' });
    expect((await revert(999999)).status).toBe(404);
    expect((await kit.call('POST', '/api/changes/abc/revert')).status).toBe(404);
  });
});

describe('GET /api/changes filters', () => {
  it('filters by editor, record name and day range; validates the dates; lists the editors', async () => {
    await create(companyBody(ids.ent.id));
    kit.clock.now += 2 * 86_400_000; // 2025-03-14
    kit.cookie = await kit.signIn();
    await createAdmin(kit.db, 'second@example.org', 'another long passphrase 42', { params: TEST_PASSWORD_PARAMS });
    const other = await kit.signIn('second@example.org', 'another long passphrase 42');
    await kit.call('POST', '/api/admin/companies', { body: companyBody(ids.ent.id, { name: 'Qobuz', slug: 'qobuz' }), cookie: other });

    const list = async (q: string) => json(await kit.call('GET', `/api/changes?${q}`));
    expect((await list('admin=SECOND@example.org')).changes.map((c: { label: string }) => c.label)).toEqual(['Qobuz']);
    expect((await list('q=deez')).changes.map((c: { label: string }) => c.label)).toEqual(['Deezer']);
    expect((await list('from=2025-03-13&entity=company')).total).toBe(1);
    expect((await list('to=2025-03-12&entity=company')).changes.map((c: { label: string }) => c.label)).toEqual(['Deezer']);
    expect((await list('from=2025-03-14&to=2025-03-14')).total).toBe(1);

    const bad = await kit.call('GET', '/api/changes?from=12.03.2025');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toBe('from must be a date like 2025-03-12');
    const reversed = await kit.call('GET', '/api/changes?from=2025-03-14&to=2025-03-12');
    expect((await json(reversed)).error).toBe('The end date must not be before the start date');
    expect((await json(await kit.call('GET', '/api/changes/editors'))).editors).toEqual(['admin@example.org', 'second@example.org']);
  });
});

describe('drafts', () => {
  it('lists only drafts (or only published companies) with ?status=, and says what is wrong with another value', async () => {
    await create(companyBody(ids.ent.id));
    await create(companyBody(ids.ent.id, { name: 'Qobuz', slug: 'qobuz', status: 'draft' }));
    const names = async (q: string) => (await json(await kit.call('GET', `/api/admin/companies${q}`))).items.map((c: { name: string }) => c.name);
    expect(await names('?status=draft')).toEqual(['Qobuz']);
    expect(await names('?status=published')).toEqual(['Deezer']);
    expect(await names('?status=draft&q=deez')).toEqual([]);
    expect(await names('')).toEqual(['Deezer', 'Qobuz']);
    const bad = await kit.call('GET', '/api/admin/companies?status=hidden');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toBe('status must be draft or published');
  });
});
