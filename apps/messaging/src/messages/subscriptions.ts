/**
 * Message actions, subscriptions. `subscribe` and `unsubscribe` a message's comments,
 * idempotently; a comment takes no subscription (400). The author is subscribed on posting and a
 * commenter on commenting (writing.ts, subscribers.ts).
 */
import { DomainError } from '@ncs/contracts';
import type { Caller } from './access.js';
import type { WriteDeps } from './deps.js';
import { findReadableMessage } from './reading.js';
import { addSubscription } from './subscribers.js';
import { reread } from './writing.js';

export async function setSubscribed(
  { models, rpc }: WriteDeps,
  caller: Caller,
  messageEID: string,
  on: boolean,
) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  if (message.type === 'comment') throw new DomainError('MESSAGING_ERR_SUBSCRIBE_COMMENT');
  if (on) {
    await addSubscription(models, caller.networkEID, messageEID, caller.profileEID);
  } else {
    await models.Subscription.deleteOne({
      networkEID: caller.networkEID,
      messageEID,
      profileEID: caller.profileEID,
    });
  }
  return reread(models, caller, message);
}
