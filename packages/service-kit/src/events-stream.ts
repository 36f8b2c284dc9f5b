/**
 * The JetStream stream every domain event goes through (ARCHITECTURE §6): `EVENTS` on `events.>`.
 */
import { DiscardPolicy, nanos, NatsError, RetentionPolicy, StorageType } from 'nats';
import type { NatsConnection, StreamConfig } from 'nats';
import { EVENTS_STREAM, EVENTS_SUBJECTS } from '@ncs/contracts';

/** How long JetStream remembers a `Nats-Msg-Id`: a re-published event within it is dropped. */
export const EVENTS_DUPLICATE_WINDOW_MS = 2 * 60_000;

/**
 * How long the log keeps an event (`max_age`): how far back a live stream resumes and a consumer
 * that was down catches up. Operators change it on the stream; an existing stream's is kept.
 */
export const EVENTS_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** JetStream API error "stream name already in use with a different configuration". */
const STREAM_NAME_IN_USE = 10058;
/**
 * JetStream API error "subjects overlap with an existing stream": what a create answers when another
 * instance's create of the same stream is still being applied, as well as for another stream.
 */
const SUBJECTS_OVERLAP = 10065;

/**
 * Creates the `EVENTS` stream (file storage, limits retention of seven days, a two-minute duplicate window) or
 * accepts the existing one. Several services start at once and all call this: creating a stream
 * with the same configuration twice succeeds, and a stream that exists with another configuration
 * (tuned by operators, say) is kept, only widened to `events.>` if it
 * does not cover it.
 */
export async function ensureEventsStream(
  nc: NatsConnection,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const jsm = await nc.jetstreamManager(
    options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs },
  );
  const config: Partial<StreamConfig> = {
    name: EVENTS_STREAM,
    subjects: [EVENTS_SUBJECTS],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: nanos(EVENTS_RETENTION_MS),
    duplicate_window: nanos(EVENTS_DUPLICATE_WINDOW_MS),
  };
  try {
    await jsm.streams.add(config);
  } catch (error) {
    const code = error instanceof NatsError ? error.api_error?.err_code : undefined;
    if (code !== STREAM_NAME_IN_USE && code !== SUBJECTS_OVERLAP) throw error;
    // An overlap with a stream of another name is an operator's setup to fix: reported as it came.
    const existing = await jsm.streams
      .info(EVENTS_STREAM)
      .then((info) => info.config)
      .catch(() => {
        throw error;
      });
    if (!existing.subjects.includes(EVENTS_SUBJECTS)) {
      // Narrower `events.…` subjects would overlap `events.>`: replace them.
      const others = existing.subjects.filter((subject) => !subject.startsWith('events.'));
      await jsm.streams.update(EVENTS_STREAM, { ...existing, subjects: [...others, EVENTS_SUBJECTS] });
    }
  }
}

/**
 * Backoff for work against NATS or the store: `baseMs` doubling per consecutive failure up to
 * `maxMs`, with ±20 % jitter so instances do not retry in step.
 */
export function retryDelay(failures: number, baseMs: number, maxMs: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(failures - 1, 0), maxMs);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}
