/**
 * The gateway's reading of the event log (the JetStream stream `EVENTS`, one log per network by
 * subject, core/subjects.ts): one tail per gateway instance, an ordered consumer from the newest
 * event on, that hands every event to the router; and, for a stream that resumes, a replay of one
 * network's log from a sequence on. Ordered consumers are ephemeral and cost the server nothing
 * once the gateway is gone. A stream sequence is the id every live event carries.
 */
import { DeliverPolicy, type Consumer, type JsMsg, type NatsConnection } from 'nats';
import {
  DomainError,
  EVENTS_STREAM,
  EVENTS_SUBJECTS,
  networkLogFilter,
  type DomainEvent,
} from '@ncs/contracts';
import { ensureEventsStream, retryDelay, type Logger } from '@ncs/service-kit';

/** One event of the log with its place in it. */
export interface LogEvent {
  readonly seq: number;
  readonly event: DomainEvent;
}

/** Where a replay may start: the log still holds everything after `after`, or not. */
export type ReplayStart =
  | { readonly kind: 'ok'; readonly pending: number }
  | { readonly kind: 'expired' | 'unknown' | 'too_far_behind' };

/** Events one replay fetch asks for. */
const REPLAY_BATCH = 256;
const FETCH_EXPIRES_MS = 2_000;

function parse(msg: JsMsg, logger: Logger): LogEvent | null {
  try {
    return { seq: msg.seq, event: msg.json<DomainEvent>() };
  } catch (error) {
    logger.warn(
      { err: error, subject: msg.subject, seq: msg.seq },
      'malformed event skipped by the live stream',
    );
    return null;
  }
}

export interface EventLogReader {
  /** Starts the tail: `onEvent` receives every event recorded from now on, in log order. */
  start(onEvent: (event: LogEvent) => void): void;
  /** Resolves once the tail reads the log (rejects after `timeoutMs`: JetStream unavailable). */
  ready(timeoutMs: number): Promise<void>;
  /**
   * Replays the events of `networkEID` after sequence `after`, in order, at most `max`; `onEvent`
   * may stop it by returning false. Resolves with what it found of the start.
   */
  replay(
    networkEID: string,
    after: number,
    max: number,
    onEvent: (event: LogEvent) => boolean,
  ): Promise<ReplayStart>;
  stop(): Promise<void>;
}

export function eventLogReader(nats: NatsConnection, logger: Logger): EventLogReader {
  const js = nats.jetstream();
  let stopped = false;
  let closeTail: (() => Promise<void>) | undefined;
  let tail: Promise<void> | undefined;
  let tailing = false;
  const waiting = new Set<() => void>();

  async function runTail(onEvent: (event: LogEvent) => void): Promise<void> {
    let next: number | undefined;
    let failures = 0;
    while (!stopped) {
      try {
        await ensureEventsStream(nats);
        const consumer = await js.consumers.get(EVENTS_STREAM, {
          filterSubjects: EVENTS_SUBJECTS,
          // After an interruption, on from the next event: none is skipped.
          ...(next === undefined
            ? { deliver_policy: DeliverPolicy.New }
            : { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: next }),
        });
        const messages = await consumer.consume({ max_messages: 512 });
        closeTail = () => messages.close().then(() => undefined);
        failures = 0;
        tailing = true;
        for (const resolve of waiting) resolve();
        waiting.clear();
        for await (const msg of messages) {
          next = msg.seq + 1;
          const event = parse(msg, logger);
          if (event !== null) onEvent(event);
        }
      } catch (error) {
        tailing = false;
        if (stopped || nats.isClosed()) return;
        failures += 1;
        const retryInMs = retryDelay(failures, 250, 10_000);
        logger.warn({ err: error, failures, retryInMs }, 'live stream log tail interrupted; resuming');
        await new Promise((resolve) => setTimeout(resolve, retryInMs));
      }
    }
  }

  return {
    start(onEvent) {
      tail ??= runTail(onEvent);
    },

    ready(timeoutMs) {
      if (tailing) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(done);
          reject(
            new DomainError(
              'SERVICE_UNAVAILABLE',
              'The live stream cannot read the event log now: try again shortly.',
            ),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.add(done);
      });
    },

    async replay(networkEID, after, max, onEvent) {
      const jsm = await nats.jetstreamManager();
      const { state } = await jsm.streams.info(EVENTS_STREAM);
      // An id past the log's end was never given by this log (another deployment's).
      if (after > state.last_seq) return { kind: 'unknown' };
      // Events after `after` may have left the log: the client must refetch what it shows.
      if (after + 1 < state.first_seq) return { kind: 'expired' };
      if (after === state.last_seq) return { kind: 'ok', pending: 0 };
      const consumer = await js.consumers.get(EVENTS_STREAM, {
        filterSubjects: networkLogFilter(networkEID),
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: after + 1,
      });
      try {
        return await replayFrom(consumer, max, onEvent);
      } finally {
        // Ephemeral: it would expire by itself; deleted now, the server forgets it at once.
        await consumer.delete().catch(() => undefined);
      }
    },

    async stop() {
      stopped = true;
      await closeTail?.().catch(() => undefined);
      await tail;
    },
  };

  async function replayFrom(
    consumer: Consumer,
    max: number,
    onEvent: (event: LogEvent) => boolean,
  ): Promise<ReplayStart> {
    // How many of the network's events follow: known before any wait on a fetch.
    const pending = (await consumer.info()).num_pending;
    if (pending > max) return { kind: 'too_far_behind' };
    let seen = 0;
    while (seen < pending) {
      const batch = await consumer.fetch({
        max_messages: Math.min(REPLAY_BATCH, pending - seen),
        expires: FETCH_EXPIRES_MS,
      });
      let got = 0;
      for await (const msg of batch) {
        got += 1;
        seen += 1;
        const event = parse(msg, logger);
        if (event !== null && !onEvent(event)) return { kind: 'ok', pending };
      }
      // Nothing came although the count said more: the log changed under the replay (purged).
      if (got === 0) break;
    }
    return { kind: 'ok', pending };
  }
}
