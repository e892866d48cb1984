// The researched switching guides (RESEARCH_DIR/guides.json, default /work/research/out/) converted into
// the guides import format, db/seed/guides.json (src/lib/schemas/guide.ts). Only the format changes: the
// text is the researcher's; sources are theirs too, minus what the evidence policy refuses (policy.mjs:
// https, not on the list of unreliable hosts) and checks dated in the future. A guide is published only
// when its product is a published product of a published company in the seed, its title, summary and
// body exist in every language, and it has a source and a "last checked" date; otherwise it is kept as
// a draft (without its product when the seed has no such product), so seeding never breaks. Rerunnable:
// run again after more research or after products change, and the file converges.
//   node db/seed/audit/apply-guides.mjs
import fs from 'node:fs';
import { reliable } from './policy.mjs';

const LANGS = ['en', 'de', 'fr'];
const OTHER = LANGS.filter((l) => l !== 'en');
const FIELDS = ['title', 'summary', 'body', 'time_needed'];
/** the limits of src/lib/schemas/guide.ts (GUIDE_LIMITS) */
const LIMITS = { title: 200, summary: 1000, body: 20_000, time_needed: 200, sources: 30 };
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const seed = new URL('../', import.meta.url).pathname;
const outDir = process.env.RESEARCH_DIR ?? '/work/research/out/';
const today = new Date().toISOString().slice(0, 10);
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));

let research;
try {
  research = read(outDir + 'guides.json');
} catch (error) {
  // Still being written, or not there: the seed keeps the guides it has.
  console.warn(`guides.json not read (${error.message}); db/seed/guides.json left as it is`);
  process.exit(0);
}
if (!Array.isArray(research)) throw new Error('guides.json must be a list of guides');

// Products of the seed: slug -> whether the public site shows it.
const products = new Map();
for (const f of fs.readdirSync(seed + 'companies').filter((n) => n.endsWith('.json'))) {
  for (const c of read(seed + 'companies/' + f)) {
    for (const p of c.products ?? []) products.set(p.slug, { published: c.status === 'published' && (p.status ?? 'published') === 'published', company: c.slug });
  }
}

/** Line endings, stray spaces at line ends and more than one blank line: format only, never wording. */
const tidy = (text) =>
  typeof text === 'string'
    ? text
        .replace(/\r\n?/g, '\n')
        .replace(/[ \t]+$/gm, '')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : '';

const log = { published: [], drafts: [], skipped: [], sourcesDropped: 0 };
const guides = [];
const seen = new Set();
for (const g of research) {
  const slug = typeof g?.slug === 'string' ? g.slug.trim() : '';
  if (!SLUG.test(slug) || seen.has(slug)) {
    log.skipped.push(`${slug || '(no slug)'}: ${seen.has(slug) ? 'duplicate slug' : 'invalid slug'}`);
    continue;
  }
  seen.add(slug);
  const text = Object.fromEntries(FIELDS.map((f) => [f, Object.fromEntries(LANGS.map((l) => [l, tidy(g[f]?.[l])]))]));
  const tooLong = FIELDS.flatMap((f) => LANGS.filter((l) => text[f][l].length > LIMITS[f]).map((l) => `${f}.${l}`));
  if (!text.title.en || tooLong.length) {
    log.skipped.push(`${slug}: ${!text.title.en ? 'no English title' : `too long: ${tooLong.join(', ')}`}`);
    continue;
  }

  const urls = new Set();
  const sources = [];
  for (const s of Array.isArray(g.sources) ? g.sources : []) {
    const url = typeof s?.url === 'string' ? s.url.trim() : '';
    const verified = typeof s?.verified === 'string' ? s.verified.trim() : typeof s?.verified_at === 'string' ? s.verified_at.trim() : '';
    if (!reliable(url) || !DATE.test(verified) || verified > today || urls.has(url)) {
      log.sourcesDropped += 1;
      continue;
    }
    urls.add(url);
    sources.push({ url, title: typeof s.title === 'string' && s.title.trim() ? s.title.trim().slice(0, 300) : null, verified_at: verified });
  }
  sources.splice(LIMITS.sources);
  const lastChecked = typeof g.last_checked === 'string' && DATE.test(g.last_checked) && g.last_checked <= today ? g.last_checked : null;

  const product = typeof g.from_product === 'string' ? products.get(g.from_product) : undefined;
  const why = [
    !product && `product ${g.from_product} not in the seed`,
    product && !product.published && `product ${g.from_product} is a draft`,
    ...['title', 'summary', 'body'].flatMap((f) => LANGS.filter((l) => !text[f][l]).map((l) => `no ${f} in ${l}`)),
    !sources.length && 'no usable source',
    !lastChecked && 'no last-checked date',
  ].filter(Boolean);

  const translations = Object.fromEntries(
    OTHER.map((l) => [l, Object.fromEntries(FIELDS.filter((f) => text[f][l]).map((f) => [f, text[f][l]]))]).filter(([, fields]) => Object.keys(fields).length),
  );
  guides.push({
    slug,
    title: text.title.en,
    summary: text.summary.en,
    body: text.body.en,
    time_needed: text.time_needed.en,
    translations,
    from_product: product ? g.from_product : null,
    sources,
    last_checked: lastChecked,
    status: why.length ? 'draft' : 'published',
  });
  (why.length ? log.drafts : log.published).push(why.length ? `${slug}: ${why.join('; ')}` : slug);
}

guides.sort((a, b) => a.slug.localeCompare(b.slug));
fs.writeFileSync(seed + 'guides.json', `${JSON.stringify(guides, null, 2)}\n`);
console.log(`db/seed/guides.json: ${guides.length} guides, ${log.published.length} published, ${log.drafts.length} drafts, ${log.skipped.length} skipped; ${log.sourcesDropped} sources dropped`);
for (const d of log.drafts) console.log(`  draft   ${d}`);
for (const s of log.skipped) console.log(`  skipped ${s}`);
