/**
 * Messages (spec: "Other resources: fields recorded", Message row; "States and transitions", Locked
 * message) and the bodies clients send. One resource for every message type, told apart by `type`;
 * the fields of later types (task, poll, event) join as optional sub-objects. Choices where the
 * spec is silent: docs/decisions.md, "Messaging: messages, timelines, comments, likes".
 */
import { Type, type Static } from '@sinclair/typebox';
import { Eid, halCollection, HalEmbedded, HalLinks, Nullable, Ref, Timestamp } from '../core/schemas.js';
import { Text } from '../core/text-hygiene.js';
import { NewsCreateFields, NewsResourceFields } from './news-resources.js';
// Types, fields and app posting.
import { TypeCreateFields, TypeResourceFields, typeFieldMessageTypes } from './type-fields.js';
// Message actions, mentions.
import { MentionsField } from './mention-resources.js';
// Timelines, threads, bubbling.
import { ProfileCreateFields, ThreadCommentFields, TimelineResourceFields } from './timeline-resources.js';
// Tasks.
import { TaskCreateFields, TaskResourceFields, taskMessageTypes } from './task-fields.js';
// Emoji reactions.
import { ReactionSummaryField } from './reactions.js';
// Hashtags.
import { MessageTagsField } from './tag-fields.js';
// Polls.
import { PollCreateFields, PollResourceFields, PollUserFields } from './poll-fields.js';
// Events.
import {
  EventCreateFields,
  EventResourceFields,
  EventUserFields,
  eventMessageTypes,
} from './event-fields.js';
// Files: attachments.
import { AttachmentWriteFields } from './attachment-fields.js';

/** Message types of this slice; `news`, `announcement`, `task`, `poll`, `event`… join with their issues. */
export const messageTypes = [
  'update',
  'comment',
  // News and scheduled items (docs/decisions.md, "Messaging: news, duplication, export, scheduled items").
  'news',
  // Types, fields and app posting (docs/decisions.md, "Messaging: types, fields and app posting").
  ...typeFieldMessageTypes,
  // Tasks (docs/decisions.md, "Messaging: tasks").
  ...taskMessageTypes,
  // Polls (docs/decisions.md, "Messaging: polls").
  'poll',
  // Events (docs/decisions.md, "Messaging: events and RSVP").
  ...eventMessageTypes,
] as const;
export type MessageType = (typeof messageTypes)[number];

/** Longest `htmlBody` accepted, in characters, before sanitising. */
export const HTML_BODY_MAX_LENGTH = 50_000;

/** Rich text (HTML): sanitised with an allow-list by the messaging service; what is stored is served. */
const HtmlBody = Text({
  minLength: 1,
  maxLength: HTML_BODY_MAX_LENGTH,
  description: 'Rich text (HTML); sanitised with an allow-list on write, the stored text is what is read',
});

