/**
 * Durable consumers of domain events (ARCHITECTURE §6): a pull consumer on `EVENTS`, one event at
 * a time, acknowledged explicitly after the handler's write, redelivered with a growing delay when
 * the handler fails, and idempotent on the event id.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type mongoose from 'mongoose';
import { AckPolicy, DeliverPolicy, nanos } from 'nats';
import type { Consumer, ConsumerConfig, ConsumerMessages, JsMsg, NatsConnection } from 'nats';
import { EVENTS_STREAM } from '@ncs/contracts';
import type { DomainEvent } from '@ncs/contracts';
import type { Span } from '@opentelemetry/api';
import { isDuplicateKeyError } from './database.js';
import { watchConsumerLag } from './event-metrics.js';
import { processedEventModel } from './events-models.js';
import { ensureEventsStream, retryDelay } from './events-stream.js';
import type { Logger } from './logger.js';
import { activeContextFollowsRequests, correlationOf, extractTraceContext } from './telemetry.js';

export interface EventConsumerOptions {
  readonly nats: NatsConnection;
  /** Where `processed_events` lives: the consuming service's own database. */
  readonly connection: mongoose.Connection;
  /** Durable consumer name, e.g. `notifications-kb-events`; instances sharing it share the work. */
  readonly durable: string;
  /** Subjects to receive, e.g. `events.kb.>`, `events.messaging.message.created`. */
  readonly filterSubjects: readonly string[];
  readonly logger: Logger;
  /**
   * Applies one event. Resolving acknowledges it; throwing has it delivered again later. An event
   * can still arrive twice (handled, then the process died before acknowledging), so make the
   * write idempotent where it can be (upsert, `$addToSet`).
   */
  handle(event: DomainEvent, subject: string): Promise<void>;
  /** Delay before the first redelivery after a failure, doubling per attempt up to a minute. 1000 ms. */
  readonly retryDelayMs?: number;
  // Notifications: alert throughput.
  /** Events handled at once (default 1: one at a time, in stream order). */
  readonly concurrency?: number;
  /** With `concurrency`: events of one key are still handled one after another, in stream order. */
  orderKey?(event: DomainEvent): string;
  /**
   * The handler is idempotent on the event id by itself (say, a unique index on it): skip the
   * `processed_events` lookup and record, two store round trips per event.
   */
  readonly idempotentHandler?: boolean;
}

export interface EventConsumer {
  /** Stops pulling, lets the event in hand finish, and hands undelivered ones back to JetStream. */
  stop(): Promise<void>;
}

/** Redelivery after this long without an acknowledgement; a long handler keeps extending it. */
const ACK_WAIT_MS = 30_000;
const MAX_RETRY_DELAY_MS = 60_000;
const SETUP_RETRY_BASE_MS = 250;
const SETUP_RETRY_MAX_MS = 15_000;
/** Events pulled ahead of the one being handled. */
const PULL_BATCH = 10;
const PROCESSED_RETENTION_MS = 30 * 24 * 60 * 60_000;
const PURGE_INTERVAL_MS = 60 * 60_000;

const tracer = trace.getTracer('@ncs/service-kit');

/**
 * Starts a durable pull consumer on `EVENTS` and keeps it running: it (re)creates the stream and
 * the consumer as needed and retries with backoff while NATS or the database is unavailable. A new
 * durable starts from the first event the stream holds. Events are handled one at a time, in
 * stream order; an event that failed is redelivered after a delay while the following ones go on.
 * Apps start consumers through `startEventConsumer` (catalogue-consumer.ts), typed by the catalogue.
 */
