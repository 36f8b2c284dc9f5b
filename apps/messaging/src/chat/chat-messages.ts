/**
 * Chat messages: sent to a conversation by its participants, listed newest first with
 * a keyset (`before`: an EID), and deleted for everyone by their author or a network administrator
 * (the body goes, `deleted: true`, the reason kept for administrators). Reading the newest page
 * marks the conversation read for the caller: the read marker moves to the newest message and the
 * `unread` flag clears unless a newer message arrived meanwhile (conditional on `lastMessageAt`).
 */
import { DomainError, type PlainCollection, type PlainResource } from '@ncs/contracts';
import { collectionOf, type RequestOf, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { sanitisedBody } from '../messages/writing.js';
import { memberRowOf, viewerOf } from './conversations.js';
import type { ChatMessageDoc } from './models.js';
import { presentChatMessage } from './presentation.js';
import type { ChatStore } from './models.js';

type ListQuery = RequestOf<'conversationMessage.list'>['query'];
type CreateBody = RequestOf<'conversationMessage.create'>['body'];
type DeleteBody = RequestOf<'chatMessage.delete'>['body'];

/** Stores a message and moves every participant's row (others: unread). */
export async function sendChatMessage(
  models: ChatStore,
  networkEID: string,
  conversationEID: string,
  authorEID: string,
  htmlBody: string,
): Promise<ChatMessageDoc> {
  const created = await models.chat.ChatMessage.create({ networkEID, conversationEID, authorEID, htmlBody });
  const message = created.toObject<ChatMessageDoc>();
  await Promise.all([
    models.chat.ConversationMember.updateMany(
      { networkEID, conversationEID, profileEID: { $ne: authorEID } },
      { $set: { unread: true, lastMessageAt: message.created } },
    ),
    models.chat.ConversationMember.updateOne(
      { networkEID, conversationEID, profileEID: authorEID },
      { $set: { lastMessageAt: message.created, readUpTo: String(message._id) } },
    ),
  ]);
  return message;
}

export async function postChatMessage(
  models: ChatStore,
  rpc: RpcClient,
  caller: Caller,
  conversationEID: string,
  body: CreateBody,
): Promise<PlainResource> {
  const viewer = await viewerOf(rpc, caller);
  await memberRowOf(models, caller, conversationEID);
  const message = await sendChatMessage(
    models,
    caller.networkEID,
    conversationEID,
    caller.profileEID,
    sanitisedBody(body.htmlBody),
  );
  return presentChatMessage(message, viewer);
}

export async function listChatMessages(
  models: ChatStore,
  rpc: RpcClient,
  caller: Caller,
  conversationEID: string,
  query: ListQuery,
): Promise<PlainCollection> {
  const viewer = await viewerOf(rpc, caller);
  await memberRowOf(models, caller, conversationEID);
  const filter = { networkEID: caller.networkEID, conversationEID };
  const limit = query.limit ?? 20;
  const [total, docs] = await Promise.all([
    models.chat.ChatMessage.countDocuments(filter),
    models.chat.ChatMessage.find({ ...filter, ...(query.before ? { _id: { $lt: query.before } } : {}) })
      .sort({ _id: -1 })
      .limit(limit)
      .lean<ChatMessageDoc[]>(),
  ]);
  const newest = docs[0];
  if (!query.before && newest) {
    await models.chat.ConversationMember.updateOne(
      {
        networkEID: caller.networkEID,
        conversationEID,
        profileEID: caller.profileEID,
        lastMessageAt: { $lte: newest.created },
      },
      { $set: { unread: false, readUpTo: String(newest._id) } },
    );
  }
  return collectionOf(
    { itemType: 'chat_message', rel: 'messages' },
    { limit, offset: 0 },
    total,
    docs.map((doc) => presentChatMessage(doc, viewer)),
  );
}

export async function deleteChatMessage(
  models: ChatStore,
  rpc: RpcClient,
  caller: Caller,
  messageEID: string,
  body: DeleteBody,
): Promise<PlainResource> {
  const viewer = await viewerOf(rpc, caller);
  const message = await models.chat.ChatMessage.findOne({
    _id: messageEID,
    networkEID: caller.networkEID,
  }).lean<ChatMessageDoc>();
  if (!message) throw new DomainError('MESSAGING_ERR_CHAT_MESSAGE_NOT_FOUND');
  if (!viewer.networkAdmin) {
    // A non-participant learns nothing: 404 as for a message that does not exist.
    await memberRowOf(models, caller, message.conversationEID).catch(() => {
      throw new DomainError('MESSAGING_ERR_CHAT_MESSAGE_NOT_FOUND');
    });
    if (message.authorEID !== caller.profileEID) throw new DomainError('MESSAGING_ERR_CHAT_DELETE_FORBIDDEN');
  }
  await models.chat.ChatMessage.updateOne(
    { _id: messageEID, networkEID: caller.networkEID, deletedAt: null },
    {
      $set: {
        deletedAt: new Date(),
        deletedBy: caller.profileEID,
        deletionReason: body.reason ?? null,
        htmlBody: '',
      },
    },
  );
  const deleted = await models.chat.ChatMessage.findById(messageEID).lean<ChatMessageDoc>();
  return presentChatMessage(deleted ?? message, viewer);
}
