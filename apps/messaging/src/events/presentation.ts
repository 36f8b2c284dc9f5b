/**
 * Events. What a message resource shows of events: the event object (type
 * `event`), and in `_user` the caller's `rsvp` (an event) and the message permissions the caller
 * holds now (every message). The caller's answers of a whole page come from one query.
 */
import { toTimestamp, type PlainResource, type RsvpAnswer } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { messagePermissionsOf, isPrivateEvent } from './rules.js';
import type { EventStore } from './models.js';

const userRef = (EID: string) => ({ type: 'user' as const, EID });

/** The event object as read. */
export function presentEvent(event: NonNullable<MessageDoc['event']>) {
  const counts = event.responderCounts;
  return {
    start: toTimestamp(event.start),
    end: toTimestamp(event.end),
    allDay: event.allDay ?? false,
    location: event.location ?? null,
    private: isPrivateEvent(event),
    invitees: (event.inviteeEIDs ?? []).map(userRef),
    canceled: event.canceled ?? false,
    responderCounts: { yes: counts?.yes ?? 0, no: counts?.no ?? 0, maybe: counts?.maybe ?? 0 },
  };
}

/** What events about an event carry of it (notifications need no lookup). */
export const eventSummary = (doc: MessageDoc) => (doc.event ? presentEvent(doc.event) : null);

/** The caller's answers to the events among `docs` (one query, the unique index). */
export async function rsvpsOfCaller(
  models: EventStore,
  caller: Caller,
  docs: readonly MessageDoc[],
): Promise<Map<string, RsvpAnswer | null>> {
  const ids = docs.filter((doc) => doc.type === 'event').map((doc) => String(doc._id));
  if (ids.length === 0) return new Map();
  const rows = await models.EventResponse.find(
    { networkEID: caller.networkEID, messageEID: { $in: ids }, profileEID: caller.profileEID },
    { messageEID: 1, rsvp: 1 },
  ).lean<{ messageEID: string; rsvp: RsvpAnswer | null }[]>();
  return new Map(rows.map((row) => [row.messageEID, row.rsvp ?? null]));
}

/** The resource with the event object and the `_user` fields of this concern. */
export function withEventFields(
  resource: PlainResource,
  doc: MessageDoc,
  caller: Caller,
  rsvps: ReadonlyMap<string, RsvpAnswer | null>,
): PlainResource {
  const user = resource._user as Record<string, unknown>;
  const permissions = messagePermissionsOf(doc, caller.profileEID, new Date());
  if (doc.type !== 'event' || !doc.event) return { ...resource, _user: { ...user, permissions } };
  return {
    ...resource,
    event: presentEvent(doc.event),
    _user: { ...user, rsvp: rsvps.get(String(doc._id)) ?? null, permissions },
  };
}
