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
  REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).default(1500),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${lines}`);
  }
  return result.data;
}
