/**
 * The gateway's reading of the event log against a real nats-server of its own (purged and
 * restarted here, which the shared one cannot be): a replay reads one network's events in order
 * and none of another's, says when the log no longer holds what a client asks for, and the tail
 * goes on across a broker restart without losing or repeating an event.
 */
import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_STREAM, type DomainEvent } from '@ncs/contracts';
import { startRestartableNats, type RestartableNats } from '@ncs/local-infra';
import { createLogger, ensureEventsStream } from '@ncs/service-kit';
import { eventLogReader, type LogEvent } from '../src/live-stream/log.js';

const eid = () => randomBytes(12).toString('hex');
const logger = createLogger({ service: 'gateway', level: 'silent' });

let nats: RestartableNats;
let nc: NatsConnection;

beforeAll(async () => {
  nats = await startRestartableNats();
  nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  await ensureEventsStream(nc);
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await nats?.stop();
});

/** Publishes one event of `networkEID` to the log; resolves with its place. */
async function publish(networkEID: string, n: number): Promise<number> {
  const event: DomainEvent = {
    id: eid(),
    type: 'kb.page.published',
    occurredAt: new Date().toISOString(),
    networkEID,
    audience: { kind: 'network' },
    data: { n },
  };
  const ack = await nc.jetstream().publish(`events.kb.page.published.${networkEID}`, JSON.stringify(event));
  return ack.seq;
}

async function lastSeq(): Promise<number> {
  return (await (await nc.jetstreamManager()).streams.info(EVENTS_STREAM)).state.last_seq;
}

describe('replaying one network', () => {
  it("reads the network's events after a place in order, and none of another network's", async () => {
    const [mine, other] = [eid(), eid()];
    const before = await lastSeq();
    const expected: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      expected.push(await publish(mine, n));
      await publish(other, n);
    }
    const got: LogEvent[] = [];
    const reader = eventLogReader(nc, logger);
    const found = await reader.replay(mine, before, 100, (event) => got.push(event) > 0);
    expect(found).toEqual({ kind: 'ok', pending: 3 });
    expect(got.map((event) => event.seq)).toEqual(expected);
    expect(got.map((event) => event.event.networkEID)).toEqual([mine, mine, mine]);
    // After the first: the two that follow it.
    const rest: number[] = [];
    await reader.replay(mine, expected[0]!, 100, (event) => rest.push(event.seq) > 0);
    expect(rest).toEqual(expected.slice(1));
  });

  it('has nothing to replay at the end of the log, and cannot place an id past it', async () => {
    const reader = eventLogReader(nc, logger);
    const end = await lastSeq();
    expect(await reader.replay(eid(), end, 100, () => true)).toEqual({ kind: 'ok', pending: 0 });
    expect(await reader.replay(eid(), end + 1000, 100, () => true)).toEqual({ kind: 'unknown' });
  });

  it('says when more follows than one replay may send', async () => {
    const mine = eid();
    const before = await lastSeq();
    for (let n = 0; n < 3; n += 1) await publish(mine, n);
    const reader = eventLogReader(nc, logger);
    const got: number[] = [];
    expect(await reader.replay(mine, before, 2, (event) => got.push(event.seq) > 0)).toEqual({
      kind: 'too_far_behind',
    });
    expect(got).toEqual([]);
  });

  it('says when events after the place have left the log (retention)', async () => {
    const mine = eid();
    const first = await publish(mine, 0);
    await publish(mine, 1);
    const jsm = await nc.jetstreamManager();
    // What retention does to old events: everything before the second is gone.
    await jsm.streams.purge(EVENTS_STREAM, { seq: first + 1 });
    const reader = eventLogReader(nc, logger);
    expect(await reader.replay(mine, first - 1, 100, () => true)).toEqual({ kind: 'expired' });
    // From the first on, the log still holds everything after it.
    const got: number[] = [];
    expect(await reader.replay(mine, first, 100, (event) => got.push(event.seq) > 0)).toEqual({
      kind: 'ok',
      pending: 1,
    });
    expect(got).toEqual([first + 1]);
  });
});

describe('the tail', () => {
  it('reads every event from its start on, in order, across a restart of the broker', async () => {
    const mine = eid();
    await publish(mine, -1); // before the tail: never read
    const got: LogEvent[] = [];
    const reader = eventLogReader(nc, logger);
    reader.start((event) => {
      if (event.event.networkEID === mine) got.push(event);
    });
    await reader.ready(10_000);
    const expected = [await publish(mine, 0), await publish(mine, 1)];
    await waitUntil(() => got.length >= 2);
    await nats.restart();
    const publishSurely = async (n: number): Promise<number> => {
      for (;;) {
        try {
          return await publish(mine, n);
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    expected.push(await publishSurely(2), await publishSurely(3));
    await waitUntil(() => got.length >= 4, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(got.map((event) => event.seq)).toEqual(expected);
    expect(got.map((event) => event.event.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
    await reader.stop();
  }, 60_000);
});

async function waitUntil(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
