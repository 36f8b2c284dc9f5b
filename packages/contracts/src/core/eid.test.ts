import { describe, expect, it } from 'vitest';
import { EID_PATTERN, isEid } from './schemas.js';

describe('isEid', () => {
  it('accepts what the Eid schema accepts: 24 lower-case hex characters', () => {
    expect(isEid('65d0c0de0000000000000001')).toBe(true);
    expect(new RegExp(EID_PATTERN).test('65d0c0de0000000000000001')).toBe(true);
  });

  it('refuses anything else, including what ObjectId would also take', () => {
    for (const value of [
      '65D0C0DE0000000000000001',
      '65d0c0de000000000000001',
      'abcdefghijkl',
      '',
      42,
      null,
      undefined,
    ])
      expect(isEid(value)).toBe(false);
  });
});
