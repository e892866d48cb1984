// The research of 2026-11-24 (session 3), applied to db/seed: more company audits, new companies for
// the switching taxonomy, and products (what people switch away from, and the European products they
// switch to, with decision facts and sources). Reads the research workspace (RESEARCH_DIR, default
// /work/research/out; formats in RESEARCH-BRIEF.md and PRODUCTS-BRIEF.md). Idempotent: run again after
// more research and the seed converges to the same result.
//   node db/seed/audit/apply-session3.mjs
import fs from 'node:fs';
import { EUROPE, KNOWN_COUNTRIES, applyAudit, cleanSources, ordered, reliable } from './policy.mjs';

const DAY = '2026-11-24';
const seed = new URL('../', import.meta.url).pathname;
const outDir = process.env.RESEARCH_DIR ?? '/work/research/out/';
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
// A research file still being written is skipped with a warning (the script is rerun when it is done).
const readOut = (f) => {
  if (!fs.existsSync(outDir + f)) return null;
  try {
    return read(outDir + f);
  } catch (error) {
    console.warn(`skipped ${f}: ${error.message}`);
    return null;
  }
};
const log = { audited: 0, auditKeptOld: [], newCompanies: [], skippedCompanies: [], subcategoryAdded: 0, subcategorySkipped: [], products: 0, productsSkipped: [], originalsPublished: 0, originalsHeldBack: [], companyLinks: 0, unreliableDropped: 0 };

// --- the seed as it is -------------------------------------------------------------------------
const categories = read(seed + 'categories.json');
const categoryByName = new Map(categories.map((c) => [c.name.toLowerCase(), c]));
const subcategoryOwner = new Map(categories.flatMap((c) => c.subcategories.map((s) => [s.name.toLowerCase(), c])));
const subcategorySlugs = new Set(categories.flatMap((c) => c.subcategories.map((s) => s.slug)));
const files = new Map(); // category slug -> company list
for (const f of fs.readdirSync(seed + 'companies')) files.set(f.replace(/\.json$/, ''), read(seed + 'companies/' + f));
const bySlug = new Map([...files.values()].flat().map((c) => [c.slug, c]));
const byName = new Map([...bySlug.values()].map((c) => [c.name.toLowerCase(), c]));
const statusList = read(seed + 'audit/status.json');
const statusBySlug = new Map(statusList.map((s) => [s.slug, s]));

const productFiles = fs.existsSync(outDir) ? fs.readdirSync(outDir).filter((f) => /^products-\d+\.json$/.test(f)).sort().map(readOut).filter(Boolean) : [];
const taxonomy = readOut('taxonomy.json') ?? { new_companies: [], subcategory_additions: [] };
// Well-known non-European companies Europeans buy from, so European makers of the same things link to them.
const counterparts = readOut('counterparts.json') ?? { company_audits: [], new_companies: [] };

