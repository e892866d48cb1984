// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { siteHeaders } from './src/api/site-headers.ts';

const site = process.env.SITE_URL || 'http://127.0.0.1:4321';

export default defineConfig({
  site,
  output: 'static',
  // The local server builds into a fresh folder beside dist/ and swaps it in when the build succeeds.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // Two cores here: more parallel page renders only add contention.
    concurrency: 2,
  },
  integrations: [
    react(),
    sitemap({
      filter: (page) => !new URL(page).pathname.startsWith('/admin') && !/\/404\/?$/.test(new URL(page).pathname),
      i18n: { defaultLocale: 'en', locales: { en: 'en', de: 'de', fr: 'fr' } },
    }),
    // _headers with the CSP (inline-script hashes of this build) and cache rules.
    siteHeaders(),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
