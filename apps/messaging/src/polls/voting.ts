/**
 * Polls: voting. One vote per person and poll (unique index); voting again replaces the
 * vote. The counts move by `$inc` only, each right after the vote document changed: a first vote
 * `+1`, a change `-1` on the old answer and `+1` on the new. The changes of one poll run under its
 * claim (lock.ts), so concurrent votes and changes leave the counts equal to the votes stored on
 * MongoDB and FerretDB alike (e2e: tests/e2e/polls/voting.test.ts). A vote or a change records
 * `messaging.poll.voted` with the counts after it; an anonymous poll's event names no voter.
 */
import { DomainError } from '@ncs/contracts';
import type { Outbox, RequestOf } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { messageAudience } from '../messages/audience.js';
import type { WriteDeps } from '../messages/deps.js';
import { messageSummary, userRef } from '../messages/presentation.js';
import { reread } from '../messages/writing.js';
import { findReadablePoll, type PollMessage } from './access.js';
import { underPollClaim } from './lock.js';
import { hasAnswer, hasEnded, pollCountsOf } from './rules.js';
import type { PollStore } from './model.js';

type VoteBody = RequestOf<'poll.vote'>['body'];

/** A vote that changed something: the poll as counted after it, and the answer it replaced. */
interface CountedVote {
  readonly counted: PollMessage;
  readonly answerEID: string;
  readonly previousEID: string | null;
}

/** Records the caller's vote for `answerEID` and moves the counts (the poll's claim is held). */
async function recordVote(
  models: PollStore,
  caller: Caller,
  poll: PollMessage,
  answerEID: string,
): Promise<CountedVote | null> {
  const mine = { networkEID: caller.networkEID, pollEID: String(poll._id), profileEID: caller.profileEID };
  const current = await models.PollVote.findOne(mine, { answerEID: 1 }).lean<{ answerEID: string }>();
  if (current?.answerEID === answerEID) return null;
  const votedAt = new Date();
  if (!current) {
    await models.PollVote.create({ ...mine, answerEID, votedAt });
  } else {
    await models.PollVote.updateOne(mine, { $set: { answerEID, votedAt } });
  }
  const moves = current
    ? { [`poll.counts.${current.answerEID}`]: -1, [`poll.counts.${answerEID}`]: 1 }
    : { [`poll.counts.${answerEID}`]: 1, 'poll.numVoters': 1 };
  const counted = await models.Message.findOneAndUpdate(
    { _id: poll._id, networkEID: caller.networkEID },
    { $inc: moves },
    { returnDocument: 'after' },
  ).lean<PollMessage>();
  // The message itself is gone: nobody is left to tell.
  return counted?.poll ? { counted, answerEID, previousEID: current?.answerEID ?? null } : null;
}

const answerRef = (EID: string) => ({ type: 'poll_answer' as const, EID });

/** `messaging.poll.voted`: an anonymous poll's names nobody, not even as its actor. */
function recordVoted(outbox: Outbox, caller: Caller, { counted, answerEID, previousEID }: CountedVote) {
  const anonymous = counted.isAnonymous === true;
  return outbox.record('messaging.poll.voted', {
    networkEID: caller.networkEID,
    ...(anonymous ? {} : { actor: userRef(caller.profileEID) }),
    audience: messageAudience(counted),
    data: {
      message: messageSummary(counted),
      poll: pollCountsOf(counted.poll),
      ...(anonymous
        ? {}
        : {
            voter: userRef(caller.profileEID),
            answer: answerRef(answerEID),
            previous: previousEID === null ? null : answerRef(previousEID),
          }),
    },
  });
}

export async function vote(deps: WriteDeps<PollStore>, caller: Caller, pollEID: string, body: VoteBody) {
  const { message: poll } = await findReadablePoll(deps.models, deps.rpc, caller, pollEID);
  if (hasEnded(poll.poll, new Date())) throw new DomainError('MESSAGING_ERR_POLL_ENDED');
  if (!hasAnswer(poll.poll, body.answerEID)) {
    throw new DomainError('MESSAGING_ERR_POLL_ANSWER_UNKNOWN', undefined, [
      { pointer: '/body/answerEID', message: 'names no answer of this poll' },
    ]);
  }
  await underPollClaim(deps.models, pollEID, async () => {
    const counted = await recordVote(deps.models, caller, poll, body.answerEID);
    // Under the claim still: the events of one poll carry its counts in the order they moved.
    if (counted) await recordVoted(deps.outbox, caller, counted);
  });
  return reread(deps.models, caller, poll);
}
