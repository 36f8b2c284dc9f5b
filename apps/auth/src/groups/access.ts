/**
 * Where the caller stands towards some groups, for services that do not own groups (messaging asks
 * before every read or write of a group's messages, so a membership change is honoured at once).
 * Read from the store: the caller's network role and memberships as they are now.
 */
import { isEid, type CallerGroupAccess, type RequestContext } from '@ncs/contracts';
import type { GroupsStore } from './dependencies.js';
import { groupCallerOf } from './callers.js';
import type { GroupDoc, MembershipDoc } from './models.js';
import { canSeeGroup, groupPermissions, type GroupStanding } from './permissions.js';
// Messaging: types, fields and app posting (an app caller's access).
import { isAppCaller } from '../core/app-callers.js';
import { appGroupAccessFor } from './app-access.js';

/** The caller's standing in each group of `groupEIDs` it may see; hidden ones it may not see are left out. */
export async function groupAccessFor(
  models: GroupsStore,
  ctx: RequestContext,
  groupEIDs: readonly string[],
): Promise<CallerGroupAccess> {
  if (isAppCaller(ctx)) return appGroupAccessFor(models, ctx, groupEIDs);
  const caller = await groupCallerOf(models, ctx);
  const ids = [...new Set(groupEIDs.filter(isEid))];
  if (ids.length === 0) return { networkAdmin: caller.networkAdmin, groups: [] };
  const { networkEID, profileEID } = caller;
  const [groups, own] = await Promise.all([
    models.Group.find({ networkEID, _id: { $in: ids } }, { hidden: 1, membersMayPost: 1, groupType: 1 }).lean<
      Pick<GroupDoc, '_id' | 'hidden' | 'membersMayPost' | 'groupType'>[]
    >(),
    models.GroupMembership.find(
      { networkEID, groupEID: { $in: ids }, profileEID },
      { groupEID: 1, role: 1, state: 1 },
    ).lean<Pick<MembershipDoc, 'groupEID' | 'role' | 'state'>[]>(),
  ]);
  const ownByGroup = new Map(own.map((m) => [m.groupEID, { role: m.role, state: m.state }]));
  return {
    networkAdmin: caller.networkAdmin,
    groups: groups.flatMap((group) => {
      const EID = String(group._id);
      const standing: GroupStanding = {
        networkAdmin: caller.networkAdmin,
        membership: ownByGroup.get(EID) ?? null,
      };
      if (!canSeeGroup(group, standing)) return [];
      return [
        {
          EID,
          hidden: group.hidden,
          membersMayPost: group.membersMayPost,
          member: standing.membership?.state === 'active',
          permissions: groupPermissions(group, standing),
        },
      ];
    }),
  };
}
