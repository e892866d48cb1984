// Hostile values saved through the admin API (markup, "</script>", RTL and zero-width characters,
// emoji, control characters, the longest texts the forms allow) in every text field, then a real
// `astro build` of the site: the build succeeds, the text shows as text, no script runs that the build
// did not write, and the CSP allows exactly the build's own scripts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { inlineScripts, scriptHash } from '../../src/api/site-headers.ts';
import { SiteBuilder } from '../../src/server/site-builder.ts';
import { ORIGIN, json, makeKit, type Kit } from './helpers.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

// "<script>alert(1)</script>" has no character an attribute escapes: in a content= attribute it stays
// as it is (valid HTML, only text), which a pattern-matching CSP builder took for a script.
const PAYLOAD = '</script><script>alert(1)</script><script>alert("xss")</script><img src=x onerror=alert(1)><svg onload=alert(2)>';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${x} is one of the odd texts
const ODD = ' "double" \'single\' & &amp; \u202Eevil-rtl\u202C \u200B\u200D\uFEFF 👩‍👩‍👧‍👦 עברית العربية <!-- --> ]]> \u2028\u2029 ${x} {{x}} `tick` \\ \u0007';
/** The label, the payload and the odd characters; padded with flag emoji to `length` (UTF-16 units), or cut to it. */
const hostile = (label: string, length = 0) => {
  let text = `${label} ${PAYLOAD}${ODD}`;
  if (!length) return text;
  while (text.length > length) text = Array.from(text).slice(0, -1).join('');
  return text + '🇪🇺'.repeat(Math.floor((length - text.length) / 4));
};
const HOSTILE_URL = 'https://example.org/a?b=%3Cscript%3E&c=%22x%22#</script>';

let kit: Kit;
let dir: string;
let live: string;
let built: boolean;
let stopBuilder: (() => void) | undefined;

function walk(node: Node, visit: (el: Element) => void): void {
  if ('tagName' in node) visit(node as Element);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit);
  if (node.nodeName === 'template') walk((node as DefaultTreeAdapterTypes.Template).content, visit);
}

function htmlFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

beforeAll(async () => {
  kit = await makeKit();
  const post = async (path: string, body: unknown, status = 201) => {
    const res = await kit.call('POST', path, { body });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(status);
    return json(res);
  };
  const category = await post('/api/admin/categories', {
    name: hostile('Category', 200),
    slug: 'hostile-category',
    translations: { de: { name: hostile('Kategorie', 200) }, fr: { name: hostile('Catégorie', 200) } },
    image_url: '/images/categories/entertainment.svg',
    subcategories: [{ name: hostile('Sub', 200), slug: 'hostile-sub', translations: { de: { name: hostile('Unter', 200) }, fr: { name: hostile('Sous', 200) } } }],
  });
  const cert = await post('/api/admin/certificates', {
    name: hostile('Cert', 200),
    description: hostile('Certificate description', 2000),
    translations: { de: { description: hostile('Zertifikat') }, fr: { description: hostile('Certificat') } },
    icon_type: 'red',
  });
  const text = {
    description: hostile('Description', 5000),
    translations: { de: { description: hostile('Beschreibung', 5000) }, fr: { description: hostile('Description FR', 5000) } },
    headquarters: hostile('HQ'),
    legal_name: hostile('Legal'),
    owner_kind: 'parent',
    owner_name: hostile('Owner'),
    owner_country: 'CN',
    sources: [{ url: HOSTILE_URL, title: hostile('Source'), facts: ['headquarters', 'ownership'], verified_at: '2026-01-01' }],
    website_url: HOSTILE_URL,
    logo_url: HOSTILE_URL,
    founded_year: 2001,
    employee_count: 12,
  };
  const original = await post('/api/admin/companies', {
    ...text,
    name: hostile('Original Inc', 200),
    slug: 'hostile-original',
    country: 'US',
    category_id: category.id,
    double_irish: true,
  });
  await post('/api/admin/companies', {
    ...text,
    name: hostile('Hostile GmbH', 200),
    slug: 'hostile-company',
    country: 'DE',
    category_id: category.id,
    is_unicorn: true,
    subcategory_ids: [category.subcategories[0].id],
    certifications: [{ certification_id: cert.id, status: 'Pending', valid_from: '2024-01-01', valid_until: '2030-12-31', link: HOSTILE_URL }],
    eu_fines: [
      {
        body: hostile('Body', 200),
        kind: 'antitrust',
        status: 'reduced',
        amount: 4_340_000_000,
        current_amount: 4_125_000_000,
        date: '2018-07-18',
        description: hostile('Fine', 2000),
        translations: { de: { description: hostile('Strafe') }, fr: { description: hostile('Amende') } },
        announcement_url: HOSTILE_URL,
        status_url: HOSTILE_URL,
      },
      { body: 'European Commission', kind: 'other', status: 'in_force', amount: 1234.56, currency: 'usd', date: '2020-01-01', description: hostile('Small fine'), announcement_url: HOSTILE_URL },
    ],
    alternative_to: { add: [original.id] },
  });
  // A value stored before currencies were checked (an old import): it must not break the build either.
  const [company] = await kit.db.select({ id: t.company.id }).from(t.company).where(eq(t.company.slug, 'hostile-company'));
  await kit.db.insert(t.euFine).values({ companyId: company.id, amount: 5, currentAmount: 5, currency: 'EURO', date: '2019-01-01', description: 'Legacy fine' });

  dir = mkdtempSync(join(tmpdir(), 'ea-hostile-build-'));
  const logs: string[] = [];
  const builder = new SiteBuilder({
    projectRoot: process.cwd(),
    sitesDir: join(dir, 'sites'),
    env: { LIBSQL_URL: kit.url, SITE_URL: ORIGIN },
    debounceMs: 0,
    log: (m) => logs.push(m),
  });
  built = await builder.buildNow();
  // The build's renderer process stays alive for incremental publishes: end it with the test.
  stopBuilder = () => builder.stop();
  if (!built) console.error(logs.join('\n'));
  live = builder.liveDir() ?? '';
}, 600_000);

