// Environment parsed once, with defaults for the embedded local setup.
import { z } from 'zod';

const envSchema = z.object({
  LIBSQL_URL: z.string().min(1).default('file:db/local.db'),
  LIBSQL_AUTH_TOKEN: z.string().optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  // Public origin of the site (used for canonical URLs, the sitemap and the same-origin check).
  SITE_URL: z.url().optional(),
  // Production: POST here to rebuild and redeploy instead of building locally.
  REBUILD_HOOK_URL: z.url().optional(),
  REBUILD_HOOK_TOKEN: z.string().optional(),
  // CI reports the end of a deploy to POST /api/publish/callback with this secret (Bearer).
  PUBLISH_CALLBACK_SECRET: z.string().min(32, 'PUBLISH_CALLBACK_SECRET must be at least 32 characters').optional(),
  // Short: a save publishes incrementally in about a second; the pause only gathers a burst of saves.
  REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).default(300),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  // Signs the time token of the public suggestion form (HMAC). Required in production.
  SUGGESTION_SECRET: z.string().min(32, 'SUGGESTION_SECRET must be at least 32 characters').optional(),
});

export type Env = z.infer<typeof envSchema>;

/**
 * The one env loader of every entry point (npm start, dev, build, db:*, admin:create): reads `.env` from
 * the working directory (the project root under npm) into process.env, where a variable already set in
 * the real environment wins, then parses. No `.env` is fine. Tests never call it: they set what they need.
 */
export function loadEnv(file = '.env'): Env {
  loadEnvFile(file);
  return parseEnv();
}

/** Only the file-reading half of loadEnv(), for places that parse later (astro.config.mjs). */
export function loadEnvFile(file = '.env'): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${lines}`);
  }
  return result.data;
}

/** Local development only: a fixed key, so forms keep working across restarts. Never used in production. */
export const DEV_SUGGESTION_SECRET = 'dev-only-suggestion-secret-not-for-production';

/**
 * The key that signs suggestion-form tokens: SUGGESTION_SECRET from the given bindings (Cloudflare) or the
 * process environment. In production (NODE_ENV=production, or the site served over https) a missing
 * secret is an error that names the variable; locally the development key is used.
 */
export function suggestionSecret(bindings: Record<string, unknown> | undefined, requestUrl: string): string {
  const fromBindings = typeof bindings?.SUGGESTION_SECRET === 'string' ? bindings.SUGGESTION_SECRET : undefined;
  const proc = typeof process === 'undefined' ? undefined : process.env;
  const secret = fromBindings || proc?.SUGGESTION_SECRET;
  if (secret) {
    if (secret.length < 32) throw new Error('SUGGESTION_SECRET must be at least 32 characters.');
    return secret;
  }
  const production = proc?.NODE_ENV === 'production' || new URL(requestUrl).protocol === 'https:';
  if (production) throw new Error('SUGGESTION_SECRET is not set: the suggestion form cannot sign its tokens. Set it (32+ random characters) in the environment.');
  return DEV_SUGGESTION_SECRET;
}
