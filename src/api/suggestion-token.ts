// The time check of the public suggestion form: a token "v1.<issued ms>.<HMAC-SHA256>" handed out with
// the form and sent back with it. It proves the form was fetched from us at least MIN_AGE before the
// submission and at most MAX_AGE before; the signature keeps anyone from writing their own times.
// Web Crypto only, so the same code runs on Node and on Cloudflare.
export const SUGGESTION_TOKEN = { minAgeMs: 3_000, maxAgeMs: 24 * 60 * 60 * 1000, clockSkewMs: 60_000 } as const;

export type TokenCheck = 'ok' | 'missing' | 'invalid' | 'too_fast' | 'expired';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

const b64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromB64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

const payload = (issued: number) => encoder.encode(`suggestion-form:v1:${issued}`);

export async function issueToken(secret: string, now: number): Promise<string> {
  const sig = await crypto.subtle.sign('HMAC', await keyFor(secret), payload(now));
  return `v1.${now}.${b64url(sig)}`;
}

export async function checkToken(secret: string, token: string | undefined, now: number): Promise<TokenCheck> {
  if (!token) return 'missing';
  const m = /^v1\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return 'invalid';
  const issued = Number(m[1]);
  const sig = fromB64url(m[2]);
  if (!sig || !(await crypto.subtle.verify('HMAC', await keyFor(secret), sig, payload(issued)))) return 'invalid';
  const age = now - issued;
  if (age < -SUGGESTION_TOKEN.clockSkewMs) return 'invalid';
  if (age < SUGGESTION_TOKEN.minAgeMs) return 'too_fast';
  if (age > SUGGESTION_TOKEN.maxAgeMs) return 'expired';
  return 'ok';
}
