/**
 * Events. Editing an event (`PUT …/messages/{messageEID}/` with `event`): the
 * changed fields of the event object (-38 on an inverted range), and for each kind of change
 * (date/time, location, details = the body) ONE event `events.messaging.message.<change>` (alert
 * `event_<change>`) naming the invitees and responders; the event moves up its timeline with the
 * first change as `bubble.reason`. Decisions: docs/decisions.md, "Messaging: events and RSVP".
 */
import type { RequestOf } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, userRef } from '../messages/presentation.js';
import { eventSummary } from './presentation.js';
import { inviteesAndResponders } from './recipients.js';
import { alertOfChange, eventEditOf, type EventChange } from './rules.js';
import { messageAudience } from '../messages/audience.js';
import type { EventStore } from './models.js';

type EditBody = RequestOf<'message.edit'>['body'];

export interface EventEdit {
  readonly changes: readonly EventChange[];
  readonly set: Record<string, unknown>;
}

/** What an edit sets of an event (and its bubble); null for another type. */
export function eventEditFor(
  message: MessageDoc,
  body: EditBody,
  htmlBody: string,
  now: Date,
): EventEdit | null {
  // `event` on another type was refused by the core (messages/types.ts).
  if (message.type !== 'event' || !message.event) return null;
  const { event, changes } = eventEditOf(message.event, body.event, htmlBody !== message.htmlBody);
  const reason = changes[0];
  return {
    changes,
    set: {
      'event.start': event.start,
      'event.end': event.end,
      'event.allDay': event.allDay,
      'event.location': event.location,
      ...(reason && message.timelineKey
        ? { timelineAt: now, bubble: { reason, at: now, commentEID: null } }
        : {}),
    },
  };
}

/** After the edit: the rows follow a new end; one event per kind of change. */
export async function recordEventEdit(
  { models, outbox }: Pick<WriteDeps<EventStore>, 'models' | 'outbox'>,
  caller: Caller,
  before: MessageDoc,
  edited: MessageDoc,
  edit: EventEdit | null,
) {
  if (!edit || edit.changes.length === 0 || !edited.event) return;
  const messageEID = String(edited._id);
  if (edited.event.end.getTime() !== before.event?.end.getTime()) {
    await models.EventResponse.updateMany(
      { networkEID: caller.networkEID, messageEID },
      { $set: { end: edited.event.end } },
    );
  }
  const recipients = (await inviteesAndResponders(models, edited, caller.profileEID)).map(userRef);
  for (const change of edit.changes) {
    await outbox.record(`messaging.message.${change}`, {
      networkEID: caller.networkEID,
      actor: userRef(caller.profileEID),
      audience: messageAudience(edited),
      data: {
        alert: alertOfChange(change),
        message: messageSummary(edited),
        event: eventSummary(edited),
        previous: eventSummary(before),
        recipients,
      },
    });
  }
}
