import { describe, expect, it } from 'vitest';
import { canonicalJson, checkedKey, keyAlive, requestHashOf } from './keys.js';

describe('idempotency keys', () => {
  it('takes 1 to 255 printable ASCII characters', () => {
    expect(checkedKey('a')).toBe('a');
    expect(checkedKey('order 42/~x')).toBe('order 42/~x');
    expect(checkedKey('k'.repeat(255))).toHaveLength(255);
  });

  it('refuses an empty, long or non-ASCII key, naming the header', () => {
    for (const bad of ['', 'k'.repeat(256), 'café', 'tab\there', 'nl\n']) {
      expect(() => checkedKey(bad)).toThrow(
        expect.objectContaining({
          errorName: 'MESSAGING_ERR_IDEM_KEY_INVALID',
          code: -342,
          details: [expect.objectContaining({ pointer: '/header/Idempotency-Key' })],
        }),
      );
    }
  });

  it('fingerprints the route, path parameters and body regardless of key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
    );
    const one = requestHashOf('message.create', { networkEID: 'n' }, { htmlBody: 'x', group: 'g' });
    expect(requestHashOf('message.create', { networkEID: 'n' }, { group: 'g', htmlBody: 'x' })).toBe(one);
    expect(requestHashOf('message.create', { networkEID: 'n' }, { htmlBody: 'y', group: 'g' })).not.toBe(one);
    expect(requestHashOf('comment.create', { networkEID: 'n' }, { htmlBody: 'x', group: 'g' })).not.toBe(one);
    expect(requestHashOf('message.like', { messageEID: 'a' }, null)).not.toBe(
      requestHashOf('message.like', { messageEID: 'b' }, null),
    );
  });

  it('answers for 24 hours', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    expect(keyAlive(created, new Date('2026-01-01T23:59:59Z'))).toBe(true);
    expect(keyAlive(created, new Date('2026-01-02T00:00:00Z'))).toBe(false);
  });
});
