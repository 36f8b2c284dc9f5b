/**
 * Events. The message type `event` and its event object (spec: Message row,
 * "Event object"): `start`, `end`, `allDay`, `location`, read-only `canceled` and
 * `responderCounts`; a private event names its `invitees`. The caller's `rsvp` and the message
 * permissions (`like`, `rsvp`, `cancel`, `reinstate`) join `_user`. Spread into `MessageResource`,
 * `MessageCreateBody` and `MessageEditBody`; the event routes live in `events/`. Decisions:
 * docs/decisions.md, "Messaging: events and RSVP".
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Ref, Timestamp } from '../core/schemas.js';
import { Name } from '../core/text-hygiene.js';

/** The message type of this concern (from 1.4.8; before it `event` names an announcement). */
export const eventMessageTypes = ['event'] as const;
/** The answers of an RSVP. */
export const rsvpAnswers = ['yes', 'no', 'maybe'] as const;
export type RsvpAnswer = (typeof rsvpAnswers)[number];
/** The spec's message permissions, as listed in a message's `_user.permissions`. */
export const messagePermissions = ['like', 'rsvp', 'cancel', 'reinstate'] as const;
export type MessagePermissions = (typeof messagePermissions)[number][];
/** Why an edited event moved up its timeline. */
export const eventBubbleReasons = ['date_time_changed', 'location_changed', 'details_changed'] as const;
/** Most invitees of one private event. */
export const INVITEES_MAX_ITEMS = 100;
export const EVENT_LOCATION_MAX_LENGTH = 500;

const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Location = Name({ maxLength: EVENT_LOCATION_MAX_LENGTH, description: 'Where the event takes place' });

/** The event object of a create body (type `event` only; required there). */
export const EventCreateObject = Type.Object(
  {
    start: DateTime('When the event starts'),
    end: DateTime('When the event ends: not before `start` (else -38 naming both)'),
    allDay: Type.Optional(Type.Boolean({ description: 'A whole-day event; default false' })),
    location: Type.Optional(Nullable(Location)),
    invitees: Type.Optional(
      Type.Array(Ref('user'), {
        minItems: 1,
        maxItems: INVITEES_MAX_ITEMS,
        description: 'A private event: the people invited (only they and the author read it)',
      }),
    ),
  },
  { additionalProperties: false, description: 'The event: when and where' },
);

/** The event object of an edit body: the fields to change (the invitees stay as they are). */
export const EventEditObject = Type.Object(
  {
    start: Type.Optional(DateTime('When the event starts')),
    end: Type.Optional(DateTime('When the event ends: not before `start`')),
    allDay: Type.Optional(Type.Boolean()),
    location: Type.Optional(Nullable(Location)),
  },
  { additionalProperties: false, description: 'Event only: the fields of the event object to change' },
);

export const ResponderCounts = Type.Object(
  {
    yes: Type.Integer({ minimum: 0 }),
    no: Type.Integer({ minimum: 0 }),
    maybe: Type.Integer({ minimum: 0 }),
  },
  { description: 'read-only: how many people answered each RSVP' },
);

export const EventObject = Type.Object(
  {
    start: Timestamp,
    end: Timestamp,
    allDay: Type.Boolean(),
    location: Nullable(Type.String()),
    private: Type.Boolean({ description: 'read-only: true when the event has invitees' }),
    invitees: Type.Array(Ref('user'), { description: 'A private event’s invitees (empty when public)' }),
    canceled: Type.Boolean({ description: 'read-only: set by `cancel`, cleared by `reinstate`' }),
    responderCounts: ResponderCounts,
  },
  { description: 'The event object of a message of type `event`' },
);

/** Create-body fields. */
export const EventCreateFields = { event: Type.Optional(EventCreateObject) };
/** Edit-body fields. */
export const EventEditFields = { event: Type.Optional(EventEditObject) };
/** Resource fields (only a message of type `event` has `event`). */
export const EventResourceFields = { event: Type.Optional(EventObject) };

/** Fields of `_user`: the caller's answer and the message permissions the caller holds now. */
export const EventUserFields = {
  rsvp: Type.Optional(
    Nullable(
      Type.Union(
        rsvpAnswers.map((a) => Type.Literal(a)),
        { description: 'An event: the caller’s RSVP, null before answering' },
      ),
    ),
  ),
  permissions: Type.Optional(
    Type.Array(Type.Union(messagePermissions.map((p) => Type.Literal(p))), {
      description: 'The message permissions the caller holds now (`like`, `rsvp`, `cancel`, `reinstate`)',
    }),
  ),
};
