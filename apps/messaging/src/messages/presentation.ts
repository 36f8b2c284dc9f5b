/**
 * Messages as plain resources (the gateway adds `_links`): one query for the caller's likes of a
 * whole page. A locked message reads 0 comments and 0 likes (spec: Locked message).
 */
import { toTimestamp, type EventData, type PlainResource } from '@ncs/contracts';
import type { Caller } from './access.js';
import type { LikeDoc, MessageDoc, MessagingModels } from './models.js';
import { readByCaller, subscribedByCaller } from './reads.js';
import { shownCounters } from './rules.js';
import { newsFieldsOf } from '../news/presentation.js';
// Types, fields and app posting.
import { excludedRecipientsFor, presentTypeFields } from './type-presentation.js';
import { threadFieldsOf } from '../timelines/rules.js';
// Tasks.
import { taskResourceFieldsOf, taskViewsOf } from '../tasks/presentation.js';
// Polls.
import { pollPresenter } from '../polls/presentation.js';
// Events.
import { rsvpsOfCaller, withEventFields } from '../events/presentation.js';
// Files: attachments.
import { attachedFilesOf, attachmentResourceFieldsOf } from '../files/attachment-presentation.js';
// Affordances: the action links the caller is shown.
import { messageActionsOf } from './affordances.js';

export const userRef = (EID: string) => ({ type: 'user' as const, EID });
/** The author: a person, or the app of an app_update (types, fields and app posting). */
export const authorRefOf = (doc: Pick<MessageDoc, 'authorEID' | 'authorType'>) => ({
  type: doc.authorType ?? 'user',
  EID: doc.authorEID,
});
export const groupRefOf = (groupEID: string | null) =>
  groupEID ? { type: 'group' as const, EID: groupEID } : null;
export const parentRefOf = (doc: Pick<MessageDoc, 'parentEID' | 'parentType'>) =>
  doc.parentEID ? { type: doc.parentType ?? 'update', EID: doc.parentEID } : null;

function presentMessage(doc: MessageDoc, liked: boolean, read: boolean, subscribed: boolean): PlainResource {
  return {
    type: doc.type,
    EID: String(doc._id),
    author: authorRefOf(doc),
    htmlBody: doc.htmlBody,
    group: groupRefOf(doc.groupEID ?? null),
    parent: parentRefOf(doc),
    reactable: !doc.locked && doc.reactable !== false,
    locked: doc.locked,
    ...shownCounters(doc),
    // News and scheduled items: status, title, readTime, concatenated, isDuplicate, scheduledAt…
    ...newsFieldsOf(doc),
    created: toTimestamp(doc.created),
    lastModified: toTimestamp(doc.lastModified),
    lastEdited: doc.lastEdited ? toTimestamp(doc.lastEdited) : null,
    numReaders: doc.numReaders ?? 0,
    ...presentTypeFields(doc), // types, fields and app posting
    mentions: (doc.mentions ?? []).map(userRef), // concern: mentions
    sharedFrom: doc.sharedEID ? { type: doc.sharedType ?? 'update', EID: doc.sharedEID } : null, // share
    _user: { liked, read, subscribed },
    // Timelines, threads, bubbling: `$parentCommentEID`, `profile`, `bubble`.
    ...threadFieldsOf(doc),
  };
}

/** Plain message resources for the caller, in the order given. */
export async function presentMessages(
  models: MessagingModels,
  caller: Caller,
  docs: readonly MessageDoc[],
): Promise<PlainResource[]> {
  if (docs.length === 0) return [];
  const ids = docs.map((doc) => String(doc._id));
  // The caller's standing towards the page: independent lookups, sent together.
  const [likes, read, subscribed, taskViews, withPoll, rsvps] = await Promise.all([
    models.Like.find(
      { networkEID: caller.networkEID, messageEID: { $in: ids }, profileEID: caller.profileEID },
      { messageEID: 1 },
    ).lean<Pick<LikeDoc, 'messageEID'>[]>(),
    readByCaller(models, caller, ids),
    subscribedByCaller(models, caller, ids), // concern: subscriptions
    taskViewsOf(models, caller, docs), // concern: tasks
    pollPresenter(models, caller, docs), // concern: polls
    rsvpsOfCaller(models, caller, docs), // concern: events
  ]);
  const liked = new Set(likes.map((like) => like.messageEID));
  const attached = await attachedFilesOf(models, caller, docs); // Files: attachments
  const now = new Date();
  return docs.map((doc) =>
    withPoll(doc, {
      // Events: the event object, `_user.rsvp` and `_user.permissions`.
      ...withEventFields(
        {
          ...presentMessage(
            doc,
            liked.has(String(doc._id)),
            read.has(String(doc._id)),
            subscribed.has(String(doc._id)),
          ),
          ...excludedRecipientsFor(doc, caller), // private-message recipients on edit
        },
        doc,
        caller,
        rsvps,
      ),
      ...taskResourceFieldsOf(doc, taskViews), // concern: tasks (and a child task's `parent`)
      ...attachmentResourceFieldsOf(doc, attached), // Files: counts and `_embedded` files
      // Affordances: what the caller may do now, shown as action links, never as a property.
      _actions: messageActionsOf(
        doc,
        caller,
        {
          liked: liked.has(String(doc._id)),
          read: read.has(String(doc._id)),
          subscribed: subscribed.has(String(doc._id)),
          assignment: taskViews.own.get(String(doc._id)),
        },
        now,
      ),
    }),
  );
}

export async function presentOne(models: MessagingModels, caller: Caller, doc: MessageDoc) {
  const [resource] = await presentMessages(models, caller, [doc]);
  return resource!;
}

/** `message` of the catalogue's messaging events (contracts domain-events/messaging-shapes.ts). */
export type MessageSummary = EventData<'messaging.message.read'>['message'];

/** What events carry about a message: enough for a notification without a lookup. */
export function messageSummary(doc: MessageDoc): MessageSummary {
  return {
    type: doc.type,
    EID: String(doc._id),
    author: authorRefOf(doc),
    group: groupRefOf(doc.groupEID ?? null),
    parent: parentRefOf(doc),
    htmlBody: doc.htmlBody,
    // Types, fields and app posting: who a private message goes to.
    ...(doc.recipientEIDs?.length ? { recipients: doc.recipientEIDs.map(userRef) } : {}),
    // Timelines: the profile a message was posted to, the comment a reply answers.
    ...(doc.profileEID ? { profile: userRef(doc.profileEID) } : {}),
    ...(doc.parentCommentEID ? { parentCommentEID: doc.parentCommentEID } : {}),
  };
}
