/** Chat: handlers of the conversation and chat-message routes (contracts `chatRoutes`). */
import { chatRoutes } from '@ncs/contracts';
import { defineHandlers, withStatus } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { deleteChatMessage, listChatMessages, postChatMessage } from './chat-messages.js';
import { createConversation, getConversation, listConversations } from './conversations.js';
import type { ChatStore } from './models.js';
import type { TypingDeps } from '../typing/signals.js';
import { signalConversationTyping } from './typing.js';

export const chatHandlers = defineHandlers<WriteDeps<ChatStore> & TypingDeps>()(chatRoutes, {
  'conversation.list': ({ ctx, query }, { models, rpc }) =>
    listConversations(models, rpc, callerOf(ctx), query),
  'conversation.create': ({ ctx, body }, { models, rpc }) =>
    createConversation(models, rpc, callerOf(ctx), body),
  'conversation.get': ({ ctx, params }, { models, rpc }) =>
    getConversation(models, rpc, callerOf(ctx), params.conversationEID),
  'conversationMessage.list': ({ ctx, params, query }, deps) =>
    listChatMessages(deps, callerOf(ctx), params.conversationEID, query),
  'conversationMessage.create': ({ ctx, params, body }, deps) =>
    postChatMessage(deps, callerOf(ctx), params.conversationEID, body),
  'conversation.typing': async ({ ctx, params }, deps) => {
    await signalConversationTyping(deps, callerOf(ctx), params.conversationEID);
    return withStatus(204, null);
  },
  'chatMessage.delete': ({ ctx, params, body }, deps) =>
    deleteChatMessage(deps, callerOf(ctx), params.messageId, body),
});
