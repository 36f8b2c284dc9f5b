/**
 * The outbox relay and event consumers against real NATS (JetStream) and the real store. Every test
 * uses its own database and records the knowledge base's catalogued events in a network of its own:
 * the EVENTS stream is shared (other tests record the same subjects), so what a test reads of the
 * stream, and what its handlers apply, is its network's.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { connect, nanos, StorageType } from 'nats';
import type { JsMsg, NatsConnection } from 'nats';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { EVENTS_STREAM } from '@ncs/contracts';
import type { DomainEvent } from '@ncs/contracts';
import { createLogger } from '../src/logger.js';
import { createOutbox, ensureEventsStream, startEventConsumer } from '../src/outbox.js';
import type { Outbox } from '../src/outbox.js';
import { ALICE, AUDIENCE, assigned, category, eid, newNetwork, ofNetwork } from './kb-events.js';

// What tests/setup/infra.ts provides (declared there too; repeated so this file type-checks alone).
declare module 'vitest' {
  export interface ProvidedContext {
    natsUrl: string;
    mongoUrl: string;
  }
}

const natsUrl = process.env.NATS_URL ?? inject('natsUrl');
const mongoUrl = process.env.MONGO_URL ?? inject('mongoUrl');
const logger = createLogger({ service: 'kb', level: process.env.OUTBOX_TEST_LOG ?? 'silent' });

/** Teardown steps of the running test, run last-in first-out. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const suffix = () => randomBytes(4).toString('hex');

async function openDatabase(): Promise<mongoose.Connection> {
  const connection = await mongoose
    .createConnection(mongoUrl, { dbName: `outbox_test_${suffix()}` })
    .asPromise();
  cleanups.push(async () => {
    await connection.dropDatabase();
    await connection.close();
  });
  return connection;
}

async function openNats(url = natsUrl): Promise<NatsConnection> {
  const nc = await connect({ servers: url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  cleanups.push(() => nc.close());
  return nc;
}

/**
 * An outbox on `connection`, once its collection and indexes exist (as a service has them before it
 * serves: `serveModule` syncs indexes first). Recording while mongoose still creates them raced on
 * the local store (mongo-java-server once answered an insert "Unknown error: null"; its launcher now
 * holds the collection's lock while an index is created, docs/decisions.md).
 */
async function newOutbox(nats: NatsConnection, connection: mongoose.Connection): Promise<Outbox<'kb'>> {
  const outbox: Outbox<'kb'> = createOutbox({ connection, nats, service: 'kb', logger, pollIntervalMs: 200 });
  cleanups.push(() => outbox.stop());
  await Promise.all(Object.values(connection.models).map((model) => model.init()));
  return outbox;
}

async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every message the stream holds on `filter`, read with an ordered consumer until `settleMs` of quiet. */
async function readStream(nc: NatsConnection, filter: string, settleMs = 500): Promise<JsMsg[]> {
  const consumer = await nc.jetstream().consumers.get(EVENTS_STREAM, { filterSubjects: filter });
  const messages: JsMsg[] = [];
  for (;;) {
    const batch = await consumer.fetch({ max_messages: 100, expires: Math.max(settleMs, 1_000) });
    const before = messages.length;
    for await (const msg of batch) messages.push(msg);
    if (messages.length === before) return messages;
  }
}

const unpublished = (connection: mongoose.Connection) =>
  connection.collection('outbox').countDocuments({ publishedAt: null });

/** Tests that stop and restart NATS run a server of their own; they need `nats-server` on PATH. */
const natsServerInstalled = spawnSync('nats-server', ['--version']).error === undefined;

