/**
 * Polls: the vote body and the voters of an answer. The poll itself is a message
 * (`messages/poll-fields.ts`). Rules: docs/decisions.md, "Messaging: polls".
 */
import { Type } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { embedQuery } from '../core/route-definition.js';
import { Eid, halCollection, halResource, Ref, strictObject, Timestamp } from '../core/schemas.js';

export const PollParams = strictObject({ pollEID: Eid });
export const PollAnswerParams = strictObject({ pollEID: Eid, answerEID: Eid });

/** `POST /polls/{pollEID}/votes/`: the caller's answer (voting again replaces the vote). */
export const PollVoteBody = Type.Object({ answerEID: Eid }, { additionalProperties: false });

/** One person's vote for an answer; `embed=user` embeds the profile. */
export const PollVoterResource = halResource(
  'poll_voter',
  {
    EID: Eid,
    user: Ref('user'),
    poll: Ref('poll'),
    answer: Ref('poll_answer'),
    votedAt: Timestamp,
    created: Timestamp,
  },
  'One person who chose an answer of a poll, and when (their latest vote).',
);
export const PollVoterCollection = halCollection(
  'voters',
  PollVoterResource,
  'Who chose an answer, latest vote first (nobody for an anonymous poll: 403).',
);

export const PollVotersQuery = Type.Object({
  ...PaginationQuery.properties,
  ...embedQuery(['user']).properties,
});
