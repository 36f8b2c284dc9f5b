/**
 * `pageOf` against the real store: counts every match, serves one page in the sort's order, and
 * hands the page to `present` in one call.
 */
import { randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageOf } from '../src/collections.js';

declare module 'vitest' {
  export interface ProvidedContext {
    natsUrl: string;
    mongoUrl: string;
  }
}

const mongoUrl = process.env.MONGO_URL ?? inject('mongoUrl');
let connection: mongoose.Connection;
const thingSchema = new Schema({ networkEID: String, name: String, rank: Number });
type ThingDoc = { _id: mongoose.Types.ObjectId; networkEID: string; name: string; rank: number };

beforeAll(async () => {
  connection = await mongoose
    .createConnection(mongoUrl, { dbName: `collections_test_${randomBytes(4).toString('hex')}` })
    .asPromise();
  const Thing = connection.model<ThingDoc>('Thing', thingSchema);
  await Thing.insertMany([
    ...['c', 'a', 'e', 'b', 'd'].map((name, rank) => ({ networkEID: 'n1', name, rank })),
    { networkEID: 'n2', name: 'other', rank: 9 },
  ]);
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('pageOf', () => {
  it('serves the page of the matching documents in order and counts them all', async () => {
    const Thing = connection.model<ThingDoc>('Thing');
    const batches: number[] = [];
    const page = await pageOf(
      Thing,
      { filter: { networkEID: 'n1' }, sort: { name: 1, _id: 1 } },
      { limit: 2, offset: 1 },
      { itemType: 'thing', rel: 'things' },
      (docs) => {
        batches.push(docs.length);
        return docs.map((doc) => ({ type: 'thing', name: doc.name }));
      },
    );
    expect(page).toEqual({
      type: 'collection',
      itemType: 'thing',
      rel: 'things',
      total: 5,
      limit: 2,
      offset: 1,
      items: [
        { type: 'thing', name: 'b' },
        { type: 'thing', name: 'c' },
      ],
    });
    expect(batches).toEqual([2]);
  });

  it('is empty past the last match, with the total still counted', async () => {
    const Thing = connection.model<ThingDoc>('Thing');
    const page = await pageOf(
      Thing,
      { filter: { networkEID: 'n1' }, sort: { rank: -1, _id: -1 } },
      { limit: 20, offset: 40 },
      { itemType: 'thing', rel: 'things' },
      (docs) => docs.map((doc) => ({ type: 'thing', name: doc.name })),
    );
    expect(page).toMatchObject({ total: 5, items: [] });
  });
});
