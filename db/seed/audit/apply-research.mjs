// Applies a round of research on top of the seed as it is (unlike apply-session3.mjs, which rebuilds
// from an older seed): targeted audits of draft companies that lacked a headquarters or ownership
// source (drafts-*.json), and new companies (new-companies*.json). A European record may name
// `alternative_to`: non-European companies it is a like-for-like alternative to (an editorial choice,
// added as company-level alternative links once the company is published); a non-European record names
// its `alternatives`: European companies we hold that replace it.
// Rounds so far: session 4 (2026-11-27, /work/research/out/), session 5 (out5/), session 6 (out6/).
// Idempotent per round: run again after more research and the seed converges to the same result.
//   RESEARCH_DIR=/work/research/out5/ RESEARCH_ROUND="session 5" RESEARCH_DAY=2026-11-27 node db/seed/audit/apply-research.mjs
import fs from 'node:fs';
import { EUROPE, KNOWN_COUNTRIES, applyAudit, ordered, reliable } from './policy.mjs';

const DAY = process.env.RESEARCH_DAY ?? '2026-11-27';
// Companies a round added are marked in audit/status.json, so a rerun updates them instead of skipping them.
const ADDED = `Added in ${process.env.RESEARCH_ROUND ?? 'session 4'}.`;
const seed = new URL('../', import.meta.url).pathname;
const outDir = process.env.RESEARCH_DIR ?? '/work/research/out/';
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
const readOut = (f) => {
  if (!fs.existsSync(outDir + f)) return null;
  try {
    return read(outDir + f);
  } catch (error) {
    console.warn(`skipped ${f}: ${error.message}`); // still being written: rerun when it is done
    return null;
  }
};
const log = { audited: 0, published: [], stillDraft: [], newCompanies: [], skipped: [], links: 0 };

const categories = read(seed + 'categories.json');
const categoryByName = new Map(categories.map((c) => [c.name.toLowerCase(), c]));
const subcategoryOwner = new Map(categories.flatMap((c) => c.subcategories.map((s) => [s.name.toLowerCase(), c])));
const files = new Map();
for (const f of fs.readdirSync(seed + 'companies')) files.set(f.replace(/\.json$/, ''), read(seed + 'companies/' + f));
const bySlug = new Map([...files.values()].flat().map((c) => [c.slug, c]));
const byName = new Map([...bySlug.values()].map((c) => [c.name.toLowerCase(), c]));
const statusBySlug = new Map(read(seed + 'audit/status.json').map((s) => [s.slug, s]));
// A network operator replaces a foreign-owned one only where that one sells (step 4b).
// CK Hutchison (Three) runs networks in these European countries only; a telecom elsewhere is no
// alternative for its customers. Kept: operators headquartered there, and European groups with their
// own networks in one of them (Deutsche Telekom: Magenta in Austria; Telefónica: Virgin Media O2 in the
// UK; Iliad and Swisscom (Fastweb) and Digi in Italy; Telenor in Sweden).
const NETWORK_COUNTRIES = { 'ck-hutchison': ['GB', 'IE', 'AT', 'IT', 'DK', 'SE'] };
const NETWORKS_THERE = new Set(['deutsche-telekom', 'telefonica', 'iliad', 'swisscom', 'digi-communications', 'telenor']);
// A company shown as a European alternative: published, European and not controlled from outside Europe.
const europeanMaker = (c) => c.status === 'published' && EUROPE.has(c.country) && !(c.owner_country && !EUROPE.has(c.owner_country));
const hasFact = (c, fact) => (c.sources ?? []).some((s) => s.facts.includes(fact));

const FACTS = ['country', 'legal_name', 'headquarters', 'founded_year', 'employee_count', 'is_unicorn', 'owner_kind', 'owner_name', 'owner_country', 'owner_since', 'hosting'];
/**
 * A targeted audit adds sources to the ones we hold: the record applied is what we know, overlaid with
 * what the research found, over both lists of sources (so a fact an older source backs is kept).
 */
function audit(c, r) {
  const known = { ...Object.fromEntries(FACTS.map((k) => [k, c[k] ?? null])), sources: (c.sources ?? []).map((s) => ({ url: s.url, title: s.title, supports: s.facts })) };
  const merged = { ...known, status: r.status };
  for (const k of FACTS) if (r[k] != null && r[k] !== '') merged[k] = r[k];
  for (const s of r.sources ?? []) {
    const same = merged.sources.find((x) => x.url === s.url);
    if (same) same.supports = [...new Set([...same.supports, ...(s.supports ?? s.facts ?? [])])];
    else merged.sources.push(s);
  }
  const old = new Map((c.sources ?? []).map((s) => [s.url, s]));
  applyAudit(c, merged, DAY, log);
  // Sources we held keep the day they were checked, unless this audit relied on them again.
  const reused = new Set((r.sources ?? []).map((s) => s.url));
  c.sources = c.sources.map((s) => (old.has(s.url) && !reused.has(s.url) ? { ...s, verified_at: old.get(s.url).verified_at } : s));
}

