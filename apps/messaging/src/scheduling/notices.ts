/**
 * Scheduled items: auth caches each person's `_user.numScheduledItems` (the network resource), so
 * every write that may change the count tells it at once, on core NATS
 * (`scheduledItemsChangedSubject`). The writes are the ones that record a message event of these
 * verbs, so the notice rides on the outbox: sent right after the event is stored, before the
 * write's reply. A notice lost (auth reconnecting) costs the cache's TTL, never a wrong count for
 * longer.
 */
import { scheduledItemsChangedSubject, type ScheduledItemsChanged } from '@ncs/contracts';
import type { Logger, Outbox, ServiceRuntime } from '@ncs/service-kit';

/** Message events after which the author's number of scheduled items may differ. */
const SCHEDULED_COUNT_VERBS: ReadonlySet<string> = new Set([
  'scheduled', // posted with a future scheduledAt
  'scheduled_published', // its time came: published by the worker
  'removed', // removed, perhaps while still scheduled
]);

/** The author of the event's message (`data.message.author`, messageSummary). */
function authorOf(data: Record<string, unknown>): string | undefined {
  const message = data.message as { author?: { EID?: unknown } } | undefined;
  const EID = message?.author?.EID;
  return typeof EID === 'string' ? EID : undefined;
}

/** The outbox, which also sends the notice of each event of `SCHEDULED_COUNT_VERBS`. */
export function withScheduledItemsNotices(
  outbox: Outbox,
  nats: ServiceRuntime['nats'],
  logger: Logger,
): Outbox {
  const encoder = new TextEncoder();
  return {
    ...outbox,
    async record(entity, verb, input) {
      const event = await outbox.record(entity, verb, input);
      const profileEID =
        entity === 'message' && SCHEDULED_COUNT_VERBS.has(verb) ? authorOf(input.data) : undefined;
      if (profileEID !== undefined && input.networkEID !== undefined) {
        const notice: ScheduledItemsChanged = { networkEID: input.networkEID, profileEID };
        try {
          nats.publish(scheduledItemsChangedSubject, encoder.encode(JSON.stringify(notice)));
        } catch (error) {
          // A closed connection: the write stands; auth's entry expires with its TTL.
          logger.warn(
            { err: error, subject: scheduledItemsChangedSubject },
            'scheduled-items notice not sent',
          );
        }
      }
      return event;
    },
  };
}