export const MessageResource = Type.Object(
  {
    type: Type.Union(
      messageTypes.map((t) => Type.Literal(t)),
      { description: 'The message type: `update` (a post) or `comment` (a reply to a message)' },
    ),
    EID: Eid,
    author: Type.Union([Ref('user'), Ref('app')], { description: 'A person, or the app of an app_update' }),
    htmlBody: Type.String(),
    group: Nullable(Ref('group')),
    parent: Nullable(Ref()),
    reactable: Type.Boolean({
      description:
        'whether likes and comments are taken: false when locked or posted with `reactable: false`',
    }),
    locked: Type.Boolean(),
    status: Type.Union([Type.Literal('published'), Type.Literal('draft'), Type.Literal('scheduled')], {
      description: '`published` (on its timeline), `draft` (news; its author only) or `scheduled`',
    }),
    numComments: Type.Integer({ minimum: 0, description: 'read-only; 0 while the message is locked' }),
    numLikes: Type.Integer({ minimum: 0, description: 'read-only; 0 while the message is locked' }),
    // Emoji reactions.
    ...ReactionSummaryField,
    // Pins.
    pinned: Type.Optional(
      Type.Boolean({ description: 'read-only: pinned to the top of its timeline by its administrators' }),
    ),
    // Hashtags.
    ...MessageTagsField,
    created: Timestamp,
    lastModified: Timestamp,
    lastEdited: Nullable(Timestamp),
    // News and scheduled items.
    ...NewsResourceFields,
    // Message actions.
    numReaders: Type.Integer({ minimum: 0, description: 'read-only: how many people marked it read' }),
    // Types, fields and app posting.
    ...TypeResourceFields,
    mentions: Type.Array(Ref('user'), { description: 'The people the message mentions' }),
    sharedFrom: Type.Union([Ref(), Type.Null()], { description: 'read-only: the message this one shares' }),
    // Timelines, threads, bubbling.
    ...TimelineResourceFields,
    // Polls.
    ...PollResourceFields,
    // Events: the event object.
    ...EventResourceFields,
    // Private-message recipients on edit.
    $excludedRecipients: Type.Optional(
      Type.Array(Ref('user'), {
        description: 'private_message, its author only: the recipients an edit removed (write context)',
      }),
    ),
    // Tasks.
    ...TaskResourceFields,
    _user: Type.Object(
      {
        liked: Type.Boolean({ description: 'whether the caller likes the message' }),
        read: Type.Boolean({ description: 'whether the caller marked the message read' }),
        // Message actions (subscriptions).
        subscribed: Type.Boolean({ description: 'whether the caller is notified of new comments' }),
        // Saved items.
        saved: Type.Optional(Type.Boolean({ description: 'whether the caller saved the message' })),
        // Polls.
        ...PollUserFields,
        // Events: the caller's RSVP and message permissions.
        ...EventUserFields,
      },
      { description: 'The caller’s standing towards the message' },
    ),
    _links: HalLinks,
    _embedded: HalEmbedded,
  },
  {
    description: 'A message: an update posted to the network or a group timeline, or a comment on a message.',
    $id: 'resource.message',
  },
);
export type Message = Static<typeof MessageResource>;

export const MessageCollection = halCollection('messages', MessageResource, 'Messages, one page.');

/** `POST /networks/{networkEID}/messages/`: an update to the network timeline, or to `group`'s. */
export const MessageCreateBody = Type.Object(
  {
    type: Type.Union(
      [
        Type.Literal('update'),
        Type.Literal('news'),
        ...typeFieldMessageTypes.map((t) => Type.Literal(t)),
        // Tasks.
        ...taskMessageTypes.map((t) => Type.Literal(t)),
        // Polls (with `poll`, `isAnonymous`).
        Type.Literal('poll'),
        // Events.
        ...eventMessageTypes.map((t) => Type.Literal(t)),
      ],
      {
        description:
          '`update`, `news` (network administrators; in a group `post_message`), `announcement` (network administrators; in a group `edit_group`), `app_update` (apps only), `private_message` (with `recipients`) or `task` (with `task`)',
      },
    ),
    htmlBody: HtmlBody,
    group: Type.Optional(Ref('group')),
    // News and scheduled items.
    ...NewsCreateFields,
    // Types, fields and app posting.
    ...TypeCreateFields,
    // Message actions, mentions.
    mentions: Type.Optional(MentionsField),
    // Timelines, threads, bubbling.
    ...ProfileCreateFields,
    // Tasks.
    ...TaskCreateFields,
    // Polls.
    ...PollCreateFields,
    // Events.
    ...EventCreateFields,
    // Files: attachments.
    ...AttachmentWriteFields,
  },
  { additionalProperties: false },
);

/** `POST …/messages/{messageEID}/comments/`. */
export const CommentCreateBody = Type.Object(
  {
    htmlBody: HtmlBody,
    // Message actions, mentions.
    mentions: Type.Optional(MentionsField),
    // Timelines, threads, bubbling.
    ...ThreadCommentFields,
  },
  { additionalProperties: false },
);

/** A person's row on a message (a like, a read): who, which message, when. */
export const messagePersonResource = <T extends string>(type: T, description: string) =>
  Type.Object(
    {
      type: Type.Literal(type),
      EID: Eid,
      user: Ref('user'),
      message: Ref(),
      created: Timestamp,
      _links: HalLinks,
      _embedded: HalEmbedded,
    },
    { description, $id: `resource.${type}` },
  );

export const LikeResource = messagePersonResource('like', 'One person liking a message.');
export const LikeCollection = halCollection('likers', LikeResource, 'Who likes a message, newest first.');