function link(c, targets) {
  if (c.status !== 'published' || !EUROPE.has(c.country) || (c.owner_country && !EUROPE.has(c.owner_country))) return;
  for (const slug of targets ?? []) {
    const original = bySlug.get(slug);
    if (!original || EUROPE.has(original.country) || slug === c.slug) continue;
    if (NETWORK_COUNTRIES[slug] && !NETWORK_COUNTRIES[slug].includes(c.country) && !NETWORKS_THERE.has(c.slug)) continue; // step 4b
    original.alternatives ??= [];
    if (original.alternatives.some((a) => a.slug === c.slug)) continue;
    original.alternatives.push({ slug: c.slug });
    log.links++;
  }
}

// --- 1. targeted audits of drafts ----------------------------------------------------------------
const audits = [...(readOut('drafts-a.json') ?? []), ...(readOut('drafts-b.json') ?? [])];
for (const r of audits) {
  const c = bySlug.get(r?.slug);
  if (!c || !['active', 'defunct', 'merged', 'not_found'].includes(r.status)) continue;
  if (c.status === 'published') continue; // only drafts were asked for
  audit(c, r);
  log.audited++;
  // A company the research found to be non-European is shown only as the thing to replace (step 3).
  const foreignDraft = c.status === 'published' && !EUROPE.has(c.country);
  if (foreignDraft) c.status = 'draft';
  const entry = statusBySlug.get(c.slug) ?? { slug: c.slug, notes: '' };
  const reason =
    c.status === 'published'
      ? null
      : foreignDraft
        ? 'fewer than 3 published European alternatives'
        : r.status !== 'active'
        ? `audit: ${r.status}`
        : [!hasFact(c, 'headquarters') && 'no headquarters source', !(c.owner_kind && hasFact(c, 'ownership')) && 'no ownership source'].filter(Boolean).join(', ') || entry.reason;
  statusBySlug.set(c.slug, { ...entry, status: c.status, reason, audited: DAY, notes: r.notes || entry.notes || '' });
  (c.status === 'published' ? log.published : log.stillDraft).push(c.slug);
  link(c, r.alternative_to);
}

