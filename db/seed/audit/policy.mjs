// The evidence policy shared by the audit scripts: which pages count as sources, how researched facts
// replace ours, and when a company may be published (a headquarters AND an ownership source).
import fs from 'node:fs';

export const KINDS = ['founders', 'investors', 'listed', 'cooperative', 'foundation', 'state', 'private_equity', 'parent'];
export const NAMED = ['parent', 'private_equity', 'state', 'foundation'];
export const COMPANY_FACTS = new Set(['headquarters', 'ownership', 'founded', 'employees', 'unicorn', 'hosting', 'legal_name', 'status']);
const countryList = fs.readFileSync(new URL('../../../src/lib/countries.ts', import.meta.url), 'utf8');
export const KNOWN_COUNTRIES = new Set([...countryList.matchAll(/code: '([A-Z]{2})'/g)].map((m) => m[1]));
export const EUROPE = new Set(['AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE','GB','CH','NO','IS','LI','UA','RS','BA','ME','MK','AL','MD','AD','MC','SM','VA','XK','TR','GE','AM','AZ']);
// Pages we do not accept as evidence: AI-generated encyclopedias, scraped Wikipedia mirrors full of
// ads, document dumps, anonymous blogs and machine-written company profiles (dcfmodeling, investorscraft,
// newscrater …). A visitor should be able to judge a source at a glance. seed-data.test.ts holds the seed to it.
export const UNRELIABLE = /(^|\.)(grokipedia\.com|profilpelajar\.com|profilbaru\.com|kampuspedia\.com|newsdunia\.blog|askwikinow\.com|explorepedia\.org|twogpedia\.com|richxsearch\.com|wikisum\.wiki|blogspot\.com|trendylifestyleblog\.com|thesmallbusinessblog\.net|nextweb\.blog|leblogdefou\.com|defzone\.net|hyperlink\.bio|vercel\.app|consumerrights\.wiki|psychologywiki\.com|pdfslide\.fr|docslib\.org|scribd\.com|libe\.io|roll\.wiki|gravy\.cc|owiki\.org|friendlywiki\.com|wikitia\.com|encyclopediahub\.com|justapedia\.org|riteme\.site|franco\.wiki|endlesswiki\.com|enwikipedia\.net|frwiki\.wiki|qaz\.wiki|zxc\.wiki|abcdef\.wiki|wiki\.li|wikiup\.org|wikide\.org|dewiki\.de|jakami\.de|wikizero\.(com|org|net)|wikiclassic\.com|encycloreader\.org|eth\.limo|everipedia\.org|teknokrat\.ac\.id|alquds\.edu|411answers\.com|wikimili\.com|en-academic\.com|de-academic\.com|golden\.com|privacytools\.io|vuink\.com|dcfmodeling\.com|newscrater\.com|ideals\.news|faddat\.com|iforinfo\.news|oehling\.com|investorscraft\.com|produktinfo\.dk|pages\.dev|alphaspread\.com|aussiedlerbote\.de|die-nachrichten\.at|newstextarea\.com|pledgetimes\.com|rightsta\.com|paperzz\.com|memim\.com|vdocuments\.[a-z]+|digestwire\.com|capitalpost\.uk|truyenhinhcapsongthu\.net|zmuc\.dk|zproxy\.org|noemiconcept\.com|hoyonews\.com|netlify\.app|alegsaonline\.com|acearchive\.org|xcv\.wiki|hokkaipedia\.org|proiezionidiborsa\.it|spraynews\.it|globalsupplychaincouncil\.org|businesstelegraph\.co\.uk|culture\.org|beam\.land|coastandcottagelife\.com|cdn\.arcpublishing\.com)$/;

const httpsUrl = (url) => typeof url === 'string' && /^https:\/\/[^/\s]+\.[^/\s]+/.test(url);
// Copies of refused sites on other hosts (e.g. grokipedia.<mirror>) are refused too.
const UNRELIABLE_ANYWHERE = /(^|\.)grokipedia\./;
export const reliable = (url) => {
  if (!httpsUrl(url)) return false;
  const host = new URL(url).hostname.replace(/\.$/, '');
  return !UNRELIABLE.test(host) && !UNRELIABLE_ANYWHERE.test(host);
};

