/**
 * The outbox (ARCHITECTURE §6, §10): a service records each domain event in its own database next
 * to the change it belongs to, and a relay publishes recorded events to JetStream, retrying until
 * JetStream acknowledges them, so a broker outage loses nothing.
 *
 * Designed for a store without multi-document transactions or change streams (FerretDB 1.x):
 *
 * - **Write order.** `record()` is called right AFTER the change was written. A change that failed
 *   (validation, duplicate key, not found: the everyday failures) then never emits an event; an
 *   event for a change that did not happen would mislead every consumer. The price is a narrow
 *   window: if the process dies, or the database fails, between the change and `record()`, the
 *   change stays without its event. `record()` throws in the second case, so the caller answers an
 *   error rather than reporting success.
 * - **Claiming.** None. Every instance's relay publishes all unpublished events of the service,
 *   oldest first, one at a time, with `Nats-Msg-Id` = event id; JetStream drops a second publish
 *   of an id within its duplicate window, so two relays racing is harmless and each still
 *   publishes in creation order. Beyond the window (an event left unmarked for minutes) a
 *   duplicate can reach the stream; consumers are idempotent on the id (`processed_events`).
 * - **Order.** By `createdAt`, then id: exact for the events of one instance; between instances
 *   as close as their clocks. Consumers get each event at least once, and an event whose handler
 *   failed is retried after the ones behind it, so handlers must not depend on strict order.
 * - **Storage.** The event is stored as its JSON text (see `OutboxEventRecord.payload`).
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Context } from '@opentelemetry/api';
import mongoose from 'mongoose';
import { Events, headers as natsHeaders } from 'nats';
import type { NatsConnection } from 'nats';
import { EVENTS_STREAM, eventCatalogue, eventLogSubject, isEventName, toTimestamp } from '@ncs/contracts';
import type {
  CatalogueEvent,
  DomainEvent,
  EventAudience,
  EventAudienceOf,
  EventData,
  EventNameOf,
  ServiceName,
} from '@ncs/contracts';
import { outboxEventModel } from './events-models.js';
import type { OutboxEventRecord } from './events-models.js';
import { watchOutboxLag } from './event-metrics.js';
import { ensureEventsStream, retryDelay } from './events-stream.js';
import type { Logger } from './logger.js';
import { extractTraceContext, injectTraceHeaders } from './telemetry.js';

export { EVENTS_DUPLICATE_WINDOW_MS, ensureEventsStream, retryDelay } from './events-stream.js';
export { startEventConsumer } from './catalogue-consumer.js';
export type { EventConsumer, EventConsumerOptions } from './events-consumer.js';
export type { CatalogueConsumerOptions } from './catalogue-consumer.js';

export interface OutboxOptions {
  readonly connection: mongoose.Connection;
  readonly nats: NatsConnection;
  readonly service: ServiceName;
  readonly logger: Logger;
  /** How often the relay looks for events it was not woken for (other instances', a crash's). 1000 ms. */
  readonly pollIntervalMs?: number;
  /** Published events are deleted this long after publication. 7 days. */
  readonly publishedRetentionMs?: number;
}

/** What a catalogued event is recorded with: its audience and data typed by the catalogue. */
export interface CatalogueEventInput<N extends EventNameOf<ServiceName>> {
  readonly networkEID?: string;
  readonly actor?: { readonly type: string; readonly EID: string };
  readonly audience: EventAudienceOf<N>;
  readonly data: EventData<N>;
}

/** The input for any event: what a wrapper or a test's fake outbox receives. */
export interface AnyCatalogueEventInput {
  readonly networkEID?: string;
  readonly actor?: { readonly type: string; readonly EID: string };
  readonly audience: EventAudience;
  readonly data: unknown;
}
/** `record`'s arguments, as a wrapper of it (messaging's notices) passes them on. */
export type RecordArguments = [name: EventNameOf<ServiceName>, input: AnyCatalogueEventInput];

export interface Outbox<S extends ServiceName = ServiceName> {
  /**
   * Builds the DomainEvent of the catalogued event `name` (`<service>.<entity>.<verb>`, this
   * outbox's service: another service's name throws; id: a new ObjectId; occurredAt: now, ISO 8601
   * with `+00:00`; `audience` and `data` as given) and stores it in the `outbox` collection, to be
   * published on `events.<name>.<networkEID>`. Call it right after the write the event belongs to has succeeded
   * (see the module comment for why after). Resolves once stored; the relay publishes it shortly
   * after.
   */
  record<N extends EventNameOf<S>>(name: N, input: CatalogueEventInput<N>): Promise<CatalogueEvent<N>>;
  /**
   * Starts the relay: publishes unpublished events in order of creation, marks each published
   * once JetStream acknowledged it, retries with backoff while NATS, JetStream or the database is
   * unavailable (never throws, never skips an event), runs at once after `record()` and otherwise
   * every `pollIntervalMs`.
   */
  start(): void;
  /** Stops the relay after the publish in flight, if any, has finished. */
  stop(): Promise<void>;
}

