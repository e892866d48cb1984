// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { siteHeaders } from './src/api/site-headers.ts';
import redirects from './src/integrations/redirects.ts';
import devApi from './src/integrations/dev-api.ts';
import onlyPaths from './src/integrations/only-paths.ts';
import { loadEnvFile } from './src/lib/env.ts';

// The same .env loader as every other entry point; data.ts parses the environment when it connects.
loadEnvFile();
const site = process.env.SITE_URL || 'http://127.0.0.1:4321';

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
    // A draft preview is served under an admin route (src/server/site-preview.ts): its scripts and
    // styles are loaded from there too.
    assetsPrefix: process.env.ASTRO_ASSETS_PREFIX || undefined,
  },
  integrations: [
    react(),
    // The sitemap is written by src/pages/sitemap-index.xml.ts and sitemap-[n].xml.ts from the route
    // table and the data (localized slugs, lastmod, no empty countries).
    redirects(),
    // _headers with the CSP (inline-script hashes of this build) and cache rules.
    siteHeaders(),
    // `astro dev` only: /api/* served by the same API app as `npm start`.
    devApi(),
    // PREVIEW_COMPANY set: only that company's pages are generated (a draft preview).
    onlyPaths(),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
