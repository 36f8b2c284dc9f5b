/**
 * Reading groups: one group, the groups visible to the caller (with their filters), subgroups and
 * group types. Rules where the spec is silent: docs/decisions.md, "Directory: groups".
 */
import {
  DomainError,
  groupTypeNames,
  type GroupTypeName,
  type PlainCollection,
  type RequestContext,
} from '@ncs/contracts';
import type { AuthModels } from '../models.js';
import { findVisibleGroup, type GroupCaller, groupCallerOf } from './callers.js';
import type { GroupDoc } from './models.js';
import { presentGroups, presentOne } from './presentation.js';
import { groupTypeRules, presentGroupType } from './types.js';

export async function getGroup(models: AuthModels, ctx: RequestContext, groupEID: string) {
  const caller = await groupCallerOf(models, ctx);
  const { group } = await findVisibleGroup(models, caller, groupEID);
  return presentOne(models, caller, group);
}

/** Group EIDs where `profileEID` has a membership matching `where`. */
async function groupEIDsOf(
  models: AuthModels,
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
export async function visibilityFilter(models: AuthModels, caller: GroupCaller) {
  if (caller.networkAdmin) return {};
  const own = await groupEIDsOf(models, caller.networkEID, caller.profileEID, {});
  return { $or: [{ hidden: false }, { _id: { $in: own } }] };
}

function intersect(sets: readonly string[][]): string[] {
  const [first, ...rest] = sets;
  return (first ?? []).filter((eid) => rest.every((set) => set.includes(eid)));
}

async function pageOfGroups(
  models: AuthModels,
  caller: GroupCaller,
  filter: Record<string, unknown>,
  page: { limit: number; offset: number },
): Promise<PlainCollection> {
  const query = { ...filter, ...(await visibilityFilter(models, caller)) };
  const [total, groups] = await Promise.all([
    models.Group.countDocuments(query),
    models.Group.find(query)
      .sort({ sortName: 1, _id: 1 })
      .skip(page.offset)
      .limit(page.limit)
      .lean<GroupDoc[]>(),
  ]);
  return {
    type: 'collection',
    itemType: 'group',
    rel: 'groups',
    total,
    limit: page.limit,
    offset: page.offset,
    items: await presentGroups(models, caller, groups),
  };
}

export interface GroupListQuery {
  readonly limit?: number;
  readonly offset?: number;
  readonly user?: string;
  readonly invitee?: string;
  readonly admin?: string;
  readonly type?: GroupTypeName;
}

/**
 * Groups visible to the caller, by name. `user=`, `admin=` of anyone show only groups the caller
 * may see; `invitee=` of another profile is for network admins only (invitations are private).
 */
export async function listGroups(
  models: AuthModels,
  ctx: RequestContext,
  query: GroupListQuery,
): Promise<PlainCollection> {
  const caller = await groupCallerOf(models, ctx);
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
  return pageOfGroups(models, caller, filter, { limit: query.limit ?? 20, offset: query.offset ?? 0 });
}

export async function listSubgroups(
  models: AuthModels,
  ctx: RequestContext,
  groupEID: string,
  page: { limit?: number; offset?: number },
): Promise<PlainCollection> {
  const caller = await groupCallerOf(models, ctx);
  await findVisibleGroup(models, caller, groupEID);
  return pageOfGroups(
    models,
    caller,
    { networkEID: caller.networkEID, parentEID: groupEID },
    { limit: page.limit ?? 20, offset: page.offset ?? 0 },
  );
}

export function listGroupTypes(page: { limit?: number; offset?: number }): PlainCollection {
  const limit = page.limit ?? 20;
  const offset = page.offset ?? 0;
  const all = groupTypeNames.map((name) => presentGroupType(groupTypeRules[name]));
  return {
    type: 'collection',
    itemType: 'group_type',
    rel: 'groupTypes',
    total: all.length,
    limit,
    offset,
    items: all.slice(offset, offset + limit),
  };
}

export async function listGroupTypesFor(
  models: AuthModels,
  ctx: RequestContext,
  page: { limit?: number; offset?: number },
) {
  await groupCallerOf(models, ctx);
  return listGroupTypes(page);
}
