/**
 * The store as the driver sees it, in Prometheus form of OpenTelemetry's database conventions:
 * `db_client_operation_duration_seconds` (`db.client.operation.duration`) by operation and
 * collection, from the models' middleware; `db_client_connection_count` by state (used,
 * idle), `db_client_connection_max` and `db_client_connection_pending_requests`, from its
 * connection-pool events. Labels are the command's name and the collection's only: never a filter,
 * a value or the server's address (the URL may carry credentials).
 */
import type mongoose from 'mongoose';
import { Histogram } from 'prom-client';
import { metricsRegistry, newGauge } from './metrics.js';

/** Seconds: from an indexed point read to a slow scan. */
const DB_DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const dbOperationDuration = new Histogram({
  name: 'db_client_operation_duration_seconds',
  help: 'Time from handing one operation to the store driver to its answer, by operation and collection.',
  labelNames: ['db_operation_name', 'db_collection_name'] as const,
  buckets: DB_DURATION_BUCKETS,
  registers: [metricsRegistry],
});

/** One pool's connections, kept from the driver's events (the driver has no public count of them). */
interface PoolState {
  max: number;
  open: number;
  used: number;
  pending: number;
}

/** The connection pools of one client (one per server it talks to), by the server's address. */
export class PoolCounts {
  private readonly pools = new Map<string, PoolState>();

  private pool(address: string): PoolState {
    let pool = this.pools.get(address);
    if (pool === undefined) {
      pool = { max: 0, open: 0, used: 0, pending: 0 };
      this.pools.set(address, pool);
    }
    return pool;
  }

  created(address: string, maxPoolSize: number | undefined): void {
    // 0 is the driver's "no limit": reported as 0.
    this.pool(address).max = maxPoolSize ?? 0;
  }
  closed(address: string): void {
    this.pools.delete(address);
  }
  connectionCreated(address: string): void {
    this.pool(address).open += 1;
  }
  connectionClosed(address: string): void {
    const pool = this.pool(address);
    pool.open = Math.max(0, pool.open - 1);
  }
  checkOutStarted(address: string): void {
    this.pool(address).pending += 1;
  }
  checkOutFailed(address: string): void {
    const pool = this.pool(address);
    pool.pending = Math.max(0, pool.pending - 1);
  }
  checkedOut(address: string): void {
    const pool = this.pool(address);
    pool.pending = Math.max(0, pool.pending - 1);
    pool.used += 1;
  }
  checkedIn(address: string): void {
    const pool = this.pool(address);
    pool.used = Math.max(0, pool.used - 1);
  }

  /** The sums over this client's pools. */
  totals(): { max: number; used: number; idle: number; pending: number } {
    let max = 0;
    let used = 0;
    let open = 0;
    let pending = 0;
    for (const pool of this.pools.values()) {
      max += pool.max;
      used += pool.used;
      open += pool.open;
      pending += pool.pending;
    }
    return { max, used, idle: Math.max(0, open - used), pending };
  }
}

/** The pools of every open connection of this process (one per app; tests may open more). */
const clients = new Set<PoolCounts>();
const sum = (pick: (totals: ReturnType<PoolCounts['totals']>) => number) =>
  [...clients].reduce((total, counts) => total + pick(counts.totals()), 0);

newGauge({
  name: 'db_client_connection_count',
  help: "Connections to the store in this process's pools, by state (used: checked out; idle).",
  labelNames: ['db_client_connection_state'],
  read: () => [
    [{ db_client_connection_state: 'used' }, sum((totals) => totals.used)],
    [{ db_client_connection_state: 'idle' }, sum((totals) => totals.idle)],
  ],
});
newGauge({
  name: 'db_client_connection_max',
  help: "The most connections this process's pools to the store may open (maxPoolSize per server).",
  labelNames: [],
  read: () => [[{}, sum((totals) => totals.max)]],
});
newGauge({
  name: 'db_client_connection_pending_requests',
  help: 'Operations waiting for a connection of a pool to the store.',
  labelNames: [],
  read: () => [[{}, sum((totals) => totals.pending)]],
});

/** Mongoose's query operations, each timed by the models' middleware. */
const QUERY_OPERATIONS = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'estimatedDocumentCount',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
] as const;

/** When the operation started, kept on the query, aggregate, document or model it runs on. */
const STARTED = Symbol('db-operation-started');
type Timed = { [STARTED]?: number };

const start = (target: object) => {
  (target as Timed)[STARTED] = performance.now();
};
const finish = (target: object, operation: string, collection: string | undefined) => {
  const began = (target as Timed)[STARTED];
  // No collection: a subdocument's own save middleware (its parent's save is the operation).
  if (began === undefined || collection === undefined) return;
  dbOperationDuration.observe(
    { db_operation_name: operation, db_collection_name: collection ?? '' },
    (performance.now() - began) / 1000,
  );
};

/**
 * Times every operation of the connection's models, from mongoose handing it to the driver to its
 * answer (a wait for a pooled connection included, as the caller feels it). Middleware rather than
 * the driver's command monitoring: monitoring decodes every reply once more for its event, some
 * 60–100 µs of CPU per read here; the middleware costs two clock reads. Operations that fail are
 * not timed (they are counted where they are answered), nor what bypasses the models (GridFS).
 */
function timedOperations(schema: mongoose.Schema): void {
  const queries = [...QUERY_OPERATIONS];
  schema.pre(queries, function (this: mongoose.Query<unknown, unknown>) {
    start(this);
  });
  schema.post(queries, function (this: mongoose.Query<unknown, unknown>) {
    // `op` (the operation's name) is set on every query at run time; mongoose's types omit it.
    const { op } = this as unknown as { op?: string };
    finish(this, op ?? 'query', this.model.collection.collectionName);
  });
  schema.pre('aggregate', function () {
    start(this);
  });
  schema.post('aggregate', function (this: mongoose.Aggregate<unknown>) {
    finish(this, 'aggregate', this.model().collection.collectionName);
  });
  schema.pre('save', function () {
    start(this);
  });
  schema.post('save', function (this: { collection?: { collectionName?: string } }) {
    finish(this, 'save', this.collection?.collectionName);
  });
  schema.pre('insertMany', function () {
    start(this);
  });
  schema.post('insertMany', function () {
    finish(this, 'insertMany', this.collection.collectionName);
  });
}

/**
 * Measures `connection` until it closes: its client's pools, and (`operations`) the duration of
 * each operation of its models. Call before the first operation and before any model is made, so
 * the pools' creation is seen and every model takes the timing.
 */
export function measureDatabase(connection: mongoose.Connection, options: { operations: boolean }): void {
  const client = connection.getClient();
  const counts = new PoolCounts();
  clients.add(counts);
  connection.once('close', () => clients.delete(counts));
  client.on('connectionPoolCreated', (event) => counts.created(event.address, event.options.maxPoolSize));
  client.on('connectionPoolClosed', (event) => counts.closed(event.address));
  client.on('connectionCreated', (event) => counts.connectionCreated(event.address));
  client.on('connectionClosed', (event) => counts.connectionClosed(event.address));
  client.on('connectionCheckOutStarted', (event) => counts.checkOutStarted(event.address));
  client.on('connectionCheckOutFailed', (event) => counts.checkOutFailed(event.address));
  client.on('connectionCheckedOut', (event) => counts.checkedOut(event.address));
  client.on('connectionCheckedIn', (event) => counts.checkedIn(event.address));
  if (options.operations) connection.plugin(timedOperations);
}
