// The sitemap: every indexable page with its language alternates and the day its data last changed
// (never the build date, so a build of the same data writes the same file).
import { LANGS } from './i18n-langs.ts';
import { allPages, alternates, type PageEntry } from './paths.ts';
import { loadDirectory } from './data.ts';
import { countryBySlug } from './countries.ts';

/** URLs per sitemap file (the protocol allows 50,000). */
export const SITEMAP_CHUNK = 40_000;

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
/** The latest of some YYYY-MM-DD days ('' for none): ISO days sort as text. */
const latest = (days: string[]) => days.reduce((a, b) => (a.localeCompare(b) < 0 ? b : a), '');

async function lastModifiedOf(): Promise<(entry: PageEntry) => string> {
  const d = await loadDirectory();
  const companyDay = new Map(d.companies.map((c) => [c.id, latest([day(c.updatedAt), day(c.createdAt)])]));
  const all = latest([...companyDay.values(), ...d.categories.map((c) => latest([day(c.updatedAt), day(c.createdAt)]))]);
  const byCategory = new Map<number, string>();
  const byCountry = new Map<string, string>();
  for (const c of d.companies) {
    const when = companyDay.get(c.id)!;
    byCategory.set(c.categoryId, latest([byCategory.get(c.categoryId) ?? '', when]));
    byCountry.set(c.country, latest([byCountry.get(c.country) ?? '', when]));
  }
  // A product page changes with its product, its alternatives and the companies behind them.
  const productDay = (p: { updatedAt: string | null; createdAt: string | null; companyId: number }) =>
    latest([day(p.updatedAt), day(p.createdAt), companyDay.get(p.companyId) ?? '']);
  return (entry) => {
    switch (entry.page) {
      case 'product': {
        const product = d.productBySlug.get(entry.params.slug);
        if (!product) return all;
        return latest([productDay(product), ...(d.productAlternativesOf.get(product.id) ?? []).map((a) => productDay(a.product))]) || all;
      }
      case 'company':
        return companyDay.get(d.companyBySlug.get(entry.params.slug)?.id ?? -1) || all;
      case 'category':
      case 'subcategory':
      case 'categoryPage':
      case 'subcategoryPage': {
        const category = d.categoryBySlug.get(entry.params.category);
        return (category && latest([byCategory.get(category.id) ?? '', day(category.updatedAt), day(category.createdAt)])) || all;
      }
      case 'country':
      case 'countryPage':
        return byCountry.get(countryBySlug(entry.params.slug)?.code ?? '') || all;
      default:
        return all;
    }
  };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The indexable pages (not the 404 pages, not the search results page), in build order. */
export async function sitemapEntries(): Promise<PageEntry[]> {
  return (await allPages()).filter((p) => p.page !== 'notFound' && p.page !== 'search');
}

export async function sitemapFileCount(): Promise<number> {
  return Math.max(1, Math.ceil((await sitemapEntries()).length / SITEMAP_CHUNK));
}

export async function sitemapXml(n: number, site: URL): Promise<string> {
  const entries = (await sitemapEntries()).slice(n * SITEMAP_CHUNK, (n + 1) * SITEMAP_CHUNK);
  const lastmod = await lastModifiedOf();
  // Our paths are absolute and URL-safe already (lib/routes.ts): joining them to the origin gives what
  // new URL() would, without parsing 4 URLs per page (a quarter of a second per publish at 7,000 pages).
  const origin = new URL(site).origin;
  const abs = (path: string) => escapeXml(/^\/[A-Za-z0-9\-._~%/]*$/.test(path) && !/\/\.{1,2}(\/|$)/.test(path) ? origin + path : new URL(path, site).href);
  const urls = entries.map((entry) => {
    const alt = alternates(entry);
    const links = [...LANGS.map((l) => [l, alt[l]]), ['x-default', alt.en]]
      .map(([l, path]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${abs(path)}"/>`)
      .join('');
    const mod = lastmod(entry);
    return `<url><loc>${abs(entry.path)}</loc>${mod ? `<lastmod>${mod}</lastmod>` : ''}${links}</url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

export async function sitemapIndexXml(site: URL): Promise<string> {
  const count = await sitemapFileCount();
  const d = await loadDirectory();
  const mod = latest(d.companies.map((c) => latest([day(c.updatedAt), day(c.createdAt)])));
  const files = Array.from({ length: count }, (_, n) => `<sitemap><loc>${escapeXml(new URL(`/sitemap-${n}.xml`, site).href)}</loc>${mod ? `<lastmod>${mod}</lastmod>` : ''}</sitemap>`);
  return '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + files.join('\n') + '\n</sitemapindex>\n';
}
