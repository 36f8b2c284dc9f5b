/**
 * Writing messages: posting an update, commenting, liking, unliking, locking. Each change records
 * its domain event through the outbox (`events.messaging.message.*`) with what the notifications
 * service needs (the message, its author and group, the actor).
 */
import { DomainError, type CallerGroupAccess } from '@ncs/contracts';
import { isDuplicateKeyError, sanitizeRichText, type RequestOf } from '@ncs/service-kit';
import { accessOf, type Caller } from './access.js';
import type { WriteDeps } from './deps.js';
import type { CoreStore, NewMessagePart } from './features.js';
import type { MessageDoc } from './models.js';
import { messageSummary, presentOne, userRef } from './presentation.js';
import { findReadableMessage } from './reading.js';
import {
  createdVerbOf,
  requireGroupPoster,
  requireLocker,
  requireReactable,
  timelineKeyOf,
} from './rules.js';
import { searchTokensOf } from './search-tokens.js';
// Types, fields and app posting.
import { commentTypeFieldsOf, supersedeOlder, typeFieldsOf } from './type-fields.js';
import { checkFieldsOfType } from './types.js';
// Message actions, subscriptions.
import { addSubscription, recordCommentActivity } from './subscribers.js';
// Message actions, mentions.
import { checkedMentions, recordMentions } from './mentions.js';
import { requireParticipantMentions } from './recipient-edits.js';
// The 1.4.8 gate, `event` renamed `announcement`.
import type { LatestCreateBody } from './announcement-gate.js';
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

/**
 * The one sequence that stores a new message or comment, for people and apps alike: the document
 * with every feature's fields, the features' claims (which may still undo it), its event, then what
 * follows (the core's own steps first, then the features').
 */
export async function storeMessage(
  { models }: WriteDeps,
  fields: object,
  parts: readonly (NewMessagePart | undefined)[],
  recordEvent: (message: MessageDoc) => Promise<void>,
  coreAfter: (message: MessageDoc) => Promise<void> = async () => {},
): Promise<MessageDoc> {
  const featureFields = Object.assign({}, ...parts.map((part) => part?.fields ?? {})) as object;
  const created = await models.Message.create({ ...fields, ...featureFields });
  const message = created.toObject<MessageDoc>();
  for (const part of parts) await part?.claim?.(message);
  await recordEvent(message);
  await coreAfter(message);
  for (const part of parts) await part?.after?.(message);
  return message;
}

/** The groups whose access a new message needs: its own and those its features name. */
async function groupsOfNew(models: CoreStore, caller: Caller, body: LatestCreateBody) {
  const named = await Promise.all(
    models.features.map((feature) => Promise.resolve(feature.groupsOfNew?.(caller, body) ?? [])),
  );
  return [body.group?.EID ?? null, ...named.flat()];
}

export async function postMessage(
  deps: WriteDeps,
  caller: Caller,
  body: LatestCreateBody, // The 1.4.8 gate (`event`): the latest version's types only.
  // The request's access when it already asked for every group the post concerns (a share).
  askedAccess?: CallerGroupAccess,
) {
  const { models, rpc, outbox } = deps;
  checkFieldsOfType(body.type, body); // before any request: a field the type does not take
  const groupEID = body.group?.EID ?? null;
  // One access request for the post and every group its features check.
  const access = askedAccess ?? (await accessOf(rpc, caller, await groupsOfNew(models, caller, body)));
  if (groupEID !== null) requireGroupPoster(access, groupEID);
  const htmlBody = sanitisedBody(body.htmlBody);
  const mentions = await checkedMentions(rpc, caller, body.mentions);
  const input = { deps: { rpc, outbox }, caller, access, body, now: new Date() };
  const parts: (NewMessagePart | undefined)[] = [];
  for (const feature of models.features) parts.push(await feature.create?.(input));
  // After the features' fields: a private message is on no timeline, whatever they set.
  const typeFields = await typeFieldsOf(rpc, caller, access, body);
  const fields = {
    networkEID: caller.networkEID,
    mentions,
    type: body.type,
    authorEID: caller.profileEID,
    htmlBody,
    searchTokens: searchTokensOf(htmlBody),
    groupEID,
    timelineKey: timelineKeyOf(groupEID),
    timelineAt: input.now,
  };
  const message = await storeMessage(
    deps,
    fields,
    [...parts, { fields: typeFields }],
    async (stored) => {
      const data = { message: messageSummary(stored), mentions: mentions.map(userRef) };
      const verb = createdVerbOf(stored);
      // A draft or a scheduled message is on no timeline yet: its author's alone until published.
      await (verb === 'created'
        ? outbox.record('messaging.message.created', {
            networkEID: caller.networkEID,
            actor: actorOf(caller),
            audience: messageAudience(stored),
            data,
          })
        : outbox.record(`messaging.message.${verb}`, {
            networkEID: caller.networkEID,
            actor: actorOf(caller),
            audience: peopleAudience([stored.authorEID]),
            data,
          }));
    },
    async (stored) => {
      await supersedeOlder(deps, stored, actorOf(caller)); // types, fields and app posting
      await recordMentions(outbox, stored);
      await addSubscription(models, caller.networkEID, String(stored._id), caller.profileEID);
    },
  );
  return presentOne(models, caller, message);
}

export async function postComment(
  deps: WriteDeps,
  caller: Caller,
  messageEID: string,
  body: RequestOf<'comment.create'>['body'],
) {
  const { models, rpc, outbox } = deps;
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  if (message.type === 'comment') throw new DomainError('MESSAGING_ERR_COMMENT_ON_COMMENT');
  requireReactable(message);
  const htmlBody = sanitisedBody(body.htmlBody);
  requireParticipantMentions(message.participantEIDs, body.mentions); // private-message recipients
  const mentions = await checkedMentions(rpc, caller, body.mentions);
  const input = { deps: { rpc, outbox }, caller, message, body };
  const parts: (NewMessagePart | undefined)[] = [];
  for (const feature of models.features) parts.push(await feature.comment?.(input));
  const fields = {
    networkEID: caller.networkEID,
    mentions,
    type: 'comment',
    authorEID: caller.profileEID,
    htmlBody,
    searchTokens: searchTokensOf(htmlBody),
    groupEID: message.groupEID ?? null,
    parentEID: messageEID,
    parentType: message.type,
    timelineKey: null,
    timelineAt: new Date(),
    ...commentTypeFieldsOf(message), // types, fields and app posting: a private message's participants
  };
  const comment = await storeMessage(
    deps,
    fields,
    parts,
    (stored) =>
      outbox
        .record('messaging.message.commented', {
          networkEID: caller.networkEID,
          actor: actorOf(caller),
          audience: messageAudience(message),
          data: { message: messageSummary(message), comment: messageSummary(stored) },
        })
        .then(() => undefined),
    async (stored) => {
      await recordCommentActivity(models, outbox, message, stored); // subscriptions
      await recordMentions(outbox, stored);
    },
  );
  return presentOne(models, caller, comment);
}

/** The message as it now is (after a counter or flag changed). */
export async function reread(models: CoreStore, caller: Caller, message: MessageDoc) {
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
