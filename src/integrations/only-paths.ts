// Generates only some pages: with PREVIEW_COMPANY set (a draft preview, src/server/site-preview.ts),
// only that company's page in every language. Every other route (lists, sitemaps, data files, feeds,
// images) is left out, so a preview build renders three pages instead of thousands.
// It wraps Astro's own prerenderer, so the pages it renders are exactly the ones a full build renders.
// In the incremental renderer's process (src/server/renderer/worker.ts) it also hands Astro's
// prerenderer over, so pages can be rendered again after the build with the same code.
import type { AstroIntegration } from 'astro';
import { rendererHook } from '../api/site-headers.ts';
import { LANGS } from '../lib/i18n-langs.ts';
import { urlOf } from '../lib/routes.ts';

/** The paths a build with this environment is restricted to, or undefined for a full build. */
export function onlyPathsFromEnv(env: Record<string, string | undefined> = process.env): Set<string> | undefined {
  const slug = env.PREVIEW_COMPANY;
  if (!slug) return undefined;
  return new Set(LANGS.map((lang) => urlOf(lang, 'company', { slug })));
}

const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);

export default function onlyPaths(): AstroIntegration {
  return {
    name: 'only-paths',
    hooks: {
      'astro:build:start': ({ setPrerenderer, logger }) => {
        const only = onlyPathsFromEnv();
        const hook = rendererHook();
        if (hook?.onPrerenderer && !only) {
          setPrerenderer((astro) => {
            hook.onPrerenderer!(astro);
            return astro;
          });
          return;
        }
        if (!only) return;
        logger.info(`Only ${only.size} path(s): ${[...only].join(', ')}`);
        setPrerenderer((astro) => ({
          ...astro,
          name: 'only-paths',
          getStaticPaths: async () => (await astro.getStaticPaths()).filter((p) => only.has(normalize(p.pathname))),
        }));
      },
    },
  };
}
