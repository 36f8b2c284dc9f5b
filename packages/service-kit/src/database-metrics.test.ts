import { describe, expect, it } from 'vitest';
import { PoolCounts } from './database-metrics.js';

describe('store metrics', () => {
  it('counts the connections of each pool in use and idle from the pool events', () => {
    const counts = new PoolCounts();
    counts.created('a:27017', 100);
    counts.created('b:27017', 100);
    for (let i = 0; i < 3; i += 1) counts.connectionCreated('a:27017');
    counts.connectionCreated('b:27017');
    counts.checkOutStarted('a:27017');
    counts.checkOutStarted('a:27017');
    counts.checkOutStarted('b:27017');
    expect(counts.totals()).toEqual({ max: 200, used: 0, idle: 4, pending: 3 });
    counts.checkedOut('a:27017');
    counts.checkedOut('a:27017');
    counts.checkOutFailed('b:27017');
    expect(counts.totals()).toEqual({ max: 200, used: 2, idle: 2, pending: 0 });
    counts.checkedIn('a:27017');
    counts.connectionClosed('a:27017');
    expect(counts.totals()).toEqual({ max: 200, used: 1, idle: 2, pending: 0 });
    // A closed pool (its server left the topology) counts no more.
    counts.closed('b:27017');
    expect(counts.totals()).toEqual({ max: 100, used: 1, idle: 1, pending: 0 });
  });
});
