import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SECRET_HASH_LOG2_COST, hashSecret, setSecretHashCost, verifySecret } from './secrets.js';

afterEach(() => setSecretHashCost(DEFAULT_SECRET_HASH_LOG2_COST));

// CPU-bound on purpose (three default-cost scrypt hashes): a busy 2-core runner needs more than 5 s.
describe('secret hashes', { timeout: 30_000 }, () => {
  it('use scrypt at N=2^15, r=8, p=4 by default, and verify only the right secret', async () => {
    const stored = await hashSecret('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$4\$[\w-]{22}\$[\w-]{43}$/);
    await expect(verifySecret('correct horse', stored)).resolves.toBe(true);
    await expect(verifySecret('correct horsf', stored)).resolves.toBe(false);
  });

  it('take a lower cost for new hashes only: a hash made at the default cost still verifies', async () => {
    const strong = await hashSecret('s3cret');
    setSecretHashCost(10);
    const cheap = await hashSecret('s3cret');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$4\$/);
    await expect(verifySecret('s3cret', cheap)).resolves.toBe(true);
    await expect(verifySecret('s3cret', strong)).resolves.toBe(true);
  });

  it('refuse a cost outside 2^10..2^15', () => {
    expect(() => setSecretHashCost(9)).toThrow(RangeError);
    expect(() => setSecretHashCost(16)).toThrow(RangeError);
  });
});