/**
 * Research sources → seed sources: https and reliable only, facts limited to `allowed` (facts outside
 * it become `fallback` when given, e.g. "product" for a product's page), dated `day`.
 */
export function cleanSources(list, allowed, day, fallback = null, stats = {}) {
  const out = [];
  for (const s of list ?? []) {
    if (!httpsUrl(s.url)) continue;
    if (!reliable(s.url)) {
      stats.unreliableDropped = (stats.unreliableDropped ?? 0) + 1;
      continue;
    }
    const facts = [...new Set((s.supports ?? s.facts ?? []).map((f) => (allowed.has(f) ? f : fallback)).filter(Boolean))];
    if (facts.length) out.push({ url: s.url, title: s.title || null, facts, verified_at: day });
  }
  return out;
}

const has = (sources, fact) => sources.some((s) => s.facts.includes(fact));

/**
 * Applies one researched record to a seed company: verified facts replace ours (null when the research
 * could not verify them); the company is published only with headquarters and ownership sources.
 */
export function applyAudit(c, r, day, stats = {}) {
  const sources = cleanSources(r.sources, COMPANY_FACTS, day, null, stats);
  if (r.country && r.country !== c.country && KNOWN_COUNTRIES.has(r.country)) {
    (stats.countryChanged ??= []).push(`${c.slug}: ${c.country} -> ${r.country}`);
    c.country = r.country;
  }
  c.headquarters = r.headquarters ?? null;
  c.founded_year = has(sources, 'founded') ? r.founded_year ?? null : null;
  c.employee_count = has(sources, 'employees') ? r.employee_count ?? null : null;
  c.is_unicorn = r.is_unicorn === true && has(sources, 'unicorn');
  c.legal_name = has(sources, 'legal_name') ? r.legal_name ?? null : null;
  let kind = KINDS.includes(r.owner_kind) && has(sources, 'ownership') ? r.owner_kind : null;
  if (kind && NAMED.includes(kind) && !r.owner_name) kind = null;
  c.owner_kind = kind;
  c.owner_name = kind ? r.owner_name ?? null : null;
  // Widely held owners have no controlling country: a named largest holder is context, not control.
  const controlling = kind && !['listed', 'investors', 'cooperative'].includes(kind);
  c.owner_country = controlling && r.owner_country && r.owner_country !== c.country && KNOWN_COUNTRIES.has(r.owner_country) ? r.owner_country : null;
  c.owner_since = kind ? r.owner_since ?? null : null;
  c.hosting = has(sources, 'hosting') && ['eu', 'ch_uk', 'outside', 'mixed'].includes(r.hosting) ? r.hosting : null;
  c.sources = sources;
  c.status = r.status === 'active' && kind && has(sources, 'headquarters') ? 'published' : 'draft';
  if (EUROPE.has(c.country) && c.owner_country && !EUROPE.has(c.owner_country)) (stats.foreignOwned ??= []).push(`${c.slug} (${c.owner_name}, ${c.owner_country})`);
  return c;
}

/** The key order of a seed company record (files review well when every record reads the same way). */
export const COMPANY_KEY_ORDER = ['name','slug','country','website_url','category','subcategories','founded_year','headquarters','employee_count','is_unicorn','double_irish','sustainable','description','translations','legal_name','owner_kind','owner_name','owner_country','owner_since','hosting','status','sources','certifications','eu_fines','alternatives','products'];
export const ordered = (c) => Object.fromEntries([...COMPANY_KEY_ORDER.filter((k) => k in c).map((k) => [k, c[k]]), ...Object.keys(c).filter((k) => !COMPANY_KEY_ORDER.includes(k)).map((k) => [k, c[k]])]);
