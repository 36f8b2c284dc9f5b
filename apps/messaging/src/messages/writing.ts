/**
 * Writing messages: posting an update, commenting, liking, unliking, locking. Each change records
 * its domain event through the outbox (`events.messaging.message.*`) with what the notifications
 * service needs (the message, its author and group, the actor).
 */
import { DomainError } from '@ncs/contracts';
import { isDuplicateKeyError, sanitizeRichText, type RequestOf } from '@ncs/service-kit';
import { accessOf, type Caller } from './access.js';
import type { WriteDeps } from './deps.js';
import type { MessageDoc, MessagingModels } from './models.js';
import { messageSummary, presentOne, userRef } from './presentation.js';
import { findReadableMessage } from './reading.js';
import { createdVerbOf, newsFieldsOf } from '../news/writing.js';
import { requireGroupPoster, requireLocker, requireReactable, timelineKeyOf } from './rules.js';
import { searchTokensOf } from '../search/tokens.js';
// Types, fields and app posting.
import { commentTypeFieldsOf, supersedeOlder, typeFieldsOf } from './type-fields.js';
// Message actions, subscriptions.
import { addSubscription, recordCommentActivity } from './subscribers.js';
// Message actions, mentions.
import { checkedMentions, recordMentions } from './mentions.js';
import { requireParticipantMentions } from './recipient-edits.js';
// Timelines, threads, bubbling.
import { profileTargetOf } from '../timelines/profiles.js';
import { countComment, threadParentOf } from '../timelines/threads.js';
// The 1.4.8 gate, `event` renamed `announcement`.
import type { LatestCreateBody } from './announcement-gate.js';
// Tasks.
import { recordTaskPosted, taskFieldsOf, taskPlanOf } from '../tasks/posting.js';
// Polls.
import { pollFieldsOf } from '../polls/rules.js';
// Events.
import { eventFieldsOf, recordInvitations } from '../events/writing.js';
// Files: attachments.
import { attachmentFieldsOf, claimAttachments } from '../files/attachments.js';
import { parentFolderFieldsOf } from '../files/parent-folder.js';
import { messageAudience, peopleAudience } from './audience.js';

export type { WriteDeps } from './deps.js';

/** The allow-listed form of a body; a body with nothing left is a 400 naming the field. */
export function sanitisedBody(html: string): string {
  const clean = sanitizeRichText(html).trim();
  if (clean === '') {
    throw new DomainError('MESSAGING_ERR_EMPTY_BODY', undefined, [
      { pointer: '/body/htmlBody', message: 'has no content left once sanitised' },
    ]);
  }
  return clean;
}

const actorOf = (caller: Caller) => ({ type: 'user', EID: caller.profileEID });

export async function postMessage(
  { models, rpc, outbox }: WriteDeps,
  caller: Caller,
  body: LatestCreateBody, // The 1.4.8 gate (`event`): the latest version's types only.
) {
  const groupEID = body.group?.EID ?? null;
  const access = await accessOf(rpc, caller, [groupEID]);
  if (groupEID !== null) requireGroupPoster(access, groupEID);
  const profileEID = await profileTargetOf(rpc, caller, body); // timelines: a user's profile timeline
  const htmlBody = sanitisedBody(body.htmlBody);
  const mentions = await checkedMentions(rpc, caller, body.mentions); // concern: mentions
  const taskPlan = await taskPlanOf(rpc, caller, body); // concern: tasks
  const created = await models.Message.create({
    networkEID: caller.networkEID,
    mentions,
    type: body.type,
    authorEID: caller.profileEID,
    htmlBody,
    searchTokens: searchTokensOf(htmlBody),
    groupEID,
    profileEID,
    timelineKey: timelineKeyOf(groupEID, profileEID),
    timelineAt: new Date(),
    ...(await newsFieldsOf(models, caller, access, body)), // news and scheduled items
    ...(await typeFieldsOf(rpc, caller, access, body)), // types, fields and app posting
    ...taskFieldsOf(taskPlan), // concern: tasks
    ...pollFieldsOf(body, new Date()), // polls: answers, end time, isAnonymous
    ...(await eventFieldsOf(rpc, caller, body)), // concern: events (a private one: on no timeline)
    ...(await attachmentFieldsOf(models, caller, body)), // Files: attachments, checked
    ...(await parentFolderFieldsOf(models, rpc, caller, body)), // Files: a folder the caller reads
  });
  const message = created.toObject<MessageDoc>();
  await claimAttachments(models, caller, message); // Files: attachments claimed (else undone, 400)
  const data = { message: messageSummary(message), mentions: mentions.map(userRef) };
  const verb = createdVerbOf(message);
  // A draft or a scheduled message is on no timeline yet: its author's alone until published.
  await (verb === 'created'
    ? outbox.record('messaging.message.created', {
        networkEID: caller.networkEID,
        actor: actorOf(caller),
        audience: messageAudience(message),
        data,
      })
    : outbox.record(`messaging.message.${verb}`, {
        networkEID: caller.networkEID,
        actor: actorOf(caller),
        audience: peopleAudience([message.authorEID]),
        data,
      }));
  await supersedeOlder({ models, rpc, outbox }, message, actorOf(caller)); // types, fields and app posting
  await recordMentions(outbox, message); // concern: mentions
  await addSubscription(models, caller.networkEID, String(message._id), caller.profileEID); // subscriptions
  await recordTaskPosted({ models, rpc, outbox }, caller, message, taskPlan); // concern: tasks
  await recordInvitations(models, outbox, message); // concern: events
  return presentOne(models, caller, message);
}

