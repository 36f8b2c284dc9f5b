import { describe, expect, it } from 'vitest';
import { serves, supportingIndex, type DeclaredIndex } from '../support/index-coverage.js';
import type { QueryShape } from '@ncs/service-kit';

const index = (...keys: [string, number][]): DeclaredIndex => ({ keys, unique: false });
const timeline = index(['networkEID', 1], ['timelineKey', 1], ['timelineAt', -1], ['_id', -1]);

describe('MongoDB planning rules of the index-coverage test', () => {
  it('serves equality keys, then the sort in order or wholly reversed', () => {
    const branch = { networkEID: 'eq', timelineKey: 'eq' };
    expect(
      serves(timeline, branch, [
        ['timelineAt', -1],
        ['_id', -1],
      ]),
    ).toBe(true);
    expect(
      serves(timeline, branch, [
        ['timelineAt', 1],
        ['_id', 1],
      ]),
    ).toBe(true);
    expect(
      serves(timeline, branch, [
        ['timelineAt', -1],
        ['_id', 1],
      ]),
    ).toBe(false);
    expect(serves(timeline, branch, [['created', -1]])).toBe(false);
  });

  it('serves a sort on the key a `$in` holds, right after the keys held equal', () => {
    const byState = index(['networkEID', 1], ['userState', 1], ['_id', 1]);
    expect(serves(index(['_id', 1]), { _id: 'in' }, [['_id', 1]])).toBe(true);
    expect(serves(byState, { networkEID: 'eq', userState: 'eq', _id: 'in' }, [['_id', -1]])).toBe(true);
    // A `$in` before the key held by another `$in` would mix the runs: not served.
    expect(serves(byState, { networkEID: 'eq', userState: 'in', _id: 'in' }, [['_id', 1]])).toBe(false);
  });

  it('needs the leading key: a filter without it scans', () => {
    expect(serves(timeline, { timelineKey: 'eq' }, [])).toBe(false);
    expect(serves(timeline, {}, [])).toBe(false);
    expect(serves(timeline, { networkEID: 'eq', other: 'other' }, [])).toBe(true);
    expect(serves(index(['created', 1]), { created: 'range' }, [])).toBe(true);
  });

  it('skips sort keys held equal, and a range before the sort breaks it', () => {
    expect(
      serves(timeline, { networkEID: 'eq', timelineKey: 'eq', timelineAt: 'eq' }, [
        ['timelineAt', -1],
        ['_id', -1],
      ]),
    ).toBe(true);
    expect(serves(timeline, { networkEID: 'eq', timelineKey: 'range' }, [['timelineAt', -1]])).toBe(false);
  });

  it('serves _id equality with the _id index, and every $or branch must be served', () => {
    expect(
      supportingIndex(
        { db: 'd', collection: 'c', command: 'update', branches: [{ _id: 'eq' }], sort: [] },
        [],
      ),
    ).toBeDefined();
    const shape: QueryShape = {
      db: 'd',
      collection: 'c',
      command: 'find',
      branches: [{ networkEID: 'eq' }, { other: 'eq' }],
      sort: [],
    };
    expect(supportingIndex(shape, [timeline])).toBeUndefined();
  });
});
