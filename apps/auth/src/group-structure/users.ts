/**
 * Group users `add` and `merge` (spec: "Group users (`add`, `merge`)"). `add` adds
 * several profiles at once; `merge` makes the group's members equal a list, as an organisational
 * sync does: it adds the missing (locked: `lockedBy` `sync:<source>`), locks the listed members it
 * finds, turns listed invitations into memberships and removes the other members, except admins
 * and members locked by another sync. Every write is one conditional statement under the
 * memberships' unique index (no read-modify-write). Decisions: docs/decisions.md, "Directory: group
 * relations, users add/merge, group widgets".
 */
import type { PlainResource, RequestContext } from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import { userRef } from '../core/callers.js';
import type { EventSink } from '../core/dependencies.js';
import type { GroupStructureStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import { findVisibleGroup, type GroupCaller, groupCallerOf, requirePermission } from '../groups/callers.js';
import { GET_PROFILE_XID } from '../directory/xid.js';
import { groupReaderOf, isAppGroupCaller } from '../groups/readers.js';
import { groupAudience } from '../groups/audience.js';
import { membershipEvent } from '../groups/memberships.js';
import type { GroupDoc, MembershipDoc } from '../groups/models.js';
import { inRequestOrder, type Outcome, type Ref } from './rules.js';

const emptyOutcome = (): Outcome => ({ added: [], alreadyMembers: [], removed: [], kept: [], refused: [] });
const ref = (profileEID: string): Ref => userRef(profileEID);

/** Runs `task` over `items`, `width` at a time (bounded load on the store). */
async function inBatches<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(task));
}

interface Context {
  readonly models: GroupStructureStore;
  readonly events: EventSink;
  readonly caller: GroupCaller;
  readonly group: GroupDoc;
  /** Who the events name: the person, or the syncing app. */
  readonly actor: { type: string; EID: string };
}

/** The listed profiles that are active in the network (others are refused), with their external flag. */
async function activeProfiles(
  models: GroupStructureStore,
  networkEID: string,
  profileEIDs: readonly string[],
) {
  const rows = await models.Profile.find(
    { networkEID, _id: { $in: profileEIDs }, userState: 'active' },
    { external: 1 },
  ).lean<{ _id: unknown; external: boolean }[]>();
  return new Map(rows.map((row) => [String(row._id), row.external]));
}

/** Creates a membership; false when the profile has one already (the unique index decides). */
async function insertMembership(c: Context, profileEID: string, external: boolean, lockedBy: string | null) {
  const groupEID = String(c.group._id);
  try {
    const created = await c.models.GroupMembership.create({
      networkEID: c.caller.networkEID,
      groupEID,
      profileEID,
      role: 'member',
      state: 'active',
      external,
      lockedBy,
    });
    await c.events.record('auth.membership.added', {
      networkEID: c.caller.networkEID,
      actor: c.actor,
      audience: groupAudience(groupEID),
      data: { ...membershipEvent(c.group, created.toObject<MembershipDoc>()), lockedBy },
    });
    return true;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return false;
  }
}

function present(group: GroupDoc, lockedBy: string | null, outcome: Outcome): PlainResource {
  return {
    type: 'group_users_result',
    data: { group: { type: 'group', EID: String(group._id) }, lockedBy, ...outcome },
  };
}

/**
 * The caller and the group. A merge may come from an app installed with `get_profile_xid` (the
 * organisational sync's permission, as for `sync-user`): it holds what a merge needs in every
 * group it sees (not hidden ones); `add` stays user-only (403 -162 to apps).
 */
async function contextFor(
  models: GroupStructureStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  appPermissions: readonly string[] = [],
) {
  const caller =
    appPermissions.length > 0
      ? await groupReaderOf(models, ctx, appPermissions)
      : await groupCallerOf(models, ctx);
  const { group, permissions } = await findVisibleGroup(models, caller, groupEID);
  const app = isAppGroupCaller(caller);
  const actor = app ? { type: 'app', EID: caller.appEID } : userRef(caller.profileEID);
  const context: Context = { models, events, caller, group, actor };
  return { context, permissions: app ? (['manage_users', 'delete_group_membership'] as const) : permissions };
}

