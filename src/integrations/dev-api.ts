// `npm run dev` serves the admin API too: /api/* goes to the same createApp() as `npm start`
// (src/server/dev-api.ts, reloaded on edit), and /admin/* deep links get the admin page, as the
// build's _redirects do in production. Build and preview are unaffected.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AstroIntegration } from 'astro';

type ApiModule = { handleApi: (req: IncomingMessage, res: ServerResponse) => Promise<void> };
type Runner = { import: (id: string) => Promise<unknown> };

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export default function devApi(): AstroIntegration {
  return {
    name: 'dev-api',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        const runner = (server.environments.ssr as { runner?: Runner }).runner;
        if (!runner) {
          logger.warn('The dev server has no module runner: /api is not available in dev.');
          return;
        }
        server.middlewares.use((req, res, next) => {
          const url = req.url ?? '/';
          if (url.startsWith('/admin/') && req.method === 'GET' && req.headers.accept?.includes('text/html')) req.url = '/admin';
          if (!isApi(url)) return next();
          runner
            .import('/src/server/dev-api.ts')
            .then((mod) => (mod as ApiModule).handleApi(req, res))
            .catch(next);
        });
      },
    },
  };
}
