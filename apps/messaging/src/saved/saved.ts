/**
 * Saved items: a person saves (bookmarks) a message, a comment or a knowledge-base page it may
 * read, removes the bookmark, and reads its own list, most recently saved first, each thing as the
 * person reads it now or a tombstone. Nobody reads another's bookmarks: every query names the
 * caller. Pages are asked of the knowledge base (one request per reply). Decisions:
 * docs/decisions.md, "Saved items".
 */
import {
  DomainError,
  internalSubjects,
  isEid,
  type PlainCollection,
  type PlainResource,
  type SavedItemUnavailableReason,
} from '@ncs/contracts';
import { isDuplicateKeyError, pageOf, type Page, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { presentMessages } from '../messages/presentation.js';
import { findReadableMessage, mayReadStoredMessage } from '../messages/reading.js';
import { reread } from '../messages/writing.js';
import type { SavedItemDoc, SavedItemKind, SavedStore } from './models.js';
import {
  messageUnavailability,
  presentSavedItem,
  requireRoomToSave,
  withSavedState,
  type Availability,
} from './rules.js';

const ownedBy = (caller: Caller) => ({ networkEID: caller.networkEID, profileEID: caller.profileEID });

/** Keeps a bookmark of the thing; one already kept changes nothing (not even its time). */
async function keep(
  models: SavedStore,
  caller: Caller,
  kind: SavedItemKind,
  itemType: string,
  itemEID: string,
) {
  const key = { ...ownedBy(caller), itemEID };
  if (await models.SavedItem.exists(key)) return;
  requireRoomToSave(await models.SavedItem.countDocuments(ownedBy(caller)));
  try {
    await models.SavedItem.create({ ...key, kind, itemType, savedAt: new Date() });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error; // saved by a concurrent request
  }
}

async function drop(models: SavedStore, caller: Caller, itemEID: string) {
  await models.SavedItem.deleteOne({ ...ownedBy(caller), itemEID });
}

/** Saves a message or comment the caller may read (else 404); answers it as it now is. */
export async function saveMessage(
  { models, rpc }: WriteDeps<SavedStore>,
  caller: Caller,
  messageEID: string,
) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  await keep(models, caller, 'message', message.type, messageEID);
  return reread(models, caller, message);
}

/** Removes the caller's bookmark of a message it may read (idempotent). */
export async function unsaveMessage(
  { models, rpc }: WriteDeps<SavedStore>,
  caller: Caller,
  messageEID: string,
) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  await drop(models, caller, messageEID);
  return reread(models, caller, message);
}

/** The knowledge base's answer about pages for this caller: each readable one, or why not. */
async function pagesForCaller(rpc: RpcClient, caller: Caller, pageEIDs: readonly string[]) {
  const reply = await rpc.request(internalSubjects.kbPagesOfReader, {
    ctx: caller.ctx,
    body: { EIDs: [...pageEIDs] },
  });
  const pages = new Map(reply.pages.map((page) => [String(page.EID), page]));
  const reasons = new Map(reply.unavailable.map(({ EID, reason }) => [EID, reason]));
  return { pages, reasons };
}

/** A page the caller may read, as kb presents it; anything else is kb's 404. */
async function readablePage(rpc: RpcClient, caller: Caller, pageEID: string): Promise<PlainResource> {
  if (!isEid(pageEID)) throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  const page = (await pagesForCaller(rpc, caller, [pageEID])).pages.get(pageEID);
  if (!page) throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  return page;
}

/** Saves a knowledge-base page the caller may read (else 404); answers the page. */
export async function savePage({ models, rpc }: WriteDeps<SavedStore>, caller: Caller, pageEID: string) {
  const page = await readablePage(rpc, caller, pageEID);
  await keep(models, caller, 'kb_page', 'kb_page', pageEID);
  return withSavedState(page, true);
}

/** Removes the caller's bookmark of a page it may read (idempotent). */
export async function unsavePage({ models, rpc }: WriteDeps<SavedStore>, caller: Caller, pageEID: string) {
  const page = await readablePage(rpc, caller, pageEID);
  await drop(models, caller, pageEID);
  return withSavedState(page, false);
}

/**
 * Saved items as the caller reads them now: the page's messages in one query and one access
 * request, its pages in one request to the knowledge base.
 */
