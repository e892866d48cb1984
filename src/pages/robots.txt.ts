// robots.txt with the absolute sitemap address of this deployment (SITE_URL); /admin stays out.
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'http://127.0.0.1:4321').href;
  return new Response(['User-agent: *', 'Disallow: /admin', '', `Sitemap: ${sitemap}`, ''].join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};
