import { describe, expect, it } from 'vitest';
import { isDuplicateKeyError, pick } from './database.js';

describe('isDuplicateKeyError', () => {
  it("recognises MongoDB's E11000, from MongoDB and FerretDB alike", () => {
    expect(isDuplicateKeyError(Object.assign(new Error('E11000 duplicate key'), { code: 11000 }))).toBe(true);
    expect(isDuplicateKeyError({ code: 11000 })).toBe(true);
  });

  it("recognises FerretDB 1.x's variant on an update that breaks a unique index", () => {
    const error = Object.assign(new Error('UNIQUE constraint failed: _ferretdb_groups_xid_1.xid'), {
      code: 1,
    });
    expect(isDuplicateKeyError(error)).toBe(true);
  });

  it('is false for every other failure', () => {
    expect(isDuplicateKeyError(new Error('connection closed'))).toBe(false);
    expect(isDuplicateKeyError({ code: 11001 })).toBe(false);
    expect(isDuplicateKeyError('UNIQUE constraint failed')).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });
});

describe('pick', () => {
  it('keeps only the named keys that are present', () => {
    expect(pick({ name: 'x', role: 'owner', description: undefined }, ['name', 'description'])).toEqual({
      name: 'x',
    });
  });
});
