/**
 * Presence: a person sets their own (`online`, `away`, `offline`; `lastSeenAt` is the
 * time of the update); members of the same network read it (see `readPresence`).
 */
import { DomainError, isEid, toTimestamp, type PresenceStatus, type RequestContext } from '@ncs/contracts';
import { findMemberCaller } from '../core/callers.js';
import type { AccountStore } from './dependencies.js';
import { readPresence, type StoredPresence } from './rules.js';

function presentPresence(profileEID: string, presence: ReturnType<typeof readPresence>) {
  return {
    type: 'presence',
    EID: profileEID,
    user: { type: 'user', EID: profileEID },
    status: presence.status,
    lastSeenAt: presence.lastSeenAt ? toTimestamp(presence.lastSeenAt) : null,
  };
}

export async function getPresence(models: AccountStore, ctx: RequestContext, profileEID: string) {
  const caller = await findMemberCaller(models, ctx);
  const networkEID = caller.network._id.toString();
  if (!isEid(profileEID)) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  const [profile, stored, settings] = await Promise.all([
    models.Profile.exists({ _id: profileEID, networkEID }),
    models.Presence.findOne({ networkEID, profileEID }, { status: 1, lastSeenAt: 1 }).lean<StoredPresence>(),
    models.UserSettings.findOne({ networkEID, profileEID }, { showPresence: 1 }).lean(),
  ]);
  if (!profile) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  const hidden = settings?.showPresence === false && profileEID !== caller.profileEID;
  return presentPresence(profileEID, readPresence(stored, new Date(), hidden));
}

export async function updatePresence(
  models: AccountStore,
  ctx: RequestContext,
  profileEID: string,
  status: PresenceStatus,
) {
  const caller = await findMemberCaller(models, ctx);
  const networkEID = caller.network._id.toString();
  if (caller.profileEID !== profileEID) {
    const exists = isEid(profileEID) && (await models.Profile.exists({ _id: profileEID, networkEID }));
    throw new DomainError(exists ? 'ACCOUNT_ERR_NOT_OWNER' : 'AUTH_ERR_PROFILE_NOT_FOUND');
  }
  const lastSeenAt = new Date();
  await models.Presence.updateOne(
    { networkEID, profileEID },
    { $set: { status, lastSeenAt }, $setOnInsert: { networkEID, profileEID } },
    { upsert: true },
  );
  return presentPresence(profileEID, readPresence({ status, lastSeenAt }, lastSeenAt));
}
