/**
 * Consumers of catalogued events (ARCHITECTURE §6: consumers never parse a payload by convention):
 * `startEventConsumer({ events: [...names] })` subscribes to those events' subjects (or to the
 * `filterSubjects` given, wildcards too) and hands the handler `CatalogueEvent`s of those names,
 * typed from the catalogue. An event the filters bring that is not listed is acknowledged unhandled:
 * the list, not the subject filter, says what the handler is written for.
 */
import { eventSubjectOf, isCatalogueEvent, subjectMatches } from '@ncs/contracts';
import type { CatalogueEvent, EventName } from '@ncs/contracts';
import { startPlainEventConsumer, type EventConsumer, type EventConsumerOptions } from './events-consumer.js';

export interface CatalogueConsumerOptions<N extends EventName> extends Omit<
  EventConsumerOptions,
  'filterSubjects' | 'handle' | 'orderKey'
> {
  /** The catalogued events the handler takes. */
  readonly events: readonly N[];
  /**
   * The subjects asked of JetStream; by default each listed event's subject. A wildcard
   * (`events.messaging.>`) keeps the consumer's filter as it was when `events` lists a family.
   */
  readonly filterSubjects?: readonly string[];
  // Properties, not methods: the options are taken apart, and none of these uses `this`.
  readonly handle: (event: CatalogueEvent<N>, subject: string) => Promise<void>;
  readonly orderKey?: (event: CatalogueEvent<N>) => string;
}

/**
 * Starts a durable consumer (events-consumer.ts `startPlainEventConsumer`): of the catalogued
 * `events`, typed; or, untyped, of any `filterSubjects` (the kit's own tests of the mechanism).
 */
export function startEventConsumer<const N extends EventName>(
  options: CatalogueConsumerOptions<N>,
): EventConsumer;
export function startEventConsumer(options: EventConsumerOptions): EventConsumer;
export function startEventConsumer(
  options: EventConsumerOptions | CatalogueConsumerOptions<EventName>,
): EventConsumer {
  return startPlainEventConsumer('events' in options ? plainConsumerOptions(options) : options);
}

/** The plain options of a catalogue consumer; throws when the filters and the list disagree. */
export function plainConsumerOptions<N extends EventName>(
  options: CatalogueConsumerOptions<N>,
): EventConsumerOptions {
  const { events, handle, orderKey, ...rest } = options;
  if (events.length === 0) throw new TypeError(`event consumer ${options.durable}: no events listed`);
  const filterSubjects = options.filterSubjects ?? events.map((name) => eventSubjectOf(name));
  const unheard = events.filter(
    (name) => !filterSubjects.some((f) => subjectMatches(f, eventSubjectOf(name))),
  );
  const useless = filterSubjects.filter(
    (f) => !events.some((name) => subjectMatches(f, eventSubjectOf(name))),
  );
  if (unheard.length > 0 || useless.length > 0) {
    throw new TypeError(
      `event consumer ${options.durable}: events no filter subject brings (${unheard.join(', ')}) or filters no listed event matches (${useless.join(', ')})`,
    );
  }
  const logger = options.logger.child({ consumer: options.durable });
  return {
    ...rest,
    filterSubjects,
    handle: async (event, subject) => {
      if (isCatalogueEvent(event, events)) return handle(event, subject);
      logger.debug({ type: event.type, eventId: event.id }, 'event not listed by the consumer: acknowledged');
    },
    ...(orderKey === undefined
      ? {}
      : { orderKey: (event) => (isCatalogueEvent(event, events) ? orderKey(event) : `-:${event.id}`) }),
  };
}
