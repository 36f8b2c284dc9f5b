/**
 * Messages as plain resources (the gateway adds `_links`): one query for the caller's likes of a
 * whole page. A locked message reads 0 comments and 0 likes (spec: Locked message).
 */
import { toTimestamp, type EventData, type PlainResource } from '@ncs/contracts';
import type { Caller } from './access.js';
import type { CoreStore } from './features.js';
import type { LikeDoc, MessageDoc } from './models.js';
import { readByCaller, subscribedByCaller } from './reads.js';
import { shownCounters } from './rules.js';
import { excludedRecipientsFor, presentTypeFields } from './type-presentation.js';
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
    created: toTimestamp(doc.created),
    lastModified: toTimestamp(doc.lastModified),
    lastEdited: doc.lastEdited ? toTimestamp(doc.lastEdited) : null,
    numReaders: doc.numReaders ?? 0,
    ...presentTypeFields(doc), // types, fields and app posting
    mentions: (doc.mentions ?? []).map(userRef), // concern: mentions
    sharedFrom: doc.sharedEID ? { type: doc.sharedType ?? 'update', EID: doc.sharedEID } : null, // share
    _user: { liked, read, subscribed },
  };
}

/**
 * Plain message resources for the caller, in the order given: the core's fields, then each plugged
 * feature's (each reads what it needs for the whole page in one query, all sent together).
 */
export async function presentMessages(
  models: CoreStore,
  caller: Caller,
  docs: readonly MessageDoc[],
): Promise<PlainResource[]> {
  if (docs.length === 0) return [];
  const ids = docs.map((doc) => String(doc._id));
  const [likes, read, subscribed, presenters] = await Promise.all([
    models.Like.find(
      { networkEID: caller.networkEID, messageEID: { $in: ids }, profileEID: caller.profileEID },
      { messageEID: 1 },
    ).lean<Pick<LikeDoc, 'messageEID'>[]>(),
    readByCaller(models, caller, ids),
    subscribedByCaller(models, caller, ids),
    Promise.all(
      models.features.flatMap((feature) =>
        feature.present ? [Promise.resolve(feature.present(caller, docs))] : [],
      ),
    ),
  ]);
  const liked = new Set(likes.map((like) => like.messageEID));
  return docs.map((doc) => {
    const id = String(doc._id);
    const standing = { liked: liked.has(id), read: read.has(id), subscribed: subscribed.has(id) };
    const core: PlainResource = {
      ...presentMessage(doc, standing.liked, standing.read, standing.subscribed),
      ...excludedRecipientsFor(doc, caller), // private-message recipients on edit
      // Affordances: what the caller may do now, shown as action links, never as a property.
      _actions: messageActionsOf(doc, caller, standing),
    };
    const resource = presenters.reduce((presented, present) => present(doc, presented), core);
    // A removed message offers nothing, whatever a feature would add.
    return doc.status === 'removed' ? { ...resource, _actions: {} } : resource;
  });
}

export async function presentOne(models: CoreStore, caller: Caller, doc: MessageDoc) {
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
