// Applies a research round of decision facts to the seed's European products (the comparison tables of
// the alternatives pages): a fact replaces ours only when a source of the same record backs it (or it
// equals what we hold); `can_import` is set on the original's link to the product; the record's sources
// are added to the product's (https and not refused only, see policy.mjs). Facts nobody backed stay as
// they were, so unknown stays unknown. Idempotent: run it again and the seed does not change.
// Rounds so far: session 7 (2026-11-28, /work/research/out7p/facts-*.json; brief in that folder).
//   RESEARCH_DIR=/work/research/out7p/ RESEARCH_DAY=2026-11-28 node db/seed/audit/apply-product-facts.mjs
import fs from 'node:fs';
import { cleanSources, ordered, reliable } from './policy.mjs';

const DAY = process.env.RESEARCH_DAY ?? '2026-11-28';
const seed = new URL('../', import.meta.url).pathname;
const dir = process.env.RESEARCH_DIR ?? '/work/research/out7p/';
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));

const PLATFORMS = ['web', 'android', 'ios', 'windows', 'macos', 'linux'];
// End-to-end encryption is a fact only where it applies (the product schema's note; the table says
// "does not apply" elsewhere): mail, messaging, calls, storage, passwords.
const E2EE_KINDS = new Set(['email-providers', 'instant-messaging', 'team-chat', 'video-conferencing', 'cloud-storage-file-sharing', 'password-managers']);
const host = (url) => new URL(url).hostname.replace(/^www\./, '').replace(/\.$/, '');
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether a researched value is well formed for its field (else it is ignored). */
const VALID = {
  pricing: (v) => ['free', 'freemium', 'paid'].includes(v),
  price_from_eur: (v) => typeof v === 'number' && v > 0 && v < 10_000,
  licence: (v) => typeof v === 'string' && /^[A-Za-z0-9.+-]{0,60}( (OR|AND) [A-Za-z0-9.+-]{1,60})*$/.test(v),
  self_hostable: (v) => typeof v === 'boolean',
  platforms: (v) => Array.isArray(v) && v.length > 0 && v.every((x) => PLATFORMS.includes(x)),
  e2ee: (v) => typeof v === 'boolean',
  data_location: (v) => ['eu', 'ch_uk', 'outside', 'mixed'].includes(v),
  interface_languages: (v) => Array.isArray(v) && v.length > 0 && v.every((x) => /^[a-z]{2}$/.test(x)),
  website_url: (v) => typeof v === 'string' && /^https:\/\/[^/\s]+\.[^/\s]+/.test(v),
};
const FIELDS = Object.keys(VALID);

const files = new Map(fs.readdirSync(seed + 'companies').map((f) => [f, read(seed + 'companies/' + f)]));
const products = new Map(); // slug -> { p, c }
for (const list of files.values()) for (const c of list) for (const p of c.products ?? []) products.set(p.slug, { p, c });
const log = { records: 0, facts: {}, unbacked: [], invalid: [], unknown: [], imports: 0, sources: 0 };

const records = fs
  .readdirSync(dir)
  .filter((f) => /^facts-\d+\.json$/.test(f))
  .flatMap((f) => read(dir + f));

for (const r of records) {
  const found = products.get(r.slug);
  if (!found) {
    log.unknown.push(r.slug);
    continue;
  }
  const { p, c } = found;
  log.records += 1;
  const sources = (r.sources ?? []).filter((s) => reliable(s.url));
  const backs = (field) => sources.some((s) => (s.supports ?? s.facts ?? []).includes(field));
  for (const field of FIELDS) {
    const value = r[field];
    if (value == null || (value === '' && field !== 'licence')) continue;
    if (same(value, p[field])) continue;
    if (!VALID[field](value) || (field === 'e2ee' && !E2EE_KINDS.has(p.subcategory))) {
      log.invalid.push(`${r.slug}.${field}=${JSON.stringify(value)}`);
      continue;
    }
    // A website is the product's own address: on a host a source of the record is on, or the maker's.
    const hostBacked = field === 'website_url' && [...sources.map((s) => s.url), c.website_url].filter(Boolean).some((u) => host(u) === host(value));
    if (!(field === 'website_url' ? hostBacked : backs(field))) {
      log.unbacked.push(`${r.slug}.${field}`);
      continue;
    }
    p[field] = value;
    log.facts[field] = (log.facts[field] ?? 0) + 1;
  }
  // "Can import from Gmail": on the original's link to this product, when a source says so.
  for (const [original, can] of Object.entries(r.can_import ?? {})) {
    const link = products.get(original)?.p.alternatives?.find((a) => a.product === p.slug);
    if (!link || can !== true || !backs('can_import') || link.can_import === true) continue;
    link.can_import = true;
    log.imports += 1;
  }
  // The record's sources: each backs the product, and where it is hosted when it names the data location.
  const named = sources.map((s) => ({ ...s, supports: ['product', ...((s.supports ?? []).includes('data_location') ? ['hosting'] : [])] }));
  for (const s of cleanSources(named, new Set(['product', 'hosting']), DAY)) {
    if ((p.sources ?? []).some((x) => x.url === s.url)) continue;
    (p.sources ??= []).push(s);
    log.sources += 1;
  }
}

for (const [f, list] of files) fs.writeFileSync(seed + 'companies/' + f, JSON.stringify(list.map(ordered), null, 2) + '\n');
console.log(JSON.stringify(log, null, 1));
