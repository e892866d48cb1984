// The OpenAPI description of the API, generated from the app itself: every route registered in
// createApp() (app.routes), with the zod schemas its validators really use (src/api/validator.ts)
// turned into JSON Schema by zod (z.toJSONSchema). Nothing here is written by hand per route, so the
// document cannot drift from the code. Served to signed-in admins at GET /api/openapi.json.
import { z } from 'zod';
import { apiErrorSchema, documentedResponses, pagedSchema, type ResponseDoc, type ResponseDocs } from './responses.ts';
import { validatedInput, type ValidatedInput } from './validator.ts';

/** What Hono's app.routes holds per registered handler. */
export interface RegisteredRoute {
  method: string;
  path: string;
  handler: unknown;
}

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  parameters?: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

/** Options of the document: which middlewares mean "needs a session" (to mark those operations). */
export interface OpenApiOptions {
  sessionGuards: readonly unknown[];
}

/**
 * A schema for the document: the input side of transforms for what a client sends, the output side for
 * what it gets back; anything zod cannot express left open.
 */
export function jsonSchemaOf(schema: ValidatedInput['schema'], io: 'input' | 'output' = 'input'): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function responseObject(doc: ResponseDoc): Record<string, unknown> {
  const response: Record<string, unknown> = { description: doc.description };
  if (doc.headers) response.headers = Object.fromEntries(Object.entries(doc.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
  if (doc.schema) response.content = { 'application/json': { schema: doc.schema === apiErrorSchema ? ERROR_REF : jsonSchemaOf(doc.schema, 'output') } };
  return response;
}

/** Whether a query validator is the admin lists' ?page=&per_page= (those answer { items, total, page, per_page }). */
function isListQuery(input: ValidatedInput): boolean {
  if (input.target !== 'query') return false;
  const properties = jsonSchemaOf(input.schema).properties;
  return isObject(properties) && 'page' in properties && 'per_page' in properties;
}

/**
 * The operation's responses: what its route declares (responds() in responses.ts), else the paged shape
 * for a list, else a plain success; the errors every operation can answer on top.
 */
function responsesOf(handlers: unknown[], inputs: ValidatedInput[], guarded: boolean): Record<string, unknown> {
  const declared = handlers.map((h) => documentedResponses(registered(h))).find((d): d is ResponseDocs => d !== undefined);
  const docs: ResponseDocs = declared ? { ...declared } : {
    '200': inputs.some(isListQuery)
      ? { description: 'One page of the list and the total number of matches.', schema: pagedSchema() }
      : { description: 'Success (201 for a create).' },
  };
  if (inputs.some((i) => i.target !== 'param') && !docs['400']) docs['400'] = { description: 'The input is not valid: one issue per field.', schema: apiErrorSchema };
  if (guarded) docs['401'] = { description: 'Not signed in, or the session has expired.', schema: apiErrorSchema };
  const responses: Record<string, unknown> = {};
  for (const [status, doc] of Object.entries(docs)) responses[status] = responseObject(doc);
  responses.default = { description: 'An error.', content: { 'application/json': { schema: ERROR_REF } } };
  return responses;
}

/** '/api/admin/companies/:id{[0-9]+}' -> '/api/admin/companies/{id}' */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}');
}

function pathParameterNames(honoPath: string): string[] {
  return [...honoPath.matchAll(/:(\w+)/g)].map((m) => m[1]);
}

/** A middleware path ('/api/admin/*', '/api/changes') covers this route path. */
function covers(pattern: string, path: string): boolean {
  if (pattern === '*' || pattern === '/*') return true;
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2);
    return path === prefix || path.startsWith(`${prefix}/`);
  }
  return pattern === path;
}

/**
 * The handler as registered: app.route() wraps the handlers of a router that has its own onError and
 * keeps the original under this key (hono/utils/constants COMPOSED_HANDLER).
 */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';
function registered(handler: unknown): unknown {
  let current = handler;
  while (typeof current === 'function' && COMPOSED_HANDLER in current) {
    const inner: unknown = Reflect.get(current, COMPOSED_HANDLER);
    current = inner;
  }
  return current;
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

function parametersFrom(input: ValidatedInput): Parameter[] {
  if (input.target === 'json' || input.target === 'form') return [];
  const place = input.target === 'param' ? 'path' : input.target === 'header' ? 'header' : 'query';
  const schema = jsonSchemaOf(input.schema);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: isObject(property) ? property : {},
  }));
}

const BODY_TYPES: Partial<Record<ValidatedInput['target'], string>> = { json: 'application/json', form: 'application/x-www-form-urlencoded' };

function operationOf(method: string, path: string, handlers: unknown[], guarded: boolean): Operation {
  const inputs = handlers.map((h) => validatedInput(registered(h))).filter((i): i is ValidatedInput => i !== undefined);
  const parameters = new Map<string, Parameter>();
  for (const name of pathParameterNames(path)) parameters.set(`path:${name}`, { name, in: 'path', required: true, schema: { type: 'string' } });
  for (const input of inputs) for (const p of parametersFrom(input)) parameters.set(`${p.in}:${p.name}`, p);
  const content: Record<string, { schema: JsonSchema }> = {};
  for (const input of inputs) {
    const type = BODY_TYPES[input.target];
    if (type) content[type] = { schema: jsonSchemaOf(input.schema) };
  }
  const segments = path.split('/').filter(Boolean);
  const tag = segments[1] === 'admin' ? (segments[2] ?? 'admin') : (segments[1] ?? 'api');
  const operation: Operation = {
    operationId: `${method.toLowerCase()}${openApiPath(path).replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [tag],
    summary: `${method} ${openApiPath(path)}`,
    responses: responsesOf(handlers, inputs, guarded),
  };
  if (parameters.size) operation.parameters = [...parameters.values()];
  if (Object.keys(content).length) operation.requestBody = { required: true, content };
  if (guarded) operation.security = [{ session: [] }];
  return operation;
}

export function openApiDocument(routes: readonly RegisteredRoute[], options: OpenApiOptions): OpenApiDocument {
  const isGuard = (handler: unknown) => options.sessionGuards.includes(registered(handler));
  const guards = routes.filter((r) => r.method === 'ALL' && isGuard(r.handler)).map((r) => r.path);
  // One operation per method and path; its handlers include the validators registered with it.
  const operations = new Map<string, { method: string; path: string; handlers: unknown[] }>();
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const entry = operations.get(key) ?? { method: route.method, path: route.path, handlers: [] };
    entry.handlers.push(route.handler);
    operations.set(key, entry);
  }
  const paths: OpenApiDocument['paths'] = {};
  for (const { method, path, handlers } of operations.values()) {
    const guarded = guards.some((pattern) => covers(pattern, path)) || handlers.some(isGuard);
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operationOf(method, path, handlers, guarded);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'European Alternatives admin API',
      version: '1',
      description:
        'Generated from the routes and their zod schemas (src/api/openapi.ts). Errors are { error, issues? }; ' +
        'state-changing requests must come from the site origin; versioned records need If-Match. See docs/api.md.',
    },
    paths,
    components: {
      schemas: {
        Error: jsonSchemaOf(apiErrorSchema, 'output'),
      },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ea_session', description: 'The session cookie set by POST /api/auth/sign-in (__Host-ea_session over https).' } },
    },
  };
}
