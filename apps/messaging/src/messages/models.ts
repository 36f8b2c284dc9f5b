/**
 * The core's collections: one `messages` collection holds every message type (`type`
 * discriminates; a type's sub-document is in type-schemas.ts), with likes, reads and subscriptions.
 * Every document carries `networkEID` and every index starts with it, then the equality keys, then
 * the sort of the query it serves (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { HTML_BODY_MAX_LENGTH, messageTypes } from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { registerClaimModel, type ClaimDoc } from './lease.js';
import { registerSubscriptionModel, type SubscriptionDoc } from './subscription-model.js';
import { eventSchema, pollSchema, taskSchema } from './type-schemas.js';

// Timelines, threads, bubbling: why and when a message last moved up (timelines/rules.ts).
const bubbleSchema = new Schema(
  {
    reason: { type: String, required: true },
    at: { type: Date, required: true },
    commentEID: { type: String, default: null },
  },
  { _id: false },
);

const messageSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    type: { type: String, enum: messageTypes, required: true },
    authorEID: { type: String, required: true },
    /** Sanitised on write: what is stored is what is served. */
    htmlBody: { type: String, required: true, maxlength: HTML_BODY_MAX_LENGTH },
    /** The group the message was posted to (a comment: its parent's), null for the network. */
    groupEID: { type: String, default: null },
    /** A comment's message; null for a message on a timeline. */
    parentEID: { type: String, default: null },
    /** The parent's message type, for the `parent` reference. */
    parentType: { type: String, default: null },
    /** `network` or `group:<EID>` for a message on a timeline; null for a comment (on no timeline). */
    timelineKey: { type: String, default: null },
    /** Where the message stands on its timeline: its creation, later moved up by bubbling. */
    timelineAt: { type: Date, required: true },
    locked: { type: Boolean, default: false },
    numComments: { type: Number, default: 0, min: 0 },
    numLikes: { type: Number, default: 0, min: 0 },
    // Emoji reactions: the count per emoji in the order first used, moved by atomic updates only
    // (reactions/counts.ts), so a page of messages shows them without a query per message.
    reactionCounts: {
      type: [
        new Schema(
          { emoji: { type: String, required: true }, count: { type: Number, required: true, min: 0 } },
          { _id: false, strict: true },
        ),
      ],
      default: undefined,
    },
    // Pins: the timeline the message is pinned on (pins/), null when not pinned. A move to another
    // timeline leaves it behind, so the message reads as not pinned there.
    pinnedIn: { type: String, default: null },
    lastEdited: { type: Date, default: null },
    // News and scheduled items (docs/decisions.md, "Messaging: news, duplication, export, scheduled
    // items"). A draft or scheduled message has `timelineKey: null` (on no timeline) until published.
    status: { type: String, enum: ['published', 'draft', 'scheduled', 'removed'], default: 'published' },
    title: { type: String, default: null },
    /** The news items a concatenated news item gathers; empty for every other message. */
    concatenatedFrom: { type: [String], default: undefined },
    originalAuthorEID: { type: String, default: null },
    /** The news item a duplicate was copied from (`isDuplicate`). */
    duplicateOfEID: { type: String, default: null },
    scheduledAt: { type: Date, default: null },
    // Search and idempotent posting: the lowercase words of the text (search/tokens.ts).
    searchTokens: { type: [String], default: [] },
    // Hashtags (tags/): the keys of the text's tags (NFKC, lower case), indexed for the tag lists,
    // and their first spellings in the same order; absent on a message without tags.
    tags: { type: [String], default: undefined },
    tagNames: { type: [String], default: undefined },
    // Message actions.
    numReaders: { type: Number, default: 0, min: 0 },
    // Types, fields and app posting. `authorEID` is an app's EID when
    // `authorType` is `app` (an app_update).
    authorType: { type: String, enum: ['user', 'app'], default: 'user' },
    reactable: { type: Boolean, default: true },
    embeds: {
      type: [new Schema({ url: String, title: String }, { _id: false, strict: true })],
      default: undefined,
    },
    headerBackground: { type: String, default: null },
    /** `appData` of an app_update as compact JSON (any keys, even `$` or `.`, stay opaque). */
    appDataJson: { type: String, default: null },
    parentFolderEID: { type: String, default: null },
    /** A private message's recipients; it and its comments are read by `participantEIDs` only. */
    recipientEIDs: { type: [String], default: undefined },
    participantEIDs: { type: [String], default: undefined },
    /** Private-message recipients on edit: those an edit removed (shown to the author only). */
    excludedRecipientEIDs: { type: [String], default: undefined },
    superseded: { type: Boolean, default: false },
    // Message actions, removal (soft delete): a removed message has `status: 'removed'`,
    // leaves every timeline, thread and search (`timelineKey`, `parentEID` null, no `searchTokens`)
    // and keeps where it was in `removedFrom`.
    removedAt: { type: Date, default: null },
    removedBy: { type: String, default: null },
    removedFrom: { type: { timelineKey: String, parentEID: String }, default: null, _id: false },
    // Message actions, mentions: the EIDs of the people mentioned (checked with auth).
    mentions: { type: [String], default: [] },
    // Message actions, share: the message a share references.
    sharedEID: { type: String, default: null },
    sharedType: { type: String, default: null },
    // Timelines, threads, bubbling (timelines/*). A reply: the comment whose thread it is in.
    parentCommentEID: { type: String, default: null },
    /** A user's profile timeline the message was posted to (`timelineKey` `profile:<EID>`). */
    profileEID: { type: String, default: null },
    /** The last activity that moved the message up its timeline (read-only for clients). */
    bubble: { type: bubbleSchema, default: null },
    // Tasks (tasks/models.ts): a task's kind, due date, completion and counts.
    task: { type: taskSchema, default: null },
    // Polls (polls/model.ts): a poll's answers, end time and counts; whether it is anonymous.
    poll: { type: pollSchema, default: undefined },
    isAnonymous: { type: Boolean, default: undefined },
    // Events: the event object of a message of type `event` (events/models.ts).
    event: { type: eventSchema, default: undefined },
    // Files: attachments (files/attachments.ts): the EIDs of the attached files, by list.
    imageEIDs: { type: [String], default: undefined },
    videoEIDs: { type: [String], default: undefined },
    fileEIDs: { type: [String], default: undefined },
  },
  { strict: true, timestamps, collection: 'messages' },
);
// A timeline, newest first: equality on the network and the timeline, then the sort.
messageSchema.index({ networkEID: 1, timelineKey: 1, timelineAt: -1, _id: -1 });
// News and scheduled items: a timeline filtered by type (`?type=news`); the caller's drafts and
// scheduled items (per author, soonest first); the scheduler's due items.
messageSchema.index({ networkEID: 1, timelineKey: 1, type: 1, timelineAt: -1, _id: -1 });
messageSchema.index({ networkEID: 1, authorEID: 1, status: 1, scheduledAt: 1, _id: 1 });
messageSchema.index({ status: 1, scheduledAt: 1, _id: 1 });
// A timeline's `status=draft|scheduled` view: the caller's own items, newest first.
messageSchema.index({ networkEID: 1, authorEID: 1, status: 1, timelineAt: -1, _id: -1 });
// The comments of a message, oldest first.
messageSchema.index({ networkEID: 1, parentEID: 1, created: 1, _id: 1 });
// Search and idempotent posting: the messages holding a word (search/messages.ts).
messageSchema.index({ networkEID: 1, searchTokens: 1 });
// Hashtags: the messages with a tag, newest first (tags/listing.ts, `search?tag=`).
messageSchema.index({ networkEID: 1, tags: 1, _id: -1 });
// Types, fields and app posting: the caller's private messages, newest first.
messageSchema.index({ networkEID: 1, type: 1, participantEIDs: 1, timelineAt: -1, _id: -1 });
// Timelines, threads, bubbling: the replies in a comment's thread, oldest first.
messageSchema.index({ networkEID: 1, parentCommentEID: 1, created: 1, _id: 1 });
// Tasks: the child tasks of a shared task.
messageSchema.index({ networkEID: 1, 'task.parentEID': 1, created: 1, _id: 1 });
// Tasks: a group's open tasks, assigned to those who join it later (tasks/joiners.ts).
messageSchema.index({ networkEID: 1, 'task.groupEIDs': 1, 'task.completed': 1, _id: -1 });

