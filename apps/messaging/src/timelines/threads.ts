/**
 * Threads (replies to a comment, `$parentCommentEID`) and bubbling (a new comment moves its message
 * up its timeline). Decisions: docs/decisions.md, "Messaging: timelines, threads, bubbling".
 */
import { DomainError, isEid, type PlainCollection } from '@ncs/contracts';
import { pageOf, type Page, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { findReadableMessage } from '../messages/reading.js';
import { recordCommenter } from './commenters.js';
import { presentWithEmbeds, type EmbedQuery } from './embedding.js';
import { commentUpdate, parentCommentNotFound, requireThreadParent } from './rules.js';
import type { TimelineStore } from './commenters-model.js';

/** The comment a new comment replies to (a comment of the same message), or null. */
export async function threadParentOf(
  models: TimelineStore,
  caller: Caller,
  message: MessageDoc,
  parentCommentEID: string | undefined,
): Promise<string | null> {
  if (parentCommentEID === undefined) return null;
  const pointer = '/body/parentCommentEID';
  const parent = isEid(parentCommentEID)
    ? await models.Message.findById(parentCommentEID).lean<MessageDoc>()
    : null;
  if (!parent || parent.networkEID !== caller.networkEID) throw parentCommentNotFound(pointer);
  requireThreadParent(parent, String(message._id), pointer);
  return parentCommentEID;
}

/** One more comment on `message`, which moves up its timeline (`bubble.reason: new_comment`); its author a commenter. */
export async function countComment(
  models: TimelineStore,
  caller: Caller,
  message: MessageDoc,
  comment: MessageDoc,
) {
  await models.Message.updateOne(
    { _id: message._id, networkEID: caller.networkEID },
    commentUpdate(message, String(comment._id), new Date()),
  );
  await recordCommenter(models, caller, String(message._id)); // the users filter `commented`
}

/** The replies in a comment's thread, oldest first (none while its message is locked). */
export async function threadPage(
  models: TimelineStore,
  rpc: RpcClient,
  caller: Caller,
  parentCommentEID: string,
  page: Page,
  query: EmbedQuery,
): Promise<PlainCollection> {
  const pointer = '/query/parentCommentEID';
  const shape = { itemType: 'message', rel: 'messages' };
  const parent = await findReadableMessage(models, rpc, caller, parentCommentEID).catch((error: unknown) => {
    const notFound = error instanceof DomainError && error.errorName === 'MESSAGING_ERR_MESSAGE_NOT_FOUND';
    throw notFound ? parentCommentNotFound(pointer) : error;
  });
  requireThreadParent(parent.message, null, pointer);
  const root = await models.Message.findById(parent.message.parentEID).lean<MessageDoc>();
  if (!root || root.locked) {
    return { type: 'collection', ...shape, total: 0, limit: page.limit, offset: page.offset, items: [] };
  }
  return pageOf(
    models.Message,
    { filter: { networkEID: caller.networkEID, parentCommentEID }, sort: { created: 1, _id: 1 } },
    page,
    shape,
    (docs) => presentWithEmbeds(models, rpc, caller, docs, query),
  );
}
