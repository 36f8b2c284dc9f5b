/**
 * Typing in a conversation (`conversation.typing`): only its participants may (anyone else gets
 * the 404 `conversation.get` answers), and only its other participants see it.
 */
import { TYPING_EXPIRES_MS } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { peopleAudience } from '../messages/audience.js';
import { userRef } from '../messages/presentation.js';
import { typingAudience, type TypingDeps, type TypingEvent } from '../typing/signals.js';
import { memberRowOf, participantsOf, viewerOf } from './conversations.js';
import type { ChatStore } from './models.js';

export async function signalConversationTyping(
  { models, rpc, typing }: Pick<WriteDeps<ChatStore>, 'models' | 'rpc'> & TypingDeps,
  caller: Caller,
  conversationEID: string,
): Promise<void> {
  // The checks of `conversation.get` (an active member of the network, a participant), asked at once.
  const [, , conversation] = await Promise.all([
    viewerOf(rpc, caller),
    memberRowOf(models, caller, conversationEID),
    participantsOf(models, caller.networkEID, conversationEID),
  ]);
  const audience = typingAudience(peopleAudience(conversation.participantEIDs), caller.profileEID);
  if (!audience) return;
  const event: TypingEvent = {
    type: 'typing',
    networkEID: caller.networkEID,
    audience,
    data: {
      user: userRef(caller.profileEID),
      conversation: { type: 'conversation', EID: conversationEID },
      expiresInMs: TYPING_EXPIRES_MS,
    },
  };
  typing.send(event);
}
