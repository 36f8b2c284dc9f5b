/**
 * Bodies of the event actions. The event object of the message resource lives in
 * messages/event-fields.ts. Decisions: docs/decisions.md, "Messaging: events and RSVP".
 */
import { Type } from '@sinclair/typebox';
import { rsvpAnswers } from '../messages/event-fields.js';

/** `POST …/messages/{messageEID}/rsvp`. */
export const RsvpBody = Type.Object(
  {
    rsvp: Type.Union(
      rsvpAnswers.map((a) => Type.Literal(a)),
      { description: 'The caller’s answer: `yes`, `no` or `maybe` (answering again replaces it)' },
    ),
  },
  { additionalProperties: false },
);
