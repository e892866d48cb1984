// /api/suggestions: visitors' corrections and new companies, and the editors' queue.
//
// Public (no session): GET /token hands out a signed time token; POST / takes a suggestion as a form
// post (answers a 303 to the localized thank-you page, or an HTML page that keeps what was typed) or as
// JSON (201 / 4xx JSON). Spam controls, in order: honeypot field, zod validation (sizes, https evidence,
// plain text), the time token (at least 3 s, at most a day old), a per-address quota (5 an hour, stored
// in the database). Cross-origin posts are refused by the app's same-origin middleware (403).
//
// Editors (session): GET /queue?status=new|accepted|rejected&page=&per_page=, GET /:id,
// POST /:id/accept, POST /:id/reject { reason }. Handling writes a change_log row (entity 'suggestion').
import { Hono, type Context } from 'hono';
import { zValidator } from '../validator.ts';
import { z } from 'zod';
import { SUGGESTION_STATUSES } from '../../../db/enums.ts';
import { suggestionSecret } from '../../lib/env.ts';
import { url } from '../../lib/routes.ts';
import { HONEYPOT_FIELD, rejectSchema, suggestionInputSchema } from '../../lib/schemas/suggestion.ts';
import { nowOf, writeContextOf, type AppEnv } from '../context.ts';
import { errorResponse, notFound, validationBody, validationHook } from '../errors.ts';
import { requireSession } from '../middleware/require-session.ts';
import { checkToken, issueToken, type TokenCheck } from '../suggestion-token.ts';
import { createSuggestion, getSuggestion, handleSuggestion, listSuggestions, resolveCompany, takeSuggestionQuota } from '../store/suggestions.ts';
import { fieldError, pageLanguage, pageStyleHash, renderSuggestionPage, type FormValues, type Notice, type PageInput } from './suggestion-page.ts';
import { idParam } from './params.ts';

const FORM_FIELDS = ['company', 'message', 'evidence_url', 'email'] as const;

const queueQuery = z.object({
  status: z.enum(SUGGESTION_STATUSES, 'status must be new, accepted or rejected').default('new'),
  page: z.coerce.number('page must be a number').int('page must be a whole number').min(1, 'page starts at 1').max(1_000_000).default(1),
  per_page: z.coerce.number('per_page must be a number').int('per_page must be a whole number').min(1).max(100, 'per_page must be at most 100').default(20),
});

class NotConfigured extends Error {}

function secretOf(c: Context<AppEnv>): string {
  try {
    return suggestionSecret(c.env as Record<string, unknown> | undefined, c.req.url);
  } catch (error) {
    console.error(error);
    throw new NotConfigured((error as Error).message);
  }
}

