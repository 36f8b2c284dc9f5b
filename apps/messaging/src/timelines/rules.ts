/**
 * The rules of timelines, threads and bubbling as plain functions (unit-tested beside them): where
 * a reply may go, what a new comment does to its message, what `bubble` shows, and which page of
 * a sub-resource (`embed=comments`) is served. Decisions: docs/decisions.md, "Messaging:
 * timelines, threads, bubbling".
 */
import { DomainError, isGateOpen, paginationDefaults, toTimestamp } from '@ncs/contracts';

/** The body or query field a thread rule names in its error. */
export type ThreadPointer = '/body/parentCommentEID' | '/query/parentCommentEID';

/** A reply goes into the thread of a comment of the same message (else 400 -310 naming the field). */
export function requireThreadParent(
  parent: { readonly type: string; readonly parentEID?: string | null },
  messageEID: string | null,
  pointer: ThreadPointer,
): void {
  if (parent.type !== 'comment' || (messageEID !== null && parent.parentEID !== messageEID)) {
    throw new DomainError('MESSAGING_ERR_NOT_IN_THREAD', undefined, [
      { pointer, message: 'is not a comment of this message' },
    ]);
  }
}

/** A thread's parent comment that does not exist or that the caller may not read: 404 -309. */
export function parentCommentNotFound(pointer: ThreadPointer): DomainError {
  return new DomainError('MESSAGING_ERR_THREAD_NOT_FOUND', undefined, [
    { pointer, message: 'names no comment the caller may read' },
  ]);
}

export interface StoredBubble {
  readonly reason: string;
  readonly at: Date;
  readonly commentEID?: string | null;
}

/**
 * What a new comment changes on its message: one more comment and, when the message is on a
 * timeline, `timelineAt` = now (it moves up) with the bubble that says why.
 */
export function commentUpdate(
  message: { readonly timelineKey?: string | null },
  commentEID: string,
  now: Date,
): { $inc: { numComments: 1 }; $set?: { timelineAt: Date; bubble: StoredBubble } } {
  if (!message.timelineKey) return { $inc: { numComments: 1 } };
  return {
    $inc: { numComments: 1 },
    $set: { timelineAt: now, bubble: { reason: 'new_comment', at: now, commentEID } },
  };
}

/** `bubble` as read: null until some activity moved the message up. */
export function presentBubble(bubble: StoredBubble | null | undefined) {
  if (!bubble) return null;
  return {
    reason: bubble.reason,
    created: toTimestamp(bubble.at),
    comment: bubble.commentEID ? { type: 'comment', EID: bubble.commentEID } : null,
  };
}

/** Fields a message shows: `$parentCommentEID` on comments, its `profile`, `bubble` on every message. */
export function threadFieldsOf(doc: {
  readonly type: string;
  readonly parentCommentEID?: string | null;
  readonly profileEID?: string | null;
  readonly bubble?: StoredBubble | null;
}) {
  return {
    ...(doc.type === 'comment' ? { $parentCommentEID: doc.parentCommentEID ?? null } : {}),
    ...(doc.profileEID ? { profile: { type: 'user', EID: doc.profileEID } } : {}),
    bubble: presentBubble(doc.bubble),
  };
}

/**
 * The page of a sub-resource `rel` embedded in every item: `limit[rel]`, else the request's `limit`
 * (carried over); `offset[rel]`, else 0 — before 2024.3.0 the request's `offset` is carried over
 * too (gate `pagination.offsetNotCarried`).
 */
export function subResourcePage(
  query: Readonly<Record<string, unknown>>,
  rel: string,
  version: string,
): { limit: number; offset: number } {
  const number = (name: string) => (typeof query[name] === 'number' ? query[name] : undefined);
  const carriedOffset = isGateOpen('pagination.offsetNotCarried', version) ? 0 : (number('offset') ?? 0);
  return {
    limit: Math.min(
      number(`limit[${rel}]`) ?? number('limit') ?? paginationDefaults.limit,
      paginationDefaults.maxLimit,
    ),
    offset: number(`offset[${rel}]`) ?? carriedOffset,
  };
}

/** Whether `embed=` names `rel` (a comma list of relation paths). */
export function embeds(embed: unknown, rel: string): boolean {
  return typeof embed === 'string' && embed.split(',').some((path) => path.trim().split('.')[0] === rel);
}
