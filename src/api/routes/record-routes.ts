// The routes every versioned record shares (company, product, category, certificate, guide): get one,
// create, update and delete, under /:id. GET answers the version as ETag; PUT and DELETE must send it
// back as If-Match (428 without, 412 when someone saved meanwhile); 404 for an unknown id. Each
// resource's router adds its list (and export/import) and mounts these with .route('/', …).
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { writeContextOf, type AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { type ResponseDoc, apiErrorSchema, recordSchema, responds } from '../responses.ts';
import type { WriteContext } from '../store/change-log.ts';
import { zValidator } from '../validator.ts';
import { idParam } from './params.ts';
import { expectedVersion, requireIfMatch, setEtag } from './versions.ts';

export interface RecordStore<S extends z.ZodType, R extends { version: number }> {
  /** "Company": the errors say "Company not found" */
  name: string;
  /** what create and update take */
  schema: S;
  get: (db: Db, id: number) => Promise<R | undefined>;
  create: (db: Db, values: z.output<S>, w: WriteContext) => Promise<number>;
  update: (db: Db, id: number, version: number, values: z.output<S>, w: WriteContext) => Promise<boolean>;
  remove: (db: Db, id: number, version: number, w: WriteContext) => Promise<boolean>;
}

const error = (description: string): ResponseDoc => ({ description, schema: apiErrorSchema });

export function recordRoutes<S extends z.ZodType, R extends { version: number }>(store: RecordStore<S, R>) {
  const { name, schema } = store;
  const record: ResponseDoc = { description: `The ${name.toLowerCase()}.`, schema: recordSchema(schema), headers: { ETag: 'The version, e.g. "3"' } };
  const missing = error(`No ${name.toLowerCase()} with this id.`);
  const invalid = error('The body is not valid: one issue per field.');
  const versioned = { '412': error('Someone saved the record since the version named in If-Match.'), '428': error('If-Match is missing.') };

  return new Hono<AppEnv>()
    .get('/:id', idParam(name), responds({ '200': record, '404': missing }), async (c) => {
      const found = await store.get(c.var.deps.db, c.req.valid('param').id);
      if (!found) throw notFound(name);
      setEtag(c, found.version);
      return c.json(found, 200);
    })
    .post('/', zValidator('json', schema, validationHook), responds({ '201': record, '400': invalid }), async (c) => {
      const id = await store.create(c.var.deps.db, c.req.valid('json') as z.output<S>, writeContextOf(c));
      const saved = (await store.get(c.var.deps.db, id))!;
      setEtag(c, saved.version);
      return c.json(saved, 201);
    })
    .put('/:id', idParam(name), requireIfMatch, zValidator('json', schema, validationHook), responds({ '200': record, '400': invalid, '404': missing, ...versioned }), async (c) => {
      const { id } = c.req.valid('param');
      if (!(await store.update(c.var.deps.db, id, expectedVersion(c), c.req.valid('json') as z.output<S>, writeContextOf(c)))) throw notFound(name);
      const saved = (await store.get(c.var.deps.db, id))!;
      setEtag(c, saved.version);
      return c.json(saved, 200);
    })
    .delete(
      '/:id',
      idParam(name),
      requireIfMatch,
      responds({ '200': { description: 'Deleted.', schema: z.object({ deleted: z.number().int() }) }, '404': missing, ...versioned }),
      async (c) => {
        const { id } = c.req.valid('param');
        if (!(await store.remove(c.var.deps.db, id, expectedVersion(c), writeContextOf(c)))) throw notFound(name);
        return c.json({ deleted: id }, 200);
      },
    );
}
