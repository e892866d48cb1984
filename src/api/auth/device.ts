// The "known device" cookie, set at every successful sign-in. A later sign-in from the same browser
// is throttled on its own counter instead of the account's and the address's, so an attacker who
// fails on purpose from many addresses (or behind the same proxy) cannot keep the real admin out.
// The cookie is "<user id>.<issued at>.<nonce>.<mac>", the MAC an HMAC-SHA256 keyed with the account's
// stored password hash: no extra secret to configure, only the server can make one, and a password
// reset (a new hash) forgets every device of the account.
import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase32LowerCaseNoPadding, encodeBase64urlNoPadding } from '@oslojs/encoding';

export const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

interface Account {
  id: number;
  passwordHash: string;
}

const text = new TextEncoder();

function mac(account: Account, issuedAt: number, nonce: string): Uint8Array {
  return hmac(SHA256, text.encode(account.passwordHash), text.encode(`ea-device-v1.${account.id}.${issuedAt}.${nonce}`));
}

/** A new cookie value for this browser. */
export function deviceToken(account: Account, now: number): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  const nonce = encodeBase32LowerCaseNoPadding(bytes);
  return `${account.id}.${now}.${nonce}.${encodeBase64urlNoPadding(mac(account, now, nonce))}`;
}

/** The device's id ("<user id>.<nonce>") when the token is this account's, unexpired and genuine; else undefined. */
export function knownDevice(token: string | undefined, account: Account, now: number): string | undefined {
  const m = /^(\d{1,15})\.(\d{1,15})\.([a-z2-7]{16})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!m) return undefined;
  const [, id, issued, nonce, sent] = m;
  const issuedAt = Number(issued);
  if (Number(id) !== account.id || issuedAt > now || now - issuedAt > DEVICE_LIFETIME_MS) return undefined;
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(sent);
  } catch {
    return undefined;
  }
  return constantTimeEqual(given, mac(account, issuedAt, nonce)) ? `${account.id}.${nonce}` : undefined;
}
