/**
 * Who commented on a message: one `message_commenters` document per person and message (a unique
 * index makes recording idempotent), so auth's users filter `commented` gets the commenters' profile
 * EIDs in keyset pages (`internalSubjects.commenters`) without counting or grouping comments.
 */
import { DomainError, isEid, type RequestContext } from '@ncs/contracts';
import { isDuplicateKeyError, type RpcClient } from '@ncs/service-kit';
import { callerOf, type Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import type { CommenterDoc } from './commenters-model.js';
import { findReadableMessage } from '../messages/reading.js';
import type { TimelineStore } from './commenters-model.js';

/** Most profile EIDs one `commenters` answer holds. */
export const COMMENTERS_PAGE_MAX = 500;

/** Records that `caller` commented on `messageEID` (once per person). */
export async function recordCommenter(models: TimelineStore, caller: Caller, messageEID: string) {
  try {
    await models.Commenter.create({
      networkEID: caller.networkEID,
      messageEID,
      profileEID: caller.profileEID,
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/**
 * A removed comment's author stops being a commenter of `messageEID` once no live comment of theirs
 * is left on it (the thread index `{networkEID, parentEID, …}`, then the author).
 */
export async function forgetCommenter(
  models: TimelineStore,
  comment: Pick<MessageDoc, 'networkEID' | 'authorEID'>,
  messageEID: string,
) {
  const { networkEID, authorEID } = comment;
  const other = await models.Message.exists({
    networkEID,
    parentEID: messageEID,
    authorEID,
    removedAt: null,
  });
  if (!other) await models.Commenter.deleteOne({ networkEID, messageEID, profileEID: authorEID });
}

interface CommentersRequest {
  readonly messageEID?: unknown;
  readonly after?: unknown;
  readonly limit?: unknown;
}

/**
 * `internalSubjects.commenters`: the profile EIDs of who commented on a message the caller may read,
 * ascending after `after`, at most `limit` (≤ 500); none while the message is locked. A message
 * the caller may not read is 400 -314 naming `/query/commented` (the users filter never reveals it).
 */
export async function commentersPage(
  models: TimelineStore,
  rpc: RpcClient,
  ctx: RequestContext,
  body: unknown,
): Promise<{ profileEIDs: string[] }> {
  const request = (body ?? {}) as CommentersRequest;
  const { messageEID, after } = request;
  const limit =
    typeof request.limit === 'number' ? Math.min(Math.max(1, request.limit), COMMENTERS_PAGE_MAX) : 100;
  if (after !== null && after !== undefined && !isEid(after)) {
    throw new DomainError('BAD_REQUEST', 'after must be an EID or null.');
  }
  const caller = callerOf(ctx);
  const notFound = new DomainError('MESSAGING_ERR_COMMENTED_NOT_FOUND', undefined, [
    { pointer: '/query/commented', message: 'is not a message of this network that you can read' },
  ]);
  if (!isEid(messageEID)) throw notFound;
  const { message } = await findReadableMessage(models, rpc, caller, messageEID).catch((error: unknown) => {
    throw error instanceof DomainError && error.errorName === 'MESSAGING_ERR_MESSAGE_NOT_FOUND'
      ? notFound
      : error;
  });
  if (message.locked) return { profileEIDs: [] };
  const commenters = await models.Commenter.find(
    { networkEID: caller.networkEID, messageEID, ...(after ? { profileEID: { $gt: after } } : {}) },
    { profileEID: 1 },
  )
    .sort({ profileEID: 1 })
    .limit(limit)
    .lean<Pick<CommenterDoc, 'profileEID'>[]>();
  return { profileEIDs: commenters.map((c) => c.profileEID) };
}