async function addressKey(c: Context<AppEnv>): Promise<string> {
  const address = c.var.deps.clientIp?.(c) ?? 'unknown';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(address));
  return `suggest:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The body as plain strings, from JSON or a form post; anything else (files, arrays, numbers) is ''. */
async function readBody(c: Context<AppEnv>): Promise<{ fields: Record<string, string>; json: boolean } | undefined> {
  const json = /application\/json/i.test(c.req.header('content-type') ?? '');
  let raw: Record<string, unknown>;
  try {
    raw = json ? await c.req.json() : await c.req.parseBody();
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const fields = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  return { fields, json };
}

async function htmlPage(c: Context<AppEnv>, input: PageInput, status: 200 | 400 | 429) {
  // The app's secureHeaders keeps a header a route set itself (overwrite: false).
  c.header('Content-Security-Policy', `default-src 'none'; style-src ${await pageStyleHash()}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`);
  return c.html(renderSuggestionPage(input), status);
}

const tokenMessages: Record<Exclude<TokenCheck, 'ok'>, string> = {
  missing: 'The form token is missing: fetch one from GET /api/suggestions/token and send it as "token".',
  invalid: 'The form token is not valid. Send the form again with a new token.',
  too_fast: 'The form was sent too quickly after it was loaded. Wait a few seconds and send it again.',
  expired: 'The form token has expired (after a day). Send the form again with a new token.',
};

export const suggestionRoutes = new Hono<AppEnv>()
  .onError((error, c) => {
    if (error instanceof NotConfigured) return c.json({ error: 'Suggestions are not available: the server is missing SUGGESTION_SECRET.' }, 503);
    return errorResponse(error, c);
  })
  .get('/token', async (c) => c.json({ token: await issueToken(secretOf(c), nowOf(c)) }, 200))
  .post('/', async (c) => {
    const secret = secretOf(c);
    const now = nowOf(c);
    const body = await readBody(c);
    if (!body) return c.json({ error: 'Send the suggestion as a form or as a JSON object.' }, 400);
    const { fields, json } = body;
    const lang = await pageLanguage(fields.lang);
    const values = Object.fromEntries(FORM_FIELDS.map((f) => [f, fields[f] ?? ''])) as unknown as FormValues;
    const fresh = () => issueToken(secret, now);

    if (fields[HONEYPOT_FIELD]) {
      if (json) return c.json({ error: 'This suggestion was refused.' }, 400);
      return htmlPage(c, { lang, values, token: await fresh(), notice: 'refused' }, 400);
    }

    const parsed = suggestionInputSchema.safeParse({ ...values, lang });
    if (!parsed.success) {
      if (json) return c.json(validationBody(parsed.error), 400);
      const fieldErrors: PageInput['fieldErrors'] = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof FormValues;
        if ((FORM_FIELDS as readonly string[]).includes(name)) fieldErrors[name] = fieldError(lang, name);
      }
      return htmlPage(c, { lang, values, token: await fresh(), notice: 'errors', fieldErrors }, 400);
    }
    const input = parsed.data;

    const token = await checkToken(secret, fields.token, now);
    if (token !== 'ok') {
      if (json) return c.json({ error: tokenMessages[token], token: await fresh() }, 400);
      const company = await resolveCompany(c.var.deps.db, input.company);
      const notice: Notice = token === 'too_fast' ? 'too_fast' : 'check';
      return htmlPage(
        c,
        { lang, values, token: await fresh(), notice, company: company ? { listed: true, name: company.name } : { listed: false, name: input.company } },
        token === 'missing' ? 200 : 400,
      );
    }

    const wait = await takeSuggestionQuota(c.var.deps.db, await addressKey(c), now);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      if (json) return c.json({ error: 'Too many suggestions from this address. Please try again later.' }, 429);
      return htmlPage(c, { lang, values, token: await fresh(), notice: 'rate_limited' }, 429);
    }

    const saved = await createSuggestion(c.var.deps.db, input, new Date(now));
    if (json) return c.json({ id: saved.id, kind: saved.kind, status: 'new' as const }, 201);
    return c.redirect(url(lang, 'suggestThanks'), 303);
  })
  .get('/queue', requireSession, zValidator('query', queueQuery, validationHook), async (c) => c.json(await listSuggestions(c.var.deps.db, c.req.valid('query')), 200))
  .get('/:id', requireSession, idParam('Suggestion'), async (c) => {
    const item = await getSuggestion(c.var.deps.db, c.req.valid('param').id);
    if (!item) throw notFound('Suggestion');
    return c.json(item, 200);
  })
  .post('/:id/accept', requireSession, idParam('Suggestion'), async (c) =>
    c.json(await handleSuggestion(c.var.deps.db, c.req.valid('param').id, { status: 'accepted', reason: null }, writeContextOf(c)), 200),
  )
  .post('/:id/reject', requireSession, idParam('Suggestion'), zValidator('json', rejectSchema, validationHook), async (c) =>
    c.json(await handleSuggestion(c.var.deps.db, c.req.valid('param').id, { status: 'rejected', reason: c.req.valid('json').reason }, writeContextOf(c)), 200),
  );
