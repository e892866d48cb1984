// The admin UI talks to the API through Hono's typed client (hc<AppType>): this checks that the types
// carry through (npm run check compiles this file) and that the client works against the real app.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hc } from 'hono/client';
import type { AppType } from '../../src/api/app.ts';
import type { CompanyInput } from '../../src/lib/schemas/company.ts';
import { COUNTRIES } from '../../src/lib/countries.ts';
import { ORIGIN, makeKit, seedCatalogue, type Kit } from './helpers.ts';

let kit: Kit;
let client: ReturnType<typeof hc<AppType>>;
beforeAll(async () => {
  kit = await makeKit();
  // What a browser page does: same origin, cookie sent along.
  client = hc<AppType>(ORIGIN, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', kit.cookie);
      headers.set('origin', ORIGIN);
      return kit.app.request(input instanceof Request ? input : String(input), { ...init, headers });
    },
  });
});
afterAll(() => kit.cleanup());

it('creates, reads and lists companies with typed requests and responses', async () => {
  const { ent } = await seedCatalogue(kit);
  const input: CompanyInput = { name: 'Deezer', slug: 'deezer', category_id: ent.id, country: 'FR', founded_year: 2007, description: 'Music.' };
  const created = await client.api.admin.companies.$post({ json: input });
  expect(created.status).toBe(201);
  if (created.status !== 201) return;
  const company = await created.json();
  const id: number = company.id;
  const one = await client.api.admin.companies[':id'].$get({ param: { id: String(id) } });
  if (one.status !== 200) throw new Error('expected 200');
  const read = await one.json();
  const name: string = read.name;
  expect(name).toBe('Deezer');
  const listed = await client.api.admin.companies.$get({ query: { q: 'deez', sort: '-name' } });
  if (listed.status !== 200) throw new Error('expected 200');
  const list = await listed.json();
  expect(list.items.map((c) => c.slug)).toEqual(['deezer']);
  expect(list.total).toBe(1);
  const session = await (await client.api.auth.session.$get()).json();
  expect(session.user?.email).toBe('admin@example.org');
  const countries = await client.api.admin.countries.$get({ query: { per_page: '100' } });
  if (countries.status !== 200) throw new Error('expected 200');
  expect((await countries.json()).items).toHaveLength(COUNTRIES.length);
  // A typed save names the version it read.
  const version: number = read.version;
  const saved = await client.api.admin.companies[':id'].$put({ param: { id: String(id) }, json: { ...input, name: 'Deezer SA' } }, { headers: { 'If-Match': `"${version}"` } });
  expect(saved.status).toBe(200);
  if (saved.status === 200) expect((await saved.json()).version).toBe(version + 1);
  const status = await (await client.api.admin.build.$get()).json();
  expect(status.state).toBe('idle');
});

it('gives typed validation errors', async () => {
  const res = await client.api.admin.certificates.$post({ json: { name: '', description: 'x', icon_type: 'green' } });
  expect(res.status).toBe(400);
  if (res.status === 400) {
    const body = await res.json();
    expect(body.issues).toContainEqual({ path: 'name', message: 'Name is required' });
  }
});
