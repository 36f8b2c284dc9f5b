/**
 * Conversations: started with people the caller may chat with (auth's `scope=chat` rule,
 * asked in one batch over `chatPartners`); a one-to-one conversation is unique per pair of people
 * (unique `pairKey`), so starting it again answers the existing one (200). The caller's
 * conversations come from their `conversation_members` rows, latest activity first.
 */
import { DomainError, internalSubjects, type PlainCollection, type PlainResource } from '@ncs/contracts';
import {
  isDuplicateKeyError,
  pageOf,
  withStatus,
  type Page,
  type RequestOf,
  type RpcClient,
} from '@ncs/service-kit';
import { Types } from 'mongoose';
import { accessOf, type Caller } from '../messages/access.js';
import type { ConversationDoc, ConversationMemberDoc } from './models.js';
import { presentConversations, type Viewer } from './presentation.js';
import type { ChatStore } from './models.js';

type CreateBody = RequestOf<'conversation.create'>['body'];

/** The caller as a viewer (network administrator or not), asked of auth; not a member: 404. */
export async function viewerOf(rpc: RpcClient, caller: Caller): Promise<Viewer> {
  const access = await accessOf(rpc, caller, []);
  return { profileEID: caller.profileEID, networkAdmin: access.networkAdmin };
}

/** The caller's row of a conversation: 404 when the caller does not take part (or it is elsewhere). */
export async function memberRowOf(
  models: ChatStore,
  caller: Caller,
  conversationEID: string,
): Promise<ConversationMemberDoc> {
  const row = await models.chat.ConversationMember.findOne({
    networkEID: caller.networkEID,
    conversationEID,
    profileEID: caller.profileEID,
  }).lean<ConversationMemberDoc>();
  if (!row) throw new DomainError('MESSAGING_ERR_CONVERSATION_NOT_FOUND');
  return row;
}

/** A conversation's participants, whom its events go to (the caller's standing checked before). */
export async function participantsOf(
  models: ChatStore,
  networkEID: string,
  conversationEID: string,
): Promise<Pick<ConversationDoc, '_id' | 'participantEIDs'>> {
  const conversation = await models.chat.Conversation.findOne(
    { _id: conversationEID, networkEID },
    { participantEIDs: 1 },
  ).lean<Pick<ConversationDoc, '_id' | 'participantEIDs'>>();
  if (!conversation) throw new DomainError('MESSAGING_ERR_CONVERSATION_NOT_FOUND');
  return conversation;
}

/** A one-to-one conversation's key: the two EIDs sorted, so both people name the same one. */
export function pairKeyOf(participantEIDs: readonly string[], kind: 'direct' | 'group'): string {
  return kind === 'direct'
    ? `direct:${[...participantEIDs].sort().join(':')}`
    : `group:${new Types.ObjectId().toHexString()}`;
}

/** Finds or creates a conversation and one member row per participant (idempotent upserts). */
export async function openConversation(
  models: ChatStore,
  networkEID: string,
  createdBy: string,
  participantEIDs: readonly string[],
): Promise<{ conversation: ConversationDoc; created: boolean }> {
  const sorted = [...new Set(participantEIDs)].sort();
  const kind = sorted.length === 2 ? 'direct' : 'group';
  const pairKey = pairKeyOf(sorted, kind);
  let created = true;
  try {
    await models.chat.Conversation.create({ networkEID, kind, participantEIDs: sorted, pairKey, createdBy });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    created = false;
  }
  const conversation = await models.chat.Conversation.findOne({
    networkEID,
    pairKey,
  }).lean<ConversationDoc>();
  if (!conversation) throw new DomainError('MESSAGING_ERR_CONVERSATION_NOT_FOUND');
  const conversationEID = String(conversation._id);
  await Promise.all(
    sorted.map((profileEID) =>
      models.chat.ConversationMember.updateOne(
        { networkEID, conversationEID, profileEID },
        // `_id` made here: it breaks ties of `lastMessageAt` in creation order.
        {
          $setOnInsert: {
            _id: new Types.ObjectId(),
            lastMessageAt: conversation.created,
            unread: false,
            readUpTo: null,
          },
        },
        { upsert: true },
      ).catch((error: unknown) => {
        if (!isDuplicateKeyError(error)) throw error; // a racing upsert made it
      }),
    ),
  );
  return { conversation, created };
}

export async function createConversation(
  models: ChatStore,
  rpc: RpcClient,
  caller: Caller,
  body: CreateBody,
) {
  const others = body.participants.map((p) => p.EID);
  const reply = await rpc.request(internalSubjects.chatPartners, {
    ctx: caller.ctx,
    body: { EIDs: others.filter((EID) => EID !== caller.profileEID) },
  });
  const allowed = new Set(reply.EIDs);
  const refused = others.flatMap((EID, index) =>
    EID === caller.profileEID || !allowed.has(EID)
      ? [{ pointer: `/body/participants/${index}/EID`, message: 'names nobody the caller may chat with' }]
      : [],
  );
  if (refused.length > 0) throw new DomainError('MESSAGING_ERR_CHAT_NOT_ALLOWED', undefined, refused);
  const viewer = await viewerOf(rpc, caller);
  const { conversation, created } = await openConversation(models, caller.networkEID, caller.profileEID, [
    caller.profileEID,
    ...others,
  ]);
  const row = await memberRowOf(models, caller, String(conversation._id));
  const [presented] = await presentConversations(models.chat, viewer, caller.networkEID, [row]);
  return withStatus(created ? 201 : 200, presented!);
}

export async function getConversation(
  models: ChatStore,
  rpc: RpcClient,
  caller: Caller,
  conversationEID: string,
): Promise<PlainResource> {
  const viewer = await viewerOf(rpc, caller);
  const row = await memberRowOf(models, caller, conversationEID);
  const [presented] = await presentConversations(models.chat, viewer, caller.networkEID, [row]);
  if (!presented) throw new DomainError('MESSAGING_ERR_CONVERSATION_NOT_FOUND');
  return presented;
}

export async function listConversations(
  models: ChatStore,
  rpc: RpcClient,
  caller: Caller,
  query: Page & { readonly unread?: boolean },
): Promise<PlainCollection> {
  const viewer = await viewerOf(rpc, caller);
  return pageOf(
    models.chat.ConversationMember,
    {
      filter: {
        networkEID: caller.networkEID,
        profileEID: caller.profileEID,
        ...(query.unread === true ? { unread: true } : {}),
      },
      sort: { lastMessageAt: -1, _id: -1 },
    },
    query,
    { itemType: 'conversation', rel: 'conversations' },
    (rows) => presentConversations(models.chat, viewer, caller.networkEID, rows),
  );
}
