/**
 * Polls: what a message resource shows of a poll: `isAnonymous`, `poll` (answers with
 * their counts, `endsAt`, `ended`) and the caller's vote in `_user.vote`, one query for the
 * caller's votes of a whole page.
 */
import type { PlainResource } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { presentPoll } from './rules.js';
import type { PollStore } from './model.js';

type Presented = PlainResource & { readonly _user?: object };

/** Adds the poll fields to the resources of a page (other types are left as they are). */
export async function pollPresenter(models: PollStore, caller: Caller, docs: readonly MessageDoc[]) {
  const pollEIDs = docs.filter((doc) => doc.type === 'poll').map((doc) => String(doc._id));
  const votes =
    pollEIDs.length === 0
      ? []
      : await models.PollVote.find(
          { networkEID: caller.networkEID, pollEID: { $in: pollEIDs }, profileEID: caller.profileEID },
          { pollEID: 1, answerEID: 1 },
        ).lean<{ pollEID: string; answerEID: string }[]>();
  const voteOf = new Map(votes.map((vote) => [vote.pollEID, vote.answerEID]));
  const now = new Date();
  return (doc: MessageDoc, resource: Presented): Presented => {
    if (doc.type !== 'poll' || !doc.poll) return resource;
    const answerEID = voteOf.get(String(doc._id));
    return {
      ...resource,
      isAnonymous: doc.isAnonymous ?? false,
      poll: presentPoll(doc.poll, now),
      _user: { ...resource._user, vote: answerEID ? { type: 'poll_answer', EID: answerEID } : null },
    };
  };
}
