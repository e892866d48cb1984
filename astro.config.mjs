// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { siteHeaders } from './src/api/site-headers.ts';
import redirects from './src/integrations/redirects.ts';
import { LANGS, alternatesOf, matchPath } from './src/lib/routes.ts';

const site = process.env.SITE_URL || 'http://127.0.0.1:4321';

/** A sitemap entry with its localized alternates from the route table (the paths differ per language, */
/** so the sitemap integration's own i18n option, which only swaps a prefix, cannot find them). */
function withAlternates(/** @type {import('@astrojs/sitemap').SitemapItem} */ item) {
  const pathname = new URL(item.url).pathname;
  const match = matchPath(pathname);
  if (!match) return item;
  const alternates = alternatesOf(match.page, match.params);
  const abs = (/** @type {string} */ path) => new URL(path, site).href;
  return {
    ...item,
    url: abs(alternates[match.lang]),
    links: [...LANGS.map((lang) => ({ lang, url: abs(alternates[lang]) })), { lang: 'x-default', url: abs(alternates.en) }],
  };
}

export default defineConfig({
  site,
  output: 'static',
  // The local server builds into a fresh folder beside dist/ and swaps it in when the build succeeds.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  build: {
    // /de/unternehmen.html: served as /de/unternehmen (our canonical form, no trailing slash) by
    // Cloudflare and the local server, and /de/404.html is the 404 page Cloudflare picks for /de/*.
    format: 'file',
    // Two cores here: more parallel page renders only add contention.
    concurrency: 2,
    // Fingerprinted scripts and styles under /assets (long-cached by the generated _headers).
    assets: 'assets',
  },
  integrations: [
    react(),
    sitemap({
      filter: (page) => !new URL(page).pathname.startsWith('/admin') && !/\/404(\.html)?\/?$/.test(new URL(page).pathname),
      serialize: withAlternates,
    }),
    redirects(),
    // _headers with the CSP (inline-script hashes of this build) and cache rules.
    siteHeaders(),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
