/**
 * Presence: a person sets their own (`online`, `away`, `offline`; `lastSeenAt` is the
 * time of the update); members of the same network read it (see `readPresence`). A change of
 * status reaches the live streams as an ephemeral `presence` event: the network's when the person
 * shows their presence, else only their own (their other devices), as `presence.get` hides it.
 */
import {
  DomainError,
  isEid,
  toTimestamp,
  type EphemeralEvent,
  type PresenceStatus,
  type RequestContext,
} from '@ncs/contracts';
import type { EphemeralPublisher } from '@ncs/service-kit';
import { findMemberCaller } from '../core/callers.js';
import type { AccountStore } from './dependencies.js';
import { showsPresence } from './presence-shown.js';
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
  publish: EphemeralPublisher,
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
  // The presence as it was, read in the same write: whether the status changed.
  const previous = await models.Presence.findOneAndUpdate(
    { networkEID, profileEID },
    { $set: { status, lastSeenAt }, $setOnInsert: { networkEID, profileEID } },
    { upsert: true, returnDocument: 'before', projection: { status: 1, lastSeenAt: 1 } },
  ).lean<StoredPresence>();
  // Compared as readers saw it (`online` gone stale reads `away`), so a refresh after a silence is
  // news and a refresh within it is not.
  if (readPresence(previous, lastSeenAt).status !== status) {
    const shown = await showsPresence(models, networkEID, profileEID);
    const event: EphemeralEvent = {
      type: 'presence',
      networkEID,
      audience: shown ? { kind: 'network' } : { kind: 'people', profileEIDs: [profileEID] },
      data: { user: { type: 'user', EID: profileEID }, status, source: 'presence' },
    };
    publish(event);
  }
  return presentPresence(profileEID, readPresence({ status, lastSeenAt }, lastSeenAt));
}
