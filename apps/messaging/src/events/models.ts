/**
 * Events. The event object of a message of type `event` (a sub-document of
 * the message) and `event_responses`: one row per person and event, for an invitee from the
 * invitation on (`rsvp: null` until answered), for anyone else from the first answer. The rows
 * keep the event's `end` and whether it is `closed` (canceled or removed), so the caller's
 * unanswered invitations are counted from the index `{networkEID, profileEID, rsvp, closed, end}`
 * without reading the messages. Decisions: docs/decisions.md, "Messaging: events and RSVP".
 */
import { Schema, type Connection, type Model } from 'mongoose';
import { rsvpAnswers, type RsvpAnswer } from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

const responseSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    messageEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    rsvp: { type: String, enum: [...rsvpAnswers, null], default: null },
    invited: { type: Boolean, default: false },
    end: { type: Date, required: true },
    /** The event is canceled or removed: the invitation no longer counts as unanswered. */
    closed: { type: Boolean, default: false },
  },
  { strict: true, timestamps, collection: 'event_responses' },
);
// One answer per person and event (a row is created once: an invitation or the first answer).
responseSchema.index({ networkEID: 1, messageEID: 1, profileEID: 1 }, { unique: true });
// `responderCounts`: the answers of one event, counted after each change.
responseSchema.index({ networkEID: 1, messageEID: 1, rsvp: 1 });
// `numUnrespondedEvents`: the caller's open invitations without an answer.
responseSchema.index({ networkEID: 1, profileEID: 1, rsvp: 1, closed: 1, end: 1 });

export interface EventResponseDoc extends StoredDocument {
  networkEID: string;
  messageEID: string;
  profileEID: string;
  rsvp: RsvpAnswer | null;
  invited: boolean;
  end: Date;
  closed: boolean;
}

export function registerEventResponseModel(connection: Connection): Model<EventResponseDoc> {
  return connection.model<EventResponseDoc>('EventResponse', responseSchema);
}

/** What the events area works with: the core's collections and the invitations and answers. */
export interface EventStore extends CoreStore {
  readonly EventResponse: Model<EventResponseDoc>;
}
