// The Hono app of the API. createApp() is used by the Node server, the Cloudflare entry and the tests.
// One router per resource, mounted with app.route; the chained result is the AppType the admin UI's
// typed client (hc) uses.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from './context.ts';
import { errorResponse } from './errors.ts';
import { prepareDummyHash } from './auth/password.ts';
import { publishOnChange } from './middleware/publish-on-change.ts';
import { publishCallbackRoutes } from './publish-callback.ts';
import { PublishRuns } from './publish-runs.ts';
import { requireSession } from './middleware/require-session.ts';
import { requestLog } from './middleware/request-log.ts';
import { openApiDocument, type OpenApiDocument } from './openapi.ts';
import { sameOrigin } from './middleware/same-origin.ts';
import { authRoutes } from './routes/auth.ts';
import { buildRoutes } from './routes/build.ts';
import { previewRoutes } from './routes/preview.ts';
import { categoryRoutes } from './routes/categories.ts';
import { changeRoutes } from './routes/changes.ts';
import { certificateRoutes } from './routes/certificates.ts';
import { companyRoutes } from './routes/companies.ts';
import { countryRoutes } from './routes/countries.ts';
import { exportCsvRoutes } from './routes/export-csv.ts';
import { companyImpactRoutes } from './routes/company-impact.ts';
import { accountRoutes } from './routes/account.ts';
import { dataHealthRoutes } from './routes/data-health.ts';
import { inviteRoutes } from './routes/invite.ts';
import { userRoutes } from './routes/users.ts';
import { suggestionRoutes } from './routes/suggestions.ts';
import { guideRoutes } from './routes/guides.ts';
import { productRoutes } from './routes/products.ts';

export type { AppDeps, AppEnv } from './context.ts';

/** Request bodies: forms are small; import files may be larger. */
export const BODY_LIMIT = 256 * 1024;
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

const tooLarge = (limit: number) =>
  bodyLimit({
    maxSize: limit,
    onError: (c) => c.json({ error: `The request is too large (at most ${Math.round(limit / 1024)} KB).` }, 413),
  });
const formLimit = tooLarge(BODY_LIMIT);
const importLimit = tooLarge(IMPORT_BODY_LIMIT);

export function createApp(deps: AppDeps) {
  prepareDummyHash(deps.passwordParams);
  const app = new Hono<AppEnv>().basePath('/api');
  if (deps.logRequest) app.use(requestLog(deps.logRequest));
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(
    secureHeaders({
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      referrerPolicy: 'strict-origin-when-cross-origin',
      // A header a route set itself wins (the suggestion form page allows its own inline style).
      overwrite: false,
    }),
  );
  app.use(async (c, next) => {
    await next();
    // Admin data must not sit in shared or browser caches.
    c.header('Cache-Control', 'no-store');
  });
  app.use((c, next) => (c.req.path.endsWith('/import') ? importLimit(c, next) : formLimit(c, next)));
  app.use(sameOrigin);
  app.use('/admin/*', requireSession, publishOnChange);
  app.use('/changes', requireSession);
  app.use('/changes/*', requireSession);
  // Accounts: no site publish after their writes (nothing public changes). Owners only under /users.
  for (const path of ['/users', '/users/*', '/account', '/account/*']) app.use(path, requireSession);

  const routes = app
    .get('/health', async (c) => {
      try {
        await deps.db.run(sql`select 1`);
        // Public: the state only; build errors (file paths, output) are for signed-in admins (/admin/build).
        const { state, lastPublishedAt } = await new PublishRuns(deps.db, deps.now).status();
        return c.json({ status: 'ok' as const, database: 'ok', publish: { state, lastPublishedAt } }, 200);
      } catch (error) {
        console.error(error);
        return c.json({ status: 'error' as const, database: 'unavailable' }, 503);
      }
    })
    .route('/auth', authRoutes)
    .route('/admin/companies', companyRoutes)
    .route('/admin/companies', companyImpactRoutes)
    .route('/admin/categories', categoryRoutes)
    .route('/admin/certificates', certificateRoutes)
    .route('/admin/countries', countryRoutes)
    .route('/admin/guides', guideRoutes)
    .route('/admin/products', productRoutes)
    .route('/admin/build', buildRoutes)
    .route('/admin/preview', previewRoutes)
    .route('/admin/export', exportCsvRoutes)
    .route('/admin/data-health', dataHealthRoutes)
    .route('/changes', changeRoutes)
    .route('/users', userRoutes)
    .route('/account', accountRoutes)
    .route('/invite', inviteRoutes)
    .route('/suggestions', suggestionRoutes)
    .route('/publish', publishCallbackRoutes);

  // The OpenAPI description, generated from the routes above and their zod schemas (docs/api.md).
  let openApi: OpenApiDocument | undefined;
  app.get('/openapi.json', requireSession, (c) => c.json((openApi ??= openApiDocument(app.routes, { sessionGuards: [requireSession] }))));

  // Unknown /api paths answer JSON here, also when the Node server would otherwise serve the site.
  app.all('/*', (c) => c.json({ error: 'Not found' }, 404));
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((error, c) => errorResponse(error, c));
  return routes;
}

export type AppType = ReturnType<typeof createApp>;
