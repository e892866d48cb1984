// The audit of 2026-11-24, kept as the record of the policy that produced db/seed/companies: how
// researched facts replaced ours, which sources were refused, and when a company stays a draft. It read
// the research workspace (one JSON file per batch, format in RESEARCH-BRIEF.md); to audit again,
// write new batch files in that format and run it with node against a copy of the seed.
// Policy: audited facts replace ours (null when unverified); without a headquarters AND an ownership source, a company is a draft.
import fs from 'node:fs';
const root = '/work/main/db/seed/companies/';
const outDir = '/work/research/out/';
const research = new Map();
for (const f of fs.readdirSync(outDir).filter((f) => f.startsWith('batch-'))) {
  for (const r of JSON.parse(fs.readFileSync(outDir + f))) research.set(r.slug, r);
}
// Reviewed by hand: deals that were announced but not confirmed as closed, owner names with commentary,
// and Pipedrive (the pages give both Tallinn and New York; we keep its Estonian origin and label the US owner).
const OVERRIDES = {
  contentful: { owner_kind: null, owner_name: null, owner_country: null, owner_since: null },
  gocardless: { owner_kind: null, owner_name: null, owner_country: null, owner_since: null },
  startpage: { owner_kind: null, owner_name: null, owner_country: null, owner_since: null },
  mediamarkt: { owner_name: 'Ceconomy AG' },
  cherry: { owner_name: null },
  puma: { owner_name: 'Groupe Artémis (Pinault family), largest shareholder' },
  pipedrive: { country: 'EE', headquarters: null },
  // CSLi (KR) bought it in 2014; a 2024 sale to a French group was reported but no page confirmed it.
  systran: { owner_kind: null, owner_name: null, owner_country: null, owner_since: null },
};
for (const [slug, patch] of Object.entries(OVERRIDES)) if (research.has(slug)) Object.assign(research.get(slug), patch);
const KINDS = ['founders', 'investors', 'listed', 'cooperative', 'foundation', 'state', 'private_equity', 'parent'];
const NAMED = ['parent', 'private_equity', 'state', 'foundation'];
const FACTS = new Set(['headquarters', 'ownership', 'founded', 'employees', 'unicorn', 'hosting', 'legal_name', 'status']);
const countryList = fs.readFileSync('/work/main/src/lib/countries.ts', 'utf8');
const known = new Set([...countryList.matchAll(/code: '([A-Z]{2})'/g)].map((m) => m[1]));
const EUROPE = new Set(['AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE','GB','CH','NO','IS','LI','UA','RS','BA','ME','MK','AL','MD','AD','MC','SM','VA','XK','TR','GE','AM','AZ']);
const stats = { companies: 0, checked: 0, published: 0, draft: 0, countryChanged: [], hqChanged: 0, foundedChanged: 0, foundedCleared: 0, employeesCleared: 0, unicornChanged: 0, foreignOwned: [], missingCountry: new Set(), noResearch: 0 };
// Pages we do not accept as evidence: AI-generated encyclopedias, scraped Wikipedia mirrors full of
// ads, document dumps and anonymous blogs. A visitor should be able to judge a source at a glance.
const UNRELIABLE = /(^|\.)(grokipedia\.com|profilpelajar\.com|profilbaru\.com|kampuspedia\.com|newsdunia\.blog|askwikinow\.com|explorepedia\.org|twogpedia\.com|richxsearch\.com|wikisum\.wiki|blogspot\.com|trendylifestyleblog\.com|thesmallbusinessblog\.net|nextweb\.blog|leblogdefou\.com|defzone\.net|hyperlink\.bio|vercel\.app|consumerrights\.wiki|psychologywiki\.com|pdfslide\.fr|docslib\.org|scribd\.com|libe\.io|roll\.wiki|gravy\.cc|owiki\.org|friendlywiki\.com|wikitia\.com|encyclopediahub\.com|justapedia\.org|riteme\.site|franco\.wiki|endlesswiki\.com|enwikipedia\.net|frwiki\.wiki|qaz\.wiki|zxc\.wiki|abcdef\.wiki|wiki\.li|wikiup\.org|wikide\.org|dewiki\.de|jakami\.de|wikizero\.(com|org|net)|wikiclassic\.com|encycloreader\.org|eth\.limo|everipedia\.org|teknokrat\.ac\.id|alquds\.edu|411answers\.com|wikimili\.com|en-academic\.com|de-academic\.com|golden\.com|privacytools\.io)$/;
stats.unreliableDropped = 0;
const has = (r, fact) => r.sources.some((s) => (s.supports ?? s.facts).includes(fact));
for (const file of fs.readdirSync(root)) {
  const list = JSON.parse(fs.readFileSync(root + file));
  for (const c of list) {
    stats.companies++;
    const r = research.get(c.slug);
    if (!r || r.status === 'unchecked') {
      stats.noResearch++;
      c.status = 'draft';
      stats.draft++;
      continue;
    }
    stats.checked++;
    const sources = (r.sources || [])
      .filter((s) => /^https:\/\/[^/]+\.[^/]+/.test(s.url))
      .filter((s) => (UNRELIABLE.test(new URL(s.url).hostname.replace(/\.$/, '')) ? (stats.unreliableDropped++, false) : true))
      .map((s) => ({ url: s.url, title: s.title || null, facts: [...new Set(s.supports.filter((f) => FACTS.has(f)))], verified_at: '2026-11-24' }))
      .filter((s) => s.facts.length);
    if (r.country && r.country !== c.country) {
      if (known.has(r.country)) {
        stats.countryChanged.push(`${c.slug}: ${c.country} -> ${r.country}`);
        c.country = r.country;
      } else stats.missingCountry.add(`${r.country} (${c.slug})`);
    }
    if ((r.headquarters ?? null) !== (c.headquarters ?? null)) stats.hqChanged++;
    c.headquarters = r.headquarters ?? null;
    const founded = has({ sources }, 'founded') ? r.founded_year ?? null : null;
    if (founded !== (c.founded_year ?? null)) founded == null ? stats.foundedCleared++ : stats.foundedChanged++;
    c.founded_year = founded;
    const employees = has({ sources }, 'employees') ? r.employee_count ?? null : null;
    if (employees == null && c.employee_count != null) stats.employeesCleared++;
    c.employee_count = employees;
    const unicorn = r.is_unicorn === true && has({ sources }, 'unicorn');
    if (unicorn !== !!c.is_unicorn) stats.unicornChanged++;
    c.is_unicorn = unicorn;
    c.legal_name = has({ sources }, 'legal_name') ? r.legal_name ?? null : null;
    let kind = KINDS.includes(r.owner_kind) && has({ sources }, 'ownership') ? r.owner_kind : null;
    if (kind && NAMED.includes(kind) && !r.owner_name) kind = null;
    c.owner_kind = kind;
    c.owner_name = kind ? r.owner_name ?? null : null;
    // Widely held owners have no controlling country: a named largest holder is context, not control.
    const controlling = kind && !['listed', 'investors', 'cooperative'].includes(kind);
    c.owner_country = controlling && r.owner_country && r.owner_country !== c.country ? r.owner_country : null;
    c.owner_since = kind ? r.owner_since ?? null : null;
    c.hosting = has({ sources }, 'hosting') && ['eu', 'ch_uk', 'outside', 'mixed'].includes(r.hosting) ? r.hosting : null;
    c.sources = sources;
    const live = r.status === 'active';
    c.status = live && kind && has({ sources }, 'headquarters') ? 'published' : 'draft';
    c.status === 'published' ? stats.published++ : stats.draft++;
    if (EUROPE.has(c.country) && c.owner_country && !EUROPE.has(c.owner_country)) stats.foreignOwned.push(`${c.slug} (${c.owner_name}, ${c.owner_country})`);
  }
  const order = ['name','slug','country','website_url','category','subcategories','founded_year','headquarters','employee_count','is_unicorn','double_irish','sustainable','description','translations','legal_name','owner_kind','owner_name','owner_country','owner_since','hosting','status','sources','certifications','eu_fines','alternatives','products'];
  const out = list.map((c) => Object.fromEntries([...order.filter((k) => k in c).map((k) => [k, c[k]]), ...Object.keys(c).filter((k) => !order.includes(k)).map((k) => [k, c[k]])]));
  fs.writeFileSync(root + file, JSON.stringify(out, null, 2) + '\n');
}
// A non-European company is only worth a page with at least 3 verified European alternatives.
stats.originalsHeldBack = [];
{
  const all = new Map();
  const files = fs.readdirSync(root);
  const lists = files.map((file) => JSON.parse(fs.readFileSync(root + file)));
  for (const list of lists) for (const c of list) all.set(c.slug, c);
  for (const [i, list] of lists.entries()) {
    for (const c of list) {
      if (EUROPE.has(c.country) || c.status !== 'published') continue;
      const ok = (c.alternatives ?? []).filter((a) => all.get(a.slug)?.status === 'published').length;
      if (ok < 3) {
        c.status = 'draft';
        stats.published--;
        stats.draft++;
        stats.originalsHeldBack.push(`${c.slug} (${ok})`);
      }
    }
    fs.writeFileSync(root + files[i], JSON.stringify(list, null, 2) + '\n');
  }
}
stats.missingCountry = [...stats.missingCountry];
console.log(JSON.stringify({ ...stats, foreignOwnedCount: stats.foreignOwned.length, countryChangedCount: stats.countryChanged.length }, null, 1));
