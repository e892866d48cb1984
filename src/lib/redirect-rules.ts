// The redirect rules of the public site, derived from the route table and written to dist/_redirects
// (Cloudflare's format; the local server reads the same file). Pure: no database, no file system.
import { DEFAULT_LANG, LANGS, type Lang } from './i18n-langs.ts';
import { PAGES, SECTIONS, TOP_SECTIONS, langPrefix, subSectionOf, url, type PageId, type Section } from './routes.ts';

export interface RedirectRule {
  from: string;
  to: string;
  status: 200 | 301 | 302;
}

/** Slugs of the United States country page, which sends visitors to the home page (docs/architecture.md, "What the build writes besides pages"). */
export const US_COUNTRY_SLUGS = ['united-states', 'us', 'usa'] as const;

/** Cloudflare's limits for one _redirects file. */
export const REDIRECT_LIMITS = { static: 2000, dynamic: 100 } as const;

export interface RedirectOptions {
  /** where /admin/* is served from; the admin app is a single page that routes in the browser */
  adminEntry?: string;
  /** pages whose address changed (localized slugs: /de/kategorien/entertainment -> /de/kategorien/unterhaltung) */
  moves?: readonly { from: string; to: string }[];
}

function sectionsWithParams(): Set<Section> {
  return new Set(TOP_SECTIONS.filter((s) => (Object.keys(PAGES) as PageId[]).some((p) => PAGES[p].section === s && PAGES[p].params.length > 0)));
}

/** Segments that other languages use for a section, and that mean nothing else in `lang`. */
function foreignSegments(lang: Lang, segmentsOf: Record<Lang, string>, taken: Set<string>): string[] {
  const native = segmentsOf[lang];
  return [...new Set(LANGS.map((l) => segmentsOf[l]))].filter((seg) => seg !== native && !taken.has(seg));
}

export function redirectRules(options: RedirectOptions = {}): RedirectRule[] {
  const rules: RedirectRule[] = [];
  const withParams = sectionsWithParams();

  // The admin app: every /admin path serves its one page; nothing else below ever touches /admin.
  const admin = options.adminEntry ?? '/admin/index.html';
  rules.push({ from: '/admin', to: admin, status: 200 }, { from: '/admin/*', to: admin, status: 200 });

  // English has no prefix: /en and /en/... are the unprefixed paths.
  rules.push({ from: `/${DEFAULT_LANG}`, to: '/', status: 301 }, { from: `/${DEFAULT_LANG}/*`, to: '/:splat', status: 301 });

  // Old addresses of pages that now have a slug in their language: permanent.
  for (const move of options.moves ?? []) rules.push({ from: move.from, to: move.to, status: 301 });

  for (const lang of LANGS) {
    const prefix = langPrefix(lang);
    const home = url(lang, 'home');

    // The United States has no country page: its slugs go to the home page. Not permanent, so a
    // future US page is not hidden behind cached redirects.
    for (const slug of US_COUNTRY_SLUGS) rules.push({ from: `${prefix}/${SECTIONS.countries[lang]}/${slug}`, to: home, status: 302 });

    // Section words of another language under this language's prefix: /de/companies/x -> /de/unternehmen/x.
    const nativeTop = new Set(TOP_SECTIONS.map((s) => SECTIONS[s][lang]));
    for (const section of TOP_SECTIONS) {
      const native = `${prefix}/${SECTIONS[section][lang]}`;
      for (const seg of foreignSegments(lang, SECTIONS[section], nativeTop)) {
        rules.push({ from: `${prefix}/${seg}`, to: native, status: 301 });
        if (withParams.has(section)) rules.push({ from: `${prefix}/${seg}/*`, to: `${native}/:splat`, status: 301 });
      }
    }

    // Sub-segments of another language: /de/unternehmen/page/2 -> /de/unternehmen/seite/2.
    for (const page of Object.keys(PAGES) as PageId[]) {
      const sub = subSectionOf(page);
      const section = PAGES[page].section as Section | null;
      if (!sub || !section) continue;
      const base = `${prefix}/${SECTIONS[section][lang]}`;
      for (const seg of foreignSegments(lang, SECTIONS[sub], new Set([SECTIONS[sub][lang]]))) {
        rules.push({ from: `${base}/${seg}/*`, to: `${base}/${SECTIONS[sub][lang]}/:splat`, status: 301 });
      }
    }
  }
  return dedupe(rules);
}

function dedupe(rules: RedirectRule[]): RedirectRule[] {
  const seen = new Set<string>();
  return rules.filter((r) => {
    if (seen.has(r.from)) return false;
    seen.add(r.from);
    return true;
  });
}

export function isDynamic(rule: RedirectRule): boolean {
  return rule.from.includes('*') || /(^|\/):/.test(rule.from);
}

/** The _redirects file text. */
export function formatRedirects(rules: RedirectRule[]): string {
  const header = '# Generated at build time from src/lib/routes.ts (src/lib/redirect-rules.ts). Do not edit.\n';
  return header + rules.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n') + '\n';
}
