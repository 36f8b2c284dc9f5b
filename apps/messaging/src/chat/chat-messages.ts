/**
 * Chat messages: sent to a conversation by its participants, listed newest first with
 * a keyset (`before`: an EID), and deleted for everyone by their author or a network administrator
 * (the body goes, `deleted: true`, the reason kept for administrators). Reading the newest page
 * marks the conversation read for the caller: the read marker moves to the newest message and the
 * `unread` flag clears unless a newer message arrived meanwhile (conditional on `lastMessageAt`).
 * Each change records its event for the live stream (`messaging.chat_message.sent`, `.deleted`,
 * `messaging.conversation.read`), addressed to the conversation's participants, a read to the
 * reader alone.
 */
import { DomainError, toTimestamp, type PlainCollection, type PlainResource } from '@ncs/contracts';
import { collectionOf, type Outbox, type RequestOf } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { peopleAudience } from '../messages/audience.js';
import type { WriteDeps } from '../messages/deps.js';
import { userRef } from '../messages/presentation.js';
import { sanitisedBody } from '../messages/writing.js';
import { memberRowOf, participantsOf, viewerOf } from './conversations.js';
import type { ChatMessageDoc, ConversationDoc } from './models.js';
import { presentChatMessage } from './presentation.js';
import type { ChatStore } from './models.js';

type ListQuery = RequestOf<'conversationMessage.list'>['query'];
type CreateBody = RequestOf<'conversationMessage.create'>['body'];
type DeleteBody = RequestOf<'chatMessage.delete'>['body'];

const conversationRef = (EID: string) => ({ type: 'conversation' as const, EID });

/** Stores a message, moves every participant's row (others: unread) and records it as sent. */
export async function sendChatMessage(
  models: ChatStore,
  outbox: Outbox,
  networkEID: string,
  conversation: Pick<ConversationDoc, '_id' | 'participantEIDs'>,
  authorEID: string,
  htmlBody: string,
): Promise<ChatMessageDoc> {
  const conversationEID = String(conversation._id);
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
  await outbox.record('messaging.chat_message.sent', {
    networkEID,
    actor: userRef(authorEID),
    // The author among them: their other devices show what they sent.
    audience: peopleAudience(conversation.participantEIDs),
    data: {
      conversation: conversationRef(conversationEID),
      chatMessage: {
        type: 'chat_message',
        EID: String(message._id),
        author: userRef(authorEID),
        htmlBody: message.htmlBody,
        created: toTimestamp(message.created),
      },
    },
  });
  return message;
}

export async function postChatMessage(
  { models, rpc, outbox }: WriteDeps<ChatStore>,
  caller: Caller,
  conversationEID: string,
  body: CreateBody,
): Promise<PlainResource> {
  const viewer = await viewerOf(rpc, caller);
  const [, conversation] = await Promise.all([
    memberRowOf(models, caller, conversationEID),
    participantsOf(models, caller.networkEID, conversationEID),
  ]);
  const message = await sendChatMessage(
    models,
    outbox,
    caller.networkEID,
    conversation,
    caller.profileEID,
    sanitisedBody(body.htmlBody),
  );
  return presentChatMessage(message, viewer);
}

export async function listChatMessages(
  { models, rpc, outbox }: WriteDeps<ChatStore>,
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
    const marked = await models.chat.ConversationMember.updateOne(
      {
        networkEID: caller.networkEID,
        conversationEID,
        profileEID: caller.profileEID,
        lastMessageAt: { $lte: newest.created },
        // Read already: no write (the timestamps would count it as a change) and no event.
        $or: [{ unread: true }, { readUpTo: { $ne: String(newest._id) } }],
      },
      { $set: { unread: false, readUpTo: String(newest._id) } },
    );
    // A newer message arrived meanwhile: not read up to the newest, no event.
    if (marked.modifiedCount > 0) {
      await outbox.record('messaging.conversation.read', {
        networkEID: caller.networkEID,
        actor: userRef(caller.profileEID),
        audience: peopleAudience([caller.profileEID]),
        data: {
          conversation: conversationRef(conversationEID),
          reader: userRef(caller.profileEID),
          readUpTo: { type: 'chat_message', EID: String(newest._id) },
        },
      });
    }
  }
  return collectionOf(
    { itemType: 'chat_message', rel: 'messages' },
    { limit, offset: 0 },
    total,
    docs.map((doc) => presentChatMessage(doc, viewer)),
  );
}

export async function deleteChatMessage(
  { models, rpc, outbox }: WriteDeps<ChatStore>,
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
  const deletion = await models.chat.ChatMessage.updateOne(
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
  // Deleted before (by anyone): the first deletion's event stands.
  if (deletion.modifiedCount > 0) {
    const conversation = await participantsOf(models, caller.networkEID, message.conversationEID);
    await outbox.record('messaging.chat_message.deleted', {
      networkEID: caller.networkEID,
      actor: userRef(caller.profileEID),
      audience: peopleAudience(conversation.participantEIDs),
      data: {
        conversation: conversationRef(message.conversationEID),
        chatMessage: { type: 'chat_message', EID: messageEID },
        deleter: userRef(caller.profileEID),
      },
    });
  }
  const deleted = await models.chat.ChatMessage.findById(messageEID).lean<ChatMessageDoc>();
  return presentChatMessage(deleted ?? message, viewer);
}
