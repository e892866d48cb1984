// The Cloudflare entry checks its bindings with the Node server's zod schema (src/lib/env.ts): a missing
// or invalid value answers 500 with one line per problem, naming the variable and never its value.
import { describe, expect, it } from 'vitest';
import { onRequest } from '../../functions/api/[[path]].ts';

async function answer(env: Record<string, unknown>) {
  const context = {
    request: new Request('https://alternatives.example/api/health'),
    env,
    waitUntil: () => {},
    passThroughOnException: () => {},
  };
  const res = await onRequest(context as unknown as Parameters<typeof onRequest>[0]);
  return { status: res.status, error: ((await res.json()) as { error: string }).error };
}

describe('the Cloudflare entry validates its environment', () => {
  it('says LIBSQL_URL is missing', async () => {
    const { status, error } = await answer({ SITE_URL: 'https://alternatives.example' });
    expect(status).toBe(500);
    expect(error).toMatch(/^Invalid environment configuration:\n {2}LIBSQL_URL: not set/);
  });

  it('names every invalid variable, one line each, without their values', async () => {
    const { status, error } = await answer({
      LIBSQL_URL: 'libsql://db.example.turso.io',
      REBUILD_HOOK_URL: 'not a url',
      PUBLISH_CALLBACK_SECRET: 'short-secret-value',
      // Service bindings (objects) are not settings and are ignored.
      ASSETS: { fetch: () => new Response('') },
    });
    expect(status).toBe(500);
    const lines = error.split('\n');
    expect(lines[0]).toBe('Invalid environment configuration:');
    expect(lines.some((l) => l.startsWith('  REBUILD_HOOK_URL:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('  PUBLISH_CALLBACK_SECRET:') && l.includes('at least 32 characters'))).toBe(true);
    expect(error).not.toContain('short-secret-value');
    expect(error).not.toContain('not a url');
  });

  it('refuses a local SQLite file, which a Worker cannot open', async () => {
    const { status, error } = await answer({ LIBSQL_URL: 'file:db/local.db' });
    expect(status).toBe(500);
    expect(error).toContain('LIBSQL_URL must be a libsql:// or https:// URL on Cloudflare');
  });
});
