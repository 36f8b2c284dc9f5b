/**
 * Errors of the messaging service: codes -300 … -349. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const messagesErrors = {
  MESSAGING_ERR_MESSAGE_NOT_FOUND: {
    status: 404,
    code: -300,
    title: 'Not Found',
    message: 'The message does not exist.',
  },
  MESSAGING_ERR_GROUP_NOT_FOUND: {
    status: 404,
    code: -301,
    title: 'Not Found',
    message: 'The group does not exist.',
  },
  MESSAGING_ERR_POST_FORBIDDEN: {
    status: 403,
    code: -302,
    title: 'Forbidden',
    message: 'This needs the group permission post_message.',
  },
  MESSAGING_ERR_TIMELINE_FORBIDDEN: {
    status: 403,
    code: -303,
    title: 'Forbidden',
    message: 'This needs the group permission view_group_timeline.',
  },
  MESSAGING_ERR_MESSAGE_LOCKED: {
    status: 409,
    code: -304,
    title: 'Conflict',
    message: 'The message is locked: it takes no likes and no comments.',
  },
  MESSAGING_ERR_LOCK_FORBIDDEN: {
    status: 403,
    code: -305,
    title: 'Forbidden',
    message: 'Only the author of a message and network administrators may lock or unlock it.',
  },
  MESSAGING_ERR_EMPTY_BODY: {
    status: 400,
    code: -306,
    title: 'Bad Request',
    message: 'The htmlBody has no content left once sanitised.',
  },
  MESSAGING_ERR_USER_CALLER_REQUIRED: {
    status: 403,
    code: -307,
    title: 'Forbidden',
    message: 'Messages are posted and read by users of the network; an app token has no profile here.',
  },
  MESSAGING_ERR_COMMENT_ON_COMMENT: {
    status: 400,
    code: -308,
    title: 'Bad Request',
    message: 'A comment is made on a message, not on another comment.',
  },
  // News and scheduled items (-319 … -330).
  MESSAGING_ERR_NEWS_FORBIDDEN: {
    status: 403,
    code: -319,
    title: 'Forbidden',
    message: 'News is posted to the network by network administrators (to a group with post_message).',
  },
  MESSAGING_ERR_NOT_A_DRAFT: {
    status: 409,
    code: -320,
    title: 'Conflict',
    message: 'Only a draft is published this way.',
  },
  MESSAGING_ERR_NEWS_ONLY_FIELD: {
    status: 400,
    code: -321,
    title: 'Bad Request',
    message: 'This field is taken for news only.',
  },
  MESSAGING_ERR_CONCATENATED_NOT_NEWS: {
    status: 400,
    code: -322,
    title: 'Bad Request',
    message: 'A concatenated news item gathers published news items of the network.',
  },
  MESSAGING_ERR_SCHEDULED_AT_INVALID: {
    status: 400,
    code: -323,
    title: 'Bad Request',
    message: 'scheduledAt must be a future time, and a draft is not scheduled.',
  },
  MESSAGING_ERR_NOT_NEWS: {
    status: 400,
    code: -324,
    title: 'Bad Request',
    message: 'Only a news item is duplicated or exported.',
  },
  MESSAGING_ERR_JOB_NOT_FOUND: {
    status: 404,
    code: -325,
    title: 'Not Found',
    message: 'The job does not exist.',
  },
  MESSAGING_ERR_EXPORT_FORBIDDEN: {
    status: 403,
    code: -326,
    title: 'Forbidden',
    message: 'The addressees of a news item are exported by its author and network administrators.',
  },
  // Search and idempotent posting.
  MESSAGING_ERR_SEARCH_UNKNOWN_TYPE: {
    status: 400,
    code: -341,
    title: 'Bad Request',
    message: 'The search type is not one of message, user, group, knowledge_base_article.',
  },
  // Timelines, threads, bubbling (-309 … -318).
  MESSAGING_ERR_THREAD_NOT_FOUND: {
    status: 404,
    code: -309,
    title: 'Not Found',
    message: 'The parent comment does not exist.',
  },
  MESSAGING_ERR_NOT_IN_THREAD: {
    status: 400,
    code: -310,
    title: 'Bad Request',
    message: 'parentCommentEID must name a comment of the same message.',
  },
  MESSAGING_ERR_PROFILE_NOT_FOUND: {
    status: 404,
    code: -311,
    title: 'Not Found',
    message: 'The user does not exist.',
  },
  MESSAGING_ERR_NOT_POSTABLE: {
    status: 403,
    code: -312,
    title: 'Forbidden',
    message: 'This message type cannot be posted on that profile.',
  },
  MESSAGING_ERR_PROFILE_AND_GROUP: {
    status: 400,
    code: -313,
    title: 'Bad Request',
    message: 'A message goes to a group or to a profile, not both.',
  },
  MESSAGING_ERR_COMMENTED_NOT_FOUND: {
    status: 400,
    code: -314,
    title: 'Bad Request',
    message: 'The users filter commented names no message the caller may read.',
  },
} as const satisfies Record<string, ErrorDefinition>;
