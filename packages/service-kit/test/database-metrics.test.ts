/**
 * Operation durations over a real store: every operation of a connection's models is timed by
 * operation and collection (database-metrics.ts), a document with subdocuments included (their own
 * save middleware has no collection and times nothing), and what the models do still works.
 */
import { randomBytes } from 'node:crypto';
import type mongoose from 'mongoose';
import { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, createLogger, metricsRegistry } from '../src/index.js';

const silent = createLogger({ service: 'auth', level: 'silent' });
const mongoUrl = process.env.MONGO_URL ?? inject('mongoUrl');
let connection: mongoose.Connection;

beforeAll(async () => {
  connection = await connectDatabase({
    url: mongoUrl,
    dbName: `database_metrics_test_${randomBytes(4).toString('hex')}`,
    logger: silent,
    measureOperations: true,
  });
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

/** The count of timed operations of `operation` on `collection`. */
async function timed(operation: string, collection: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('db_client_operation_duration_seconds')?.get();
  // A histogram's values carry the name of their series (`_bucket`, `_sum`, `_count`).
  const values = (metric?.values ?? []) as {
    metricName?: string;
    labels: Record<string, unknown>;
    value: number;
  }[];
  const sample = values.find(
    (value) =>
      value.metricName === 'db_client_operation_duration_seconds_count' &&
      value.labels.db_operation_name === operation &&
      value.labels.db_collection_name === collection,
  );
  return sample?.value ?? 0;
}

describe('store operation durations', () => {
  it('times saves (with subdocuments), queries, inserts and aggregates by operation and collection', async () => {
    const Item = connection.model(
      'MetricsItem',
      new Schema(
        { name: String, parts: [new Schema({ label: String }, { _id: false })] },
        { collection: 'metrics_items' },
      ),
    );
    await Item.init();
    await new Item({ name: 'a', parts: [{ label: 'x' }, { label: 'y' }] }).save();
    await Item.insertMany([{ name: 'b' }, { name: 'c' }]);
    expect(await Item.findOne({ name: 'a' }).lean()).toMatchObject({
      parts: [{ label: 'x' }, { label: 'y' }],
    });
    expect(await Item.countDocuments({})).toBe(3);
    await Item.updateOne({ name: 'b' }, { $set: { name: 'B' } });
    expect(await Item.aggregate([{ $match: { name: 'c' } }])).toHaveLength(1);

    expect(await timed('save', 'metrics_items')).toBe(1);
    expect(await timed('insertMany', 'metrics_items')).toBe(1);
    expect(await timed('findOne', 'metrics_items')).toBe(1);
    expect(await timed('countDocuments', 'metrics_items')).toBe(1);
    expect(await timed('updateOne', 'metrics_items')).toBe(1);
    expect(await timed('aggregate', 'metrics_items')).toBe(1);
  });
});