// --- 2. new companies ----------------------------------------------------------------------------
// Services only civil servants or member institutions can use: nobody reading the site can switch to them.
const NOT_OPEN_TO_THE_PUBLIC = new Set(['tchap', 'bundesmessenger', 'la-suite-numerique', 'surf']);
const text = (d, lang) => (typeof d?.[lang] === 'string' ? d[lang].trim() : '');
const newFiles = fs.existsSync(outDir) ? fs.readdirSync(outDir).filter((f) => /^new-companies(-\d+)?\.json$/.test(f)).sort() : [];
for (const r of newFiles.flatMap((f) => readOut(f)?.new_companies ?? [])) {
  const slug = String(r.slug ?? '').trim();
  const problem = !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)
    ? 'bad slug'
    : NOT_OPEN_TO_THE_PUBLIC.has(slug)
      ? 'not open to the public'
    : !KNOWN_COUNTRIES.has(r.country)
      ? `unknown country ${r.country}`
      : ['RU', 'BY'].includes(r.country)
        ? 'the directory lists no company from Russia or Belarus (seed-data.test.ts)'
      : !['en', 'de', 'fr'].every((l) => text(r.description, l))
        ? 'description missing in a language'
        : null;
  if (problem) {
    log.skipped.push(`${slug || r.name}: ${problem}`);
    continue;
  }
  const held = bySlug.get(slug) ?? byName.get(String(r.name).trim().toLowerCase());
  if (held && statusBySlug.get(held.slug)?.notes !== ADDED) continue; // held before this research
  const names = (r.subcategories ?? []).map((s) => String(s).toLowerCase());
  let category = categoryByName.get(String(r.category ?? '').toLowerCase());
  if (!category || !names.some((n) => subcategoryOwner.get(n) === category)) category = subcategoryOwner.get(names.find((n) => subcategoryOwner.has(n))) ?? category;
  if (!category) {
    log.skipped.push(`${slug}: unknown category ${r.category}`);
    continue;
  }
  const c = held ?? {
    name: r.name.trim(),
    slug,
    alternatives: [],
  };
  Object.assign(c, {
    country: r.country,
    website_url: reliable(r.website_url ?? '') ? r.website_url : '',
    category: category.name,
    subcategories: category.subcategories.filter((s) => names.includes(s.name.toLowerCase())).map((s) => s.name),
    is_unicorn: false,
    double_irish: false,
    sustainable: false,
    description: text(r.description, 'en'),
    // Other translated fields (e.g. owner_name) stay as they are.
    translations: { de: { ...c.translations?.de, description: text(r.description, 'de') }, fr: { ...c.translations?.fr, description: text(r.description, 'fr') } },
    certifications: [],
    eu_fines: [],
  });
  applyAudit(c, { ...r, status: 'active' }, DAY, log);
  // A non-European company names its European alternatives (published, European-owned companies we
  // hold); like every original it is shown once 3 of them are (step 3 publishes it later otherwise).
  let tooFewAlternatives = false;
  if (!EUROPE.has(c.country)) {
    const wanted = new Set(c.alternatives.map((a) => a.slug));
    for (const slug of r.alternatives ?? []) {
      const alt = bySlug.get(slug);
      if (alt && !wanted.has(slug) && europeanMaker(alt)) {
        c.alternatives.push({ slug });
        wanted.add(slug);
        log.links++;
      }
    }
    if (c.status === 'published' && c.alternatives.filter((a) => europeanMaker(bySlug.get(a.slug) ?? {})).length < 3) {
      c.status = 'draft';
      tooFewAlternatives = true;
    }
  }
  if (!held) {
    if (!files.has(category.slug)) files.set(category.slug, []);
    files.get(category.slug).push(c);
    bySlug.set(slug, c);
    byName.set(c.name.toLowerCase(), c);
  }
  log.newCompanies.push(`${slug} (${c.country}, ${c.status})`);
  const reason =
    c.status === 'published'
      ? null
      : tooFewAlternatives
        ? 'fewer than 3 published European alternatives'
        : [!hasFact(c, 'headquarters') && 'no headquarters source', !(c.owner_kind && hasFact(c, 'ownership')) && 'no ownership source'].filter(Boolean).join(', ');
  statusBySlug.set(slug, { slug, status: c.status, reason, audited: DAY, notes: ADDED });
  link(c, r.alternative_to);
}

// A company this research added and later refused leaves the seed again, with its links.
for (const slug of NOT_OPEN_TO_THE_PUBLIC) {
  if (!bySlug.has(slug) || statusBySlug.get(slug)?.notes !== ADDED) continue;
  for (const [category, list] of files) files.set(category, list.filter((c) => c.slug !== slug));
  for (const c of bySlug.values()) if (c.alternatives) c.alternatives = c.alternatives.filter((a) => a.slug !== slug);
  bySlug.delete(slug);
}

// --- 3. non-European companies reach their page with 3 published European alternatives ----------------
for (const c of bySlug.values()) {
  if (EUROPE.has(c.country) || c.status === 'published') continue;
  const entry = statusBySlug.get(c.slug);
  if (entry?.reason !== 'fewer than 3 published European alternatives') continue;
  const count = (c.alternatives ?? []).filter((a) => bySlug.get(a.slug)?.status === 'published').length;
  if (count >= 3) {
    c.status = 'published';
    statusBySlug.set(c.slug, { ...entry, status: 'published', reason: null });
    log.published.push(c.slug);
  }
}

// --- 4. sources we no longer accept (policy.mjs): dropped everywhere; a published company left without a
// headquarters or ownership source goes back to draft until research finds another.
for (const c of bySlug.values()) {
  const kept = (c.sources ?? []).filter((s) => reliable(s.url));
  if (kept.length === (c.sources ?? []).length) continue;
  c.sources = kept;
  log.unreliableDropped = (log.unreliableDropped ?? 0) + 1;
  if (c.status === 'published' && !(hasFact(c, 'headquarters') && hasFact(c, 'ownership'))) {
    c.status = 'draft';
    const entry = statusBySlug.get(c.slug) ?? { slug: c.slug, notes: '' };
    const reason = [!hasFact(c, 'headquarters') && 'no headquarters source', !hasFact(c, 'ownership') && 'no ownership source'].filter(Boolean).join(', ');
    statusBySlug.set(c.slug, { ...entry, status: 'draft', reason });
    (log.unpublished ??= []).push(c.slug);
  }
}

// Products' sources too (a product keeps its other sources; one left without any shows in the log).
for (const c of bySlug.values()) {
  for (const p of c.products ?? []) {
    const kept = (p.sources ?? []).filter((s) => reliable(s.url));
    if (kept.length === (p.sources ?? []).length) continue;
    p.sources = kept;
    log.unreliableDropped = (log.unreliableDropped ?? 0) + 1;
    if (!kept.length) (log.productsWithoutSource ??= []).push(p.slug);
  }
}

