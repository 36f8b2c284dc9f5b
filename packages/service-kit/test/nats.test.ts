/**
 * The NATS connection of a process over a real NATS server: what it publishes in one turn of the
 * event loop leaves in one socket write, in order, and nothing waits for a timer; an
 * answered request makes no cancellation error, and every way a request fails still fails as before.
 */
import { ErrorCode, NatsError, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectNats, createLogger } from '../src/index.js';

const silent = createLogger({ service: 'auth', level: 'silent' });
let nc: NatsConnection;
let writes: Uint8Array[] = [];

beforeAll(async () => {
  nc = await connectNats({ url: inject('natsUrl'), name: 'coalesce-test', logger: silent });
  // Every write nats.js hands to its socket (the transport's `send`), counted.
  const transport = (nc as unknown as { protocol: { transport: { send(frame: Uint8Array): void } } }).protocol
    .transport;
  const send = transport.send.bind(transport);
  transport.send = (frame: Uint8Array) => {
    writes.push(frame);
    send(frame);
  };
});

afterAll(async () => {
  await nc.drain();
});

const decoder = new TextDecoder();
const subjectOf = (suffix: string) => `test.coalesce.${Date.now()}.${suffix}`;

/** Subscribes, and once the server knows of it, gives the texts of the next `count` messages. */
async function subscribeTexts(subject: string, count: number): Promise<{ texts: Promise<string[]> }> {
  const sub = nc.subscribe(subject, { max: count });
  await nc.flush();
  const texts = (async () => {
    const seen: string[] = [];
    for await (const msg of sub) seen.push(decoder.decode(msg.data));
    return seen;
  })();
  return { texts };
}

describe('connectNats', () => {
  it('writes what twenty callbacks of one event-loop turn publish in one write, in order', async () => {
    const subject = subjectOf('turn');
    const arriving = await subscribeTexts(subject, 20);
    writes = [];
    // Twenty callbacks of one phase of one turn (immediates queued together, as twenty HTTP
    // requests or database replies read in one poll): each runs on its own, its microtasks drained
    // before the next. (Timers would not do: twenty `setTimeout(…, 0)` may fall due in two turns.)
    await new Promise<void>((resolve) => {
      for (let i = 0; i < 20; i++) {
        setImmediate(() => {
          nc.publish(subject, `m${i}`);
          if (i === 19) setImmediate(resolve);
        });
      }
    });
    const published = writes.filter((frame) => decoder.decode(frame).includes(subject));
    expect(published).toHaveLength(1);
    expect(decoder.decode(published[0]).split(`PUB ${subject}`).length - 1).toBe(20);
    expect(await arriving.texts).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
  });

  it('writes a lone publication in the same turn, and a large one at once', async () => {
    const subject = subjectOf('lone');
    const arriving = await subscribeTexts(subject, 2);
    writes = [];
    nc.publish(subject, 'alone');
    expect(writes).toHaveLength(0);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);

    // Past nats.js's pending threshold (32 KiB) the buffer is written inline.
    nc.publish(subject, new Uint8Array(100 * 1024).fill(97));
    expect(writes).toHaveLength(2);
    const texts = await arriving.texts;
    expect(texts[0]).toBe('alone');
    expect(texts[1]).toHaveLength(100 * 1024);
  });
});

describe('requests', () => {
  /** The NatsErrors nats.js makes by code while `run` runs (its factory, wrapped for the test). */
  async function errorsMadeDuring(run: () => Promise<void>): Promise<string[]> {
    const made: string[] = [];
    const errorForCode = NatsError.errorForCode.bind(NatsError);
    NatsError.errorForCode = (code: string, chained?: Error) => {
      made.push(code);
      return errorForCode(code, chained);
    };
    try {
      await run();
    } finally {
      NatsError.errorForCode = errorForCode;
    }
    return made;
  }

  it('settle with their replies without making a cancellation error for each', async () => {
    const subject = subjectOf('answered');
    const sub = nc.subscribe(subject, { callback: (_error, msg) => msg.respond(msg.data) });
    const mute = nc.subscribe(`${subject}.silent`, { callback: () => undefined });
    await nc.flush();
    let answers: string[] = [];
    const made = await errorsMadeDuring(async () => {
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) => nc.request(subject, `m${i}`, { timeout: 2_000 })),
      );
      answers = replies.map((msg) => msg.string());
      // One that times out: its timeout and the cancellation of its request, nats.js's own, are
      // the only errors made (and show that the factory is watched).
      await expect(nc.request(`${subject}.silent`, 'x', { timeout: 50 })).rejects.toMatchObject({
        code: ErrorCode.Timeout,
      });
    });
    expect(answers).toEqual(Array.from({ length: 50 }, (_, i) => `m${i}`));
    expect(made).toEqual([ErrorCode.Timeout, ErrorCode.Cancelled]);
    sub.unsubscribe();
    mute.unsubscribe();
  });

  it('still fail with no responder, a timeout and a closed connection', async () => {
    const subject = subjectOf('failing');
    await expect(nc.request(`${subject}.nobody`, 'x', { timeout: 2_000 })).rejects.toMatchObject({
      code: '503',
    });
    const mute = nc.subscribe(`${subject}.silent`, { callback: () => undefined });
    await nc.flush();
    await expect(nc.request(`${subject}.silent`, 'x', { timeout: 100 })).rejects.toMatchObject({
      code: ErrorCode.Timeout,
    });

    // A connection closed while a request awaits its reply: the request fails at once.
    const other = await connectNats({ url: inject('natsUrl'), name: 'closing-test', logger: silent });
    const pending = other.request(`${subject}.silent`, 'x', { timeout: 10_000 });
    const outcome = pending.then(
      () => 'answered',
      (error: NatsError) => error.code,
    );
    await other.close();
    expect(await outcome).toBe(ErrorCode.Timeout);
    mute.unsubscribe();
  });
});
