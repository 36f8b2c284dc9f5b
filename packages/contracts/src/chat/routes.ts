/**
 * Routes of chat (spec "Chat and conversations", chat delete row). Owned by messaging;
 * who may chat with whom is auth's `scope=chat` rule (subject `chatPartners`). Rules:
 * docs/decisions.md, "Messaging: chat, conversations and the AI assistant".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { NetworkParams, NoContent } from '../core/schemas.js';
import { TYPING_EXPIRES_MS, TYPING_MIN_INTERVAL_MS } from '../core/typing.js';
import { PINS_PER_TIMELINE_MAX } from '../messages/pin-routes.js';
import {
  ChatMessageCollection,
  ChatMessageCreateBody,
  ChatMessageDeleteBody,
  ChatMessageListQuery,
  ChatMessageParams,
  ChatMessageResource,
  ConversationCollection,
  ConversationCreateBody,
  ConversationListQuery,
  ConversationParams,
  ConversationResource,
} from './resources.js';

const common = { service: 'messaging', tag: 'Chat', scope: 'network', format: 'hal' } as const;
const CONVERSATIONS = '/networks/{networkEID}/conversations';

export const chatRoutes = [
  route({
    ...common,
    id: 'conversation.list',
    method: 'GET',
    path: `${CONVERSATIONS}/`,
    summary:
      "The caller's conversations, latest activity first, each with the caller's unread count; `unread=true`: only those with unread messages",
    params: NetworkParams,
    query: ConversationListQuery,
    reply: { status: 200, schema: ConversationCollection },
  }),
  route({
    ...common,
    id: 'conversation.create',
    method: 'POST',
    path: `${CONVERSATIONS}/`,
    summary:
      'Start a conversation with people the caller may chat with (`scope=chat`); one-to-one: 200 with the existing one when it exists',
    params: NetworkParams,
    body: ConversationCreateBody,
    reply: { status: 201, schema: ConversationResource, alsoStatus: [200] },
  }),
  route({
    ...common,
    id: 'conversation.get',
    method: 'GET',
    path: `${CONVERSATIONS}/{conversationEID}`,
    summary: 'A conversation of the caller (404 to anyone else)',
    params: ConversationParams,
    reply: { status: 200, schema: ConversationResource },
  }),
  route({
    ...common,
    id: 'conversationMessage.list',
    method: 'GET',
    path: `${CONVERSATIONS}/{conversationEID}/messages/`,
    summary:
      "A conversation's messages, newest first (keyset: `before`); marks the conversation read for the caller",
    params: ConversationParams,
    query: ChatMessageListQuery,
    reply: { status: 200, schema: ChatMessageCollection },
  }),
  route({
    ...common,
    id: 'conversationMessage.create',
    method: 'POST',
    path: `${CONVERSATIONS}/{conversationEID}/messages/`,
    summary: 'Send a chat message to a conversation of the caller',
    params: ConversationParams,
    body: ChatMessageCreateBody,
    reply: { status: 201, schema: ChatMessageResource },
  }),
  route({
    ...common,
    id: 'conversation.typing',
    method: 'POST',
    path: `${CONVERSATIONS}/{conversationEID}/typing`,
    summary: `The caller is typing in a conversation of theirs: its other participants' live streams get a \`typing\` event, shown for ${TYPING_EXPIRES_MS / 1000} s unless sent again; not stored, not replayed, at most one per ${TYPING_MIN_INTERVAL_MS / 1000} s (more are accepted and dropped)`,
    params: ConversationParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'chatMessage.delete',
    method: 'POST',
    path: '/networks/{networkEID}/chat/messages/{messageId}/delete',
    summary:
      'Delete a chat message for everyone (its author or a network administrator), with an optional `reason` shown to network administrators',
    params: ChatMessageParams,
    body: ChatMessageDeleteBody,
    reply: { status: 200, schema: ChatMessageResource },
  }),
] as const satisfies readonly RouteDefinition[];

/**
 * Pins of chat messages: served by messaging's pins area (a list of its own, as the crop route is
 * the files area's), while the paths are chat's.
 */
export const chatPinRoutes = [
  route({
    ...common,
    id: 'chatMessage.pin',
    method: 'POST',
    path: '/networks/{networkEID}/chat/messages/{messageId}/pin',
    summary: `Pin a chat message for the conversation (any participant; idempotent): not a deleted one (409), at most ${PINS_PER_TIMELINE_MAX} per conversation (409)`,
    params: ChatMessageParams,
    reply: { status: 200, schema: ChatMessageResource },
    idempotent: true,
  }),
  route({
    ...common,
    id: 'chatMessage.unpin',
    method: 'POST',
    path: '/networks/{networkEID}/chat/messages/{messageId}/unpin',
    summary: 'Unpin a chat message (any participant; idempotent)',
    params: ChatMessageParams,
    reply: { status: 200, schema: ChatMessageResource },
    idempotent: true,
  }),
  route({
    ...common,
    id: 'conversation.pinned',
    method: 'GET',
    path: `${CONVERSATIONS}/{conversationEID}/pinned/`,
    summary: `The conversation's pinned messages, most recent pin first (at most ${PINS_PER_TIMELINE_MAX}; its participants)`,
    params: ConversationParams,
    reply: { status: 200, schema: ChatMessageCollection },
  }),
] as const satisfies readonly RouteDefinition[];