/** One document per person liking a message: the unique index makes liking idempotent. */
const likeSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    messageEID: { type: String, required: true },
    profileEID: { type: String, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'message_likes' },
);
likeSchema.index({ networkEID: 1, messageEID: 1, profileEID: 1 }, { unique: true });
// Who likes a message, newest first.
likeSchema.index({ networkEID: 1, messageEID: 1, created: -1, _id: -1 });

/** Message actions. One document per reader of a message: marking read is idempotent. */
const readSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    messageEID: { type: String, required: true },
    profileEID: { type: String, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'message_reads' },
);
readSchema.index({ networkEID: 1, messageEID: 1, profileEID: 1 }, { unique: true });
// The readers of a message, most recent first.
readSchema.index({ networkEID: 1, messageEID: 1, created: -1, _id: -1 });

export type ReadDoc = InferSchemaType<typeof readSchema> & Omit<StoredDocument, 'lastModified'>;
export type MessageDoc = InferSchemaType<typeof messageSchema> & StoredDocument;
export type LikeDoc = InferSchemaType<typeof likeSchema> & Omit<StoredDocument, 'lastModified'>;

/** The core's own collections (each area registers its own beside them, src/models.ts). */
export interface CoreCollections {
  readonly Message: Model<MessageDoc>;
  readonly Like: Model<LikeDoc>;
  readonly Read: Model<ReadDoc>;
  readonly Subscription: Model<SubscriptionDoc>;
  /** Leases of background work (scheduled items, news jobs, renders, sweeps). */
  readonly Claim: Model<ClaimDoc>;
}

export function registerCoreCollections(connection: Connection): CoreCollections {
  return {
    Message: connection.model<MessageDoc>('Message', messageSchema),
    Like: connection.model<LikeDoc>('Like', likeSchema),
    Read: connection.model<ReadDoc>('MessageRead', readSchema),
    Subscription: registerSubscriptionModel(connection),
    Claim: registerClaimModel(connection),
  };
}
