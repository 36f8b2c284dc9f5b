/**
 * Reading messages: one message, the comments of a message and who likes it, each only when the
 * caller may read the message (a group's needs `view_group_timeline`, else 404).
 */
import {
  DomainError,
  isEid,
  toTimestamp,
  type CallerGroupAccess,
  type PlainCollection,
} from '@ncs/contracts';
import type { Model } from 'mongoose';
import { pageOf, type Page, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from './access.js';
import type { MessageDoc } from './models.js';
import { presentMessages, presentOne, userRef } from './presentation.js';
import { mayReadMessageOf, maySeeUnpublished } from './rules.js';
import { mayReadPrivate } from './types.js';
import type { CoreStore } from './features.js';

/** A message of the caller's network that the caller may read, with the caller's access. */
export async function findReadableMessage(
  models: CoreStore,
  rpc: RpcClient,
  caller: Caller,
  messageEID: string,
  // Other groups whose access the same request needs (a move's target, a shared task's group),
  // named outright or read off the message: one access request per HTTP request.
  alsoGroups: readonly (string | null)[] | ((message: MessageDoc) => readonly (string | null)[]) = [],
): Promise<{ message: MessageDoc; access: CallerGroupAccess }> {
  if (!isEid(messageEID)) throw new DomainError('MESSAGING_ERR_MESSAGE_NOT_FOUND');
  // By `_id` alone, the tenant checked in memory (the lookup FerretDB serves from its index).
  const message = await models.Message.findById(messageEID).lean<MessageDoc>();
  // Removal: a removed message is not found.
  if (!message || message.networkEID !== caller.networkEID || message.removedAt) {
    throw new DomainError('MESSAGING_ERR_MESSAGE_NOT_FOUND');
  }
  const others = typeof alsoGroups === 'function' ? alsoGroups(message) : alsoGroups;
  const access = await accessOf(rpc, caller, [message.groupEID ?? null, ...others]);
  if (!mayReadStoredMessage(access, message, caller.profileEID)) {
    throw new DomainError('MESSAGING_ERR_MESSAGE_NOT_FOUND');
  }
  return { message, access };
}

/**
 * Whether the caller, standing as `access` says in the message's group, may read a message that is
 * there (not removed): for one message above, and for a batch (saved items) with one access request.
 */
export function mayReadStoredMessage(
  access: CallerGroupAccess,
  message: MessageDoc,
  profileEID: string,
): boolean {
  return (
    mayReadMessageOf(access, message.groupEID ?? null) &&
    maySeeUnpublished(message, profileEID, access) && // news: drafts and scheduled items
    mayReadPrivate(message, profileEID) // private messages: their participants only
  );
}

export async function getMessage(models: CoreStore, rpc: RpcClient, caller: Caller, messageEID: string) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  return presentOne(models, caller, message);
}

type Shape = { readonly itemType: string; readonly rel: string };

/** A row of a person and a message (a like, a read). */
interface PersonRow {
  readonly _id: unknown;
  readonly networkEID: string;
  readonly messageEID: string;
  readonly profileEID: string;
  readonly created: Date;
}

/** A list belonging to a message the caller may read: empty while the message is locked. */
async function listOfMessage(
  models: CoreStore,
  rpc: RpcClient,
  caller: Caller,
  messageEID: string,
  page: Page,
  shape: Shape,
  list: (message: MessageDoc) => Promise<PlainCollection>,
): Promise<PlainCollection> {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  if (!message.locked) return list(message);
  return { type: 'collection', ...shape, total: 0, limit: page.limit, offset: page.offset, items: [] };
}

/** The comments of a message, oldest first; none while it is locked. */
export function listComments(
  models: CoreStore,
  rpc: RpcClient,
  caller: Caller,
  messageEID: string,
  page: Page,
): Promise<PlainCollection> {
  const shape = { itemType: 'message', rel: 'messages' };
  return listOfMessage(models, rpc, caller, messageEID, page, shape, () =>
    pageOf(
      models.Message,
      { filter: { networkEID: caller.networkEID, parentEID: messageEID }, sort: { created: 1, _id: 1 } },
      page,
      shape,
      (docs) => presentMessages(models, caller, docs),
    ),
  );
}

/** Who likes a message, newest first; none while it is locked. */
export function listLikers(
  models: CoreStore,
  rpc: RpcClient,
  caller: Caller,
  messageEID: string,
  page: Page,
): Promise<PlainCollection> {
  const shape = { itemType: 'like', rel: 'likers' };
  return listOfMessage(models, rpc, caller, messageEID, page, shape, (message) =>
    pageOfPeople(models.Like, caller, message, page, shape),
  );
}

/**
 * One page of the people rows of a message (its likes, its reads: `{networkEID, messageEID,
 * profileEID, created}`), newest first, each presented as `{type, EID, user, message, created}`.
 */
export function pageOfPeople<Row extends PersonRow>(
  model: Model<Row>,
  caller: Caller,
  message: MessageDoc,
  page: Page,
  shape: Shape,
): Promise<PlainCollection> {
  const messageEID = String(message._id);
  return pageOf(
    model,
    { filter: { networkEID: caller.networkEID, messageEID }, sort: { created: -1, _id: -1 } },
    page,
    shape,
    (rows) =>
      rows.map((row) => ({
        type: shape.itemType,
        EID: String(row._id),
        user: userRef(row.profileEID),
        message: { type: message.type, EID: messageEID },
        created: toTimestamp(row.created),
      })),
  );
}
