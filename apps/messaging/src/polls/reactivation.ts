/**
 * Polls, spec "States and transitions" (Poll row): reactivating an ended poll. A
 * compare-and-set on the end time (`poll.endsAt <= now`) under the poll's claim (lock.ts): a poll
 * that has not ended is 409, and two concurrent reactivations make one change (on FerretDB too). The outbox event `events.messaging.poll.reactivated`
 * carries the alert `poll_reactivated` for the voters (the caller left out), 500 recipients per
 * event, read by keyset on the unique vote index.
 */
import { DomainError } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, presentOne, userRef } from '../messages/presentation.js';
import { findReadablePoll } from './access.js';
import { underPollClaim } from './lock.js';
import { reactivatedEndsAt, requireReactivator } from './rules.js';
import { messageAudience } from '../messages/audience.js';
import type { PollStore } from './model.js';

/** Most recipients named by one event. */
const RECIPIENTS_PER_EVENT = 500;

async function recordReactivated({ models, outbox }: WriteDeps<PollStore>, caller: Caller, poll: MessageDoc) {
  const pollEID = String(poll._id);
  let after = '';
  for (let first = true; ; first = false) {
    const voters = await models.PollVote.find(
      { networkEID: caller.networkEID, pollEID, profileEID: { $gt: after } },
      { profileEID: 1 },
    )
      .sort({ profileEID: 1 })
      .limit(RECIPIENTS_PER_EVENT)
      .lean<{ profileEID: string }[]>();
    const recipients = voters.map((v) => v.profileEID).filter((EID) => EID !== caller.profileEID);
    // One event even without voters: the change itself is a fact others may follow.
    if (first || recipients.length > 0) {
      await outbox.record('messaging.poll.reactivated', {
        networkEID: caller.networkEID,
        actor: userRef(caller.profileEID),
        audience: messageAudience(poll),
        data: {
          alert: 'poll_reactivated',
          recipients: recipients.map(userRef),
          message: messageSummary(poll),
        },
      });
    }
    if (voters.length < RECIPIENTS_PER_EVENT) return;
    after = voters[voters.length - 1]!.profileEID;
  }
}

export async function reactivatePoll(deps: WriteDeps<PollStore>, caller: Caller, pollEID: string) {
  const { models, rpc } = deps;
  const { message: poll, access } = await findReadablePoll(models, rpc, caller, pollEID);
  requireReactivator(poll.authorEID, caller.profileEID, access.networkAdmin);
  const reactivated = await underPollClaim(models, pollEID, async () => {
    const now = new Date();
    const fresh = await models.Message.findOneAndUpdate(
      { _id: poll._id, networkEID: caller.networkEID, 'poll.endsAt': { $lte: now } },
      { $set: { 'poll.endsAt': reactivatedEndsAt(poll.poll, now) } },
      { returnDocument: 'after' },
    ).lean<MessageDoc>();
    if (!fresh) throw new DomainError('MESSAGING_ERR_POLL_NOT_ENDED');
    return fresh;
  });
  await recordReactivated(deps, caller, reactivated);
  return presentOne(models, caller, reactivated);
}
