// Visitors' suggestions through the real app over a throw-away SQLite file: the spam controls refuse
// what they should (honeypot, too fast, forged or old token, rate limit, other origins, oversize, no
// https evidence) and accept a normal person, as a form post (303 to the thank-you page, or an HTML page
// keeping what was typed) and as JSON; text is stored as given, as plain text; editors accept or reject
// in a queue, and handling is recorded in the change log.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { SUGGESTION_RATE } from '../../src/api/store/suggestions.ts';
import { issueToken } from '../../src/api/suggestion-token.ts';
import { DEV_SUGGESTION_SECRET } from '../../src/lib/env.ts';
import { companyBody, json, makeKit, seedCatalogue, type Kit } from './helpers.ts';

let kit: Kit;
let deezerId: number;
let ipCounter = 0;

beforeAll(async () => {
  kit = await makeKit();
  const { ent } = await seedCatalogue(kit);
  const res = await kit.call('POST', '/api/admin/companies', { body: companyBody(ent.id) });
  deezerId = (await json(res)).id;
});
afterAll(() => kit.cleanup());
// Each test comes from its own address, so the hourly quota of one does not leak into the next.
let ip: string;
beforeEach(() => {
  ip = `198.51.100.${++ipCounter}`;
});

const person = {
  company: 'Deezer',
  message: 'The headquarters moved to Paris 9e in 2024; see their imprint.',
  evidence_url: 'https://www.deezer.com/legal/imprint',
  email: 'reader@example.org',
  lang: 'en',
};

/** A token issued `ageMs` ago by the app's clock. */
async function tokenAged(ageMs: number): Promise<string> {
  return issueToken(DEV_SUGGESTION_SECRET, kit.clock.now - ageMs);
}

function postJson(body: Record<string, unknown>, o: { origin?: string | null; headers?: Record<string, string>; ip?: string } = {}) {
  return kit.call('POST', '/api/suggestions', { body, cookie: null, ip: o.ip ?? ip, origin: o.origin, headers: o.headers });
}

function postForm(fields: Record<string, string>, o: { origin?: string | null; headers?: Record<string, string>; ip?: string } = {}) {
  return kit.call('POST', '/api/suggestions', {
    rawBody: new URLSearchParams(fields).toString(),
    cookie: null,
    ip: o.ip ?? ip,
    origin: o.origin,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...o.headers },
  });
}

async function stored() {
  return kit.db.select().from(t.suggestion);
}

describe('a normal person', () => {
  it('gets a token, sends a correction as JSON and it is stored as sent, as plain text', async () => {
    const tokenRes = await kit.call('GET', '/api/suggestions/token', { cookie: null });
    expect(tokenRes.status).toBe(200);
    const { token } = await json(tokenRes);
    expect(token).toMatch(/^v1\.\d+\./);
    kit.clock.now += 20_000; // reading and typing
    const message = 'Owner is <b>Access Industries</b> & "others"\u0007\u202E; <script>alert(1)</script>\r\nSecond line';
    const res = await postJson({ ...person, message, token });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ kind: 'correction', status: 'new' });
    const [row] = await kit.db.select().from(t.suggestion).where(eq(t.suggestion.id, body.id));
    expect(row).toMatchObject({
      kind: 'correction',
      companyId: deezerId,
      companyName: 'Deezer',
      evidenceUrl: person.evidence_url,
      email: person.email,
      lang: 'en',
      status: 'new',
    });
    // Plain text, as typed: markup kept literally (never interpreted), control and bidi characters gone.
    expect(row.message).toBe('Owner is <b>Access Industries</b> & "others"; <script>alert(1)</script>\nSecond line');
  });

  it('sends the form without JavaScript: a check page with a fresh token, then 303 to the thank-you page', async () => {
    const before = (await stored()).length;
    const first = await postForm({ ...person, company: 'Qwant<script>', lang: 'de', token: '', website: '' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/text\/html/);
    const html = await first.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Vorschlag prüfen und senden');
    // What was typed is kept, escaped.
    expect(html).toContain('value="Qwant&lt;script&gt;"');
    expect(html).not.toContain('Qwant<script>');
    expect(html).toContain(person.message.replace(/;/g, ';'));
    // The page's CSP: no script at all, its own style by hash.
    expect(first.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/);
    expect((await stored()).length).toBe(before);
    const token = /name="token" value="([^"]+)"/.exec(html)![1];
    kit.clock.now += 5_000;
    const second = await postForm({ ...person, company: 'Qwant', lang: 'de', token, website: '' });
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe('/de/vorschlagen/danke');
    const rows = await stored();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ kind: 'new_company', companyId: null, companyName: 'Qwant', lang: 'de' });
  });

  it('keeps what was typed on an error page, with one message per field in the page language', async () => {
    const res = await postForm({ ...person, evidence_url: 'http://example.org/x', lang: 'fr', token: await tokenAged(10_000) });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Indiquez l’adresse https:// complète');
    expect(html).toContain('value="http://example.org/x"');
    expect(html).toContain('aria-invalid="true"');
  });
});

