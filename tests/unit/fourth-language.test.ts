// Adding a language is one config entry, one UI strings file and its content, and nothing else: this
// test copies the project into a temporary folder, adds Italian there only as data (an entry in
// content/languages.json, content/i18n/it.json, content/pages/it/*.md, and a small seed whose records
// carry `it` translations), runs the documented `npm run build` steps (prepare the database, astro build)
// and checks the Italian site: pages under /it/ with Italian segments and slugs, strings, translated
// data, country names, hreflang alternates, sitemap, redirects and the search data. The copy's code is
// byte for byte the project's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
let dir: string;
let site: string;
let dist: string;
let build: { status: number | null; output: string };

/** The Italian entry: its own name, locales and URL segments (sections without one use English). */
const ITALIAN = {
  code: 'it',
  name: 'Italiano',
  locale: 'it-IT',
  ogLocale: 'it_IT',
  segments: { companies: 'aziende', categories: 'categorie', countries: 'paesi', privacy: 'privacy', terms: 'termini', imprint: 'note-legali', page: 'pagina' },
};

const en = (file: string) => JSON.parse(readFileSync(join(root, 'content', 'i18n', file), 'utf8')) as Record<string, string>;

/** A small seed: one category, one European company, one non-European company it replaces. */
const SEED = {
  'categories.json': [
    {
      name: 'Cloud & Hosting',
      slug: 'cloud-hosting',
      image_url: '/images/categories/cloud-hosting.svg',
      translations: { de: { name: 'Cloud & Hosting', slug: 'cloud-hosting' }, fr: { name: 'Cloud et hébergement', slug: 'cloud-hebergement' }, it: { name: 'Cloud e hosting', slug: 'cloud-e-hosting' } },
      subcategories: [
        {
          name: 'Cloud Platforms',
          slug: 'cloud-platforms',
          translations: { de: { name: 'Cloud-Plattformen', slug: 'cloud-plattformen' }, fr: { name: 'Plateformes cloud', slug: 'plateformes-cloud' }, it: { name: 'Piattaforme cloud', slug: 'piattaforme-cloud' } },
        },
      ],
    },
  ],
  'certifications.json': [],
  'companies/cloud-hosting.json': [
    {
      name: 'Hetzner',
      slug: 'hetzner',
      country: 'DE',
      website_url: 'https://www.hetzner.com',
      category: 'Cloud & Hosting',
      subcategories: ['Cloud Platforms'],
      founded_year: 1997,
      description: 'German hosting company with its own data centres.',
      translations: {
        de: { description: 'Deutscher Hoster mit eigenen Rechenzentren.' },
        fr: { description: 'Hébergeur allemand avec ses propres centres de données.' },
        it: { description: 'Società tedesca di hosting con data center propri.' },
      },
      legal_name: 'Hetzner Online GmbH',
      owner_kind: 'founders',
      owner_name: 'Martin Hetzner',
      status: 'published',
      sources: [{ url: 'https://www.hetzner.com/legal/imprint', title: 'Hetzner imprint', facts: ['headquarters', 'ownership', 'legal_name'], verified_at: '2026-01-15' }],
      alternatives: [],
    },
    {
      name: 'Amazon Web Services',
      slug: 'aws',
      country: 'US',
      website_url: 'https://aws.amazon.com',
      category: 'Cloud & Hosting',
      subcategories: ['Cloud Platforms'],
      description: 'Cloud platform of Amazon.',
      translations: { it: { description: 'La piattaforma cloud di Amazon.' } },
      owner_kind: 'listed',
      status: 'published',
      sources: [{ url: 'https://aws.amazon.com/about-aws/', title: 'About AWS', facts: ['headquarters', 'ownership'], verified_at: '2026-01-15' }],
      alternatives: [{ slug: 'hetzner' }],
    },
  ],
};

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(folder, join(e.parentPath, e.name)))
    .sort();
}

function treeHash(folder: string): string {
  const hash = createHash('sha256');
  for (const file of files(folder)) hash.update(file).update('\0').update(readFileSync(join(folder, file)));
  return hash.digest('hex');
}