afterAll(() => {
  stopBuilder?.();
  kit?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('hostile values in every text field', () => {
  it('the API refuses 10,000-character texts with 400, never 500', async () => {
    const long = hostile('Long', 10_000);
    const cases: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/admin/certificates', { name: 'Long', description: long, icon_type: 'green' }],
      ['POST', '/api/admin/certificates', { name: long, description: 'x', icon_type: 'green' }],
      ['POST', '/api/admin/categories', { name: long, slug: 'long' }],
      ['POST', '/api/admin/companies', { name: 'Long', slug: 'long', category_id: 1, country: 'FR', founded_year: 2000, description: long }],
      ['POST', '/api/admin/companies', { name: 'Long', slug: 'long', category_id: 1, country: 'FR', founded_year: 2000, description: 'x', headquarters: long }],
      [
        'POST',
        '/api/admin/companies',
        {
          name: 'Long',
          slug: 'long',
          category_id: 1,
          country: 'FR',
          founded_year: 2000,
          description: 'x',
          eu_fines: [{ body: 'European Commission', kind: 'other', status: 'in_force', amount: 1, date: '2020-01-01', description: long, announcement_url: 'https://example.org/x' }],
        },
      ],
    ];
    for (const [method, path, body] of cases) {
      const res = await kit.call(method, path, { body });
      expect(res.status, `${path} ${Object.keys(body).join(',')}`).toBe(400);
    }
  });

  it('the real build succeeds', () => {
    expect(built).toBe(true);
    for (const page of ['companies/hostile-company.html', 'de/unternehmen/hostile-company.html', 'fr/entreprises/hostile-company.html', 'companies/hostile-original.html', 'categories/hostile-category.html']) {
      expect(existsSync(join(live, page)), page).toBe(true);
    }
  });

  it('shows the hostile text as text on the company page, in every language', () => {
    for (const [page, label] of [
      ['companies/hostile-company.html', 'Description'],
      ['de/unternehmen/hostile-company.html', 'Beschreibung'],
      ['fr/entreprises/hostile-company.html', 'Description FR'],
    ]) {
      const html = readFileSync(join(live, page), 'utf8');
      const doc = parse(html);
      let text = '';
      walk(doc, (el) => {
        for (const child of el.childNodes) if (child.nodeName === '#text') text += (child as DefaultTreeAdapterTypes.TextNode).value;
      });
      // The payload is there, whole, as visible text (escaped in the HTML), with the description's label.
      expect(text, page).toContain(`${label} ${PAYLOAD}`);
      expect(text, page).toContain('Hostile GmbH');
      // The markup in it made no element: no <img src=x>, no <svg>, no second <title>.
      walk(doc, (el) => {
        expect(el.tagName === 'img' && el.attrs.some((a) => a.name === 'src' && a.value === 'x'), page).toBe(false);
        expect(el.tagName === 'svg' && el.attrs.some((a) => a.name === 'onload'), page).toBe(false);
      });
      const titles: string[] = [];
      walk(doc, (el) => el.tagName === 'title' && titles.push(el.childNodes.map((c) => (c as DefaultTreeAdapterTypes.TextNode).value).join('')));
      expect(titles, page).toHaveLength(1);
      expect(titles[0], page).toContain(`Hostile GmbH ${PAYLOAD}`);
    }
    const fines = readFileSync(join(live, 'companies/hostile-company.html'), 'utf8');
    expect(fines).toContain('4.1 billion');
    expect(fines).toContain('5 EURO');
  });

  it('no page has an event handler attribute or a script the build did not write', () => {
    const pages = htmlFiles(live);
    // Every page of the small fixture site (countries without companies have no page).
    expect(pages.length).toBeGreaterThan(40);
    const allowed = new Set(readFileSync(join(live, '_headers'), 'utf8').match(/'sha256-[^']+'/g));
    const found = new Set<string>();
    const problems: string[] = [];
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      walk(parse(html), (el) => {
        for (const attr of el.attrs) if (attr.name.startsWith('on')) problems.push(`${file}: <${el.tagName} ${attr.name}>`);
        const json = el.attrs.some((a) => a.name === 'type' && a.value === 'application/ld+json');
        if (el.tagName === 'script' && !json) {
          const body = el.childNodes.map((c) => (c as DefaultTreeAdapterTypes.TextNode).value ?? '').join('');
          if (body.includes('alert(')) problems.push(`${file}: script ${body.slice(0, 80)}`);
        }
        if (el.tagName === 'a' || el.tagName === 'img') {
          const target = el.attrs.find((a) => a.name === 'href' || a.name === 'src')?.value ?? '';
          if (target.trim().toLowerCase().startsWith('javascript:')) problems.push(`${file}: ${target}`);
        }
      });
      for (const source of inlineScripts(html)) found.add(scriptHash(source));
    }
    expect(problems).toEqual([]);
    // The CSP allows exactly the inline scripts of the build: none of them came from the data.
    expect([...allowed].sort()).toEqual([...found].sort());
    expect(allowed.has(scriptHash('alert(1)'))).toBe(false);
  });

  it('keeps the structured data and the islands\' data files valid JSON with the hostile text in it', () => {
    const html = readFileSync(join(live, 'companies/hostile-company.html'), 'utf8');
    const ld: string[] = [];
    walk(parse(html), (el) => {
      if (el.tagName === 'script' && el.attrs.some((a) => a.name === 'type' && a.value === 'application/ld+json')) {
        ld.push(el.childNodes.map((c) => (c as DefaultTreeAdapterTypes.TextNode).value).join(''));
      }
    });
    expect(ld.length).toBeGreaterThan(0);
    for (const source of ld) {
      expect(source).not.toMatch(/<\/script/i);
      expect(JSON.stringify(JSON.parse(source))).toContain('Hostile GmbH');
    }
    const data = readdirSync(join(live, 'data')).filter((f) => f.endsWith('.json'));
    expect(data.length).toBeGreaterThan(0);
    for (const file of data) expect(() => JSON.parse(readFileSync(join(live, 'data', file), 'utf8')), file).not.toThrow();
    expect(data.some((f) => readFileSync(join(live, 'data', f), 'utf8').includes('Hostile GmbH'))).toBe(true);
  });
});
