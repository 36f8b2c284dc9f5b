/**
 * The typed form of `record(name, { audience, data })` against the real store: the envelope carries
 * the audience, the stored payload too, and a name of another service or outside the catalogue is
 * refused before anything is stored. The relay is not started: publishing is outbox.test.ts's.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, expectTypeOf, inject, it } from 'vitest';
import type { DomainEvent, EventName } from '@ncs/contracts';
import { createLogger } from '../src/logger.js';
import { createOutbox, type Outbox } from '../src/outbox.js';

declare module 'vitest' {
  export interface ProvidedContext {
    natsUrl: string;
    mongoUrl: string;
  }
}

const natsUrl = process.env.NATS_URL ?? inject('natsUrl');
const mongoUrl = process.env.MONGO_URL ?? inject('mongoUrl');
const logger = createLogger({ service: 'kb', level: 'silent' });
const NETWORK = '65a000000000000000000001';
const ALICE = '65a0000000000000000000a1';
const CATEGORY = '65a0000000000000000000c3';

let connection: mongoose.Connection;
let nats: Awaited<ReturnType<typeof connect>>;
let outbox: Outbox<'kb'>;

beforeAll(async () => {
  connection = await mongoose
    .createConnection(mongoUrl, { dbName: `outbox_typed_${randomBytes(4).toString('hex')}` })
    .asPromise();
  nats = await connect({ servers: natsUrl });
  outbox = createOutbox({ connection, nats, service: 'kb', logger });
  await Promise.all(Object.values(connection.models).map((model) => model.init()));
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
  await nats.close();
});

const stored = async () =>
  (await connection.collection('outbox').find().toArray()).map(
    (doc) => JSON.parse(String(doc.payload)) as DomainEvent,
  );

describe('record(name, { audience, data })', () => {
  it('stores the catalogued event with its audience, type and subject from the name', async () => {
    const event = await outbox.record('kb.manager.assigned', {
      networkEID: NETWORK,
      actor: { type: 'user', EID: ALICE },
      audience: { kind: 'network' },
      data: { category: { type: 'kb_category', EID: CATEGORY }, user: { type: 'user', EID: ALICE } },
    });
    expect(event).toMatchObject({ type: 'kb.manager.assigned', audience: { kind: 'network' } });
    expectTypeOf(event.type).toEqualTypeOf<'kb.manager.assigned'>();
    expectTypeOf(event.data.user.EID).toEqualTypeOf<string>();
    expect(await stored()).toEqual([event]);
    const [doc] = await connection.collection('outbox').find().toArray();
    expect(doc?.subject).toBe(`events.kb.manager.assigned.${NETWORK}`);
  });

  it("refuses another service's event and a name outside the catalogue, storing nothing", async () => {
    const before = (await stored()).length;
    // The wide `Outbox` (any service) lets the name through the types; the run-time check stops it.
    const wide = outbox as unknown as Outbox;
    await expect(
      wide.record('messaging.message.read', { audience: { kind: 'network' }, data: {} as never }),
    ).rejects.toThrow(/kb outbox cannot record messaging\.message\.read/);
    await expect(
      wide.record('kb.page.nothing' as EventName as 'kb.page.published', {
        audience: { kind: 'network' },
        data: {} as never,
      }),
    ).rejects.toThrow(/not a catalogued event/);
    expect(await stored()).toHaveLength(before);
    const never = () =>
      outbox.record(
        // @ts-expect-error: the kb outbox's names are kb's only.
        'messaging.message.read',
        { audience: { kind: 'network' }, data: {} as never },
      );
    expect(typeof never).toBe('function');
  });
});
