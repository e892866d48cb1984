// GET /api/openapi.json: the OpenAPI description generated from the app's routes and the zod schemas
// their validators use. Every registered route is in it; signed-in admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companyInputSchema } from '../../src/lib/schemas/company.ts';
import { openApiPath, type OpenApiDocument } from '../../src/api/openapi.ts';
import { json, makeKit, type Kit } from './helpers.ts';

let kit: Kit;
let doc: OpenApiDocument;
beforeAll(async () => {
  kit = await makeKit();
  const res = await kit.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = await json<OpenApiDocument>(res);
});
afterAll(() => kit.cleanup());

describe('OpenAPI document', () => {
  it('is served to signed-in admins only', async () => {
    expect((await kit.call('GET', '/api/openapi.json', { cookie: null })).status).toBe(401);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every route registered under /api', () => {
    const registered = kit.app.routes.filter((r) => r.method !== 'ALL');
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    // ... and nothing else.
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const known = new Set(registered.map((r) => `${r.method} ${openApiPath(r.path)}`));
    expect(described.filter((d) => !known.has(d))).toEqual([]);
  });

  it('takes request bodies and query parameters from the schemas the routes validate with', () => {
    const create = doc.paths['/api/admin/companies'].post;
    const body = create.requestBody?.content['application/json'].schema;
    const expected = z.toJSONSchema(companyInputSchema, { io: 'input', unrepresentable: 'any' });
    expect(body?.properties).toEqual(expected.properties);
    const list = doc.paths['/api/admin/categories'].get;
    const listed = (list.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(listed.sort()).toEqual(['page', 'per_page', 'q', 'sort']);
    expect(doc.paths['/api/admin/companies/{id}'].put.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
  });

  it('marks the operations that need a session', () => {
    expect(doc.paths['/api/admin/companies'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/users'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/health'].get.security).toBeUndefined();
    expect(doc.paths['/api/auth/sign-in'].post.security).toBeUndefined();
    expect(doc.components.securitySchemes).toHaveProperty('session');
  });
});
