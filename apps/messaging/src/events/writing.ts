/**
 * Events. Posting an event: the stored event object taken from the create
 * body (type `event` only; required there), its invitees checked with auth in one batch; a private
 * event is read by its participants only (author and invitees, as a private message) and is on no
 * timeline. Invitations: one row per invitee (`rsvp: null`) and ONE
 * `events.messaging.message.invited` event (alert `event_invitation`) naming the invitees.
 * Decisions: docs/decisions.md, "Messaging: events and RSVP".
 */
import { DomainError } from '@ncs/contracts';
import type { Outbox, RequestOf, RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, userRef } from '../messages/presentation.js';
import { activeRecipientEIDs } from '../messages/recipients.js';
import { fieldProblem } from '../messages/types.js';
import { dateOf, requireDateRange } from './rules.js';
import { peopleAudience } from '../messages/audience.js';
import type { EventStore } from './models.js';

type CreateBody = RequestOf<'message.create'>['body'];

/** The stored fields of an event from the create body; `event` on another type is a 400 naming it. */
export async function eventFieldsOf(rpc: RpcClient, caller: Caller, body: CreateBody) {
  if (body.type !== 'event') return {}; // `event` on another type: refused by the core
  const given = body.event;
  if (!given) {
    throw new DomainError('EVENTS_ERR_EVENT_REQUIRED', undefined, [
      { pointer: '/body/event', message: 'is required for type event' },
    ]);
  }
  const start = dateOf(given.start, '/body/event/start');
  const end = dateOf(given.end, '/body/event/end');
  requireDateRange(start, end);
  const inviteeEIDs = given.invitees
    ? await activeRecipientEIDs(rpc, caller, given.invitees, 'event/invitees')
    : [];
  if (given.invitees && inviteeEIDs.length === 0) {
    throw fieldProblem('event/invitees', 'names nobody but the author');
  }
  const event = { start, end, allDay: given.allDay ?? false, location: given.location ?? null, inviteeEIDs };
  if (inviteeEIDs.length === 0) return { event };
  return { event, participantEIDs: [caller.profileEID, ...inviteeEIDs], timelineKey: null };
}

/** A private event's invitations: their rows and one `invited` event naming the invitees. */
export async function recordInvitations(models: EventStore, outbox: Outbox, message: MessageDoc) {
  const invitees = message.type === 'event' ? (message.event?.inviteeEIDs ?? []) : [];
  if (invitees.length === 0 || !message.event) return;
  const { networkEID } = message;
  const messageEID = String(message._id);
  await models.EventResponse.insertMany(
    invitees.map((profileEID) => ({
      networkEID,
      messageEID,
      profileEID,
      rsvp: null,
      invited: true,
      end: message.event!.end,
    })),
  );
  await outbox.record('messaging.message.invited', {
    networkEID,
    actor: userRef(message.authorEID),
    audience: peopleAudience(invitees),
    data: { alert: 'event_invitation', message: messageSummary(message), recipients: invitees.map(userRef) },
  });
}
