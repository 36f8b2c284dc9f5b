/**
 * Secrets at rest: passwords and client secrets with scrypt (memory-hard, in Node's crypto, no
 * native add-on to build), opaque tokens as SHA-256 (they are 256-bit random, so a fast hash is safe).
 */
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// N=2^15, r=8: 32 MiB per hash (OWASP's scrypt minimum is N=2^17 r=8 p=1 or equivalent; we use
// p=4 at N=2^15 for the same work with less memory per call on small machines).
export const DEFAULT_SECRET_HASH_LOG2_COST = 15;
const PARAMS = { r: 8, p: 4, keyLength: 32 } as const;
const MAXMEM = 128 * 2 ** DEFAULT_SECRET_HASH_LOG2_COST * PARAMS.r * 2;

/**
 * log2 of scrypt's N for new hashes. Verification always uses the N stored with a hash, so lowering
 * it (the test stack does, `SECRET_HASH_LOG2_COST`) never locks anyone out; set once at start.
 */
let log2Cost = DEFAULT_SECRET_HASH_LOG2_COST;
export function setSecretHashCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > DEFAULT_SECRET_HASH_LOG2_COST) {
    throw new RangeError(`scrypt cost 2^${log2N} is outside 2^10..2^${DEFAULT_SECRET_HASH_LOG2_COST}`);
  }
  log2Cost = log2N;
}

function derive(
  secret: string,
  salt: Buffer,
  params: { N: number; r: number; p: number; keyLength: number },
) {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAXMEM };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(secret.normalize('NFKC'), salt, params.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** log2Cost;
  const key = await derive(secret, salt, { ...PARAMS, N });
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(secret, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A stored hash of nothing, verified against when the account does not exist (equal timing). */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashSecret(randomBytes(16).toString('hex'));
  return decoy;
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