export function startPlainEventConsumer(options: EventConsumerOptions): EventConsumer {
  if (!/^[A-Za-z0-9_-]+$/.test(options.durable)) {
    throw new TypeError(`event consumer: durable name "${options.durable}" must be letters, digits, _ or -`);
  }
  if (options.filterSubjects.length === 0) throw new TypeError('event consumer: no filter subjects');

  const processed = processedEventModel(options.connection);
  const logger = options.logger.child({ consumer: options.durable });
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  let stopping = false;
  let messages: ConsumerMessages | undefined;
  let interruptSleep: (() => void) | undefined;
  /** Set when the server cannot filter on several subjects (before 2.10): filtered here instead. */
  let filterLocally = false;

  const purgeTimer = setInterval(() => {
    processed
      .deleteMany({
        consumer: options.durable,
        processedAt: { $lt: new Date(Date.now() - PROCESSED_RETENTION_MS) },
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'could not purge processed events'));
  }, PURGE_INTERVAL_MS);
  purgeTimer.unref();

  function sleep(ms: number): Promise<void> {
    if (stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        interruptSleep = undefined;
        resolve();
      }
      interruptSleep = finish;
    });
  }

  async function openConsumer(): Promise<Consumer> {
    await ensureEventsStream(options.nats);
    const jsm = await options.nats.jetstreamManager();
    filterLocally = options.filterSubjects.length > 1 && !serverFiltersSeveralSubjects(options.nats);
    const filters: Pick<ConsumerConfig, 'filter_subject' | 'filter_subjects'> =
      options.filterSubjects.length === 1
        ? { filter_subject: options.filterSubjects[0], filter_subjects: undefined }
        : filterLocally
          ? { filter_subject: undefined, filter_subjects: undefined }
          : { filter_subject: undefined, filter_subjects: [...options.filterSubjects] };
    const changeable = { ack_wait: nanos(ACK_WAIT_MS), max_deliver: -1, ...filters };
    try {
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: options.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...changeable,
      });
    } catch (error) {
      // It exists with another configuration (say, other subjects after a deploy): update it.
      const existing = await jsm.consumers.info(EVENTS_STREAM, options.durable).catch(() => undefined);
      if (existing === undefined) throw error;
      await jsm.consumers.update(EVENTS_STREAM, options.durable, changeable);
    }
    // The unique index is what makes two instances handling one event at once record it once.
    await processed.createIndexes();
    return options.nats.jetstream().consumers.get(EVENTS_STREAM, options.durable);
  }

  async function consumeUntilStopped(): Promise<void> {
    let failures = 0;
    while (!stopping) {
      try {
        const consumer = await openConsumer();
        if (stopping) break;
        messages = await consumer.consume({ max_messages: Math.max(PULL_BATCH, 2 * lanes.size) });
        if (stopping) {
          await messages.close();
          break;
        }
        if (failures > 0) logger.info({ failures }, 'event consumer recovered');
        failures = 0;
        for await (const msg of messages) {
          // Pulled but not handled: hand it back at once rather than after the ack wait.
          if (stopping) msg.nak();
          else await lanes.run(msg);
        }
        await lanes.drain();
        if (!stopping) throw new Error('event consumer: message stream ended');
      } catch (error) {
        if (options.nats.isClosed()) {
          logger.info('NATS connection closed; event consumer ends');
          return;
        }
        failures += 1;
        const retryInMs = retryDelay(failures, SETUP_RETRY_BASE_MS, SETUP_RETRY_MAX_MS);
        logger.warn({ err: error, failures, retryInMs }, 'event consumer unavailable; retrying');
        await sleep(retryInMs);
      }
    }
  }

  async function handleMessage(msg: JsMsg): Promise<void> {
    if (filterLocally && !options.filterSubjects.some((filter) => subjectMatches(filter, msg.subject))) {
      msg.ack();
      return;
    }
    let event: DomainEvent;
    try {
      event = parseEvent(msg);
    } catch (error) {
      // Redelivering cannot make it parse: terminate it, loudly.
      logger.error({ err: error, subject: msg.subject, streamSequence: msg.seq }, 'malformed event dropped');
      msg.term('malformed event');
      return;
    }
    const parent = extractTraceContext(msg.headers, ROOT_CONTEXT);
    const attributes = {
      'messaging.system': 'nats',
      'messaging.operation.type': 'process',
      'messaging.destination.name': msg.subject,
      'messaging.consumer.group.name': options.durable,
      'messaging.message.id': event.id,
      'messaging.nats.delivery_count': msg.info.deliveryCount,
    };
    await tracer.startActiveSpan(
      `${msg.subject} process`,
      { kind: SpanKind.CONSUMER, attributes },
      parent,
      (span) => applyOnce(msg, event, span).finally(() => span.end()),
    );
  }

  /** Hands the event to the handler unless this consumer already applied it, then settles the message. */
  async function applyOnce(msg: JsMsg, event: DomainEvent, span: Span): Promise<void> {
    const eventLogger = logger.child({
      eventId: event.id,
      subject: msg.subject,
      // Where the active context does not follow the handler (no exporter), the span's ids.
      ...(activeContextFollowsRequests() ? {} : correlationOf(span.spanContext())),
    });
    try {
      if (
        options.idempotentHandler !== true &&
        (await processed.exists({ consumer: options.durable, eventId: event.id }))
      ) {
        span.setAttribute('ncs.event.duplicate', true);
        msg.ack();
        return;
      }
      const keepAlive = setInterval(() => msg.working(), ACK_WAIT_MS / 3);
      try {
        await options.handle(event, msg.subject);
      } finally {
        clearInterval(keepAlive);
      }
    } catch (error) {
      const attempt = msg.info.deliveryCount;
      const retryInMs = Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      eventLogger.warn({ err: error, attempt, retryInMs }, 'event handling failed; redelivering later');
      msg.nak(retryInMs);
      return;
    }
    if (options.idempotentHandler === true) {
      msg.ack();
      return;
    }
    try {
      await processed.create({
        consumer: options.durable,
        eventId: event.id,
        subject: msg.subject,
        processedAt: new Date(),
      });
    } catch (error) {
      // Handled either way, so acknowledge; without the mark a (rare) later duplicate is applied again.
      if (!isDuplicateKeyError(error)) eventLogger.warn({ err: error }, 'could not mark event processed');
    }
    msg.ack();
  }

  const lanes = messageLanes(options, handleMessage);
  const done = consumeUntilStopped();
  // Asked of the server when scraped, within the scrape's own timeout (event-metrics.ts).
  const stopWatchingLag = watchConsumerLag(EVENTS_STREAM, options.durable, async () => {
    const jsm = await options.nats.jetstreamManager({ checkAPI: false, timeout: 1_000 });
    return (await jsm.consumers.info(EVENTS_STREAM, options.durable)).num_pending;
  });

  return {
    async stop() {
      stopping = true;
      stopWatchingLag();
      clearInterval(purgeTimer);
      interruptSleep?.();
      await messages?.close();
      await done;
      await lanes.drain();
    },
  };
}

