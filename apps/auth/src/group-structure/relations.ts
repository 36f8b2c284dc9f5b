/**
 * Group relations (spec: relations `parentGroup`, `subgroups`, "Group relations"): a
 * relation is the parent → subgroup link the hierarchy already stores (`parentEID`). Listing,
 * attaching a top-level group below another and detaching a subgroup; `parent` stays read-only in
 * `PUT …/groups/{g}/`. No cycles: the ancestors are walked before the write and again after it
 * (two opposite attaches at once both find the cycle and both are undone). Decisions:
 * docs/decisions.md, "Directory: group relations, users add/merge, group widgets".
 */
import {
  DomainError,
  groupDirectoryLimits,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { pageOf, withStatus, type Page } from '@ncs/service-kit';
import { userRef } from '../core/callers.js';
import type { EventSink } from '../core/dependencies.js';
import type { GroupStructureStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import {
  findVisibleGroup,
  type GroupCaller,
  groupCallerOf,
  groupSummary,
  requirePermission,
} from '../groups/callers.js';
import { groupAudience } from '../groups/audience.js';
import type { GroupDoc } from '../groups/models.js';
import { groupReaderOf, LIST_GROUPS } from '../groups/readers.js';
import { visibilityFilter } from '../groups/reading.js';
import { groupTypeRules, isAllowedParent } from '../groups/types.js';

export function presentRelation(parentEID: string, subgroupEID: string): PlainResource {
  return {
    type: 'group_relation',
    EID: subgroupEID,
    parent: { type: 'group', EID: parentEID },
    subgroup: { type: 'group', EID: subgroupEID },
  };
}

/** A group the caller sees, or `error` instead of the area's 404 (a body field, a missing relation). */
async function visibleOr(
  models: GroupStructureStore,
  caller: GroupCaller,
  groupEID: string,
  error: () => Error,
) {
  try {
    return await findVisibleGroup(models, caller, groupEID);
  } catch (caught) {
    if (caught instanceof DomainError && caught.errorName === 'GROUP_ERR_NOT_FOUND') throw error();
    throw caught;
  }
}

const relationNotFound = () => new DomainError('GROUP_ERR_RELATION_NOT_FOUND');
const invalidSubgroup = (message: string) =>
  new DomainError('GROUP_ERR_INVALID_SUBGROUP', undefined, [{ pointer: '/body/subgroup/EID', message }]);

/**
 * The chain `groupEID`, its parent, … up to a top-level group (at most `depth` steps): `cycle`
 * when a group repeats, `broken` when one is missing (deleted meanwhile).
 */
async function ancestorsOf(models: GroupStructureStore, networkEID: string, groupEID: string) {
  const chain: string[] = [];
  let current: string | null = groupEID;
  while (current !== null) {
    if (chain.includes(current)) return { chain, cycle: true, broken: false, tooDeep: false };
    if (chain.length >= groupDirectoryLimits.depth)
      return { chain, cycle: false, broken: false, tooDeep: true };
    const doc: { parentEID?: string | null } | null = await models.Group.findOne(
      { networkEID, _id: current },
      { parentEID: 1 },
    ).lean<{ parentEID?: string | null }>();
    if (!doc) return { chain, cycle: false, broken: true, tooDeep: false };
    chain.push(current);
    current = doc.parentEID ?? null;
  }
  return { chain, cycle: false, broken: false, tooDeep: false };
}

export async function listRelations(
  models: GroupStructureStore,
  ctx: RequestContext,
  groupEID: string,
  page: Page,
): Promise<PlainCollection> {
  const caller = await groupReaderOf(models, ctx, [LIST_GROUPS]);
  await findVisibleGroup(models, caller, groupEID);
  const visible = await visibilityFilter(models, caller);
  return pageOf(
    models.Group,
    {
      filter: { networkEID: caller.networkEID, parentEID: groupEID, ...visible },
      sort: { sortName: 1, _id: 1 },
    },
    page,
    { itemType: 'group_relation', rel: 'relations' },
    (groups) => groups.map((group) => presentRelation(groupEID, String(group._id))),
  );
}

/** The subgroup `subgroupEID` of `groupEID`, both seen by the caller; else 404. */
async function findRelation(
  models: GroupStructureStore,
  caller: GroupCaller,
  groupEID: string,
  subgroupEID: string,
) {
  const parent = await findVisibleGroup(models, caller, groupEID);
  const subgroup = await visibleOr(models, caller, subgroupEID, relationNotFound);
  if (subgroup.group.parentEID !== groupEID) throw relationNotFound();
  return { parent, subgroup };
}

export async function getRelation(
  models: GroupStructureStore,
  ctx: RequestContext,
  groupEID: string,
  subgroupEID: string,
) {
  const caller = await groupReaderOf(models, ctx, [LIST_GROUPS]);
  await findRelation(models, caller, groupEID, subgroupEID);
  return presentRelation(groupEID, subgroupEID);
}

async function recordMove(events: EventSink, caller: GroupCaller, group: GroupDoc, parentEID: string | null) {
  await events.record('auth.group.updated', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: groupAudience(String(group._id)),
    data: {
      group: groupSummary(group),
      fields: ['parent'],
      parent: parentEID ? { type: 'group', EID: parentEID } : null,
    },
  });
}

/**
 * Attaches the top-level group `body.subgroup` below `groupEID`: `create_subgroups` here and
 * `edit_group` there; a type the hierarchy forbids is 400, a group with a parent 409, a cycle 409.
 * 200 when it is below this group already.
 */
export async function createRelation(
  models: GroupStructureStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  body: RouteBody<'groupRelation.create'>,
) {
  const caller = await groupCallerOf(models, ctx);
  const parent = await findVisibleGroup(models, caller, groupEID);
  requirePermission(parent.permissions, 'create_subgroups');
  const subgroupEID = body.subgroup.EID;
  const child = await visibleOr(models, caller, subgroupEID, () =>
    invalidSubgroup('is not a group of this network'),
  );
  requirePermission(child.permissions, 'edit_group');
  if (child.group.parentEID === groupEID) return withStatus(200, presentRelation(groupEID, subgroupEID));
  if (subgroupEID === groupEID) throw new DomainError('GROUP_ERR_RELATION_CYCLE');
  if (child.group.parentEID) throw new DomainError('GROUP_ERR_HAS_PARENT');
  const childType = child.group.groupType;
  if (!isAllowedParent(childType, parent.group.groupType)) {
    throw invalidSubgroup(`a ${childType} cannot be below a ${parent.group.groupType}`);
  }
  const before = await ancestorsOf(models, caller.networkEID, groupEID);
  if (before.chain.includes(subgroupEID) || before.cycle || before.tooDeep) {
    throw new DomainError('GROUP_ERR_RELATION_CYCLE');
  }
  const { modifiedCount } = await models.Group.updateOne(
    { _id: subgroupEID, networkEID: caller.networkEID, parentEID: null },
    { $set: { parentEID: groupEID } },
  );
  if (modifiedCount === 0) {
    // Attached meanwhile: to this group (the same answer), or to another one.
    const now = await models.Group.findOne(
      { _id: subgroupEID, networkEID: caller.networkEID },
      { parentEID: 1 },
    ).lean();
    if (now?.parentEID === groupEID) return withStatus(200, presentRelation(groupEID, subgroupEID));
    throw new DomainError('GROUP_ERR_HAS_PARENT');
  }
  const after = await ancestorsOf(models, caller.networkEID, groupEID);
  if (after.chain.includes(subgroupEID) || after.cycle || after.tooDeep || after.broken) {
    await models.Group.updateOne(
      { _id: subgroupEID, networkEID: caller.networkEID, parentEID: groupEID },
      { $set: { parentEID: null } },
    );
    throw after.broken ? new DomainError('GROUP_ERR_NOT_FOUND') : new DomainError('GROUP_ERR_RELATION_CYCLE');
  }
  await recordMove(events, caller, child.group, groupEID);
  return withStatus(201, presentRelation(groupEID, subgroupEID));
}

/**
 * Detaches a subgroup (it becomes top-level): `create_subgroups` on the parent or `edit_group` on
 * the subgroup. A type that always has a parent (local department) is 409.
 */
export async function deleteRelation(
  models: GroupStructureStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  subgroupEID: string,
) {
  const caller = await groupCallerOf(models, ctx);
  const { parent, subgroup } = await findRelation(models, caller, groupEID, subgroupEID);
  if (!subgroup.permissions.includes('edit_group')) requirePermission(parent.permissions, 'create_subgroups');
  if (groupTypeRules[subgroup.group.groupType].parentRequired) {
    throw new DomainError('GROUP_ERR_PARENT_REQUIRED');
  }
  const { modifiedCount } = await models.Group.updateOne(
    { _id: subgroupEID, networkEID: caller.networkEID, parentEID: groupEID },
    { $set: { parentEID: null } },
  );
  if (modifiedCount === 0) throw relationNotFound();
  await recordMove(events, caller, subgroup.group, null);
  return withStatus(204, null);
}