// --- 4a. and back: a draft held back only for a missing headquarters or ownership source is published
// once it has both (a source added to the seed by hand, e.g. in place of a refused one).
for (const c of bySlug.values()) {
  const entry = statusBySlug.get(c.slug);
  if (c.status !== 'draft' || !/^(no headquarters source|no ownership source)(, no ownership source)?$/.test(entry?.reason ?? '')) continue;
  // owner_kind: an ownership source whose owner the audit could not settle (null) keeps it a draft.
  if (!(hasFact(c, 'headquarters') && hasFact(c, 'ownership') && c.owner_kind)) continue;
  c.status = 'published';
  statusBySlug.set(c.slug, { ...entry, status: 'published', reason: null });
  (log.republished ??= []).push(c.slug);
}

// --- 4b. a network operator replaces a foreign-owned one only where that one sells -----------------------
// (NETWORK_COUNTRIES, NETWORKS_THERE: see the top of the file.)
for (const [slug, countries] of Object.entries(NETWORK_COUNTRIES)) {
  const original = bySlug.get(slug);
  if (!original?.alternatives) continue;
  const before = original.alternatives.length;
  original.alternatives = original.alternatives.filter((a) => countries.includes(bySlug.get(a.slug)?.country) || NETWORKS_THERE.has(a.slug));
  log.networkLinksDropped = (log.networkLinksDropped ?? 0) + before - original.alternatives.length;
}

// --- 5. products follow their makers (the rules of apply-session3.mjs) ------------------------------
// A European product is shown when it has a source and its maker is a published European company; an
// original gets its page once its company is published and 3 European alternatives of European-owned
// makers are shown.
const productOwner = new Map([...bySlug.values()].flatMap((c) => (c.products ?? []).map((p) => [p.slug, { p, c }])));
log.productsPublished = [];
for (const { p, c } of productOwner.values()) {
  if (!EUROPE.has(c.country) || p.status === 'published') continue;
  if (p.sources?.length && c.status === 'published') {
    p.status = 'published';
    log.productsPublished.push(p.slug);
  }
}
for (const { p, c } of productOwner.values()) {
  if (EUROPE.has(c.country) || p.status === 'published' || c.status !== 'published') continue;
  const counted = (p.alternatives ?? []).filter((a) => {
    const alt = productOwner.get(a.product);
    return alt && alt.p.status === 'published' && europeanMaker(alt.c);
  }).length;
  if (counted >= 3) {
    p.status = 'published';
    log.productsPublished.push(p.slug);
  }
}
// A guide held back only because its product was not shown yet is published with it.
const guides = read(seed + 'guides.json');
log.guidesPublished = [];
for (const g of guides) {
  if (g.status === 'published' || !g.sources?.length || !g.last_checked) continue;
  if (productOwner.get(g.from_product)?.p.status === 'published' && productOwner.get(g.from_product).c.status === 'published') {
    g.status = 'published';
    log.guidesPublished.push(g.slug);
  }
}
fs.writeFileSync(seed + 'guides.json', JSON.stringify(guides, null, 2) + '\n');

// --- write ---------------------------------------------------------------------------------------------
for (const [category, list] of files) fs.writeFileSync(`${seed}companies/${category}.json`, JSON.stringify(list.map(ordered), null, 2) + '\n');
const statuses = [...statusBySlug.values()].filter((s) => bySlug.has(s.slug)).sort((a, b) => a.slug.localeCompare(b.slug));
fs.writeFileSync(seed + 'audit/status.json', JSON.stringify(statuses, null, 1) + '\n');
const all = [...bySlug.values()];
const published = all.filter((c) => c.status === 'published');
console.log(
  JSON.stringify(
    {
      audited: log.audited,
      publishedNow: log.published.length,
      stillDraft: log.stillDraft.length,
      newCompanies: log.newCompanies.length,
      newCompanyList: log.newCompanies,
      skipped: log.skipped,
      links: log.links,
      productsPublished: log.productsPublished,
      guidesPublished: log.guidesPublished,
      foreignOwned: log.foreignOwned,
      unreliableDropped: log.unreliableDropped,
      networkLinksDropped: log.networkLinksDropped,
      unpublished: log.unpublished,
      republished: log.republished,
      productsWithoutSource: log.productsWithoutSource,
      countryChanged: log.countryChanged,
      companies: all.length,
      published: published.length,
      publishedEuropean: published.filter((c) => EUROPE.has(c.country)).length,
    },
    null,
    1,
  ),
);
