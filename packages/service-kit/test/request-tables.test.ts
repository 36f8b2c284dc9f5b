/**
 * The connections of every process keep what is in flight in request-tables.ts's tables instead of
 * the libraries' built-in Map and Set (bench/README.md): checked here against the
 * installed nats.js and MongoDB driver over a real NATS server and store, so an upgrade that moves
 * either table fails here. Each table empties as requests, operations and cursors end, whichever
 * way they end.
 */
import { randomBytes } from 'node:crypto';
import type mongoose from 'mongoose';
import { Schema, type PipelineStage } from 'mongoose';
import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  connectDatabase,
  connectNats,
  createLogger,
  drainOrClose,
  SmallIdentitySet,
  StringKeyedTable,
} from '../src/index.js';

const silent = createLogger({ service: 'auth', level: 'silent' });
const mongoUrl = process.env.MONGO_URL ?? inject('mongoUrl');
let nc: NatsConnection;
let connection: mongoose.Connection;

beforeAll(async () => {
  nc = await connectNats({ url: inject('natsUrl'), name: 'request-tables-test', logger: silent });
  connection = await connectDatabase({
    url: mongoUrl,
    dbName: `request_tables_test_${randomBytes(4).toString('hex')}`,
    logger: silent,
  });
});

afterAll(async () => {
  await drainOrClose(nc);
  await connection.dropDatabase();
  await connection.close();
});

describe('the NATS connection', () => {
  const requests = () =>
    (nc as unknown as { protocol: { muxSubscriptions: { reqs: unknown } } }).protocol.muxSubscriptions.reqs;

  it('keeps the requests awaiting a reply in a StringKeyedTable, empty once each is answered or fails', async () => {
    expect(requests()).toBeInstanceOf(StringKeyedTable);
    const table = requests() as StringKeyedTable<unknown>;
    const subject = `test.request-tables.${Date.now()}`;
    const sub = nc.subscribe(`${subject}.echo`, { callback: (_error, msg) => msg.respond(msg.data) });
    nc.subscribe(`${subject}.silent`, { callback: () => undefined });
    await nc.flush();

    const answers = Array.from({ length: 5 }, (_, i) =>
      nc.request(`${subject}.echo`, `m${i}`, { timeout: 2_000 }),
    );
    expect(table.size).toBe(5);
    expect((await Promise.all(answers)).map((msg) => msg.string())).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(table.size).toBe(0);

    // No responder, and a responder that never answers: both fail, neither stays in the table.
    await expect(nc.request(`${subject}.nobody`, 'x', { timeout: 2_000 })).rejects.toMatchObject({
      code: '503',
    });
    await expect(nc.request(`${subject}.silent`, 'x', { timeout: 100 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(table.size).toBe(0);
    sub.unsubscribe();
  });
});

describe('the database connection', () => {
  const state = () =>
    (connection.getClient() as unknown as { s: { activeSessions: unknown; activeCursors: unknown } }).s;

  it('keeps the sessions and cursors in use in SmallIdentitySets, empty once each operation and cursor ends', async () => {
    expect(state().activeSessions).toBeInstanceOf(SmallIdentitySet);
    expect(state().activeCursors).toBeInstanceOf(SmallIdentitySet);
    const sessions = state().activeSessions as SmallIdentitySet<unknown>;
    const cursors = state().activeCursors as SmallIdentitySet<unknown>;
    const Thing = connection.model('Thing', new Schema({ name: String, rank: Number }));
    await Thing.insertMany(Array.from({ length: 30 }, (_, rank) => ({ name: `t${rank}`, rank })));

    // Operations at once, each with its implicit session.
    const found = await Promise.all([
      Thing.find({ rank: { $lt: 10 } }).lean(),
      Thing.findOne({ rank: 3 }).lean(),
      Thing.countDocuments({}),
    ]);
    expect(found[0]).toHaveLength(10);
    expect(found[1]?.name).toBe('t3');
    expect(found[2]).toBe(30);
    expect(sessions.size).toBe(0);
    expect(cursors.size).toBe(0);

    // A cursor read in batches is in use until exhausted; one closed early leaves too.
    const cursor = Thing.find({}).sort({ rank: 1 }).batchSize(4).lean().cursor();
    expect((await cursor.next())?.rank).toBe(0);
    expect(cursors.size).toBe(1);
    let read = 1;
    while (await cursor.next()) read += 1;
    expect(read).toBe(30);
    expect(cursors.size).toBe(0);
    const early = Thing.find({}).batchSize(4).lean().cursor();
    await early.next();
    expect(cursors.size).toBe(1);
    await early.close();
    expect(cursors.size).toBe(0);
    expect(sessions.size).toBe(0);

    // A failing operation ends its session too.
    const unknownStage = { $nosuchstage: {} } as unknown as PipelineStage;
    await expect(Thing.aggregate([unknownStage]).exec()).rejects.toThrow();
    expect(sessions.size).toBe(0);
    expect(cursors.size).toBe(0);
  });
});
