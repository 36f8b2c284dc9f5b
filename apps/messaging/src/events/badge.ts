/**
 * Events. `numUnrespondedEvents` of the badge counters: the caller's
 * invitations (private events) that are not canceled or removed, have not ended and have no answer
 * yet; counted from the index `{networkEID, profileEID, rsvp, closed, end}` of `event_responses`,
 * so it reads only the caller's open invitations. Decisions: docs/decisions.md, "Messaging: events
 * and RSVP".
 */
import type { EventStore } from './models.js';

export function countUnrespondedEvents(
  models: Pick<EventStore, 'EventResponse'>,
  networkEID: string,
  profileEID: string,
): Promise<number> {
  return models.EventResponse.countDocuments({
    networkEID,
    profileEID,
    rsvp: null,
    closed: false,
    end: { $gt: new Date() },
  });
}
