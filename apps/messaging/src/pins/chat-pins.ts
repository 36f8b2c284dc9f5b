/**
 * Pins in chat: any participant pins a message of the conversation for all its participants, and
 * unpins it (both idempotent); the conversation lists its pinned messages, most recent pin first,
 * at most PINS_PER_TIMELINE_MAX. A pin is a pin of this area (`timelineKey` `conversation:<EID>`),
 * the chat message carries `pinnedAt` for its flag. A deleted message cannot be pinned and leaves
 * the list. Decisions: docs/decisions.md, "Messaging: pins".
 */
import { DomainError, PINS_PER_TIMELINE_MAX, type PlainCollection, type PlainResource } from '@ncs/contracts';
import { collectionOf, isDuplicateKeyError } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { peopleAudience } from '../messages/audience.js';
import type { WriteDeps } from '../messages/deps.js';
import { userRef } from '../messages/presentation.js';
import { memberRowOf, participantsOf, viewerOf } from '../chat/conversations.js';
import type { ChatMessageDoc, ChatStore } from '../chat/models.js';
import { presentChatMessage } from '../chat/presentation.js';
import type { PinDoc, PinStore } from './models.js';

type ChatPinStore = ChatStore & PinStore;

const conversationKey = (conversationEID: string) => `conversation:${conversationEID}`;

/** The chat message, when the caller takes part in its conversation (else 404, as for none). */
async function participantMessage(models: ChatPinStore, caller: Caller, messageId: string) {
  const message = await models.chat.ChatMessage.findOne({
    _id: messageId,
    networkEID: caller.networkEID,
  }).lean<ChatMessageDoc>();
  if (!message) throw new DomainError('MESSAGING_ERR_CHAT_MESSAGE_NOT_FOUND');
  await memberRowOf(models, caller, message.conversationEID).catch(() => {
    throw new DomainError('MESSAGING_ERR_CHAT_MESSAGE_NOT_FOUND');
  });
  return message;
}

/** The conversation's pinned messages still pinned and not deleted, most recent pin first. */
async function livePins(models: ChatPinStore, networkEID: string, conversationEID: string) {
  const pins = await models.Pin.find({ networkEID, timelineKey: conversationKey(conversationEID) })
    .sort({ pinnedAt: -1, _id: -1 })
    .limit(PINS_PER_TIMELINE_MAX * 2)
    .lean<PinDoc[]>();
  if (pins.length === 0) return [];
  const messages = await models.chat.ChatMessage.find({
    networkEID,
    _id: { $in: pins.map((pin) => pin.messageEID) },
  }).lean<ChatMessageDoc[]>();
  const byId = new Map(messages.map((message) => [String(message._id), message]));
  return pins.flatMap((pin) => {
    const message = byId.get(pin.messageEID);
    return message && !message.deletedAt && message.pinnedAt ? [message] : [];
  });
}

async function recordPin(
  outbox: WriteDeps['outbox'],
  caller: Caller,
  participants: readonly string[],
  message: ChatMessageDoc,
  verb: 'pinned' | 'unpinned',
) {
  await outbox.record(`messaging.chat_message.${verb}`, {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: peopleAudience(participants),
    data: {
      conversation: { type: 'conversation', EID: message.conversationEID },
      chatMessage: { type: 'chat_message', EID: String(message._id) },
      pinner: userRef(caller.profileEID),
    },
  });
}

/** Pins a chat message for its conversation; again changes nothing (no second event). */
export async function pinChatMessage(
  { models, rpc, outbox }: WriteDeps<ChatPinStore>,
  caller: Caller,
  messageId: string,
): Promise<PlainResource> {
  const viewer = await viewerOf(rpc, caller);
  const message = await participantMessage(models, caller, messageId);
  if (message.deletedAt) throw new DomainError('MESSAGING_ERR_NOT_PINNABLE');
  if (message.pinnedAt) return presentChatMessage(message, viewer);
  const key = { networkEID: caller.networkEID, messageEID: messageId };
  const live = await livePins(models, caller.networkEID, message.conversationEID);
  if (live.length >= PINS_PER_TIMELINE_MAX) throw new DomainError('MESSAGING_ERR_TOO_MANY_PINS');
  const pinnedAt = new Date();
  try {
    await models.Pin.create({
      ...key,
      timelineKey: conversationKey(message.conversationEID),
      pinnedBy: caller.profileEID,
      pinnedAt,
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const pinned = await models.chat.ChatMessage.findOneAndUpdate(
    { _id: messageId, networkEID: caller.networkEID, deletedAt: null, pinnedAt: null },
    { $set: { pinnedAt } },
    { returnDocument: 'after' },
  ).lean<ChatMessageDoc>();
  if (pinned) {
    // Two pins at once may both have seen room for one: the later gives way.
    const after = await livePins(models, caller.networkEID, message.conversationEID);
    if (after.length > PINS_PER_TIMELINE_MAX) {
      await models.chat.ChatMessage.updateOne(
        { _id: messageId, networkEID: caller.networkEID },
        { $set: { pinnedAt: null } },
      );
      await models.Pin.deleteOne(key);
      throw new DomainError('MESSAGING_ERR_TOO_MANY_PINS');
    }
    const { participantEIDs } = await participantsOf(models, caller.networkEID, message.conversationEID);
    await recordPin(outbox, caller, participantEIDs, message, 'pinned');
  }
  const now = await models.chat.ChatMessage.findById(messageId).lean<ChatMessageDoc>();
  return presentChatMessage(now ?? message, viewer);
}

/** Unpins a chat message (any participant); idempotent. */
export async function unpinChatMessage(
  { models, rpc, outbox }: WriteDeps<ChatPinStore>,
  caller: Caller,
  messageId: string,
): Promise<PlainResource> {
  const viewer = await viewerOf(rpc, caller);
  const message = await participantMessage(models, caller, messageId);
  await models.Pin.deleteOne({ networkEID: caller.networkEID, messageEID: messageId });
  const unpinned = await models.chat.ChatMessage.findOneAndUpdate(
    { _id: messageId, networkEID: caller.networkEID, pinnedAt: { $ne: null } },
    { $set: { pinnedAt: null } },
    { returnDocument: 'after' },
  ).lean<ChatMessageDoc>();
  if (unpinned) {
    const { participantEIDs } = await participantsOf(models, caller.networkEID, message.conversationEID);
    await recordPin(outbox, caller, participantEIDs, message, 'unpinned');
  }
  return presentChatMessage(unpinned ?? message, viewer);
}

/** A conversation's pinned messages (its participants only), most recent pin first. */
export async function listChatPins(
  models: ChatPinStore,
  rpc: WriteDeps['rpc'],
  caller: Caller,
  conversationEID: string,
): Promise<PlainCollection> {
  const viewer = await viewerOf(rpc, caller);
  await memberRowOf(models, caller, conversationEID);
  const live = (await livePins(models, caller.networkEID, conversationEID)).slice(0, PINS_PER_TIMELINE_MAX);
  return collectionOf(
    { itemType: 'chat_message', rel: 'messages' },
    { limit: PINS_PER_TIMELINE_MAX, offset: 0 },
    live.length,
    live.map((message) => presentChatMessage(message, viewer)),
  );
}
