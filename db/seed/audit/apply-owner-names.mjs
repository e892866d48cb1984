// German and French owner names ("Samaras family" -> "Familie Samaras", "Famille Samaras") from a
// translation pass over the seed's English owner names (no facts change: wording only). A translation
// is applied only while the English name is still the one that was translated, so a later correction
// of the owner never keeps a stale translation.
//   node db/seed/audit/apply-owner-names.mjs [translated.json] [english.json]
import fs from 'node:fs';
import { ordered } from './policy.mjs';

const seed = new URL('../', import.meta.url).pathname;
const [translatedFile = '/work/research/owner-names-translated.json', englishFile = '/work/research/owner-names.json'] = process.argv.slice(2);
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
const translated = read(translatedFile);
const english = new Map(read(englishFile).map((r) => [r.slug, r.owner_name]));
const log = { applied: 0, stale: [], unknown: [] };

for (const f of fs.readdirSync(seed + 'companies')) {
  const list = read(seed + 'companies/' + f);
  let touched = false;
  for (const c of list) {
    const t = translated[c.slug];
    if (!t) continue;
    if (!c.owner_name || english.get(c.slug) !== c.owner_name) {
      log.stale.push(c.slug);
      continue;
    }
    c.translations ??= {};
    for (const lang of ['de', 'fr']) {
      const text = typeof t[lang] === 'string' ? t[lang].trim() : '';
      if (!text || text === c.owner_name) continue;
      c.translations[lang] = { ...c.translations[lang], owner_name: text };
    }
    log.applied++;
    touched = true;
  }
  if (touched) fs.writeFileSync(seed + 'companies/' + f, JSON.stringify(list.map(ordered), null, 2) + '\n');
}
console.log(JSON.stringify({ applied: log.applied, stale: log.stale }, null, 1));