/** `POST …/users/add` (`manage_users`): up to 100 profiles; members stay as they are. */
export async function addUsers(
  models: GroupStructureStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  body: RouteBody<'groupUsers.add'>,
) {
  const { context: c, permissions } = await contextFor(models, events, ctx, groupEID);
  requirePermission(permissions, 'manage_users');
  const listed = [...new Set(body.users)];
  const outcome = emptyOutcome();
  const profiles = await activeProfiles(models, c.caller.networkEID, listed);
  const existing = await models.GroupMembership.find(
    { networkEID: c.caller.networkEID, groupEID, profileEID: { $in: listed } },
    { profileEID: 1, state: 1 },
  ).lean<Pick<MembershipDoc, 'profileEID' | 'state'>[]>();
  const stateOf = new Map(existing.map((m) => [m.profileEID, m.state]));
  await inBatches(listed, 10, async (profileEID) => {
    if (!profiles.has(profileEID))
      return void outcome.refused.push({ user: ref(profileEID), reason: 'not_in_network' });
    const state = stateOf.get(profileEID);
    if (state === 'invited') return void outcome.refused.push({ user: ref(profileEID), reason: 'invited' });
    if (state === 'active' || !(await insertMembership(c, profileEID, profiles.get(profileEID)!, null))) {
      return void outcome.alreadyMembers.push(ref(profileEID));
    }
    outcome.added.push(ref(profileEID));
  });
  return present(c.group, null, inRequestOrder(outcome, listed));
}

/** A listed profile with a membership: an invitation becomes active, a plain member is locked. */
async function takeOver(
  c: Context,
  membership: Pick<MembershipDoc, '_id' | 'profileEID' | 'role' | 'state' | 'lockedBy'>,
  lockedBy: string,
  outcome: Outcome,
) {
  const { networkEID } = c.caller;
  if (membership.state === 'invited') {
    const accepted = await c.models.GroupMembership.updateOne(
      { _id: membership._id, networkEID, state: 'invited' },
      { $set: { state: 'active', role: 'member', lockedBy } },
    );
    if (accepted.modifiedCount === 1) {
      await c.events.record('auth.membership.added', {
        networkEID,
        actor: c.actor,
        audience: groupAudience(String(c.group._id)),
        data: { ...membershipEvent(c.group, { ...membership, state: 'active', role: 'member' }), lockedBy },
      });
      return void outcome.added.push(ref(membership.profileEID));
    }
  } else if (membership.role === 'member' && membership.lockedBy === null) {
    await c.models.GroupMembership.updateOne(
      { _id: membership._id, networkEID, role: 'member', lockedBy: null },
      { $set: { lockedBy } },
    );
  }
  outcome.alreadyMembers.push(ref(membership.profileEID));
}

/**
 * `POST …/users/merge` (`manage_users` and `delete_group_membership`): the members become the list
 * (up to 1000). Admins are never removed or locked; members locked by another sync are kept.
 */
export async function mergeUsers(
  models: GroupStructureStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  body: RouteBody<'groupUsers.merge'>,
) {
  const { context: c, permissions } = await contextFor(models, events, ctx, groupEID, [GET_PROFILE_XID]);
  requirePermission(permissions, 'manage_users');
  requirePermission(permissions, 'delete_group_membership');
  const { networkEID } = c.caller;
  const lockedBy = `sync:${body.source ?? c.actor.EID}`;
  const listed = [...new Set(body.users)];
  const wanted = new Set(listed);
  const outcome = emptyOutcome();
  const profiles = await activeProfiles(models, networkEID, listed);
  // Every membership of the group (a sync's group is bounded by what it lists plus what it removes).
  const current = await models.GroupMembership.find(
    { networkEID, groupEID },
    { profileEID: 1, role: 1, state: 1, lockedBy: 1 },
  ).lean<Pick<MembershipDoc, '_id' | 'profileEID' | 'role' | 'state' | 'lockedBy'>[]>();
  const byProfile = new Map(current.map((m) => [m.profileEID, m]));
  await inBatches(listed, 10, async (profileEID) => {
    if (!profiles.has(profileEID))
      return void outcome.refused.push({ user: ref(profileEID), reason: 'not_in_network' });
    const membership = byProfile.get(profileEID);
    if (membership) return takeOver(c, membership, lockedBy, outcome);
    if (await insertMembership(c, profileEID, profiles.get(profileEID)!, lockedBy)) {
      return void outcome.added.push(ref(profileEID));
    }
    outcome.alreadyMembers.push(ref(profileEID));
  });
  const others = current.filter((m) => m.state === 'active' && !wanted.has(m.profileEID));
  await inBatches(others, 10, async (membership) => {
    if (membership.role === 'admin')
      return void outcome.kept.push({ user: ref(membership.profileEID), reason: 'admin' });
    if (membership.lockedBy && membership.lockedBy !== lockedBy) {
      return void outcome.kept.push({ user: ref(membership.profileEID), reason: 'locked' });
    }
    const { deletedCount } = await models.GroupMembership.deleteOne({
      _id: membership._id,
      networkEID,
      role: 'member',
      lockedBy: membership.lockedBy ?? null,
    });
    if (deletedCount === 0) return;
    outcome.removed.push(ref(membership.profileEID));
    await events.record('auth.membership.removed', {
      networkEID,
      actor: c.actor,
      audience: groupAudience(groupEID),
      data: { ...membershipEvent(c.group, membership), self: false, lockedBy },
    });
  });
  return present(c.group, lockedBy, inRequestOrder(outcome, [...listed, ...others.map((m) => m.profileEID)]));
}
