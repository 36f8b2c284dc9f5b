/**
 * The users collection's group filters, resolved from group memberships: `exclude_group` leaves
 * out the group's active members; `addable_to` leaves out everyone already in the group, member or
 * invited, so what remains can be added. A group the caller cannot see (another network's, a
 * hidden one, an unknown one) is a 400 naming the parameter: the filter never reveals it.
 */
import { DomainError, type RequestContext } from '@ncs/contracts';
import { findVisibleGroup, groupCallerOf } from '../groups/callers.js';
import { groupMemberProfileEIDs } from '../groups/memberships.js';
import type { DirectoryStore } from './dependencies.js';
import type { RouteQuery } from '../core/requests.js';

/** The group filters of a validated `profile.list` query. */
export type GroupFilterQuery = Pick<RouteQuery<'profile.list'>, 'exclude_group' | 'addable_to'>;

async function visibleGroup(
  models: DirectoryStore,
  caller: Awaited<ReturnType<typeof groupCallerOf>>,
  groupEID: string,
  parameter: string,
): Promise<void> {
  try {
    await findVisibleGroup(models, caller, groupEID);
  } catch (error) {
    if (error instanceof DomainError && error.errorName === 'GROUP_ERR_NOT_FOUND') {
      throw new DomainError('GROUP_ERR_FILTER_GROUP_NOT_FOUND', undefined, [
        { pointer: `/query/${parameter}`, message: 'is not a group of this network that you can see' },
      ]);
    }
    throw error;
  }
}

/** Profile EIDs the group filters leave out, or undefined when the query names no group. */
export async function profilesLeftOutByGroups(
  models: DirectoryStore,
  ctx: RequestContext,
  query: GroupFilterQuery,
): Promise<string[] | undefined> {
  const { exclude_group: excludeGroup, addable_to: addableTo } = query;
  if (!excludeGroup && !addableTo) return undefined;
  const caller = await groupCallerOf(models, ctx);
  const leftOut = new Set<string>();
  if (excludeGroup) {
    await visibleGroup(models, caller, excludeGroup, 'exclude_group');
    for (const eid of await groupMemberProfileEIDs(models, caller.networkEID, excludeGroup)) leftOut.add(eid);
  }
  if (addableTo) {
    await visibleGroup(models, caller, addableTo, 'addable_to');
    const memberships = await models.GroupMembership.find(
      { networkEID: caller.networkEID, groupEID: addableTo },
      { profileEID: 1 },
    ).lean<{ profileEID: string }[]>();
    for (const { profileEID } of memberships) leftOut.add(profileEID);
  }
  return [...leftOut];
}