async function presentRows(
  models: SavedStore,
  rpc: RpcClient,
  caller: Caller,
  rows: readonly SavedItemDoc[],
): Promise<PlainResource[]> {
  const messageEIDs = rows.filter((row) => row.kind === 'message').map((row) => row.itemEID);
  const pageEIDs = rows.filter((row) => row.kind === 'kb_page').map((row) => row.itemEID);
  const [messages, kb] = await Promise.all([
    messageEIDs.length === 0
      ? []
      : // By `_id` alone, the tenant checked in memory (the lookup FerretDB serves from its index).
        models.Message.find({ _id: { $in: messageEIDs } }).lean<MessageDoc[]>(),
    pageEIDs.length === 0 ? undefined : pagesForCaller(rpc, caller, pageEIDs),
  ]);
  const live = messages.filter(
    (message) => messageUnavailability(message, caller.networkEID, true) === undefined,
  );
  // Asked even without group messages: a person suspended a moment ago is 404, as on a timeline.
  const access = await accessOf(
    rpc,
    caller,
    live.map((message) => message.groupEID ?? null),
  );
  const readable = live.filter((message) => mayReadStoredMessage(access, message, caller.profileEID));
  const presented = await presentMessages(models, caller, readable);
  const shown = new Map(presented.map((resource) => [String(resource.EID), resource]));
  const stored = new Map(messages.map((message) => [String(message._id), message]));
  return rows.map((row) => {
    let availability: Availability;
    if (row.kind === 'message') {
      const resource = shown.get(row.itemEID);
      availability = resource
        ? { available: true, resource }
        : {
            available: false,
            reason: messageUnavailability(stored.get(row.itemEID), caller.networkEID, false) ?? 'no_access',
          };
    } else {
      const page = kb?.pages.get(row.itemEID);
      const reason: SavedItemUnavailableReason = kb?.reasons.get(row.itemEID) ?? 'removed';
      availability = page
        ? { available: true, resource: withSavedState(page, true) }
        : { available: false, reason };
    }
    return presentSavedItem(row, availability);
  });
}

/** The caller's own saved items, most recently saved first. */
export function listSavedItems(
  models: SavedStore,
  rpc: RpcClient,
  caller: Caller,
  page: Page,
): Promise<PlainCollection> {
  return pageOf(
    models.SavedItem,
    { filter: ownedBy(caller), sort: { savedAt: -1, _id: -1 } },
    page,
    { itemType: 'saved_item', rel: 'savedItems' },
    (rows) => presentRows(models, rpc, caller, rows),
  );
}

/** One of the caller's saved items; another person's, like an unknown one, is 404. */
async function findOwnSavedItem(models: SavedStore, caller: Caller, savedItemEID: string) {
  if (!isEid(savedItemEID)) throw new DomainError('MESSAGING_ERR_SAVED_ITEM_NOT_FOUND');
  // By `_id` alone, the owner checked in memory (the lookup FerretDB serves from its index).
  const row = await models.SavedItem.findById(savedItemEID).lean<SavedItemDoc>();
  if (!row || row.networkEID !== caller.networkEID || row.profileEID !== caller.profileEID) {
    throw new DomainError('MESSAGING_ERR_SAVED_ITEM_NOT_FOUND');
  }
  return row;
}

export async function getSavedItem(models: SavedStore, rpc: RpcClient, caller: Caller, savedItemEID: string) {
  const row = await findOwnSavedItem(models, caller, savedItemEID);
  const [resource] = await presentRows(models, rpc, caller, [row]);
  return resource!;
}

/** Removes one of the caller's saved items, readable or not (a tombstone is removed this way). */
export async function removeSavedItem(models: SavedStore, caller: Caller, savedItemEID: string) {
  const row = await findOwnSavedItem(models, caller, savedItemEID);
  await models.SavedItem.deleteOne({ _id: row._id, ...ownedBy(caller) });
}

/** Which of `itemEIDs` the caller saved: one query (the knowledge base's pages ask it). */
export async function savedOf(
  models: SavedStore,
  caller: Caller,
  itemEIDs: readonly string[],
): Promise<string[]> {
  if (itemEIDs.length === 0 || !caller.profileEID) return [];
  const rows = await models.SavedItem.find(
    { ...ownedBy(caller), itemEID: { $in: [...itemEIDs] } },
    { itemEID: 1 },
  ).lean<Pick<SavedItemDoc, 'itemEID'>[]>();
  return rows.map((row) => row.itemEID);
}