export async function postComment(
  { models, rpc, outbox }: WriteDeps,
  caller: Caller,
  messageEID: string,
  body: RequestOf<'comment.create'>['body'],
) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  if (message.type === 'comment') throw new DomainError('MESSAGING_ERR_COMMENT_ON_COMMENT');
  requireReactable(message);
  const parentCommentEID = await threadParentOf(models, caller, message, body.parentCommentEID); // threads
  const htmlBody = sanitisedBody(body.htmlBody);
  requireParticipantMentions(message.participantEIDs, body.mentions); // private-message recipients
  const mentions = await checkedMentions(rpc, caller, body.mentions); // concern: mentions
  const created = await models.Message.create({
    networkEID: caller.networkEID,
    mentions,
    type: 'comment',
    authorEID: caller.profileEID,
    htmlBody,
    searchTokens: searchTokensOf(htmlBody),
    groupEID: message.groupEID ?? null,
    parentEID: messageEID,
    parentType: message.type,
    parentCommentEID,
    timelineKey: null,
    timelineAt: new Date(),
    ...commentTypeFieldsOf(message), // types, fields and app posting: a private message's participants
  });
  const comment = created.toObject<MessageDoc>();
  await countComment(models, caller, message, comment); // + bubbling: the message moves up
  await outbox.record('messaging.message.commented', {
    networkEID: caller.networkEID,
    actor: actorOf(caller),
    audience: messageAudience(message),
    data: { message: messageSummary(message), comment: messageSummary(comment) },
  });
  await recordCommentActivity(models, outbox, message, comment); // subscriptions
  await recordMentions(outbox, comment); // concern: mentions
  return presentOne(models, caller, comment);
}

/** The message as it now is (after a counter or flag changed). */
export async function reread(models: MessagingModels, caller: Caller, message: MessageDoc) {
  const fresh = await models.Message.findById(message._id).lean<MessageDoc>();
  return presentOne(models, caller, fresh ?? message);
}

/** Likes a message; liking it again changes nothing (no second event). */
export async function likeMessage({ models, rpc, outbox }: WriteDeps, caller: Caller, messageEID: string) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  requireReactable(message);
  try {
    await models.Like.create({ networkEID: caller.networkEID, messageEID, profileEID: caller.profileEID });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return reread(models, caller, message);
  }
  await models.Message.updateOne(
    { _id: message._id, networkEID: caller.networkEID },
    { $inc: { numLikes: 1 } },
  );
  await outbox.record('messaging.message.liked', {
    networkEID: caller.networkEID,
    actor: actorOf(caller),
    audience: messageAudience(message),
    data: { message: messageSummary(message), liker: userRef(caller.profileEID) },
  });
  return reread(models, caller, message);
}

/** Stops liking a message (allowed while locked: it only takes a reaction back); idempotent. */
export async function unlikeMessage({ models, rpc, outbox }: WriteDeps, caller: Caller, messageEID: string) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  const removed = await models.Like.deleteOne({
    networkEID: caller.networkEID,
    messageEID,
    profileEID: caller.profileEID,
  });
  if (removed.deletedCount > 0) {
    await models.Message.updateOne(
      { _id: message._id, networkEID: caller.networkEID, numLikes: { $gt: 0 } },
      { $inc: { numLikes: -1 } },
    );
    await outbox.record('messaging.message.unliked', {
      networkEID: caller.networkEID,
      actor: actorOf(caller),
      audience: messageAudience(message),
      data: { message: messageSummary(message), liker: userRef(caller.profileEID) },
    });
  }
  return reread(models, caller, message);
}

/** Locks or unlocks a message (its author or a network administrator); idempotent. */
export async function setLocked(
  { models, rpc, outbox }: WriteDeps,
  caller: Caller,
  messageEID: string,
  locked: boolean,
) {
  const { message, access } = await findReadableMessage(models, rpc, caller, messageEID);
  requireLocker(message, caller, access);
  if (message.locked !== locked) {
    await models.Message.updateOne({ _id: message._id, networkEID: caller.networkEID }, { $set: { locked } });
    await outbox.record(locked ? 'messaging.message.locked' : 'messaging.message.unlocked', {
      networkEID: caller.networkEID,
      actor: actorOf(caller),
      audience: messageAudience(message),
      data: { message: messageSummary(message) },
    });
  }
  return reread(models, caller, message);
}