/** A nats-server of the test's own (`nats-server` on PATH), to stop and restart at will. */
interface PrivateNats {
  /** Known once started; a restart keeps the port and the JetStream storage. */
  readonly url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function privateNats(): Promise<PrivateNats> {
  const storeDir = await mkdtemp(join(tmpdir(), 'ncs-outbox-nats-'));
  // The server picks its port (-1) the first time, so parallel tests cannot race for one; the
  // name proves the probe reached this server and not another that took the port meanwhile.
  const name = `outbox-test-${suffix()}`;
  let port = -1;
  let child: ChildProcess | undefined;
  const server: PrivateNats = {
    get url() {
      return `nats://127.0.0.1:${port}`;
    },
    async start() {
      const args = ['-js', '-n', name, '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir];
      const started = spawn('nats-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
      child = started;
      let log = '';
      started.stderr.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
      const exited = () => {
        if (started.exitCode !== null) throw new Error(`nats-server exited with ${started.exitCode}: ${log}`);
      };
      port = await until('the private nats-server to listen', () => {
        exited();
        const listening = /Listening for client connections on [^\s]+:(\d+)/.exec(log);
        return listening === null ? undefined : Number(listening[1]);
      });
      await until('JetStream on the private nats-server', async () => {
        exited();
        try {
          const probe = await connect({ servers: server.url, reconnect: false, timeout: 500 });
          try {
            await (await probe.jetstreamManager()).getAccountInfo();
            return probe.info?.server_name === name;
          } finally {
            await probe.close();
          }
        } catch {
          return false;
        }
      });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (running === undefined || running.exitCode !== null) return;
      running.kill('SIGTERM');
      await once(running, 'exit');
    },
  };
  cleanups.push(async () => {
    await server.stop();
    await rm(storeDir, { recursive: true, force: true });
  });
  await server.start();
  return server;
}

describe('outbox relay', () => {
  it('publishes every recorded event to JetStream once, in order, with Nats-Msg-Id = event id', async () => {
    const [nc, connection] = await Promise.all([openNats(), openDatabase()]);
    await ensureEventsStream(nc);
    const networkEID = newNetwork();
    // Two instances of the service on one database: both relays publish, JetStream de-duplicates.
    const first = await newOutbox(nc, connection);
    const second = await newOutbox(nc, connection);

    const recorded: DomainEvent[] = [];
    for (let n = 0; n < 10; n += 1) {
      recorded.push(
        await first.record('kb.category.created', { networkEID, audience: AUDIENCE, data: category(n) }),
      );
    }
    first.start();
    second.start();
    // Keys FerretDB would refuse in a document, and a nested array: stored as JSON text.
    const odd = { ...assigned(18), 'dotted.key': true, $dollar: 'x', matrix: [[1, 2], [3]] };
    for (let n = 10; n < 20; n += 1) {
      const outbox = n % 2 === 0 ? first : second;
      const input = { networkEID, actor: ALICE, audience: AUDIENCE };
      recorded.push(
        n === 19
          ? await outbox.record('kb.category.deleted', { ...input, data: category(n) })
          : await outbox.record('kb.manager.assigned', { ...input, data: n === 18 ? odd : assigned(n) }),
      );
    }
    await until('all events published', async () => (await unpublished(connection)) === 0);

    const messages = ofNetwork(await readStream(nc, 'events.kb.>'), networkEID);
    expect(messages.map((msg) => msg.headers?.get('Nats-Msg-Id'))).toEqual(recorded.map((event) => event.id));
    expect(messages.map((msg) => msg.json<DomainEvent>())).toEqual(recorded);
    expect(messages.at(-1)?.subject).toBe(`events.kb.category.deleted.${networkEID}`);

    const [event] = recorded;
    expect(event?.id).toMatch(/^[0-9a-f]{24}$/);
    expect(event?.type).toBe('kb.category.created');
    expect(event?.audience).toEqual(AUDIENCE);
    expect(event?.occurredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    expect(recorded[18]?.data).toEqual({
      ...assigned(18),
      'dotted.key': true,
      $dollar: 'x',
      matrix: [[1, 2], [3]],
    });
  });

  it.skipIf(!natsServerInstalled)(
    'keeps events while NATS is down and publishes all of them once it is back',
    async () => {
      const server = await privateNats();
      const [nc, connection] = await Promise.all([openNats(server.url), openDatabase()]);
      await ensureEventsStream(nc);
      const networkEID = newNetwork();
      await server.stop();

      const outbox = await newOutbox(nc, connection);
      outbox.start();
      const recorded: DomainEvent[] = [];
      const input = (n: number) => ({ networkEID, audience: AUDIENCE, data: assigned(n) });
      for (let n = 0; n < 5; n += 1) recorded.push(await outbox.record('kb.manager.assigned', input(n)));
      // Long enough for several failed attempts.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      recorded.push(await outbox.record('kb.manager.assigned', input(5)));
      expect(await unpublished(connection)).toBe(6);

      await server.start();
      await until('all events published', async () => (await unpublished(connection)) === 0, 30_000);
      const messages = ofNetwork(await readStream(nc, 'events.kb.>'), networkEID);
      expect(messages.map((msg) => msg.json<DomainEvent>())).toEqual(recorded);
    },
  );

  it('stop() waits for the relay and leaves later events for the next start', async () => {
    const [nc, connection] = await Promise.all([openNats(), openDatabase()]);
    const networkEID = newNetwork();
    const outbox = await newOutbox(nc, connection);
    outbox.start();
    await outbox.record('kb.manager.assigned', { networkEID, audience: AUDIENCE, data: assigned(0) });
    await until('the first event published', async () => (await unpublished(connection)) === 0);
    await outbox.stop();
    await outbox.record('kb.manager.assigned', { networkEID, audience: AUDIENCE, data: assigned(1) });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await unpublished(connection)).toBe(1);
    outbox.start();
    await until('the second event published', async () => (await unpublished(connection)) === 0);
  });

  it('refuses a name that is not a catalogued event, a subject token short or a wildcard', async () => {
    const [nc, connection] = await Promise.all([openNats(), openDatabase()]);
    const outbox = await newOutbox(nc, connection);
    const input = { audience: AUDIENCE, data: assigned(0) };
    await expect(outbox.record('kb.category' as 'kb.manager.assigned', input)).rejects.toThrow(TypeError);
    await expect(outbox.record('kb.category.*' as 'kb.manager.assigned', input)).rejects.toThrow(TypeError);
  });
});

describe('event consumers', () => {
  it('redelivers an event whose handler failed and applies a redelivered event once', async () => {
    const [nc, connection] = await Promise.all([openNats(), openDatabase()]);
    await ensureEventsStream(nc);
    const networkEID = newNetwork();
    const durable = `outbox-test-consume${suffix()}`;
    const outbox = await newOutbox(nc, connection);
    outbox.start();

    // The handler fails the first delivery of the event this actor recorded.
    const failOnce = { type: 'user', EID: eid(1) };
    const attempts = new Map<string, number>();
    const applied: string[] = [];
    const consumer = startEventConsumer({
      nats: nc,
      connection,
      durable,
      filterSubjects: ['events.kb.manager.assigned.*'],
      logger,
      retryDelayMs: 100,
      handle: (event) => {
        if (event.networkEID !== networkEID) return Promise.resolve();
        const attempt = (attempts.get(event.id) ?? 0) + 1;
        attempts.set(event.id, attempt);
        if (event.actor?.EID === failOnce.EID && attempt === 1)
          return Promise.reject(new Error('handler failed once'));
        applied.push(event.id);
        return Promise.resolve();
      },
    });
    cleanups.push(() => consumer.stop());

    const input = { networkEID, audience: AUDIENCE, data: assigned(0) };
    const flaky = await outbox.record('kb.manager.assigned', { ...input, actor: failOnce });
    const steady = await outbox.record('kb.manager.assigned', input);
    await until('both events applied', () => applied.length === 2);
    expect(attempts.get(flaky.id)).toBe(2);
    expect(attempts.get(steady.id)).toBe(1);

    // The same event again under another message id (a re-publish after the duplicate window):
    // the processed-events check acknowledges it without calling the handler.
    const js = nc.jetstream();
    await js.publish(`events.kb.manager.assigned.${networkEID}`, JSON.stringify(flaky), {
      msgID: `replay-${flaky.id}`,
    });
    const last = await outbox.record('kb.manager.assigned', input);
    await until('the last event applied', () => applied.includes(last.id));
    // The failed event was retried after a delay while the next one went on.
    expect(applied).toEqual([steady.id, flaky.id, last.id]);
    expect(attempts.get(flaky.id)).toBe(2);
    // Other tests' events of the subject are processed too: only this network's are counted.
    const ours = { consumer: durable, eventId: { $in: [flaky.id, steady.id, last.id] } };
    expect(await connection.collection('processed_events').countDocuments(ours)).toBe(3);
  });

  it('shares a durable between instances and applies each event once', async () => {
    const [nc, connection] = await Promise.all([openNats(), openDatabase()]);
    await ensureEventsStream(nc);
    const networkEID = newNetwork();
    const outbox = await newOutbox(nc, connection);
    const applied: string[] = [];
    const instances = [1, 2].map(() =>
      startEventConsumer({
        nats: nc,
        connection,
        durable: `outbox-test-shared${networkEID}`,
        filterSubjects: ['events.kb.category.created.*', 'events.kb.category.deleted.*'],
        logger,
        handle: (event) => {
          if (event.networkEID === networkEID) applied.push(event.id);
          return Promise.resolve();
        },
      }),
    );
    for (const instance of instances) cleanups.push(() => instance.stop());

    const wanted: string[] = [];
    const input = { networkEID, audience: AUDIENCE };
    for (let n = 0; n < 20; n += 1) {
      // Every fourth event is one the filter leaves out.
      if (n % 4 === 3) await outbox.record('kb.manager.assigned', { ...input, data: assigned(n) });
      else wanted.push((await outbox.record('kb.category.created', { ...input, data: category(n) })).id);
    }
    const lastEvent = await outbox.record('kb.category.deleted', { ...input, data: category(20) });
    wanted.push(lastEvent.id);
    outbox.start();
    await until('every matching event applied', () => applied.length >= wanted.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...applied].sort()).toEqual([...wanted].sort());
  });
});

describe('ensureEventsStream', () => {
  it.skipIf(!natsServerInstalled)(
    'creates the EVENTS stream once when called concurrently, and accepts it afterwards',
    async () => {
      const server = await privateNats();
      const [one, two] = await Promise.all([openNats(server.url), openNats(server.url)]);
      await Promise.all([ensureEventsStream(one), ensureEventsStream(two), ensureEventsStream(one)]);
      await ensureEventsStream(two);
      const { config } = await (await one.jetstreamManager()).streams.info(EVENTS_STREAM);
      expect(config.subjects).toEqual(['events.>']);
      expect(config.storage).toBe(StorageType.File);
      expect(config.duplicate_window).toBe(nanos(120_000));
      // The log keeps a week: how far back a live stream resumes.
      expect(config.max_age).toBe(nanos(7 * 24 * 60 * 60_000));
    },
  );

  it.skipIf(!natsServerInstalled)(
    'widens an existing EVENTS stream that does not cover events.>',
    async () => {
      const server = await privateNats();
      const nc = await openNats(server.url);
      const jsm = await nc.jetstreamManager();
      await jsm.streams.add({
        name: EVENTS_STREAM,
        subjects: ['events.kb.>', 'audit.>'],
        storage: StorageType.File,
      });
      await ensureEventsStream(nc);
      const { config } = await jsm.streams.info(EVENTS_STREAM);
      expect([...config.subjects].sort()).toEqual(['audit.>', 'events.>']);
    },
  );

  it('succeeds concurrently on the shared server', async () => {
    const nc = await openNats();
    await expect(Promise.all([ensureEventsStream(nc), ensureEventsStream(nc)])).resolves.toBeDefined();
  });
});
