// The session cookie: HttpOnly, SameSite=Lax, Path=/; over https also Secure with the __Host- prefix.
// The known-device cookie (device.ts) has the same flags, SameSite=Strict, and outlives sessions.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context.ts';
import { DEVICE_LIFETIME_MS } from './device.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS } from './session.ts';

export const SESSION_COOKIE = 'ea_session';
export const DEVICE_COOKIE = 'ea_device';

/** https when the configured public origin is https (production), else when the request itself is. */
export function isSecureSite(c: Context<AppEnv>): boolean {
  const origin = c.var.deps.allowedOrigins?.[0];
  return (origin ? new URL(origin).protocol : new URL(c.req.url).protocol) === 'https:';
}

function options(c: Context<AppEnv>) {
  const secure = isSecureSite(c);
  // hono adds the "__Host-" prefix to the name and enforces Secure, Path=/ and no Domain with it.
  return { httpOnly: true, sameSite: 'Lax' as const, path: '/', secure, ...(secure ? { prefix: 'host' as const } : {}) };
}

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE, isSecureSite(c) ? 'host' : undefined);
}

export function writeSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { ...options(c), maxAge: Math.floor(SESSION_ABSOLUTE_LIFETIME_MS / 1000) });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, options(c));
}

export function readDeviceCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, DEVICE_COOKIE, isSecureSite(c) ? 'host' : undefined);
}

/** Kept at sign-out on purpose: it is what lets this browser in while the account is under attack. */
export function writeDeviceCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, DEVICE_COOKIE, token, { ...options(c), sameSite: 'Strict', maxAge: Math.floor(DEVICE_LIFETIME_MS / 1000) });
}
