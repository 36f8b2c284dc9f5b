/**
 * The pure rules of idempotent posting: the key's syntax, the request's fingerprint and a key's
 * lifetime (unit-tested in keys.test.ts).
 */
import { createHash } from 'node:crypto';
import { DomainError } from '@ncs/contracts';
import { IDEMPOTENCY_KEY_LIFETIME_S } from './models.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 1..255 printable ASCII characters (space to tilde). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** The key as sent, or a 400 naming the header when it is not 1..255 printable ASCII characters. */
export function checkedKey(key: string): string {
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new DomainError('MESSAGING_ERR_IDEM_KEY_INVALID', undefined, [
      {
        pointer: `/header/${IDEMPOTENCY_HEADER}`,
        message: `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters`,
      },
    ]);
  }
  return key;
}

/** JSON with object keys sorted at every level: two bodies that differ only in key order are equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) of the route, its path parameters and its canonical body. */
export function requestHashOf(routeId: string, params: unknown, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ route: routeId, params: params ?? {}, body: body ?? null }))
    .digest('hex');
}

/** Whether a key stored at `created` still answers at `now` (24 hours). */
export function keyAlive(created: Date, now: Date): boolean {
  return now.getTime() - created.getTime() < IDEMPOTENCY_KEY_LIFETIME_S * 1000;
}