// --- 1. audits of companies we hold ------------------------------------------------------------
// Session-3 audit batches (batch-11.json and later; batches 01–10 are apply-audit.mjs's).
const laterBatches = fs.existsSync(outDir) ? fs.readdirSync(outDir).filter((f) => /^batch-(1[1-9]|[2-9]\d)\.json$/.test(f)).sort() : [];
const auditRecords = [
  ...(readOut('batch-11.json') ?? []),
  ...productFiles.flatMap((p) => p.company_audits ?? []),
  ...(counterparts.company_audits ?? []),
  // Targeted batches (missing sources of makers, the rest of batch 11) come last: they win conflicts.
  ...laterBatches.filter((f) => f !== 'batch-11.json').flatMap((f) => readOut(f) ?? []),
];
// Several researchers may have audited one company: their sources add up, and a later non-empty fact wins.
const audits = [];
{
  const bySlugAudit = new Map();
  for (const r of auditRecords) {
    if (!['active', 'defunct', 'merged', 'not_found'].includes(r?.status)) continue;
    const seen = bySlugAudit.get(r.slug);
    if (!seen) {
      bySlugAudit.set(r.slug, { ...r, sources: [...(r.sources ?? [])] });
      continue;
    }
    for (const [k, v] of Object.entries(r)) if (k !== 'sources' && v != null && v !== '') seen[k] = v;
    for (const src of r.sources ?? []) {
      const same = seen.sources.find((x) => x.url === src.url);
      if (same) same.supports = [...new Set([...(same.supports ?? same.facts ?? []), ...(src.supports ?? src.facts ?? [])])];
      else seen.sources.push(src);
    }
  }
  audits.push(...bySlugAudit.values());
}
function applyAudits(only) {
  for (const r of audits.filter((x) => !only || only.has(x.slug))) {
    const c = bySlug.get(r.slug);
    if (!c || !['active', 'defunct', 'merged', 'not_found'].includes(r.status)) continue;
    const trial = applyAudit(structuredClone(c), r, DAY, log);
    // A published company keeps its audited record unless the new research is at least as complete.
    if (c.status === 'published' && trial.status !== 'published') {
      log.auditKeptOld.push(c.slug);
      continue;
    }
    Object.assign(c, trial);
    log.audited++;
    statusBySlug.set(c.slug, { slug: c.slug, status: c.status, reason: null, audited: DAY, notes: r.notes || '' });
    if (r.status !== 'active') statusBySlug.get(c.slug).reason = `audit: ${r.status}`;
  }
}
applyAudits();

// --- 2. new companies --------------------------------------------------------------------------
const langText = (d, lang) => (typeof d?.[lang] === 'string' ? d[lang].trim() : '');
// extra-companies.json: makers a researcher first added and later audited as if held (kept with their descriptions).
const extra = readOut('extra-companies.json') ?? { new_companies: [] };
for (const r of [...(taxonomy.new_companies ?? []), ...productFiles.flatMap((p) => p.new_companies ?? []), ...(counterparts.new_companies ?? []), ...(extra.new_companies ?? [])]) {
  const slug = String(r.slug ?? '').trim();
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
    log.skippedCompanies.push(`${slug || r.name}: bad slug`);
    continue;
  }
  if (bySlug.has(slug) || byName.has(String(r.name).toLowerCase())) continue; // held already (maybe by another helper's file)
  if (!KNOWN_COUNTRIES.has(r.country) || !langText(r.description, 'en')) {
    log.skippedCompanies.push(`${slug}: ${!KNOWN_COUNTRIES.has(r.country) ? 'unknown country ' + r.country : 'no description'}`);
    continue;
  }
  const names = (r.subcategories ?? []).map((s) => String(s).toLowerCase());
  let category = categoryByName.get(String(r.category ?? '').toLowerCase());
  // A subcategory decides the category when the researcher named one of another category.
  if (!category || !names.some((n) => subcategoryOwner.get(n) === category)) category = subcategoryOwner.get(names.find((n) => subcategoryOwner.has(n))) ?? category;
  if (!category) {
    log.skippedCompanies.push(`${slug}: unknown category ${r.category}`);
    continue;
  }
  const c = {
    name: r.name.trim(),
    slug,
    country: r.country,
    website_url: reliable(r.website_url ?? '') ? r.website_url : '',
    category: category.name,
    subcategories: category.subcategories.filter((s) => names.includes(s.name.toLowerCase())).map((s) => s.name),
    is_unicorn: false,
    double_irish: false,
    sustainable: false,
    description: langText(r.description, 'en'),
    translations: Object.fromEntries(['de', 'fr'].filter((l) => langText(r.description, l)).map((l) => [l, { description: langText(r.description, l) }])),
    certifications: [],
    eu_fines: [],
    alternatives: [],
    products: [],
  };
  applyAudit(c, { ...r, status: 'active' }, DAY, log);
  if (!files.has(category.slug)) files.set(category.slug, []);
  files.get(category.slug).push(c);
  bySlug.set(slug, c);
  byName.set(c.name.toLowerCase(), c);
  log.newCompanies.push(`${slug} (${c.country}, ${c.status})`);
  statusBySlug.set(slug, { slug, status: c.status, reason: null, audited: DAY, notes: r.notes || 'Added in session 3.' });
}

