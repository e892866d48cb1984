// The local server: the API under /api and the static site for everything else, in one process.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createApp, type AppDeps } from '../api/app.ts';
import { serveSite } from './static-site.ts';

export interface ServerDeps extends AppDeps {
  /** the folder of the live site, or undefined while the first build runs */
  siteDir: () => string | undefined;
}

export function createServerApp(deps: ServerDeps) {
  const server = new Hono();
  server.use(compress());
  server.route('/', createApp(deps));
  server.all('*', async (c) => {
    const dir = deps.siteDir();
    if (!dir) {
      return c.text('The site is being built for the first time. Reload in a few seconds.', 503, { 'retry-after': '5' });
    }
    return serveSite(dir, c.req.raw);
  });
  // Last resort: the error goes to the log, the client gets a plain 500 without message or stack.
  server.onError((error, c) => {
    console.error(error);
    const headers = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
    if (c.req.path.startsWith('/api/')) return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500, headers);
    return c.text('Internal Server Error', 500, headers);
  });
  return server;
}
