/**
 * Idempotent posting on the real store, with two "instances" (two connections, two wrapped handler
 * maps) and a third one started later (a restart): one key runs its request once across them, a
 * key older than 24 hours runs anew, a claim whose request died (lease ended) is taken over, and the
 * TTL index is declared where the store has them without stopping where it has none.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { RequestContext, RouteDefinition, RpcRequest } from '@ncs/contracts';
import { WithStatus, type Logger, type RpcHandler } from '@ncs/service-kit';
import {
  ensureIdempotencyExpiry,
  registerIdempotencyModel,
  type IdempotencyDoc,
} from '../src/idempotency/models.js';
import { withIdempotency } from '../src/idempotency/replay.js';

const unique = () => randomBytes(4).toString('hex');
const NET = 'c'.repeat(24);
const CALLER = 'd'.repeat(24);
const SUBJECT = 'rpc.messaging.message.create';
const route = {
  id: 'message.create',
  subject: SUBJECT,
  idempotencyKey: true,
  reply: { status: 201 },
} as unknown as RouteDefinition;

let connections: mongoose.Connection[] = [];
let keys: mongoose.Model<IdempotencyDoc>[] = [];
let runs = 0;

/** A slow create that counts its runs and answers a new EID each time. */
const slowCreate: RpcHandler = async () => {
  runs += 1;
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { type: 'update', EID: randomBytes(12).toString('hex'), $parentCommentEID: null };
};

const instance = (model: mongoose.Model<IdempotencyDoc>) =>
  withIdempotency(new Map([[SUBJECT, slowCreate]]), [route], model).get(SUBJECT)!;

const request = (key: string, body: unknown = { htmlBody: '<p>x</p>' }): RpcRequest => ({
  ctx: {
    networkEID: NET,
    principal: { profileEID: CALLER, external: false, roles: [], permissions: [] },
    version: '2026.1.13',
    requestId: unique(),
    idempotencyKey: key,
  } satisfies RequestContext,
  params: { networkEID: NET },
  query: {},
  body,
});
const handlerContext = { logger: {} as Logger, subject: SUBJECT };

beforeAll(async () => {
  const dbName = `messaging_idempotency_${unique()}`;
  connections = await Promise.all(
    [0, 1, 2].map(() => mongoose.createConnection(inject('mongoUrl'), { dbName }).asPromise()),
  );
  keys = connections.map((c) => registerIdempotencyModel(c));
  await keys[0]!.syncIndexes();
});

afterAll(async () => {
  await connections[0]?.dropDatabase();
  await Promise.all(connections.map((c) => c.close()));
});

describe('idempotency keys on the real store', () => {
  it('runs one key once across two instances racing, and answers a restarted instance the same', async () => {
    const [a, b] = [instance(keys[0]!), instance(keys[1]!)];
    const key = `race-${unique()}`;
    runs = 0;
    const answers = await Promise.all([
      a(request(key), handlerContext),
      b(request(key), handlerContext),
      a(request(key), handlerContext),
      b(request(key), handlerContext),
    ]);
    expect(runs).toBe(1);
    const eids = answers.map((answer) =>
      answer instanceof WithStatus ? (answer.data as { EID: string }).EID : (answer as { EID: string }).EID,
    );
    expect(new Set(eids).size).toBe(1);
    const later = await instance(keys[2]!)(request(key), handlerContext);
    expect(later).toBeInstanceOf(WithStatus);
    expect(later).toMatchObject({ status: 201, data: { EID: eids[0], $parentCommentEID: null } });
    expect(runs).toBe(1);
  });

  it('refuses the same key with another body, and runs a key older than 24 hours anew', async () => {
    const a = instance(keys[0]!);
    const key = `old-${unique()}`;
    runs = 0;
    await a(request(key), handlerContext);
    await expect(a(request(key, { htmlBody: '<p>y</p>' }), handlerContext)).rejects.toMatchObject({
      code: -343,
      status: 422,
    });
    await keys[0]!.updateOne({ key }, { $set: { created: new Date(Date.now() - 25 * 3_600_000) } });
    await a(request(key, { htmlBody: '<p>y</p>' }), handlerContext);
    expect(runs).toBe(2);
    expect(await keys[0]!.countDocuments({ key })).toBe(1);
  });

  it('takes over a claim whose request died (its lease ended)', async () => {
    const key = `dead-${unique()}`;
    const a = instance(keys[0]!);
    await a(request(key), handlerContext);
    await keys[0]!.updateOne({ key }, { $set: { state: 'pending', until: new Date(Date.now() - 1000) } });
    runs = 0;
    const answer = await instance(keys[1]!)(request(key), handlerContext);
    expect(runs).toBe(1);
    expect(answer).not.toBeInstanceOf(WithStatus);
    expect(await keys[0]!.findOne({ key }).lean()).toMatchObject({ state: 'done', status: 201 });
  });

  it('declares the 24-hour TTL index, or goes on where the store has none', async () => {
    const info: string[] = [];
    const logger = { info: (message: string) => info.push(message) } as unknown as Logger;
    await ensureIdempotencyExpiry(keys[0]!, logger);
    const indexes = await keys[0]!.collection.indexes();
    const ttl = indexes.find((index) => index.name === 'created_ttl');
    if (ttl) expect(ttl.expireAfterSeconds).toBe(24 * 3600);
    else expect(info).toHaveLength(1);
  });
});