// Audits of companies the research added (e.g. the sources a later batch found for a new maker).
applyAudits(new Set(log.newCompanies.map((entry) => entry.split(' ')[0])));

// --- 3. subcategories of companies we hold -------------------------------------------------------
for (const a of taxonomy.subcategory_additions ?? []) {
  const c = bySlug.get(a.slug);
  const category = c && categoryByName.get(c.category.toLowerCase());
  const sub = category?.subcategories.find((s) => s.name.toLowerCase() === String(a.subcategory).toLowerCase());
  if (!sub) {
    log.subcategorySkipped.push(`${a.slug} -> ${a.subcategory}`);
    continue;
  }
  c.subcategories ??= [];
  if (!c.subcategories.includes(sub.name)) {
    c.subcategories.push(sub.name);
    log.subcategoryAdded++;
  }
}

// --- 4. products -----------------------------------------------------------------------------------
const PRODUCT_FACTS = new Set(['product', 'hosting', 'ownership', 'headquarters']);
const PLATFORMS = ['web', 'android', 'ios', 'windows', 'macos', 'linux'];
const LOCATIONS = ['eu', 'ch_uk', 'outside', 'mixed'];
const researched = new Map(); // slug -> { p, european, replaces: Map(original -> can_import) }
for (const file of productFiles) {
  for (const [list, european] of [[file.originals ?? [], false], [file.european ?? [], true]]) {
    for (const p of list) {
      const seen = researched.get(p.slug);
      const entry = seen ?? { p, european, replaces: new Map() };
      if (!seen) researched.set(p.slug, entry);
      else for (const [k, v] of Object.entries(p)) if (entry.p[k] == null || (Array.isArray(entry.p[k]) && !entry.p[k].length)) entry.p[k] = v;
      if (seen && Array.isArray(p.sources)) entry.p.sources = [...(seen.p.sources ?? []), ...p.sources.filter((s) => !(seen.p.sources ?? []).some((o) => o.url === s.url))];
      for (const r of p.replaces ?? []) if (r?.product) entry.replaces.set(r.product, r.can_import ?? entry.replaces.get(r.product) ?? null);
    }
  }
}
const aliasList = (list) => [...new Set((Array.isArray(list) ? list : []).map((a) => String(a).trim()).filter((a) => a && a.length <= 40))].slice(0, 8);
const productNames = new Set([...researched.values()].map(({ p }) => String(p.name).toLowerCase()));
const products = new Map(); // slug -> { record, company, european }
for (const { p, european } of researched.values()) {
  const company = bySlug.get(p.company_slug);
  const problem = !company ? `unknown company ${p.company_slug}` : !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.slug) ? 'bad slug' : !langText(p.description, 'en') ? 'no description' : null;
  if (problem) {
    log.productsSkipped.push(`${p.slug}: ${problem}`);
    continue;
  }
  const aliases = {};
  for (const lang of ['en', 'de', 'fr']) {
    // An alias never names another product: "Outlook" typed should not land on Gmail.
    const list = aliasList(p.aliases?.[lang]).filter((a) => a.toLowerCase() === p.name.toLowerCase() || !productNames.has(a.toLowerCase()));
    if (list.length) aliases[lang] = list;
  }
  const sources = cleanSources(p.sources, PRODUCT_FACTS, DAY, 'product', log);
  const record = {
    name: String(p.name).trim(),
    slug: p.slug,
    description: langText(p.description, 'en'),
    translations: Object.fromEntries(['de', 'fr'].map((l) => [l, { name: String(p.name).trim(), ...(langText(p.description, l) ? { description: langText(p.description, l) } : {}) }])),
    aliases,
    subcategory: subcategorySlugs.has(p.subcategory) ? p.subcategory : null,
    website_url: reliable(p.website_url ?? '') ? p.website_url : '',
    ...(european
      ? {
          pricing: ['free', 'freemium', 'paid'].includes(p.pricing) ? p.pricing : null,
          price_from_eur: typeof p.price_from_eur === 'number' && p.price_from_eur >= 0 ? p.price_from_eur : null,
          licence: typeof p.licence === 'string' ? p.licence.trim() : null,
          self_hostable: typeof p.self_hostable === 'boolean' ? p.self_hostable : null,
          platforms: Array.isArray(p.platforms) ? PLATFORMS.filter((x) => p.platforms.includes(x)) : null,
          e2ee: typeof p.e2ee === 'boolean' ? p.e2ee : null,
          data_location: LOCATIONS.includes(p.data_location) ? p.data_location : null,
          interface_languages: Array.isArray(p.interface_languages) ? [...new Set(p.interface_languages.filter((l) => /^[a-z]{2}$/.test(l)))] : null,
        }
      : {}),
    status: 'published',
    sources,
    alternatives: [],
  };
  products.set(p.slug, { record, company, european });
}
// An alias is one product's: the first product (file order) keeps an alias two products share.
for (const lang of ['en', 'de', 'fr']) {
  const owner = new Map();
  for (const { record } of products.values()) {
    record.aliases[lang] = (record.aliases[lang] ?? []).filter((a) => {
      const key = a.toLowerCase();
      if (owner.has(key) && owner.get(key) !== record.slug) return false;
      owner.set(key, record.slug);
      return true;
    });
    if (!record.aliases[lang].length) delete record.aliases[lang];
  }
}
const europeanMaker = (c) => c.status === 'published' && EUROPE.has(c.country) && !(c.owner_country && !EUROPE.has(c.owner_country));
for (const [slug, { record, company, european }] of products) {
  if (european && (!record.sources.length || company.status !== 'published' || !EUROPE.has(company.country))) record.status = 'draft';
}
for (const { p } of researched.values()) {
  const alt = products.get(p.slug);
  if (!alt?.european) continue;
  for (const [original, canImport] of researched.get(p.slug).replaces) {
    const o = products.get(original);
    if (!o || o.european) continue;
    o.record.alternatives.push({ product: p.slug, can_import: canImport === true ? true : null });
  }
}
// How many European alternatives count for each original (published products of European-owned makers).
for (const o of products.values()) {
  if (!o.european) o.counted = o.record.alternatives.filter((a) => products.get(a.product).record.status === 'published' && europeanMaker(products.get(a.product).company)).length;
}
// Products live in their maker's record; research replaces a product of the same slug.
for (const { record, company } of products.values()) {
  company.products = [...(company.products ?? []).filter((x) => x.slug !== record.slug), record];
  log.products++;
}

