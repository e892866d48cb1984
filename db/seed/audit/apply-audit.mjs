// The audit of 2026-11-24, kept as the record of the policy that produced db/seed/companies: how
// researched facts replaced ours, which sources were refused, and when a company stays a draft. It read
// the research workspace (one JSON file per batch, format in RESEARCH-BRIEF.md); to audit again,
// write new batch files in that format and run it with node against a copy of the seed.
// Policy (policy.mjs): audited facts replace ours (null when unverified); without a headquarters AND an
// ownership source, a company is a draft. Later audits: apply-session3.mjs.
import fs from 'node:fs';
import { EUROPE, applyAudit, ordered } from './policy.mjs';
const root = new URL('../companies/', import.meta.url).pathname;
const outDir = process.env.RESEARCH_DIR ?? '/work/research/out/';
const research = new Map();
for (const f of fs.readdirSync(outDir).filter((f) => /^batch-(0\d|10)\.json$/.test(f))) {
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
const stats = { companies: 0, published: 0, draft: 0, noResearch: 0 };
const files = fs.readdirSync(root);
const lists = files.map((file) => JSON.parse(fs.readFileSync(root + file)));
for (const list of lists) {
  for (const c of list) {
    stats.companies++;
    const r = research.get(c.slug);
    if (!r || r.status === 'unchecked') {
      stats.noResearch++;
      c.status = 'draft';
    } else applyAudit(c, r, '2026-11-24', stats);
  }
}
// A non-European company is only worth a page with at least 3 verified European alternatives.
const all = new Map(lists.flat().map((c) => [c.slug, c]));
for (const c of all.values()) {
  if (EUROPE.has(c.country) || c.status !== 'published') continue;
  if ((c.alternatives ?? []).filter((a) => all.get(a.slug)?.status === 'published').length < 3) c.status = 'draft';
}
for (const [i, list] of lists.entries()) {
  for (const c of list) c.status === 'published' ? stats.published++ : stats.draft++;
  fs.writeFileSync(root + files[i], JSON.stringify(list.map(ordered), null, 2) + '\n');
}
console.log(JSON.stringify(stats, null, 1));
