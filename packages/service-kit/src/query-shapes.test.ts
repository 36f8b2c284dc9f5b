import { describe, expect, it } from 'vitest';
import { branchesOf, shapesOf } from './query-shapes.js';

describe('query shapes', () => {
  it('records keys and the kind of condition, never values', () => {
    expect(
      branchesOf({
        networkEID: 'n',
        created: { $lt: new Date() },
        type: { $in: ['a'] },
        x: { $exists: true },
      }),
    ).toEqual([{ networkEID: 'eq', created: 'range', type: 'in', x: 'other' }]);
    expect(JSON.stringify(shapesOf('db', { find: 'c', filter: { hash: 'secret-hash' } }))).not.toContain(
      'secret',
    );
  });

  it('expands $or into branches and merges $and', () => {
    expect(branchesOf({ networkEID: 'n', $or: [{ a: 1 }, { b: { $gt: 1 } }] })).toEqual([
      { networkEID: 'eq', a: 'eq' },
      { networkEID: 'eq', b: 'range' },
    ]);
    expect(branchesOf({ $and: [{ a: 1 }, { b: 2 }] })).toEqual([{ a: 'eq', b: 'eq' }]);
  });

  it('reads find, update, delete, findAndModify and aggregate commands', () => {
    expect(shapesOf('db', { find: 'c', filter: { a: 1 }, sort: { b: -1 } })).toEqual([
      { db: 'db', collection: 'c', command: 'find', branches: [{ a: 'eq' }], sort: [['b', -1]] },
    ]);
    expect(
      shapesOf('db', { update: 'c', updates: [{ q: { _id: 1 } }, { q: { a: 1 } }] }).map((s) => s.branches),
    ).toEqual([[{ _id: 'eq' }], [{ a: 'eq' }]]);
    expect(shapesOf('db', { delete: 'c', deletes: [{ q: { a: 1 } }] })[0]!.branches).toEqual([{ a: 'eq' }]);
    // The driver's `find` carries its sort as a Map, in the keys' order.
    const sortMap = new Map<string, number>([
      ['b', -1],
      ['_id', 1],
    ]);
    expect(shapesOf('db', { find: 'c', filter: { a: 1 }, sort: sortMap })[0]!.sort).toEqual([
      ['b', -1],
      ['_id', 1],
    ]);
    expect(shapesOf('db', { findAndModify: 'c', query: { a: 1 }, sort: { b: 1 } })[0]!.sort).toEqual([
      ['b', 1],
    ]);
    const aggregate = shapesOf('db', {
      aggregate: 'c',
      pipeline: [{ $match: { a: 1 } }, { $sort: { b: 1 } }, { $limit: 1 }],
    });
    expect(aggregate[0]).toMatchObject({ branches: [{ a: 'eq' }], sort: [['b', 1]] });
    // A sort after a $group is not served by an index of the collection.
    const grouped = shapesOf('db', {
      aggregate: 'c',
      pipeline: [{ $match: { a: 1 } }, { $group: { _id: '$b' } }, { $sort: { _id: 1 } }],
    });
    expect(grouped[0]!.sort).toEqual([]);
    expect(shapesOf('db', { insert: 'c', documents: [] })).toEqual([]);
  });
});
