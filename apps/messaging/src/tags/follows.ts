/**
 * Following a tag: the tag resource with the caller's standing, follow (idempotent; a second call
 * changes the alert category) and unfollow, and the push of a new tagged message to the followers
 * who may read it. Decisions: docs/decisions.md, "Messaging: hashtags".
 */
import {
  DomainError,
  internalSubjects,
  TAG_FOLLOWERS_NOTIFIED_MAX,
  TAG_FOLLOWS_PER_PERSON_MAX,
  type PlainResource,
  type TagAlertCategory,
} from '@ncs/contracts';
import { isDuplicateKeyError, type Outbox, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import { peopleAudience } from '../messages/audience.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, userRef } from '../messages/presentation.js';
import { requireTagKey } from './listing.js';
import type { TagFollowDoc, TagStore } from './models.js';

function tagResource(key: string, follow: Pick<TagFollowDoc, 'alertCategory'> | null): PlainResource {
  return {
    type: 'tag',
    name: key,
    _user: follow ? { following: true, alertCategory: follow.alertCategory ?? 'none' } : { following: false },
    _actions: follow ? { unfollow: true } : { follow: true },
  };
}

const followOf = (models: TagStore, caller: Caller, tagKey: string) =>
  models.TagFollow.findOne({
    networkEID: caller.networkEID,
    profileEID: caller.profileEID,
    tagKey,
  }).lean<TagFollowDoc>();

/** `GET …/tags/{tag}/`: any tag, used or not (one can follow a tag before its first message). */
export async function getTag(models: TagStore, rpc: RpcClient, caller: Caller, tag: string) {
  const key = requireTagKey(tag, '/params/tag');
  // A member suspended a moment ago is refused (404), as on every messaging read.
  await accessOf(rpc, caller, []);
  return tagResource(key, await followOf(models, caller, key));
}

export async function followTag(
  { models, rpc }: WriteDeps<TagStore>,
  caller: Caller,
  tag: string,
  alertCategory: TagAlertCategory = 'none',
) {
  const key = requireTagKey(tag, '/params/tag');
  await accessOf(rpc, caller, []);
  const where = { networkEID: caller.networkEID, profileEID: caller.profileEID, tagKey: key };
  const existing = await followOf(models, caller, key);
  if (existing) {
    if (existing.alertCategory !== alertCategory)
      await models.TagFollow.updateOne(where, { $set: { alertCategory } });
    return tagResource(key, { alertCategory });
  }
  const count = await models.TagFollow.countDocuments({
    networkEID: caller.networkEID,
    profileEID: caller.profileEID,
  });
  if (count >= TAG_FOLLOWS_PER_PERSON_MAX) throw new DomainError('MESSAGING_ERR_TOO_MANY_TAG_FOLLOWS');
  try {
    await models.TagFollow.create({ ...where, alertCategory });
  } catch (error) {
    // Followed by a concurrent request: the same outcome.
    if (!isDuplicateKeyError(error)) throw error;
  }
  return tagResource(key, { alertCategory });
}

export async function unfollowTag({ models, rpc }: WriteDeps<TagStore>, caller: Caller, tag: string) {
  const key = requireTagKey(tag, '/params/tag');
  await accessOf(rpc, caller, []);
  await models.TagFollow.deleteOne({
    networkEID: caller.networkEID,
    profileEID: caller.profileEID,
    tagKey: key,
  });
  return tagResource(key, null);
}

/**
 * The followers of the message's tags who may read it (not its author): a private message's
 * participants among them, a group message's active members among them (the group's own live
 * audience, asked of auth in one request), everyone for the network's or a profile's. At most
 * TAG_FOLLOWERS_NOTIFIED_MAX follows are read, the first by profile EID.
 */
async function readingFollowers(models: TagStore, rpc: RpcClient, caller: Caller, message: MessageDoc) {
  const follows = await models.TagFollow.find(
    { networkEID: message.networkEID, tagKey: { $in: message.tags ?? [] } },
    { _id: 0, profileEID: 1 },
  )
    .sort({ profileEID: 1 })
    .limit(TAG_FOLLOWERS_NOTIFIED_MAX)
    .lean<Pick<TagFollowDoc, 'profileEID'>[]>();
  const followers = [...new Set(follows.map((f) => f.profileEID))].filter((p) => p !== message.authorEID);
  if (followers.length === 0) return [];
  if (message.participantEIDs?.length) {
    const participants = new Set(message.participantEIDs);
    return followers.filter((p) => participants.has(p));
  }
  if (!message.groupEID) return followers;
  const { profileEIDs } = await rpc.request(internalSubjects.groupMembersAmong, {
    ctx: caller.ctx,
    body: { groupEID: message.groupEID, profileEIDs: followers },
  });
  return profileEIDs;
}

/** Tells the followers of a new published message's tags who may read it (one event, `people`). */
export async function pushToFollowers(
  models: TagStore,
  deps: { readonly rpc: RpcClient; readonly outbox: Outbox },
  caller: Caller,
  message: MessageDoc,
): Promise<void> {
  if (message.status !== 'published' || !message.tags?.length) return;
  const people = await readingFollowers(models, deps.rpc, caller, message);
  if (people.length === 0) return;
  await deps.outbox.record('messaging.tag.message_tagged', {
    networkEID: message.networkEID,
    actor: userRef(caller.profileEID),
    audience: peopleAudience(people),
    data: { message: messageSummary(message), tags: [...message.tags] },
  });
}
