/**
 * Typing in a message's comments (`message.typing`): allowed to whoever may read the message (the
 * same check and refusals as reading it) and could comment on it (a locked or not reactable
 * message refuses as commenting does); sent to the message's own audience, as its domain events.
 */
import { TYPING_EXPIRES_MS } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { messageAudience } from '../messages/audience.js';
import type { CoreStore } from '../messages/features.js';
import { userRef } from '../messages/presentation.js';
import { findReadableMessage } from '../messages/reading.js';
import { requireReactable } from '../messages/rules.js';
import { typingAudience, type TypingDeps, type TypingEvent } from './signals.js';

export async function signalThreadTyping(
  { models, rpc, typing }: { readonly models: CoreStore; readonly rpc: RpcClient } & TypingDeps,
  caller: Caller,
  messageEID: string,
): Promise<void> {
  let { message } = await findReadableMessage(models, rpc, caller, messageEID);
  // A comment has no comments of its own: replies to it are comments of its message, so one
  // writing on a comment writes in its message's thread, and the indicator names that message.
  // Its parent is checked as if asked for directly (removed, unreadable: the same 404).
  if (message.parentEID) ({ message } = await findReadableMessage(models, rpc, caller, message.parentEID));
  requireReactable(message);
  const audience = typingAudience(messageAudience(message), caller.profileEID);
  if (!audience) return;
  const event: TypingEvent = {
    type: 'typing',
    networkEID: caller.networkEID,
    audience,
    data: {
      user: userRef(caller.profileEID),
      message: { type: message.type, EID: String(message._id) },
      expiresInMs: TYPING_EXPIRES_MS,
    },
  };
  typing.send(event);
}
