/**
 * Resources of chat (spec "Chat and conversations", the chat delete row of "Search,
 * timeline, alerts, messages"): conversations between people who may chat with each other and
 * their chat messages. Rules: docs/decisions.md, "Messaging: chat, conversations and the AI assistant".
 */
import { Type, type Static } from '@sinclair/typebox';
import { PageLimit, PageOffset } from '../core/pagination.js';
import {
  Eid,
  EID_PATTERN,
  halCollection,
  halResource,
  Nullable,
  Ref,
  strictObject,
  Timestamp,
} from '../core/schemas.js';
import { Text } from '../core/text-hygiene.js';

/** At most this many other participants in a conversation. */
export const CONVERSATION_MAX_PARTICIPANTS = 50;
/** A chat message's text (HTML, sanitised on write). */
export const CHAT_BODY_MAX_LENGTH = 10_000;
/** The optional reason of a chat message's deletion. */
export const CHAT_DELETE_REASON_MAX_LENGTH = 500;
/** Unread counts stop here (`numUnread` 100 reads "100 or more"). */
export const CHAT_UNREAD_CAP = 100;

export const ConversationParams = strictObject({ networkEID: Eid, conversationEID: Eid });
export const ChatMessageParams = strictObject({ networkEID: Eid, messageId: Eid });

export const ChatMessageResource = halResource(
  'chat_message',
  {
    EID: Eid,
    conversation: Ref('conversation'),
    author: Ref('user'),
    htmlBody: Text({ maxLength: CHAT_BODY_MAX_LENGTH, description: 'Empty once deleted' }),
    created: Timestamp,
    deleted: Type.Boolean({ description: 'Deleted for everyone: the body is gone' }),
    // Pins.
    pinned: Type.Optional(
      Type.Boolean({ description: 'read-only: pinned for the conversation by a participant' }),
    ),
    deletionReason: Type.Optional(
      Nullable(
        Text({ maxLength: CHAT_DELETE_REASON_MAX_LENGTH, description: 'Network administrators only' }),
      ),
    ),
  },
  'A chat message (`private_message`) of a conversation.',
);

export const ConversationResource = halResource(
  'conversation',
  {
    EID: Eid,
    kind: Type.Union([Type.Literal('direct'), Type.Literal('group')], {
      description: '`direct`: one-to-one (unique per pair of people); `group`: more people',
    }),
    participants: Type.Array(Ref('user')),
    lastMessage: Nullable(ChatMessageResource),
    numUnread: Type.Integer({
      minimum: 0,
      maximum: CHAT_UNREAD_CAP,
      description: `The caller's unread messages from others, counted up to ${CHAT_UNREAD_CAP}`,
    }),
    created: Timestamp,
  },
  'A conversation the caller takes part in.',
);

export const ConversationCollection = halCollection(
  'conversations',
  ConversationResource,
  "The caller's conversations, latest activity first.",
);

export const ConversationListQuery = strictObject({
  limit: Type.Optional(PageLimit),
  offset: Type.Optional(PageOffset),
  unread: Type.Optional(Type.Boolean({ description: 'true: only conversations with unread messages' })),
});

export const ConversationCreateBody = strictObject({
  participants: Type.Array(strictObject({ EID: Eid, type: Type.Optional(Type.Literal('user')) }), {
    minItems: 1,
    maxItems: CONVERSATION_MAX_PARTICIPANTS,
    description: 'The other people (not the caller): one for a one-to-one conversation',
  }),
});

export const ChatMessageCollection = halCollection(
  'messages',
  ChatMessageResource,
  'The messages of a conversation, newest first; `before` continues after a message (keyset).',
);

export const ChatMessageListQuery = strictObject({
  limit: Type.Optional(PageLimit),
  before: Type.Optional(
    Type.String({ pattern: EID_PATTERN, description: 'Only messages older than this message (its EID)' }),
  ),
});

export const ChatMessageCreateBody = strictObject({
  htmlBody: Text({ minLength: 1, maxLength: CHAT_BODY_MAX_LENGTH }),
});

export const ChatMessageDeleteBody = strictObject({
  reason: Type.Optional(Text({ maxLength: CHAT_DELETE_REASON_MAX_LENGTH })),
});

/** Messaging → auth (`chatPartners`): which of `EIDs` the caller may chat with (the `scope=chat` rule). */
export const ChatPartnersReplySchema = Type.Object({ EIDs: Type.Array(Type.String()) });
export type ChatPartnersReply = Static<typeof ChatPartnersReplySchema>;
