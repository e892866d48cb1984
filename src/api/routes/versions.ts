// If-Match / ETag of the versioned records (company, category, certificate): GET answers the version
// as ETag; PUT and DELETE must send it back as If-Match (428 without it, 412 when it is stale).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { InputError } from '../errors.ts';

export const IF_MATCH_REQUIRED = 'This change must say which version it is based on (If-Match). Reload the record and try again.';

/** Refuses a write without If-Match before anything else is looked at. */
export const requireIfMatch = createMiddleware<AppEnv>(async (c, next) => {
  const value = c.req.header('if-match')?.trim();
  if (!value || value === '*') throw new InputError(IF_MATCH_REQUIRED, 428);
  await next();
});

/** The version named by If-Match ("3", W/"3" or 3). */
export function expectedVersion(c: Context): number {
  const raw = (c.req.header('if-match') ?? '').trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
  const version = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(version) || version < 1) throw new InputError('If-Match must be the version you read, e.g. "3".', 400);
  return version;
}

export function etag(version: number): string {
  return `"${version}"`;
}

export function setEtag(c: Context, version: number): void {
  c.header('ETag', etag(version));
}
