/**
 * Message actions, `move` and `share` (spec: Message actions). Moving takes a published
 * message (not a comment) to another group's timeline or the network's: removal rights at the
 * source (author, network administrator, `delete_message`/`delete_news`) and posting rights at the
 * target (`post_message`; news to the network: network administrators); its comments follow (their
 * `groupEID` decides who reads them). Sharing posts the caller's new update referencing the
 * message (`sharedFrom`) on a timeline the caller may post to; the original is not copied.
 */
import { DomainError } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import type { Caller } from './access.js';
import { mayRemove } from './action-rules.js';
import type { WriteDeps } from './deps.js';
import type { MessageDoc } from './models.js';
import { groupRefOf, messageSummary, presentOne, userRef } from './presentation.js';
import { findReadableMessage } from './reading.js';
import { requireGroupPoster, timelineKeyOf } from './rules.js';
import { postMessage, reread } from './writing.js';
import { timelineAudience } from './audience.js';

/** Only a published message on a timeline is moved or shared. */
function requireOnTimeline(message: MessageDoc): void {
  if (message.type === 'comment' || (message.status ?? 'published') !== 'published') {
    throw new DomainError('MESSAGING_ERR_NOT_ON_TIMELINE');
  }
  // A private message, a private event, a group's copy of a shared task: on no timeline, and
  // moving must not put them on one.
  if (!message.timelineKey) throw new DomainError('MESSAGING_ERR_NOT_ON_TIMELINE');
}

export async function moveMessage(
  { models, rpc, outbox }: WriteDeps,
  caller: Caller,
  messageEID: string,
  body: RequestOf<'message.move'>['body'],
) {
  const target = body.group?.EID ?? null;
  const { message, access } = await findReadableMessage(models, rpc, caller, messageEID, [target]);
  requireOnTimeline(message);
  if (!mayRemove(message, caller, access)) throw new DomainError('MESSAGING_ERR_MOVE_FORBIDDEN');
  if (target !== null) requireGroupPoster(access, target);
  for (const feature of models.features) feature.move?.({ message, access, target });
  const source = message.groupEID ?? null;
  if (target === source) return reread(models, caller, message);
  await models.Message.updateOne(
    { _id: message._id, networkEID: caller.networkEID },
    { $set: { groupEID: target, timelineKey: timelineKeyOf(target) } },
  );
  // The comments follow (index {networkEID, parentEID, …}): their group decides who reads them.
  await models.Message.updateMany(
    { networkEID: caller.networkEID, parentEID: messageEID },
    { $set: { groupEID: target } },
  );
  await outbox.record('messaging.message.moved', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: timelineAudience(target),
    data: {
      message: { ...messageSummary(message), group: groupRefOf(target) },
      from: groupRefOf(source),
      to: groupRefOf(target),
    },
  });
  return reread(models, caller, message);
}

export async function shareMessage(
  deps: WriteDeps,
  caller: Caller,
  messageEID: string,
  body: RequestOf<'message.share'>['body'],
) {
  const { models, rpc, outbox } = deps;
  // The share's own group asked with the original's: a share (an update) names no other group.
  const target = body.group?.EID ?? null;
  const { message, access } = await findReadableMessage(models, rpc, caller, messageEID, [target]);
  requireOnTimeline(message);
  const posted = await postMessage(
    deps,
    caller,
    { type: 'update', htmlBody: body.htmlBody, ...(body.group ? { group: body.group } : {}) },
    access,
  );
  const share = await models.Message.findOneAndUpdate(
    { _id: posted.EID, networkEID: caller.networkEID },
    { $set: { sharedEID: messageEID, sharedType: message.type } },
    { returnDocument: 'after' },
  ).lean<MessageDoc>();
  if (!share) throw new DomainError('MESSAGING_ERR_MESSAGE_NOT_FOUND');
  await outbox.record('messaging.message.shared', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: timelineAudience(share.groupEID),
    data: { message: messageSummary(message), share: messageSummary(share) },
  });
  return presentOne(models, caller, share);
}
