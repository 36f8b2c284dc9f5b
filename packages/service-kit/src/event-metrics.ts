/**
 * How far domain events lag, read when the metrics are scraped: the age of the oldest event an
 * outbox has not published yet (`ncs_outbox_lag_seconds`, by service), and how many events of the
 * stream a durable consumer has not been handed yet (`ncs_consumer_pending_events`, by stream and
 * durable name). The consumer's count is the server's, so every instance sharing a durable
 * reports the same value (alert rules take the `max`).
 */
import { newGauge, readingsWithin } from './metrics.js';

/** A scrape waits this long for the store or JetStream; what is later is left out of it. */
const READ_TIMEOUT_MS = 1_000;

/** Seconds since `oldest`; 0 when nothing waits. */
export function ageSeconds(oldest: Date | undefined, now: number): number {
  return oldest === undefined ? 0 : Math.max(0, (now - oldest.getTime()) / 1000);
}

/** Every outbox of this process: its service and how to find its oldest unpublished event. */
const outboxes = new Map<
  object,
  { readonly service: string; readonly oldestUnpublished: () => Promise<Date | undefined> }
>();

newGauge({
  name: 'ncs_outbox_lag_seconds',
  help: 'Age of the oldest event an outbox has not published to JetStream yet (0: none waits), by service.',
  labelNames: ['service'],
  read: () =>
    readingsWithin(
      [...outboxes.values()].map(({ service, oldestUnpublished }) => async () => {
        const oldest = await oldestUnpublished();
        return [[{ service }, ageSeconds(oldest, Date.now())]] as const;
      }),
      READ_TIMEOUT_MS,
    ),
});

/** Measures an outbox's lag until the returned function is called. */
export function watchOutboxLag(
  service: string,
  oldestUnpublished: () => Promise<Date | undefined>,
): () => void {
  const key = {};
  outboxes.set(key, { service, oldestUnpublished });
  return () => outboxes.delete(key);
}

/** Every durable consumer of this process: its stream, its name, and how to ask the server of it. */
interface WatchedConsumer {
  readonly stream: string;
  readonly durable: string;
  /** JetStream's `num_pending` of the durable: events of the stream not handed to it yet. */
  readonly pending: () => Promise<number>;
}
const consumers = new Map<object, WatchedConsumer>();

newGauge({
  name: 'ncs_consumer_pending_events',
  help: 'Events of the stream a durable consumer has not been handed yet, by stream and consumer.',
  labelNames: ['stream', 'consumer'],
  read: () => {
    // One reading per durable, however many consumers of this process share it.
    const durables = new Map<string, WatchedConsumer>();
    for (const watched of consumers.values()) durables.set(`${watched.stream}.${watched.durable}`, watched);
    return readingsWithin(
      [...durables.values()].map(({ stream, durable, pending }) => async () => {
        return [[{ stream, consumer: durable }, await pending()]] as const;
      }),
      READ_TIMEOUT_MS,
    );
  },
});

/** Measures a durable consumer's lag until the returned function is called. */
export function watchConsumerLag(
  stream: string,
  durable: string,
  pending: () => Promise<number>,
): () => void {
  const key = {};
  consumers.set(key, { stream, durable, pending });
  return () => consumers.delete(key);
}
