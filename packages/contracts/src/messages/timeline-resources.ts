/**
 * Message fields and queries of timelines, threads and bubbling:
 * a reply's `$parentCommentEID`, the read-only `bubble`, the `profile` a message is posted to, and
 * the query of the messages list. Spread into `MessageResource`, `MessageCreateBody` and
 * `CommentCreateBody` (resources.ts). Decisions: docs/decisions.md, "Messaging: timelines,
 * threads, bubbling".
 */
import { Type } from '@sinclair/typebox';
import { PaginationQuery, subResourcePagination } from '../core/pagination.js';
import { embedQuery } from '../core/route-definition.js';
import { Eid, Nullable, Ref, Timestamp } from '../core/schemas.js';
import { TimelineQuery } from './news-resources.js';
// Events.
import { eventBubbleReasons } from './event-fields.js';

/** Why a message moved up its timeline (spec: `bubble` with read-only `reason`). */
export const bubbleReasons = [
  'new_comment',
  // Events: an edited event moves up (messages/event-fields.ts).
  ...eventBubbleReasons,
] as const;

export const Bubble = Type.Object(
  {
    reason: Type.Union(
      bubbleReasons.map((r) => Type.Literal(r)),
      { description: 'read-only: why the message moved up (`new_comment`)' },
    ),
    created: Timestamp,
    comment: Nullable(Ref('comment')),
  },
  { description: 'read-only: the last activity that moved the message up its timeline' },
);

/** Resource fields. */
export const TimelineResourceFields = {
  /** A comment: the comment whose thread it replies in (null for a comment on the message). */
  $parentCommentEID: Type.Optional(Nullable(Eid)),
  bubble: Type.Optional(Nullable(Bubble)),
  /** A message on a user's profile timeline: that user. */
  profile: Type.Optional(Ref('user')),
};

/** `POST …/messages/{messageEID}/comments/`: a reply in a comment's thread. */
export const ThreadCommentFields = {
  /** A comment of the same message: the new comment is a reply in its thread. */
  parentCommentEID: Type.Optional(Eid),
};

/** `POST /networks/{networkEID}/messages/`: a user's profile timeline instead of the network's. */
export const ProfileCreateFields = {
  profile: Type.Optional(Ref('user')),
};

/** `embed=comments` with `limit[comments]`/`offset[comments]` (gate 2024.3.0 for `offset`). */
export const CommentsEmbedQuery = {
  ...embedQuery(['comments']).properties,
  ...subResourcePagination('comments'),
};

/** Query of `GET /network(s)/{networkEID}/messages/`. */
export const MessagesListQuery = Type.Object({
  ...PaginationQuery.properties,
  /** The replies in this comment's thread, oldest first. */
  parentCommentEID: Type.Optional(Eid),
  embedded: Type.Optional(
    Type.String({
      pattern: '^originalAuthor(,originalAuthor)*$',
      maxLength: 200,
      description: 'Relations to embed: `originalAuthor` (the original author of duplicated news)',
    }),
  ),
  ...CommentsEmbedQuery,
});

/** Query of the timelines (network, group, user): the news filters and `embed=comments`. */
export const TimelineWithCommentsQuery = Type.Object({ ...TimelineQuery.properties, ...CommentsEmbedQuery });
