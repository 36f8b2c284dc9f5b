/**
 * Polls (issue #11): voting. One vote per person and poll (unique index); voting again replaces the
 * vote. The counts move by atomic `$inc` only, each after the vote document changed: a new vote
 * `+1`; a change swaps atomically (`findOneAndUpdate` on the old answer returns what it replaced)
 * and moves one count from the old answer to the new. Concurrent votes and changes leave the
 * counts equal to the votes stored (e2e: tests/e2e/polls/voting.test.ts).
 */
import { DomainError } from '@ncs/contracts';
import { isDuplicateKeyError, type RequestOf } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { reread } from '../messages/writing.js';
import { findReadablePoll, type PollMessage } from './access.js';
import { hasAnswer, hasEnded } from './rules.js';

type VoteBody = RequestOf<'poll.vote'>['body'];

/** Records the caller's first vote; false when the caller had voted already. */
async function firstVote({ models }: WriteDeps, caller: Caller, poll: PollMessage, answerEID: string) {
  const pollEID = String(poll._id);
  try {
    await models.PollVote.create({
      networkEID: caller.networkEID,
      pollEID,
      profileEID: caller.profileEID,
      answerEID,
      votedAt: new Date(),
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
  await models.Message.updateOne(
    { _id: poll._id, networkEID: caller.networkEID },
    { $inc: { [`poll.counts.${answerEID}`]: 1, 'poll.numVoters': 1 } },
  );
  return true;
}

/** Moves the caller's vote to `answerEID` (nothing when it is there already). */
async function changeVote({ models }: WriteDeps, caller: Caller, poll: PollMessage, answerEID: string) {
  const replaced = await models.PollVote.findOneAndUpdate(
    {
      networkEID: caller.networkEID,
      pollEID: String(poll._id),
      profileEID: caller.profileEID,
      answerEID: { $ne: answerEID },
    },
    { $set: { answerEID, votedAt: new Date() } },
    { new: false, projection: { answerEID: 1 } },
  ).lean<{ answerEID: string }>();
  if (!replaced) return;
  await models.Message.updateOne(
    { _id: poll._id, networkEID: caller.networkEID },
    { $inc: { [`poll.counts.${replaced.answerEID}`]: -1, [`poll.counts.${answerEID}`]: 1 } },
  );
}

export async function vote(deps: WriteDeps, caller: Caller, pollEID: string, body: VoteBody) {
  const { message: poll } = await findReadablePoll(deps.models, deps.rpc, caller, pollEID);
  if (hasEnded(poll.poll, new Date())) throw new DomainError('MESSAGING_ERR_POLL_ENDED');
  if (!hasAnswer(poll.poll, body.answerEID)) {
    throw new DomainError('MESSAGING_ERR_POLL_ANSWER_UNKNOWN', undefined, [
      { pointer: '/body/answerEID', message: 'names no answer of this poll' },
    ]);
  }
  if (!(await firstVote(deps, caller, poll, body.answerEID))) {
    await changeVote(deps, caller, poll, body.answerEID);
  }
  return reread(deps.models, caller, poll);
}
