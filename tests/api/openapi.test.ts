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

  it('describes the responses: lists with their total, records with id and version, errors', () => {
    type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; $ref?: string };
    const schemaOf = (path: string, method: string, status: string) =>
      (doc.paths[path][method].responses[status] as { content?: Record<string, { schema: Schema }> }).content?.['application/json'].schema;

    // Every list: one page and the total.
    for (const list of ['/api/admin/companies', '/api/admin/categories', '/api/admin/products', '/api/admin/guides', '/api/admin/countries']) {
      const paged = schemaOf(list, 'get', '200');
      expect(paged?.required?.sort(), list).toEqual(['items', 'page', 'per_page', 'total']);
      expect(paged?.properties?.items.type).toBe('array');
    }

    // A versioned record: its input schema (output side) with id and version, the version also as ETag.
    for (const path of ['/api/admin/companies/{id}', '/api/admin/products/{id}', '/api/admin/categories/{id}', '/api/admin/certificates/{id}', '/api/admin/guides/{id}']) {
      const record = schemaOf(path, 'get', '200');
      expect(record?.required, path).toEqual(expect.arrayContaining(['id', 'version']));
      expect(Object.keys(record?.properties ?? {}).length).toBeGreaterThan(4);
      // Records carry read-only fields beyond the input (linked names, counts).
      expect(record).toHaveProperty('additionalProperties', {});
      expect(doc.paths[path].get.responses['200']).toHaveProperty('headers.ETag');
      expect(doc.paths[path].put.responses).toHaveProperty('412');
      expect(doc.paths[path].put.responses).toHaveProperty('428');
      expect(schemaOf(path, 'delete', '200')?.required).toEqual(['deleted']);
      expect(schemaOf(path, 'get', '404')).toEqual({ $ref: '#/components/schemas/Error' });
    }
    const { id: _id, version: _version, ...company } = schemaOf('/api/admin/companies/{id}', 'get', '200')?.properties ?? {};
    expect(company).toEqual(z.toJSONSchema(companyInputSchema, { io: 'output', unrepresentable: 'any' }).properties);
    expect(schemaOf('/api/admin/companies', 'post', '201')).toEqual(schemaOf('/api/admin/companies/{id}', 'get', '200'));

    // Errors: { error, issues? }, for invalid input and a missing session.
    const error = doc.components.schemas.Error as Schema;
    expect(error.required).toEqual(['error']);
    expect(Object.keys(error.properties ?? {}).sort()).toEqual(['error', 'issues']);
    expect(schemaOf('/api/admin/companies', 'post', '400')).toEqual({ $ref: '#/components/schemas/Error' });
    expect(schemaOf('/api/admin/companies', 'get', '401')).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.paths['/api/health'].get.responses).not.toHaveProperty('401');
  });

  it('marks the operations that need a session', () => {
    expect(doc.paths['/api/admin/companies'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/users'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/health'].get.security).toBeUndefined();
    expect(doc.paths['/api/auth/sign-in'].post.security).toBeUndefined();
    expect(doc.components.securitySchemes).toHaveProperty('session');
  });
});
