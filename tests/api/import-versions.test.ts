// An import that changes a record is a save like any other: it bumps the version, so an editor who
// still holds the old version gets 412 instead of silently overwriting the import. Importing the
// same file again changes nothing.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { companyBody, json, makeKit, seedCatalogue, type Kit } from './helpers.ts';

let kit: Kit;
let ids: Awaited<ReturnType<typeof seedCatalogue>>;
beforeEach(async () => {
  kit = await makeKit();
  ids = await seedCatalogue(kit);
});
afterEach(() => kit.cleanup());

it('bumps the version of a company an import changed, and only then', async () => {
  const created = await json(await kit.call('POST', '/api/admin/companies', { body: companyBody(ids.ent.id) }));
  const url = `/api/admin/companies/${created.id}`;
  const read = await json(await kit.call('GET', url));
  expect(read.version).toBe(1);

  const file = await json(await kit.call('GET', '/api/admin/companies/export'));
  expect((await kit.call('POST', '/api/admin/companies/import', { body: file })).status).toBe(200);
  expect((await json(await kit.call('GET', url))).version).toBe(1);

  const changed = file.map((c: { slug: string; description: string }) => (c.slug === read.slug ? { ...c, description: 'Changed by an import.' } : c));
  expect((await kit.call('POST', '/api/admin/companies/import', { body: changed })).status).toBe(200);
  const after = await json(await kit.call('GET', url));
  expect(after.version).toBe(2);
  expect(after.description).toBe('Changed by an import.');

  // The editor's form was loaded before the import: their save is refused and the import survives.
  const stale = await kit.call('PUT', url, { body: companyBody(ids.ent.id, { description: 'From an old form.' }), ifMatch: 1 });
  expect(stale.status).toBe(412);
  expect((await json(await kit.call('GET', url))).description).toBe('Changed by an import.');
});
