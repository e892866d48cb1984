// What every router gets from createApp() through the Hono context.
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import type { ScryptParams } from './auth/password.ts';
import type { RequestLogger } from './middleware/request-log.ts';
import type { Publisher } from './publisher.ts';
import type { Previewer } from './routes/preview.ts';

export interface AppDeps {
  db: Db;
  publisher: Publisher;
  /**
   * Origins allowed to send state-changing requests and whose scheme decides the cookie flags:
   * SITE_URL, or http://HOST:PORT locally. Empty or omitted: the request's own origin.
   */
  allowedOrigins?: string[];
  /** The client address used for sign-in throttling and the auth log (socket address, CF-Connecting-IP, ...). */
  clientIp?: (c: Context) => string | undefined;
  /** Milliseconds since the epoch; tests move it to expire sessions and throttles. */
  now?: () => number;
  /** The scrypt cost of new password hashes: SCRYPT_PARAMS when omitted (production); tests pass a low one. */
  passwordParams?: ScryptParams;
  /** Called once per request with method, path, route, status and ms (the servers write a JSON line); omitted: no log. */
  logRequest?: RequestLogger;
  /** The secret CI sends to POST /api/publish/callback (PUBLISH_CALLBACK_SECRET); unset: callbacks are off. */
  publishCallbackSecret?: string;
  /** Builds draft previews (the local server); omitted (Cloudflare): the preview routes answer 409. */
  previewer?: Previewer;
}

export interface SessionUser {
  id: number;
  email: string;
}

export interface CurrentSession {
  id: string;
  userId: number;
  createdAt: number;
  lastActiveAt: number;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: SessionUser;
    session: CurrentSession;
  };
};

export function nowOf(c: Context<AppEnv>): number {
  return c.var.deps.now?.() ?? Date.now();
}

/** Who writes and when, for the stores (versions, updated_at, change log). */
export function writeContextOf(c: Context<AppEnv>): { actor: SessionUser; now: Date } {
  return { actor: { id: c.var.user.id, email: c.var.user.email }, now: new Date(nowOf(c)) };
}