function parseEvent(msg: JsMsg): DomainEvent {
  const value: unknown = JSON.parse(msg.string());
  if (typeof value !== 'object' || value === null) throw new TypeError('event is not an object');
  const event = value as Partial<Record<keyof DomainEvent, unknown>>;
  if (typeof event.id !== 'string' || event.id === '') throw new TypeError('event has no id');
  if (typeof event.type !== 'string') throw new TypeError('event has no type');
  if (typeof event.occurredAt !== 'string') throw new TypeError('event has no occurredAt');
  if (typeof event.data !== 'object' || event.data === null) throw new TypeError('event has no data');
  return value as DomainEvent;
}

/** Multiple filter subjects per consumer arrived in nats-server 2.10. */
function serverFiltersSeveralSubjects(nc: NatsConnection): boolean {
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0.0')
    .split('.')
    .map((part) => Number.parseInt(part, 10));
  return major > 2 || (major === 2 && minor >= 10);
}

/** NATS subject matching: `*` is one token, a final `>` one or more. */
function subjectMatches(filter: string, subject: string): boolean {
  const filterTokens = filter.split('.');
  const subjectTokens = subject.split('.');
  for (const [index, token] of filterTokens.entries()) {
    if (token === '>') return subjectTokens.length > index;
    if (index >= subjectTokens.length) return false;
    if (token !== '*' && token !== subjectTokens[index]) return false;
  }
  return filterTokens.length === subjectTokens.length;
}

// Notifications (alert throughput): several events in hand at once.
interface Lanes {
  readonly size: number;
  /** Starts handling `msg`; resolves once another may start (at once below the concurrency). */
  run(msg: JsMsg): Promise<void>;
  /** Resolves when every event in hand is handled. */
  drain(): Promise<void>;
}

/**
 * At most `concurrency` events in hand; those of one `orderKey` chained one after another. With
 * the default concurrency of 1, each event is handled before the next is taken, as before.
 */
function messageLanes(
  options: Pick<EventConsumerOptions, 'concurrency' | 'orderKey'>,
  handle: (msg: JsMsg) => Promise<void>,
): Lanes {
  const size = Math.max(1, Math.floor(options.concurrency ?? 1));
  const inHand = new Set<Promise<void>>();
  const tails = new Map<string, Promise<void>>();
  const keyOf = (msg: JsMsg): string | undefined => {
    if (options.orderKey === undefined) return undefined;
    try {
      return options.orderKey(parseEvent(msg));
    } catch {
      return undefined; // malformed: handleMessage drops it
    }
  };
  return {
    size,
    async run(msg) {
      const key = keyOf(msg);
      const before = key === undefined ? undefined : tails.get(key);
      const task = (before ?? Promise.resolve()).then(() => handle(msg)).catch(() => undefined);
      inHand.add(task);
      if (key !== undefined) tails.set(key, task);
      void task.finally(() => {
        inHand.delete(task);
        if (key !== undefined && tails.get(key) === task) tails.delete(key);
      });
      while (inHand.size >= size) await Promise.race(inHand);
    },
    async drain() {
      while (inHand.size > 0) await Promise.race(inHand);
    },
  };
}
