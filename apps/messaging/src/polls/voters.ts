/**
 * Polls: who chose an answer, latest vote first. An anonymous poll reveals nobody: 403
 * (a clear refusal rather than an empty list that would read as "nobody voted"). `total` is the
 * answer's counter, never a count of the votes (docs/decisions.md, "Messaging: polls").
 */
import { DomainError, toTimestamp, type PlainCollection } from '@ncs/contracts';
import { collectionOf, type Page, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { userRef } from '../messages/presentation.js';
import { findReadablePoll } from './access.js';
import { hasAnswer, votesOf } from './rules.js';
import type { PollVoteDoc } from './model.js';
import type { PollStore } from './model.js';

const shape = { itemType: 'poll_voter', rel: 'voters' };

export async function listVoters(
  models: PollStore,
  rpc: RpcClient,
  caller: Caller,
  pollEID: string,
  answerEID: string,
  page: Page,
): Promise<PlainCollection> {
  const { message: poll } = await findReadablePoll(models, rpc, caller, pollEID);
  if (poll.isAnonymous) throw new DomainError('MESSAGING_ERR_POLL_ANONYMOUS');
  if (!hasAnswer(poll.poll, answerEID)) throw new DomainError('MESSAGING_ERR_POLL_ANSWER_NOT_FOUND');
  const votes = await models.PollVote.find({ networkEID: caller.networkEID, pollEID, answerEID })
    .sort({ votedAt: -1, _id: -1 })
    .skip(page.offset)
    .limit(page.limit)
    .lean<PollVoteDoc[]>();
  const items = votes.map((vote) => ({
    type: 'poll_voter',
    EID: String(vote._id),
    user: userRef(vote.profileEID),
    poll: { type: 'poll', EID: pollEID },
    answer: { type: 'poll_answer', EID: answerEID },
    votedAt: toTimestamp(vote.votedAt),
    created: toTimestamp(vote.votedAt),
  }));
  // The counter may trail a vote by a moment; never report fewer than the page shows.
  const total = Math.max(votesOf(poll.poll, answerEID), page.offset + items.length);
  return collectionOf(shape, page, total, items);
}
