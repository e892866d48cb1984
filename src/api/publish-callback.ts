// POST /api/publish/callback: CI reports how a deploy ended. Authenticated by a shared secret
// (PUBLISH_CALLBACK_SECRET, sent as `Authorization: Bearer …`), compared in constant time. No session:
// the caller is the CI workflow, not a browser (it sends no Origin, so the same-origin check lets it by).
import { Hono, type Context } from 'hono';
import { zValidator } from './validator.ts';
import { z } from 'zod';
import { nowOf, type AppEnv } from './context.ts';
import { validationHook } from './errors.ts';
import { PublishRuns } from './publish-runs.ts';

/** The publish runs of this request's database, with the app's clock. */
export function runsOf(c: Context<AppEnv>): PublishRuns {
  return new PublishRuns(c.var.deps.db, () => nowOf(c));
}

/** The callback secret must be long enough not to be guessed. */
export const MIN_CALLBACK_SECRET = 32;

/**
 * Equal strings, in time that does not depend on where they differ: both sides are hashed first, so
 * the comparison always covers 32 bytes whatever the lengths (Web Crypto: Node and Workers alike).
 */
export async function secretsEqual(given: string, expected: string): Promise<boolean> {
  const enc = new TextEncoder();
  const [a, b] = await Promise.all([crypto.subtle.digest('SHA-256', enc.encode(given)), crypto.subtle.digest('SHA-256', enc.encode(expected))]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i += 1) diff |= x[i] ^ y[i];
  return diff === 0;
}

const reportSchema = z.object({
  /** the run id the deploy hook sent (github.event.client_payload.run_id); absent for a push or a manual run */
  run_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  state: z.enum(['published', 'failed']),
  error: z.string().max(4000).optional(),
  /** when CI began reading the database (ISO 8601): every run requested before it is in this deploy */
  started_at: z.iso.datetime({ offset: true }).optional(),
  /** what started CI (push, workflow_dispatch, ...), shown as who triggered a run without run_id */
  event: z.string().max(200).optional(),
});

export const publishCallbackRoutes = new Hono<AppEnv>().post(
  '/callback',
  async (c, next) => {
    const secret = c.var.deps.publishCallbackSecret;
    if (!secret) return c.json({ error: 'Publish callbacks are off: PUBLISH_CALLBACK_SECRET is not set on the server.' }, 404);
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer (.+)$/.exec(header)?.[1] ?? '';
    if (!(await secretsEqual(token, secret))) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ error: 'Invalid or missing publish callback secret.' }, 401);
    }
    await next();
  },
  zValidator('json', reportSchema, validationHook),
  async (c) => {
    const report = c.req.valid('json');
    const { settled } = await runsOf(c).settleFromCi({
      runId: report.run_id,
      state: report.state,
      error: report.error,
      startedAt: report.started_at ? new Date(report.started_at).toISOString() : undefined,
      event: report.event,
    });
    return c.json({ settled }, 200);
  },
);