// --- 5. company-level links from product links -----------------------------------------------------
for (const o of products.values()) {
  // Links from an original worth a page; its company is published once it has 3 (step 6).
  if (o.european || o.counted < 3) continue;
  o.company.alternatives ??= [];
  for (const a of o.record.alternatives) {
    const maker = products.get(a.product).company;
    if (maker === o.company || !europeanMaker(maker) || o.company.alternatives.some((x) => x.slug === maker.slug)) continue;
    o.company.alternatives.push({ slug: maker.slug });
    log.companyLinks++;
  }
}

// 5b and 6 depend on each other (links need published companies; a non-European company is published
// with 3 European alternatives), so they run until nothing changes.
for (let round = 0; round < 3; round++) {
  const before = JSON.stringify([...bySlug.values()].map((c) => [c.status, (c.alternatives ?? []).length]));
  // --- 5b. same kind of product, same subcategory ------------------------------------------------------
  // A European company that makes what a published non-European company makes (both in one subcategory of
  // one category: footwear, soft drinks, web browsers …) is an alternative to it. Not for subcategories
  // whose members do not replace each other for a customer.
  const NOT_SUBSTITUTES = new Set(['Chips & Components', 'Business Software', 'Cybersecurity', 'Developer Tools']);
  const inSubcategory = new Map(); // "Category/Subcategory" -> published non-European companies
  for (const c of bySlug.values()) {
    if (c.status !== 'published' || EUROPE.has(c.country)) continue;
    for (const s of c.subcategories ?? []) if (!NOT_SUBSTITUTES.has(s)) inSubcategory.set(`${c.category}/${s}`, [...(inSubcategory.get(`${c.category}/${s}`) ?? []), c]);
  }
    // Linked already: an alternative of a published non-European company (a draft's links do not count).
  const linkedTo = new Set([...bySlug.values()].filter((c) => c.status === 'published').flatMap((c) => (c.alternatives ?? []).map((a) => a.slug)));
  for (const c of bySlug.values()) {
    if (!europeanMaker(c) && !(c.status === 'published' && EUROPE.has(c.country))) continue;
    if (linkedTo.has(c.slug)) continue;
    for (const s of c.subcategories ?? []) {
      for (const original of inSubcategory.get(`${c.category}/${s}`) ?? []) {
        original.alternatives ??= [];
        if (original.alternatives.some((a) => a.slug === c.slug)) continue;
        original.alternatives.push({ slug: c.slug });
        log.subcategoryLinks = (log.subcategoryLinks ?? 0) + 1;
      }
    }
  }
  
  // --- 6. drafts and their reasons --------------------------------------------------------------------
  const hasFact = (c, fact) => (c.sources ?? []).some((s) => s.facts.includes(fact));
  const all = [...bySlug.values()];
  for (const c of all) {
    const audited = statusBySlug.get(c.slug)?.audited;
    const sourced = c.owner_kind && hasFact(c, 'headquarters') && hasFact(c, 'ownership');
    const reachable = EUROPE.has(c.country) || (c.alternatives ?? []).filter((a) => bySlug.get(a.slug)?.status === 'published').length >= 3;
    const gone = statusBySlug.get(c.slug)?.reason?.startsWith('audit:');
    if (audited && sourced && !gone) c.status = reachable ? 'published' : 'draft';
    const reason =
      c.status === 'published'
        ? null
        : !audited
          ? 'not audited yet'
          : gone
            ? statusBySlug.get(c.slug).reason
            : !sourced
              ? [!hasFact(c, 'headquarters') && 'no headquarters source', !(c.owner_kind && hasFact(c, 'ownership')) && 'no ownership source'].filter(Boolean).join(', ')
              : 'fewer than 3 published European alternatives';
    const entry = statusBySlug.get(c.slug) ?? { slug: c.slug, audited: null, notes: '' };
    statusBySlug.set(c.slug, { ...entry, status: c.status, reason });
  }
  if (JSON.stringify([...bySlug.values()].map((c) => [c.status, (c.alternatives ?? []).length])) === before) break;
}

// An original gets its page once its company is published and 3 European alternatives count.
for (const [slug, o] of products) {
  if (o.european) continue;
  if (o.company.status === 'published' && o.counted >= 3) log.originalsPublished++;
  else {
    o.record.status = 'draft';
    log.originalsHeldBack.push(`${slug} (${o.counted}${o.company.status === 'published' ? '' : ', company draft'})`);
  }
}
const all = [...bySlug.values()];
// --- write --------------------------------------------------------------------------------------------
for (const [category, list] of files) fs.writeFileSync(`${seed}companies/${category}.json`, JSON.stringify(list.map(ordered), null, 2) + '\n');
const statuses = [...statusBySlug.values()].filter((s) => bySlug.has(s.slug)).sort((a, b) => a.slug.localeCompare(b.slug));
fs.writeFileSync(seed + 'audit/status.json', JSON.stringify(statuses, null, 1) + '\n');
const published = all.filter((c) => c.status === 'published');
console.log(
  JSON.stringify(
    {
      ...log,
      newCompanies: log.newCompanies.length,
      newCompanyList: log.newCompanies,
      companies: all.length,
      published: published.length,
      publishedEuropean: published.filter((c) => EUROPE.has(c.country)).length,
    },
    null,
    1,
  ),
);
