/**
 * Polls. The poll fields of the message resource and the create body (spec:
 * Message row `isAnonymous`; "Tasks and polls"): a poll asks its question in `htmlBody` and holds
 * 2…`POLL_ANSWERS_MAX` answers and an end time. Spread into `MessageResource` and
 * `MessageCreateBody` (resources.ts). Rules and limits: docs/decisions.md, "Messaging: polls".
 */
import { Type } from '@sinclair/typebox';
import { Eid, Ref, Timestamp } from '../core/schemas.js';
import { Name } from '../core/text-hygiene.js';

/** Fewest and most answers of one poll. */
export const POLL_ANSWERS_MIN = 2;
export const POLL_ANSWERS_MAX = 10;
/** Longest answer text, in characters. */
export const POLL_ANSWER_MAX_LENGTH = 200;

/** The poll object of the create body (`type: 'poll'` only, required there). */
export const PollCreate = Type.Object(
  {
    answers: Type.Array(
      Type.Object(
        {
          text: Name({
            minLength: 1,
            maxLength: POLL_ANSWER_MAX_LENGTH,
            description: 'The answer as shown (one line); answers of a poll differ (case ignored)',
          }),
        },
        { additionalProperties: false },
      ),
      {
        minItems: POLL_ANSWERS_MIN,
        maxItems: POLL_ANSWERS_MAX,
        description: `${POLL_ANSWERS_MIN} to ${POLL_ANSWERS_MAX} answers; each gets an EID`,
      },
    ),
    endsAt: Type.String({
      format: 'date-time',
      description: 'When voting ends: a future time (at most a year ahead)',
    }),
  },
  { additionalProperties: false },
);

/** Create-body fields. */
export const PollCreateFields = {
  isAnonymous: Type.Optional(
    Type.Boolean({ description: 'poll only: nobody sees who voted for what (default false)' }),
  ),
  poll: Type.Optional(PollCreate),
};

/** One answer as read: its EID, text and vote count. */
export const PollAnswer = Type.Object({
  type: Type.Literal('poll_answer'),
  EID: Eid,
  text: Type.String(),
  numVotes: Type.Integer({ minimum: 0, description: 'read-only: how many people chose it' }),
});

/** Resource fields (present on a poll only). */
export const PollResourceFields = {
  isAnonymous: Type.Optional(Type.Boolean({ description: 'poll only: voters are never revealed' })),
  poll: Type.Optional(
    Type.Object(
      {
        answers: Type.Array(PollAnswer),
        endsAt: Timestamp,
        ended: Type.Boolean({ description: 'read-only: the end time has passed (no more votes)' }),
        numVotes: Type.Integer({ minimum: 0, description: 'read-only: how many people voted' }),
      },
      { description: 'poll only: its answers and end time' },
    ),
  ),
};

/** The caller's vote, in the message's `_user` (a poll only). */
export const PollUserFields = {
  vote: Type.Optional(
    Type.Union([Ref('poll_answer'), Type.Null()], {
      description: 'poll only: the answer the caller chose, or null',
    }),
  ),
};
