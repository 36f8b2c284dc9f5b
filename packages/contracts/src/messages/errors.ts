/**
 * Errors of the messaging service: codes -300 … -349. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';
import { TAG_FOLLOWS_PER_PERSON_MAX, TAG_MAX_LENGTH } from './tag-fields.js';

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
  // Types, fields and app posting (-336 … -340).
  MESSAGING_ERR_APP_POST_FORBIDDEN: {
    status: 403,
    code: -336,
    title: 'Forbidden',
    message: 'The app needs post_updates (network timeline) or post_to_any_group (a group).',
  },
  // Emoji reactions (-480 … -481).
  MESSAGING_ERR_EMOJI_INVALID: {
    status: 400,
    code: -480,
    title: 'Bad Request',
    message: 'A reaction is one Unicode emoji (RGI), such as 👍, 👍🏽 or 👩‍💻.',
  },
  MESSAGING_ERR_TOO_MANY_REACTIONS: {
    status: 409,
    code: -481,
    title: 'Conflict',
    message: 'The message has reactions with as many distinct emoji as it takes: react with one of those.',
  },
  // Pins (-482 … -484).
  MESSAGING_ERR_PIN_FORBIDDEN: {
    status: 403,
    code: -482,
    title: 'Forbidden',
    message:
      "Messages are pinned by the timeline's administrators: network administrators, or a group's holders of edit_group.",
  },
  MESSAGING_ERR_TOO_MANY_PINS: {
    status: 409,
    code: -483,
    title: 'Conflict',
    message: 'The timeline holds as many pinned messages as it takes: unpin one first.',
  },
  MESSAGING_ERR_NOT_PINNABLE: {
    status: 409,
    code: -484,
    title: 'Conflict',
    message:
      'Only a published message on the network timeline or a group timeline, or a chat message not deleted, can be pinned.',
  },
  // Saved items (-490 … -491).
  MESSAGING_ERR_SAVED_ITEM_NOT_FOUND: {
    status: 404,
    code: -490,
    title: 'Not Found',
    message: 'The saved item does not exist.',
  },
  MESSAGING_ERR_TOO_MANY_SAVED_ITEMS: {
    status: 409,
    code: -491,
    title: 'Conflict',
    message: 'You have saved as many items as one person keeps: remove one first.',
  },
  // Hashtags (-485 … -487).
  MESSAGING_ERR_TAG_INVALID: {
    status: 400,
    code: -485,
    title: 'Bad Request',
    message: `A tag is a letter followed by letters, digits or underscores, at most ${TAG_MAX_LENGTH} characters, without \`#\`.`,
  },
  MESSAGING_ERR_TOO_MANY_TAG_FOLLOWS: {
    status: 409,
    code: -486,
    title: 'Conflict',
    message: `A person follows at most ${TAG_FOLLOWS_PER_PERSON_MAX} tags: unfollow one first.`,
  },
  MESSAGING_ERR_SEARCH_QUERY_REQUIRED: {
    status: 400,
    code: -487,
    title: 'Bad Request',
    message: 'A search names what to look for: `q` (at least 2 characters), `tag`, or both.',
  },
  MESSAGING_ERR_NOT_REACTABLE: {
    status: 409,
    code: -337,
    title: 'Conflict',
    message: 'The message was posted as not reactable: it takes no likes and no comments.',
  },
  MESSAGING_ERR_FIELD_NOT_FOR_TYPE: {
    status: 400,
    code: -338,
    title: 'Bad Request',
    message: 'This field is not taken for this message type, or is out of bounds.',
  },
  MESSAGING_ERR_RECIPIENT_NOT_FOUND: {
    status: 400,
    code: -339,
    title: 'Bad Request',
    message: 'A recipient is not an active member of the network.',
  },
  MESSAGING_ERR_TYPE_FORBIDDEN: {
    status: 403,
    code: -340,
    title: 'Forbidden',
    message: 'Announcements need a network admin (in a group edit_group); app_update an app.',
  },
  // Search and idempotent posting.
  MESSAGING_ERR_SEARCH_UNKNOWN_TYPE: {
    status: 400,
    code: -341,
    title: 'Bad Request',
    message: 'The search type is not one of message, user, group, knowledge_base_article.',
  },
  MESSAGING_ERR_IDEM_KEY_INVALID: {
    status: 400,
    code: -342,
    title: 'Bad Request',
    message: 'Idempotency-Key must be 1 to 255 printable ASCII characters.',
  },
  MESSAGING_ERR_IDEM_KEY_REUSED: {
    status: 422,
    code: -343,
    title: 'Unprocessable Entity',
    message: 'This Idempotency-Key was used for another request (route, path or body).',
  },
  MESSAGING_ERR_IDEM_KEY_BUSY: {
    status: 409,
    code: -344,
    title: 'Conflict',
    message: 'A request with this Idempotency-Key is still running; retry shortly.',
  },
  // Message actions, editing, removal, subscriptions, mentions (-327 … -335).
  MESSAGING_ERR_EDIT_FORBIDDEN: {
    status: 403,
    code: -327,
    title: 'Forbidden',
    message: 'Only the author of a message edits it.',
  },
  MESSAGING_ERR_EDIT_LOCKED: {
    status: 409,
    code: -328,
    title: 'Conflict',
    message: 'The message is locked: it is not edited.',
  },
  MESSAGING_ERR_REMOVE_FORBIDDEN: {
    status: 403,
    code: -329,
    title: 'Forbidden',
    message: 'Removal needs authorship, network administration or the group permission delete_*.',
  },
  MESSAGING_ERR_SUBSCRIBE_COMMENT: {
    status: 400,
    code: -330,
    title: 'Bad Request',
    message: 'A comment takes no subscription: subscribe to the message it comments on.',
  },
  MESSAGING_ERR_MENTION_UNKNOWN: {
    status: 400,
    code: -331,
    title: 'Bad Request',
    message: 'A mention names someone who is not an active member of the network.',
  },
  MESSAGING_ERR_NOT_ON_TIMELINE: {
    status: 400,
    code: -332,
    title: 'Bad Request',
    message: 'Only a published message on a timeline is moved or shared, not a comment.',
  },
  MESSAGING_ERR_MOVE_FORBIDDEN: {
    status: 403,
    code: -333,
    title: 'Forbidden',
    message: 'Moving needs removal rights where the message is (authorship, delete_*).',
  },
  // Private-message recipients on edit (-334, -335).
  MESSAGING_ERR_MENTION_OUTSIDER: {
    status: 400,
    code: -334,
    title: 'Bad Request',
    message: 'A private message and its comments mention only its participants.',
  },
  MESSAGING_ERR_RECIPIENTS_EDIT: {
    status: 400,
    code: -335,
    title: 'Bad Request',
    message: 'The edit would leave a private message without recipients, or with too many.',
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