const RELAY_BATCH_SIZE = 100;
/** JetStream acknowledges in milliseconds; a longer wait only delays the retry after an outage. */
const JETSTREAM_TIMEOUT_MS = 3_000;
const PURGE_INTERVAL_MS = 10 * 60_000;
const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** NATS's default `max_payload`, for when the server's is not known yet. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;
/** Room left in `max_payload` for the headers (trace context, Nats-Msg-Id, expected stream). */
const HEADER_ALLOWANCE = 1024;

const tracer = trace.getTracer('@ncs/service-kit');

export function createOutbox(options: OutboxOptions): Outbox {
  const events = outboxEventModel(options.connection);
  const logger = options.logger.child({ component: 'outbox' });
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const retentionMs = options.publishedRetentionMs ?? DEFAULT_RETENTION_MS;
  const js = options.nats.jetstream();
  const encoder = new TextEncoder();

  let running = false;
  let relay: Promise<void> | undefined;
  let streamEnsured = false;
  let lastPurge = 0;
  /** Set by record(): the relay drains again before sleeping. */
  let recordedSinceDrain = false;
  let interruptSleep: ((reason: 'recorded' | 'reconnected' | 'stopped') => void) | undefined;
  let stopWatchingReconnects: (() => void) | undefined;
  let stopWatchingLag: (() => void) | undefined;

  function sleep(ms: number, wakeOnRecord: boolean): Promise<void> {
    if (!running || (wakeOnRecord && recordedSinceDrain)) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        interruptSleep = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      // While backing off from a failure a new event must not cut the backoff short; NATS coming
      // back must.
      interruptSleep = (reason) => {
        if (reason !== 'recorded' || wakeOnRecord) finish();
      };
    });
  }

  /** The typed form's name: a catalogued event of this outbox's service. */
  function catalogued(name: string): { entity: string; verb: string } {
    if (!isEventName(name)) throw new TypeError(`outbox: "${name}" is not a catalogued event`);
    const { service, entity, verb } = eventCatalogue[name];
    if (service !== options.service) {
      throw new TypeError(
        `outbox: the ${options.service} outbox cannot record ${name}, an event of ${service}`,
      );
    }
    return { entity, verb };
  }

  // Async, so that a refused name rejects like every other failure of `record`.
  async function record<N extends EventNameOf<ServiceName>>(
    name: N,
    input: CatalogueEventInput<N>,
  ): Promise<CatalogueEvent<N>> {
    const { entity, verb } = catalogued(name);
    const _id = new mongoose.Types.ObjectId();
    const createdAt = new Date();
    const subject = eventLogSubject(options.service, entity, verb, input.networkEID);
    const event: DomainEvent = {
      id: _id.toHexString(),
      type: `${options.service}.${entity}.${verb}`,
      occurredAt: toTimestamp(createdAt),
      ...(input.networkEID === undefined ? {} : { networkEID: input.networkEID }),
      ...(input.actor === undefined ? {} : { actor: { type: input.actor.type, EID: input.actor.EID } }),
      audience: input.audience,
      data: input.data,
    };
    // Serialised now, so an event that can never be published fails its caller instead of blocking
    // the relay behind it forever.
    const payload = JSON.stringify(event);
    const maxPayload = (options.nats.info?.max_payload ?? DEFAULT_MAX_PAYLOAD) - HEADER_ALLOWANCE;
    const size = Buffer.byteLength(payload);
    if (size > maxPayload) {
      throw new RangeError(`outbox: event ${event.type} is ${size} bytes, NATS accepts ${maxPayload}`);
    }
    const traceHeaders = natsHeaders();
    injectTraceHeaders(traceHeaders);
    const traceparent = traceHeaders.get('traceparent');
    const tracestate = traceHeaders.get('tracestate');
    await events.create({
      _id,
      subject,
      payload,
      ...(input.networkEID === undefined ? {} : { networkEID: input.networkEID }),
      ...(traceparent === '' ? {} : { traceparent }),
      ...(tracestate === '' ? {} : { tracestate }),
      createdAt,
      publishedAt: null,
      attempts: 0,
    });
    recordedSinceDrain = true;
    interruptSleep?.('recorded');
    // The envelope of `name`, its audience and data as the catalogue typed them for the caller.
    return event as CatalogueEvent<N>;
  }

  /** Retries at once when the NATS connection comes back instead of sitting out the backoff. */
  function watchReconnects(): () => void {
    const statuses = options.nats.status();
    void (async () => {
      try {
        for await (const status of statuses) {
          if (status.type === Events.Reconnect) interruptSleep?.('reconnected');
        }
      } catch {
        // The connection closed: nothing left to watch.
      }
    })();
    // The iterator nats.js returns is a QueuedIterator; stop() ends it and unregisters it.
    return () => (statuses as Partial<{ stop(): void }>).stop?.();
  }

  async function runRelay(): Promise<void> {
    let failures = 0;
    while (running) {
      recordedSinceDrain = false;
      try {
        await publishPending();
        await purgePublished();
        if (failures > 0) logger.info({ failures }, 'outbox relay recovered');
        failures = 0;
        await sleep(pollIntervalMs, true);
      } catch (error) {
        if (options.nats.isClosed()) {
          // Closed for good (shutdown): the events stay in the outbox for the next start.
          logger.info('NATS connection closed; outbox relay ends');
          running = false;
          return;
        }
        failures += 1;
        const retryInMs = retryDelay(failures, 250, 15_000);
        logger.warn({ err: error, failures, retryInMs }, 'outbox relay could not publish; retrying');
        await sleep(retryInMs, false);
      }
    }
  }

  async function publishPending(): Promise<void> {
    for (;;) {
      const batch = await events
        .find({ publishedAt: null })
        .sort({ createdAt: 1, _id: 1 })
        .limit(RELAY_BATCH_SIZE)
        .lean<OutboxEventRecord[]>();
      for (const event of batch) {
        if (!running) return;
        await publish(event);
      }
      if (batch.length < RELAY_BATCH_SIZE) return;
    }
  }

  async function publish(event: OutboxEventRecord): Promise<void> {
    const id = event._id.toHexString();
    const parent = recordingContext(event);
    const span = tracer.startSpan(
      `${event.subject} publish`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.system': 'nats',
          'messaging.operation.type': 'send',
          'messaging.destination.name': event.subject,
          'messaging.message.id': id,
        },
      },
      parent,
    );
    try {
      const headers = natsHeaders();
      injectTraceHeaders(headers, trace.setSpan(parent, span));
      let sequence: number;
      try {
        if (!streamEnsured) {
          await ensureEventsStream(options.nats, { timeoutMs: JETSTREAM_TIMEOUT_MS });
          streamEnsured = true;
        }
        const ack = await js.publish(event.subject, encoder.encode(event.payload), {
          msgID: id,
          headers,
          timeout: JETSTREAM_TIMEOUT_MS,
          expect: { streamName: EVENTS_STREAM },
        });
        sequence = ack.seq;
        span.setAttributes({
          'messaging.nats.stream_sequence': ack.seq,
          'ncs.event.duplicate': ack.duplicate,
        });
      } catch (error) {
        // A missing stream answers like an absent JetStream (503): check the stream again next time.
        streamEnsured = false;
        await events
          .updateOne({ _id: event._id }, { $inc: { attempts: 1 }, $set: { lastError: String(error) } })
          .catch(() => undefined);
        throw error;
      }
      await events.updateOne(
        { _id: event._id, publishedAt: null },
        { $set: { publishedAt: new Date(), streamSequence: sequence } },
      );
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  }

  /** When the oldest event still to publish was recorded: the relay's own query and index. */
  async function oldestUnpublished(): Promise<Date | undefined> {
    const oldest = await events
      .findOne({ publishedAt: null }, { createdAt: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .lean<Pick<OutboxEventRecord, 'createdAt'>>();
    return oldest?.createdAt;
  }

  async function purgePublished(): Promise<void> {
    const now = Date.now();
    if (now - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now;
    await events.deleteMany({ publishedAt: { $lt: new Date(now - retentionMs) } });
  }

  return {
    record,
    start() {
      if (running) return;
      running = true;
      stopWatchingReconnects = watchReconnects();
      stopWatchingLag = watchOutboxLag(options.service, oldestUnpublished);
      relay = runRelay();
    },
    async stop() {
      running = false;
      stopWatchingReconnects?.();
      stopWatchingReconnects = undefined;
      stopWatchingLag?.();
      stopWatchingLag = undefined;
      interruptSleep?.('stopped');
      await relay;
      relay = undefined;
    },
  };
}

/** The trace context `record()` ran in, so the publish span joins the request's trace. */
function recordingContext(event: OutboxEventRecord): Context {
  if (event.traceparent === undefined) return ROOT_CONTEXT;
  const carrier = natsHeaders();
  carrier.set('traceparent', event.traceparent);
  if (event.tracestate !== undefined) carrier.set('tracestate', event.tracestate);
  return extractTraceContext(carrier, ROOT_CONTEXT);
}