describe('spam controls', () => {
  it('refuses a filled honeypot', async () => {
    const before = (await stored()).length;
    expect((await postJson({ ...person, website: 'https://spam.example', token: await tokenAged(10_000) })).status).toBe(400);
    expect((await postForm({ ...person, website: 'buy now', token: await tokenAged(10_000) })).status).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it('refuses a form sent faster than 3 seconds, a forged, an expired and a missing token', async () => {
    const before = (await stored()).length;
    const tooFast = await postJson({ ...person, token: await tokenAged(1_000) });
    expect(tooFast.status).toBe(400);
    expect((await json(tooFast)).error).toMatch(/too quickly/);
    const forged = (await tokenAged(10_000)).replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
    expect((await postJson({ ...person, token: forged })).status).toBe(400);
    const otherKey = await issueToken('another secret that is long enough to sign tokens', kit.clock.now - 10_000);
    expect((await postJson({ ...person, token: otherKey })).status).toBe(400);
    expect((await postJson({ ...person, token: await tokenAged(25 * 60 * 60 * 1000) })).status).toBe(400);
    const missing = await postJson({ ...person });
    expect(missing.status).toBe(400);
    expect((await json(missing)).token).toMatch(/^v1\./);
    // Without JavaScript, too fast is a page asking to send again, nothing stored.
    const page = await postForm({ ...person, token: await tokenAged(500) });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('That was very quick');
    expect((await stored()).length).toBe(before);
  });

  it(`refuses the ${SUGGESTION_RATE.max + 1}th suggestion from one address within an hour, not another address's`, async () => {
    const before = (await stored()).length;
    for (let i = 0; i < SUGGESTION_RATE.max; i++) {
      expect((await postJson({ ...person, token: await tokenAged(10_000) })).status).toBe(201);
    }
    const refused = await postJson({ ...person, token: await tokenAged(10_000) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await postForm({ ...person, token: await tokenAged(10_000) });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('several suggestions in the last hour');
    expect((await postJson({ ...person, token: await tokenAged(10_000) }, { ip: '192.0.2.77' })).status).toBe(201);
    expect((await stored()).length).toBe(before + SUGGESTION_RATE.max + 1);
    // The quota is kept in the database, keyed by a hash of the address (not the address itself).
    const keys = (await kit.db.select().from(t.authThrottle)).map((r) => r.key).filter((k) => k.startsWith('suggest:'));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join()).not.toContain(ip);
    // An hour later the address may send again.
    kit.clock.now += SUGGESTION_RATE.windowMs;
    expect((await postJson({ ...person, token: await tokenAged(10_000) })).status).toBe(201);
  });

  it('refuses posts from another site (Origin or Sec-Fetch-Site)', async () => {
    const before = (await stored()).length;
    const token = await tokenAged(10_000);
    expect((await postForm({ ...person, token }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postJson({ ...person, token }, { origin: null, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await stored()).length).toBe(before);
  });

  it('refuses oversized text and bodies', async () => {
    const token = await tokenAged(10_000);
    const long = await postJson({ ...person, message: 'x'.repeat(4001), token });
    expect(long.status).toBe(400);
    expect((await json(long)).issues[0].path).toBe('message');
    expect((await postJson({ ...person, company: 'y'.repeat(201), token })).status).toBe(400);
    expect((await postJson({ ...person, evidence_url: `https://example.org/${'z'.repeat(2000)}`, token })).status).toBe(400);
    expect((await postJson({ ...person, message: 'x'.repeat(300 * 1024), token })).status).toBe(413);
  });

  it('requires an https evidence address', async () => {
    const token = await tokenAged(10_000);
    for (const evidence_url of ['', 'http://www.deezer.com/imprint', 'javascript:alert(1)', 'ftp://example.org/x', 'www.deezer.com']) {
      const res = await postJson({ ...person, evidence_url, token });
      expect(res.status, evidence_url).toBe(400);
      expect((await json(res)).issues.map((i: { path: string }) => i.path)).toContain('evidence_url');
    }
  });
});

describe('the editors\u2019 queue', () => {
  it('needs a session', async () => {
    expect((await kit.call('GET', '/api/suggestions/queue', { cookie: null })).status).toBe(401);
    expect((await kit.call('POST', '/api/suggestions/1/accept', { cookie: null })).status).toBe(401);
  });

  it('lists new suggestions, accepts one and rejects one with a reason, each recorded in the change log', async () => {
    const a = await json(await postJson({ ...person, token: await tokenAged(10_000) }));
    const b = await json(await postJson({ ...person, company: 'Ecosia', token: await tokenAged(10_000) }));
    const publishes = kit.publisher.requests;
    const queue = await json(await kit.call('GET', '/api/suggestions/queue?status=new&per_page=100'));
    expect(queue.items.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(queue.counts.new).toBe(queue.total);
    const item = queue.items.find((s: { id: number }) => s.id === a.id);
    expect(item).toMatchObject({ kind: 'correction', company_id: deezerId, company_slug: 'deezer' });

    const accepted = await kit.call('POST', `/api/suggestions/${a.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toMatchObject({ status: 'accepted', handled_by: 'admin@example.org' });
    expect((await kit.call('POST', `/api/suggestions/${a.id}/accept`)).status).toBe(409);

    expect((await kit.call('POST', `/api/suggestions/${b.id}/reject`, { body: { reason: '' } })).status).toBe(400);
    const rejected = await kit.call('POST', `/api/suggestions/${b.id}/reject`, { body: { reason: 'Already listed as Ecosia GmbH.' } });
    expect(await json(rejected)).toMatchObject({ status: 'rejected', reason: 'Already listed as Ecosia GmbH.' });

    const log = await kit.db.select().from(t.change).where(eq(t.change.entity, 'suggestion'));
    expect(log.map((r) => [r.entityId, r.action, (r.after as { status: string }).status])).toEqual([
      [a.id, 'update', 'accepted'],
      [b.id, 'update', 'rejected'],
    ]);
    const done = await json(await kit.call('GET', '/api/suggestions/queue?status=accepted'));
    expect(done.items.map((s: { id: number }) => s.id)).toContain(a.id);
    // Handling a suggestion publishes nothing: nothing public changed.
    expect(kit.publisher.requests).toBe(publishes);
  });
});
