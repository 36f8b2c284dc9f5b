/**
 * Reading groups: one group, the groups visible to the caller (with their filters), subgroups and
 * group types. Rules where the spec is silent: docs/decisions.md, "Directory: groups".
 */
import { type QueryFilter } from 'mongoose';
import { type RouteQuery } from '../core/requests.js';
import { pageOf, pageOfItems, type Page } from '@ncs/service-kit';
import { DomainError, groupTypeNames, type PlainCollection, type RequestContext } from '@ncs/contracts';
import type { GroupsStore } from './dependencies.js';
import { findVisibleGroup, type GroupCaller } from './callers.js';
import type { GroupDoc } from './models.js';
import { presentGroups, presentOne } from './presentation.js';
import { groupTypeRules, presentGroupType } from './types.js';
// Directory: group operations and app permissions.
import { GET_USER_GROUPS, groupReaderOf, LIST_GROUPS } from './readers.js';

export async function getGroup(models: GroupsStore, ctx: RequestContext, groupEID: string) {
  const caller = await groupReaderOf(models, ctx, [LIST_GROUPS]);
  const { group } = await findVisibleGroup(models, caller, groupEID);
  return presentOne(models, caller, group);
}

/** Group EIDs where `profileEID` has a membership matching `where`. */
async function groupEIDsOf(
  models: GroupsStore,
  networkEID: string,
  profileEID: string,
  where: Record<string, unknown>,
): Promise<string[]> {
  const rows = await models.GroupMembership.find({ networkEID, profileEID, ...where }, { groupEID: 1 }).lean<
    { groupEID: string }[]
  >();
  return rows.map((row) => row.groupEID);
}

/** The `_id` condition hiding hidden groups the caller does not belong to or is not invited to. */
export async function visibilityFilter(models: GroupsStore, caller: GroupCaller) {
  if (caller.networkAdmin) return {};
  const own = await groupEIDsOf(models, caller.networkEID, caller.profileEID, {});
  return { $or: [{ hidden: false }, { _id: { $in: own } }] };
}

function intersect(sets: readonly string[][]): string[] {
  const [first, ...rest] = sets;
  return (first ?? []).filter((eid) => rest.every((set) => set.includes(eid)));
}

/** A page of the groups matching `filter` that the caller may see, by name. */
async function pageOfGroups(
  models: GroupsStore,
  caller: GroupCaller,
  filter: QueryFilter<GroupDoc>,
  page: Page,
): Promise<PlainCollection> {
  const visible = await visibilityFilter(models, caller);
  return pageOf(
    models.Group,
    { filter: { ...filter, ...visible }, sort: { sortName: 1, _id: 1 } },
    page,
    { itemType: 'group', rel: 'groups' },
    (groups) => presentGroups(models, caller, groups),
  );
}

/**
 * Groups visible to the caller, by name. `user=`, `admin=` of anyone show only groups the caller
 * may see; `invitee=` of another profile is for network admins only (invitations are private).
 */
export async function listGroups(
  models: GroupsStore,
  ctx: RequestContext,
  query: RouteQuery<'group.list'>,
): Promise<PlainCollection> {
  // `get_user_groups` lets an app list the groups of a person (`user=`) only.
  const caller = await groupReaderOf(
    models,
    ctx,
    query.user ? [LIST_GROUPS, GET_USER_GROUPS] : [LIST_GROUPS],
  );
  if (query.invitee && query.invitee !== caller.profileEID && !caller.networkAdmin) {
    throw new DomainError('GROUP_ERR_INVITATIONS_PRIVATE');
  }
  const { networkEID } = caller;
  const restrictions = await Promise.all([
    ...(query.user ? [groupEIDsOf(models, networkEID, query.user, { state: 'active' })] : []),
    ...(query.invitee ? [groupEIDsOf(models, networkEID, query.invitee, { state: 'invited' })] : []),
    ...(query.admin
      ? [groupEIDsOf(models, networkEID, query.admin, { state: 'active', role: 'admin' })]
      : []),
  ]);
  const filter = {
    networkEID,
    ...(query.type ? { groupType: query.type } : {}),
    ...(restrictions.length > 0 ? { _id: { $in: intersect(restrictions) } } : {}),
  };
  return pageOfGroups(models, caller, filter, query);
}

export async function listSubgroups(
  models: GroupsStore,
  ctx: RequestContext,
  groupEID: string,
  page: Page,
): Promise<PlainCollection> {
  const caller = await groupReaderOf(models, ctx, [LIST_GROUPS]);
  await findVisibleGroup(models, caller, groupEID);
  return pageOfGroups(models, caller, { networkEID: caller.networkEID, parentEID: groupEID }, page);
}

export function listGroupTypes(page: Page): PlainCollection {
  const all = groupTypeNames.map((name) => presentGroupType(groupTypeRules[name]));
  return pageOfItems({ itemType: 'group_type', rel: 'groupTypes' }, page, all);
}

export async function listGroupTypesFor(models: GroupsStore, ctx: RequestContext, page: Page) {
  await groupReaderOf(models, ctx, [LIST_GROUPS]);
  return listGroupTypes(page);
}
