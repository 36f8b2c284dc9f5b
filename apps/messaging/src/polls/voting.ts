/**
 * Polls: voting. One vote per person and poll (unique index); voting again replaces the
 * vote. The counts move by `$inc` only, each right after the vote document changed: a first vote
 * `+1`, a change `-1` on the old answer and `+1` on the new. The changes of one poll run under its
 * claim (lock.ts), so concurrent votes and changes leave the counts equal to the votes stored on
 * MongoDB and FerretDB alike (e2e: tests/e2e/polls/voting.test.ts).
 */
import { DomainError } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { reread } from '../messages/writing.js';
import { findReadablePoll, type PollMessage } from './access.js';
import { underPollClaim } from './lock.js';
import { hasAnswer, hasEnded } from './rules.js';
import type { PollStore } from './model.js';

type VoteBody = RequestOf<'poll.vote'>['body'];

/** Records the caller's vote for `answerEID` and moves the counts (the poll's claim is held). */
async function recordVote(
  { models }: WriteDeps<PollStore>,
  caller: Caller,
  poll: PollMessage,
  answerEID: string,
) {
  const mine = { networkEID: caller.networkEID, pollEID: String(poll._id), profileEID: caller.profileEID };
  const current = await models.PollVote.findOne(mine, { answerEID: 1 }).lean<{ answerEID: string }>();
  if (current?.answerEID === answerEID) return;
  const votedAt = new Date();
  if (!current) {
    await models.PollVote.create({ ...mine, answerEID, votedAt });
  } else {
    await models.PollVote.updateOne(mine, { $set: { answerEID, votedAt } });
  }
  const moves = current
    ? { [`poll.counts.${current.answerEID}`]: -1, [`poll.counts.${answerEID}`]: 1 }
    : { [`poll.counts.${answerEID}`]: 1, 'poll.numVoters': 1 };
  await models.Message.updateOne({ _id: poll._id, networkEID: caller.networkEID }, { $inc: moves });
}

export async function vote(deps: WriteDeps<PollStore>, caller: Caller, pollEID: string, body: VoteBody) {
  const { message: poll } = await findReadablePoll(deps.models, deps.rpc, caller, pollEID);
  if (hasEnded(poll.poll, new Date())) throw new DomainError('MESSAGING_ERR_POLL_ENDED');
  if (!hasAnswer(poll.poll, body.answerEID)) {
    throw new DomainError('MESSAGING_ERR_POLL_ANSWER_UNKNOWN', undefined, [
      { pointer: '/body/answerEID', message: 'names no answer of this poll' },
    ]);
  }
  await underPollClaim(deps.models, pollEID, () => recordVote(deps, caller, poll, body.answerEID));
  return reread(deps.models, caller, poll);
}
