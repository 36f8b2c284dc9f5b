/**
 * Message actions, removal. `POST …/messages/{messageEID}/remove` soft-deletes a message:
 * `status: 'removed'`, `removedAt`, `removedBy`, and it leaves every index a reader uses (timeline
 * and thread keys set to null, kept in `removedFrom`; no search tokens), so every later read
 * answers 404. A removed comment takes one from its parent's `numComments`; a removed message's
 * comments are removed with it (its thread is gone). Each feature then releases what it keeps of
 * it (attached files, open invitations, who commented). Records `events.messaging.message.removed`.
 */
import { DomainError } from '@ncs/contracts';
import type { Caller } from './access.js';
import { mayRemove } from './action-rules.js';
import type { WriteDeps } from './deps.js';
import { messageSummary, userRef } from './presentation.js';
import { findReadableMessage } from './reading.js';
import { messageAudience } from './audience.js';

export async function removeMessage({ models, rpc, outbox }: WriteDeps, caller: Caller, messageEID: string) {
  const { message, access } = await findReadableMessage(models, rpc, caller, messageEID);
  if (!mayRemove(message, caller, access)) throw new DomainError('MESSAGING_ERR_REMOVE_FORBIDDEN');
  const removal = (from: { timelineKey: string | null; parentEID: string | null }) => ({
    $set: {
      status: 'removed',
      removedAt: new Date(),
      removedBy: caller.profileEID,
      removedFrom: from,
      timelineKey: null,
      parentEID: null,
      searchTokens: [],
    },
  });
  const removed = await models.Message.updateOne(
    { _id: message._id, networkEID: caller.networkEID, removedAt: null },
    removal({ timelineKey: message.timelineKey ?? null, parentEID: message.parentEID ?? null }),
  );
  // Removed meanwhile by someone else: the first removal counted and published.
  if (removed.modifiedCount === 0) throw new DomainError('MESSAGING_ERR_MESSAGE_NOT_FOUND');
  // Its comments go with it (the thread index: {networkEID, parentEID, …}).
  await models.Message.updateMany(
    { networkEID: caller.networkEID, parentEID: messageEID },
    removal({ timelineKey: null, parentEID: messageEID }),
  );
  if (message.parentEID) {
    await models.Message.updateOne(
      { _id: message.parentEID, networkEID: caller.networkEID, numComments: { $gt: 0 } },
      { $inc: { numComments: -1 } },
    );
  }
  for (const feature of models.features) await feature.remove?.(caller, message);
  await outbox.record('messaging.message.removed', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: messageAudience(message),
    data: { message: messageSummary(message), remover: userRef(caller.profileEID) },
  });
}
