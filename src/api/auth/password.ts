// Password hashing with scrypt from node:crypto (also available on Cloudflare with nodejs_compat).
// Parameters: N = 2^14, r = 8, p = 5, one of OWASP's equivalent recommended scrypt settings; it needs
// 16 MiB per hash, which fits a Worker's memory limit (the N = 2^17 variant needs 128 MiB). The
// parameters are stored in every hash, so they can be raised later without invalidating old hashes.
// The cost of new hashes is a dependency (AppDeps.passwordParams): production uses SCRYPT_PARAMS, the API
// tests a low cost, which verifying then reads back from the stored hash.
import { randomBytes, scrypt } from 'node:crypto';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64, encodeBase64 } from '@oslojs/encoding';

export interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
  keyLength: number;
}

/** Production: the cost of every new hash unless a caller passes another (tests). */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ log2N: 14, r: 8, p: 5, keyLength: 32 });

function derive(password: string, salt: Uint8Array, params: ScryptParams): Promise<Uint8Array> {
  const N = 2 ** params.log2N;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, params.keyLength, { N, r: params.r, p: params.p, maxmem: 256 * N * params.r }, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    );
  });
}

/** "scrypt$ln=14,r=8,p=5$<salt>$<hash>" (base64). */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = new Uint8Array(randomBytes(16));
  const key = await derive(password, salt, params);
  return `scrypt$ln=${params.log2N},r=${params.r},p=${params.p}$${encodeBase64(salt)}$${encodeBase64(key)}`;
}

function parseHash(stored: string): { params: ScryptParams; salt: Uint8Array; key: Uint8Array } | undefined {
  const m = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!m) return undefined;
  const [log2N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Refuse parameters that would make one verification a denial of service.
  if (log2N < 10 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  try {
    const key = decodeBase64(m[5]);
    return { params: { log2N, r, p, keyLength: key.length }, salt: decodeBase64(m[4]), key };
  } catch {
    return undefined;
  }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return constantTimeEqual(key, parsed.key);
}

/** One dummy hash per cost (in practice: production's, and the tests' low one). */
const dummies = new Map<string, Promise<string>>();

function dummyHash(params: ScryptParams): Promise<string> {
  const key = `${params.log2N},${params.r},${params.p},${params.keyLength}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password-only-for-timing', params);
    dummies.set(key, dummy);
    dummy.catch(() => dummies.delete(key));
  }
  return dummy;
}

/** Computes the dummy hash ahead of the first sign-in, so even that one answers in the usual time. */
export function prepareDummyHash(params: ScryptParams = SCRYPT_PARAMS): void {
  dummyHash(params).catch(() => undefined);
}

/**
 * Spends the same time as a real check of a hash of this cost, so an unknown email answers no faster
 * than a wrong password.
 */
export async function verifyAgainstDummy(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<false> {
  await verifyPassword(password, await dummyHash(params));
  return false;
}