const page = (path: string) => readFileSync(join(dist, path), 'utf8');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ea-fourth-language-'));
  site = join(dir, 'site');
  mkdirSync(site);
  // The project as a fresh clone has it (no database, no builds), sharing node_modules.
  const seedDir = join(root, 'db', 'seed');
  const copied = (from: string) => !/\.db(-\w+)?$/.test(from) && from !== seedDir && !from.startsWith(`${seedDir}/`);
  for (const entry of ['src', 'content', 'db', 'public', 'assets', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    cpSync(join(root, entry), join(site, entry), { recursive: true, filter: copied });
  }
  symlinkSync(join(root, 'node_modules'), join(site, 'node_modules'), 'dir');

  // 1. One config entry.
  const languagesFile = join(site, 'content', 'languages.json');
  writeFileSync(languagesFile, JSON.stringify([...JSON.parse(readFileSync(languagesFile, 'utf8')), ITALIAN], null, 2));
  // 2. One UI strings file: every English string, marked so the test can tell it is the Italian file.
  writeFileSync(join(site, 'content', 'i18n', 'it.json'), JSON.stringify(Object.fromEntries(Object.entries(en('en.json')).map(([k, v]) => [k, `[it] ${v}`])), null, 2));
  // 3. Its content: the static pages and the data's translations.
  mkdirSync(join(site, 'content', 'pages', 'it'));
  for (const file of readdirSync(join(root, 'content', 'pages', 'en'))) {
    const text = readFileSync(join(root, 'content', 'pages', 'en', file), 'utf8').replace(/^title: (.*)$/m, 'title: "[it] $1"');
    writeFileSync(join(site, 'content', 'pages', 'it', file), text);
  }
  for (const [file, records] of Object.entries(SEED)) {
    mkdirSync(join(site, 'db', 'seed', file, '..'), { recursive: true });
    writeFileSync(join(site, 'db', 'seed', file), JSON.stringify(records, null, 2));
  }

  // `npm run build` on a fresh clone: prepare the database (migrate, seed), then astro build.
  const env: NodeJS.ProcessEnv = { ...process.env, LIBSQL_URL: `file:${join(dir, 'fixture.db')}`, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: 'https://example.org', PRODUCTION: '0' };
  delete env.ASTRO_OUT_DIR;
  const steps = [['db/prepare-cli.ts'], ['node_modules/astro/bin/astro.mjs', 'build']];
  let output = '';
  for (const args of steps) {
    const run = spawnSync(process.execPath, args, { cwd: site, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    output += `${run.stdout}\n${run.stderr}`;
    build = { status: run.status, output };
    // FOURTH_LANGUAGE_LOG=file keeps the whole build output for a look when the build fails.
    if (process.env.FOURTH_LANGUAGE_LOG) writeFileSync(process.env.FOURTH_LANGUAGE_LOG, output);
    if (run.status !== 0) break;
  }
  dist = join(site, 'dist');
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a fourth language, added as data only', () => {
  it('leaves the code untouched: the copy differs only in content and seed', () => {
    expect(treeHash(join(site, 'src'))).toBe(treeHash(join(root, 'src')));
    expect(readFileSync(join(site, 'astro.config.mjs'), 'utf8')).toBe(readFileSync(join(root, 'astro.config.mjs'), 'utf8'));
  });

  it('builds', () => {
    expect(build.status, build.output.slice(-4000)).toBe(0);
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
  });

  it('has an Italian home page with the Italian strings and locale', () => {
    const home = page('it.html');
    expect(home).toMatch(/<html[^>]* lang="it"/);
    expect(home).toContain('[it] ');
    expect(home).toContain('<meta property="og:locale" content="it_IT"');
    // The language switcher offers it by its own name, and every page links its Italian version.
    expect(page('index.html')).toContain('hreflang="it" href="https://example.org/it"');
    expect(page('index.html')).toContain('Italiano');
  });

  it('has company, category and country pages under Italian segments, slugs and names', () => {
    const company = page('it/aziende/hetzner.html');
    expect(company).toContain('Società tedesca di hosting con data center propri.');
    expect(company).toContain('hreflang="de" href="https://example.org/de/unternehmen/hetzner"');
    expect(page('it/categorie/cloud-e-hosting.html')).toContain('Cloud e hosting');
    expect(page('it/categorie/cloud-e-hosting/piattaforme-cloud.html')).toContain('Piattaforme cloud');
    // Country names come from the locale (Intl) when countries.ts has none for the language.
    expect(page('it/paesi/germania.html')).toContain('Germania');
    // Static pages from content/pages/it.
    expect(page('it/privacy.html')).toContain('[it] ');
    // A company without an Italian text falls back to English, never to nothing.
    expect(existsSync(join(dist, 'it', 'aziende', 'aws.html'))).toBe(true);
  });

  it('lists the Italian pages in the sitemap, the redirects and the search data', () => {
    const sitemaps = readdirSync(dist).filter((f) => /^sitemap-\d+\.xml$/.test(f));
    expect(sitemaps.map((f) => page(f)).join('')).toContain('https://example.org/it/aziende/hetzner');
    const redirects = page('_redirects');
    expect(redirects).toMatch(/^\/it\/companies\/?\S* \/it\/aziende/m);
    expect(readdirSync(join(dist, 'data')).some((f) => /^search-it\.[0-9a-f]+\.json$/.test(f))).toBe(true);
  });
});
