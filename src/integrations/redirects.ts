// Writes dist/_redirects from the route table after every build (the CDN and the local server read it).
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { REDIRECT_LIMITS, formatRedirects, isDynamic, redirectRules } from '../lib/redirect-rules.ts';
import { localizedSlugMoves, type PageEntry } from '../lib/paths.ts';

/**
 * The _redirects text of the site in `out` (the incremental renderer writes it again after a change,
 * from the pages it has just read: `entries`, so the directory is not read a second time).
 */
export async function redirectsText(out: string, entries?: PageEntry[]): Promise<{ text: string; rules: number; dynamic: number }> {
  // The admin app may be built as admin/index.html or as admin.html, depending on its route file.
  const adminEntry = existsSync(join(out, 'admin.html')) && !existsSync(join(out, 'admin', 'index.html')) ? '/admin' : '/admin/index.html';
  const rules = redirectRules({ adminEntry, moves: await localizedSlugMoves(entries) });
  const dynamic = rules.filter(isDynamic).length;
  if (dynamic > REDIRECT_LIMITS.dynamic || rules.length - dynamic > REDIRECT_LIMITS.static) {
    throw new Error(`_redirects has ${dynamic} dynamic and ${rules.length - dynamic} static rules, over Cloudflare's limits.`);
  }
  return { text: formatRedirects(rules), rules: rules.length, dynamic };
}

export default function redirects(): AstroIntegration {
  return {
    name: 'site-redirects',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const { text, rules, dynamic } = await redirectsText(out);
        writeFileSync(join(out, '_redirects'), text);
        logger.info(`_redirects written: ${rules} rules (${dynamic} dynamic).`);
      },
    },
  };
}
