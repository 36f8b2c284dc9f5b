/** Pins: handlers of the pin and unpin actions and of the timelines' pinned lists (contracts `pinRoutes`). */
import { chatPinRoutes, pinRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { networkTimelineReaderOf } from '../timelines/reading.js';
import type { ChatStore } from '../chat/models.js';
import { listChatPins, pinChatMessage, unpinChatMessage } from './chat-pins.js';
import type { PinStore } from './models.js';
import { listPinned, pinMessage, unpinMessage } from './pins.js';

export const pinHandlers = defineHandlers<WriteDeps<PinStore>>()(pinRoutes, {
  'message.pin': ({ ctx, params }, deps) => pinMessage(deps, callerOf(ctx), params.messageEID),
  'message.unpin': ({ ctx, params }, deps) => unpinMessage(deps, callerOf(ctx), params.messageEID),
  'timeline.networkPinned': ({ ctx }, { models, rpc }) =>
    listPinned(models, rpc, networkTimelineReaderOf(ctx), null),
  'timeline.groupPinned': ({ ctx, params }, { models, rpc }) =>
    listPinned(models, rpc, callerOf(ctx), params.groupEID),
});

/** Pins in chat: the routes are chat's paths (contracts `chatPinRoutes`). */
export const chatPinHandlers = defineHandlers<WriteDeps<ChatStore & PinStore>>()(chatPinRoutes, {
  'chatMessage.pin': ({ ctx, params }, deps) => pinChatMessage(deps, callerOf(ctx), params.messageId),
  'chatMessage.unpin': ({ ctx, params }, deps) => unpinChatMessage(deps, callerOf(ctx), params.messageId),
  'conversation.pinned': ({ ctx, params }, { models, rpc }) =>
    listChatPins(models, rpc, callerOf(ctx), params.conversationEID),
});
