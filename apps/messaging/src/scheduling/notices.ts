/**
 * Scheduled items: auth caches each person's `_user.numScheduledItems` (the network resource), so
 * every write that may change the count tells it at once, on core NATS
 * (`scheduledItemsChangedSubject`). The writes are the ones that record a message event of these
 * verbs, so the notice rides on the outbox: sent right after the event is stored, before the
 * write's reply. A notice lost (auth reconnecting) costs the cache's TTL, never a wrong count for
 * longer.
 */
import {
  isCatalogueEvent,
  scheduledItemsChangedSubject,
  type CatalogueEvent,
  type DomainEvent,
  type EventNameOf,
  type ScheduledItemsChanged,
  type ServiceName,
} from '@ncs/contracts';
import type { CatalogueEventInput, Logger, Outbox, ServiceRuntime } from '@ncs/service-kit';

/** Message events after which the author's number of scheduled items may differ. */
const SCHEDULED_COUNT_EVENTS = [
  'messaging.message.scheduled', // posted with a future scheduledAt
  'messaging.message.scheduled_published', // its time came: published by the worker
  'messaging.message.removed', // removed, perhaps while still scheduled
] as const;

/** The author of the event's message, when it is one of `SCHEDULED_COUNT_EVENTS`. */
function authorOf(event: DomainEvent): string | undefined {
  return isCatalogueEvent(event, SCHEDULED_COUNT_EVENTS) ? event.data.message.author.EID : undefined;
}

/** The outbox, which also sends the notice of each event of `SCHEDULED_COUNT_EVENTS`. */
export function withScheduledItemsNotices(
  outbox: Outbox,
  nats: ServiceRuntime['nats'],
  logger: Logger,
): Outbox {
  const encoder = new TextEncoder();
  async function record<N extends EventNameOf<ServiceName>>(
    name: N,
    input: CatalogueEventInput<N>,
  ): Promise<CatalogueEvent<N>> {
    const event = await outbox.record(name, input);
    const profileEID = authorOf(event);
    if (profileEID !== undefined && event.networkEID !== undefined) {
      const notice: ScheduledItemsChanged = { networkEID: event.networkEID, profileEID };
      try {
        nats.publish(scheduledItemsChangedSubject, encoder.encode(JSON.stringify(notice)));
      } catch (error) {
        // A closed connection: the write stands; auth's entry expires with its TTL.
        logger.warn({ err: error, subject: scheduledItemsChangedSubject }, 'scheduled-items notice not sent');
      }
    }
    return event;
  }
  return { ...outbox, record };
}
