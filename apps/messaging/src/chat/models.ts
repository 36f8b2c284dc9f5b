/**
 * Chat's collections. `conversations`: the participants (sorted) and a `pairKey`,
 * unique per network (`direct:<a>:<b>` for a one-to-one conversation, so the same two people have
 * one; `group:<EID>` otherwise). `conversation_members`: one row per participant (unique), with the
 * time of the latest message, the `unread` flag and the read marker (the EID of the newest message
 * read) — the caller's conversations and `unread=true` are served from it. `chat_messages`: the
 * messages of a conversation, newest first by EID (keyset). Every index starts with `networkEID`.
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

const conversationSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    kind: { type: String, enum: ['direct', 'group'], required: true },
    participantEIDs: { type: [String], required: true },
    pairKey: { type: String, required: true },
    createdBy: { type: String, required: true },
  },
  { strict: true, timestamps, collection: 'conversations' },
);
conversationSchema.index({ networkEID: 1, pairKey: 1 }, { unique: true });

const memberSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    conversationEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    lastMessageAt: { type: Date, required: true },
    unread: { type: Boolean, default: false },
    /** The newest message the person has read (its EID), null before the first read. */
    readUpTo: { type: String, default: null },
  },
  { strict: true, timestamps, collection: 'conversation_members' },
);
memberSchema.index({ networkEID: 1, conversationEID: 1, profileEID: 1 }, { unique: true });
memberSchema.index({ networkEID: 1, profileEID: 1, lastMessageAt: -1, _id: -1 });
memberSchema.index({ networkEID: 1, profileEID: 1, unread: 1, lastMessageAt: -1, _id: -1 });

const chatMessageSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    conversationEID: { type: String, required: true },
    authorEID: { type: String, required: true },
    htmlBody: { type: String, default: '' },
    deletedAt: { type: Date, default: null },
    deletedBy: { type: String, default: null },
    deletionReason: { type: String, default: null },
    /** Pins (pins/chat-pins.ts): when a participant pinned it for the conversation, null if not. */
    pinnedAt: { type: Date, default: null },
  },
  { strict: true, timestamps, collection: 'chat_messages' },
);
// A conversation's messages newest first (EIDs grow with time), and the unread ones after a marker.
chatMessageSchema.index({ networkEID: 1, conversationEID: 1, _id: -1 });

export type ConversationDoc = InferSchemaType<typeof conversationSchema> & StoredDocument;
export type ConversationMemberDoc = InferSchemaType<typeof memberSchema> & StoredDocument;
export type ChatMessageDoc = InferSchemaType<typeof chatMessageSchema> & StoredDocument;

export interface ChatModels {
  readonly Conversation: Model<ConversationDoc>;
  readonly ConversationMember: Model<ConversationMemberDoc>;
  readonly ChatMessage: Model<ChatMessageDoc>;
}

export function registerChatModels(connection: Connection): ChatModels {
  return {
    Conversation: connection.model<ConversationDoc>('Conversation', conversationSchema),
    ConversationMember: connection.model<ConversationMemberDoc>('ConversationMember', memberSchema),
    ChatMessage: connection.model<ChatMessageDoc>('ChatMessage', chatMessageSchema),
  };
}

/** What the chat area works with. */
export interface ChatStore extends CoreStore {
  readonly chat: ChatModels;
}
