/**
 * What the caller sees of conversations and chat messages: a deleted message has no body and
 * `deleted: true`; its reason is shown to network administrators only. A conversation carries its
 * newest message and the caller's unread count (messages from others after the read marker, counted
 * on the conversation's index up to `CHAT_UNREAD_CAP`).
 */
import { CHAT_UNREAD_CAP, toTimestamp, type PlainResource } from '@ncs/contracts';
import type { ChatModels, ChatMessageDoc, ConversationDoc, ConversationMemberDoc } from './models.js';

export interface Viewer {
  readonly profileEID: string;
  readonly networkAdmin: boolean;
}

export function presentChatMessage(doc: ChatMessageDoc, viewer: Viewer): PlainResource {
  const deleted = doc.deletedAt !== null && doc.deletedAt !== undefined;
  return {
    type: 'chat_message',
    EID: String(doc._id),
    conversation: { type: 'conversation', EID: doc.conversationEID },
    author: { type: 'user', EID: doc.authorEID },
    htmlBody: deleted ? '' : doc.htmlBody,
    created: toTimestamp(doc.created),
    deleted,
    ...(deleted && viewer.networkAdmin ? { deletionReason: doc.deletionReason ?? null } : {}),
    pinned: !deleted && doc.pinnedAt !== null && doc.pinnedAt !== undefined,
    // The participants who read it may pin it (the gateway turns these into links, never shows them).
    _actions: deleted ? {} : doc.pinnedAt ? { unpin: true } : { pin: true },
  };
}

/** Unread messages from others after the marker, counted up to the cap. */
export function countUnread(
  models: ChatModels,
  networkEID: string,
  member: Pick<ConversationMemberDoc, 'conversationEID' | 'profileEID' | 'readUpTo'>,
): Promise<number> {
  return models.ChatMessage.countDocuments(
    {
      networkEID,
      conversationEID: member.conversationEID,
      ...(member.readUpTo ? { _id: { $gt: member.readUpTo } } : {}),
      authorEID: { $ne: member.profileEID },
    },
    { limit: CHAT_UNREAD_CAP },
  );
}

export async function presentConversations(
  models: ChatModels,
  viewer: Viewer,
  networkEID: string,
  members: readonly Pick<ConversationMemberDoc, 'conversationEID' | 'profileEID' | 'readUpTo'>[],
): Promise<PlainResource[]> {
  const EIDs = members.map((member) => member.conversationEID);
  const conversations = await models.Conversation.find({ networkEID, _id: { $in: EIDs } }).lean<
    ConversationDoc[]
  >();
  const byEID = new Map(conversations.map((c) => [String(c._id), c]));
  const presented = await Promise.all(
    members.map(async (member) => {
      const conversation = byEID.get(member.conversationEID);
      if (!conversation) return null;
      const [last, numUnread] = await Promise.all([
        models.ChatMessage.findOne({ networkEID, conversationEID: member.conversationEID })
          .sort({ _id: -1 })
          .lean<ChatMessageDoc>(),
        countUnread(models, networkEID, member),
      ]);
      return {
        type: 'conversation',
        EID: member.conversationEID,
        kind: conversation.kind,
        participants: conversation.participantEIDs.map((EID) => ({ type: 'user', EID })),
        lastMessage: last ? presentChatMessage(last, viewer) : null,
        numUnread,
        created: toTimestamp(conversation.created),
      };
    }),
  );
  return presented.filter((item): item is NonNullable<typeof item> => item !== null);
}
