/**
 * Groups of a network: business units, departments, local departments and ordinary groups, as
 * plain resources with the caller's `_user` (spec: Group fragment). Rules where the spec is silent:
 * docs/decisions.md, "Directory: groups".
 */
import {
  DomainError,
  groupTypeNames,
  toTimestamp,
  type GroupCreateInput,
  type GroupPermission,
  type GroupTypeName,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import { Types, isValidObjectId } from 'mongoose';
import type { EventSink } from '../dependencies.js';
import type { GroupDoc, MembershipDoc } from '../models/groups.js';
import type { AuthModels } from '../models/index.js';
import { canSeeGroup, groupPermissions, groupUserInfo, type GroupStanding } from './group-permissions.js';
import {
  defaultEmblemThumbnailUrl,
  groupTypeRules,
  isAllowedParent,
  isOrganisationalUnit,
  ORDINARY_GROUP_TYPE,
  presentGroupType,
} from './group-types.js';

/** The caller inside the request's network, read from the store (not the gateway's cache). */
export interface GroupCaller {
  readonly networkEID: string;
  readonly profileEID: string;
  readonly networkAdmin: boolean;
  readonly external: boolean;
}

/**
 * The caller, an active member of the request's network (else 404, never revealing the network).
 * App tokens have no profile: 403.
 */
export async function groupCallerOf(models: AuthModels, ctx: RequestContext): Promise<GroupCaller> {
  const networkEID = ctx.networkEID;
  const profileEID = ctx.principal?.profileEID;
  if (!networkEID || !isValidObjectId(networkEID)) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  if (!profileEID) throw new DomainError('GROUP_ERR_USER_CALLER_REQUIRED');
  const [network, profile] = await Promise.all([
    models.Network.exists({ _id: networkEID }),
    models.Profile.findOne(
      { _id: profileEID, networkEID, userState: 'active' },
      { role: 1, external: 1 },
    ).lean(),
  ]);
  if (!network || !profile) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  return { networkEID, profileEID, networkAdmin: profile.role === 'admin', external: profile.external };
}

export const groupRef = (group: GroupDoc) => ({ type: 'group', EID: String(group._id) });
export const userRef = (profileEID: string) => ({ type: 'user', EID: profileEID });

/** What events carry about a group: enough for an alert text without a lookup. */
export function groupSummary(group: GroupDoc) {
  return { ...groupRef(group), name: group.name, groupType: group.groupType };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The caller's membership or invitation of `groupEID`, if any. */
export async function standingIn(
  models: AuthModels,
  caller: GroupCaller,
  groupEID: string,
): Promise<GroupStanding> {
  const membership = await models.GroupMembership.findOne(
    { networkEID: caller.networkEID, groupEID, profileEID: caller.profileEID },
    { role: 1, state: 1 },
  ).lean<Pick<MembershipDoc, 'role' | 'state'>>();
  return {
    networkAdmin: caller.networkAdmin,
    membership: membership ? { role: membership.role, state: membership.state } : null,
  };
}

/**
 * A group of the caller's network that the caller may see, with the caller's standing. Another
 * network's group, an unknown one and a hidden one the caller may not see are all 404.
 */
export async function findVisibleGroup(models: AuthModels, caller: GroupCaller, groupEID: string) {
  if (!isValidObjectId(groupEID)) throw new DomainError('GROUP_ERR_NOT_FOUND');
  // By `_id` alone, the tenant checked in memory (the lookup FerretDB serves from its index).
  const group = await models.Group.findById(groupEID).lean<GroupDoc>();
  if (!group || group.networkEID !== caller.networkEID) throw new DomainError('GROUP_ERR_NOT_FOUND');
  const standing = await standingIn(models, caller, groupEID);
  if (!canSeeGroup(group, standing)) throw new DomainError('GROUP_ERR_NOT_FOUND');
  return { group, standing, permissions: groupPermissions(group, standing) };
}

export function requirePermission(permissions: readonly GroupPermission[], needed: GroupPermission): void {
  if (!permissions.includes(needed)) {
    throw new DomainError('GROUP_ERR_PERMISSION_REQUIRED', `This needs the group permission ${needed}.`);
  }
}

/** Counts by group EID from `$match` + `$group` (`$sum` only: FerretDB 1.x serves it). */
async function countBy(
  model: AuthModels['GroupMembership'] | AuthModels['Group'],
  match: Record<string, unknown>,
  key: string,
): Promise<Map<string, number>> {
  const rows = await (model as AuthModels['Group']).aggregate<{ _id: string; n: number }>([
    { $match: match },
    { $group: { _id: `$${key}`, n: { $sum: 1 } } },
  ]);
  return new Map(rows.map((row) => [String(row._id), row.n]));
}

/** Local departments below each group: direct ones of a department, those of its departments for a business unit. */
async function localDepartmentCounts(
  models: AuthModels,
  networkEID: string,
  groups: readonly GroupDoc[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const units = groups.filter((g) => g.groupType === 'business_unit').map((g) => String(g._id));
  const departments = groups.filter((g) => g.groupType === 'department').map((g) => String(g._id));
  const unitDepartments =
    units.length === 0
      ? []
      : await models.Group.find(
          { networkEID, groupType: 'department', parentEID: { $in: units } },
          { _id: 1, parentEID: 1 },
        ).lean<{ _id: Types.ObjectId; parentEID: string }[]>();
  const allDepartments = [...departments, ...unitDepartments.map((d) => String(d._id))];
  if (allDepartments.length === 0) return counts;
  const perDepartment = await countBy(
    models.Group,
    { networkEID, groupType: 'local_department', parentEID: { $in: allDepartments } },
    'parentEID',
  );
  for (const department of departments) counts.set(department, perDepartment.get(department) ?? 0);
  for (const department of unitDepartments) {
    const unit = department.parentEID;
    counts.set(unit, (counts.get(unit) ?? 0) + (perDepartment.get(String(department._id)) ?? 0));
  }
  return counts;
}

/** Plain group resources for the caller, with one batch of queries for the whole page. */
export async function presentGroups(
  models: AuthModels,
  caller: GroupCaller,
  groups: readonly GroupDoc[],
): Promise<PlainResource[]> {
  if (groups.length === 0) return [];
  const networkEID = caller.networkEID;
  const ids = groups.map((g) => String(g._id));
  const active = { networkEID, groupEID: { $in: ids }, state: 'active' };
  const [members, externals, localDepartments, own] = await Promise.all([
    countBy(models.GroupMembership, active, 'groupEID'),
    countBy(models.GroupMembership, { ...active, external: true }, 'groupEID'),
    localDepartmentCounts(models, networkEID, groups),
    models.GroupMembership.find(
      { networkEID, groupEID: { $in: ids }, profileEID: caller.profileEID },
      { groupEID: 1, role: 1, state: 1 },
    ).lean<Pick<MembershipDoc, 'groupEID' | 'role' | 'state'>[]>(),
  ]);
  const ownByGroup = new Map(own.map((m) => [m.groupEID, { role: m.role, state: m.state }]));
  return groups.map((group) => {
    const EID = String(group._id);
    const standing: GroupStanding = {
      networkAdmin: caller.networkAdmin,
      membership: ownByGroup.get(EID) ?? null,
    };
    return presentGroup(group, {
      numMembers: members.get(EID) ?? 0,
      hasExternalMembers: (externals.get(EID) ?? 0) > 0,
      numLocalDepartments: localDepartments.get(EID) ?? 0,
      user: groupUserInfo(group, standing),
    });
  });
}

function presentGroup(
  group: GroupDoc,
  computed: {
    numMembers: number;
    hasExternalMembers: boolean;
    numLocalDepartments: number;
    user: ReturnType<typeof groupUserInfo>;
  },
): PlainResource {
  const ref = (value: { type: string; EID: string } | null | undefined) =>
    value ? { type: value.type, EID: value.EID } : null;
  const emblem = ref(group.emblem);
  return {
    type: 'group',
    EID: String(group._id),
    XID: group.XID ?? null,
    name: group.name,
    groupType: group.groupType,
    parent: group.parentEID ? { type: 'group', EID: group.parentEID } : null,
    created: toTimestamp(group.created),
    lastModified: toTimestamp(group.lastModified),
    emblem,
    rootFolder: ref(group.rootFolder),
    networkTheme: ref(group.networkTheme),
    // Thumbnails are served by the files area (not built yet) under the emblem's EID.
    emblemThumbnailUrl: emblem ? `/networks/${group.networkEID}/files/${emblem.EID}/thumbnail/` : null,
    defaultEmblemThumbnailUrl: defaultEmblemThumbnailUrl(group.groupType),
    headerBackgroundUrl: group.headerBackgroundUrl ?? null,
    numMembers: computed.numMembers,
    numLocalDepartments: computed.numLocalDepartments,
    hasExternalMembers: computed.hasExternalMembers,
    hidden: group.hidden,
    membersMayPost: group.membersMayPost,
    _user: computed.user,
  };
}

async function presentOne(models: AuthModels, caller: GroupCaller, group: GroupDoc) {
  const [resource] = await presentGroups(models, caller, [group]);
  return resource!;
}

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

// ---------------------------------------------------------------------------------------------
// Writing

/** Only the named keys of a validated body, and only those present: no mass assignment. */
function pick<K extends string>(body: unknown, keys: readonly K[]): Partial<Record<K, unknown>> {
  const source = (body ?? {}) as Record<string, unknown>;
  const picked: Partial<Record<K, unknown>> = {};
  for (const key of keys)
    if (Object.hasOwn(source, key) && source[key] !== undefined) picked[key] = source[key];
  return picked;
}

const WRITABLE = [
  'name',
  'XID',
  'hidden',
  'membersMayPost',
  'emblem',
  'rootFolder',
  'networkTheme',
  'headerBackgroundUrl',
] as const;

/** Stored fields derived from writable ones: the sort key and the XID uniqueness key. */
function derivedFields(fields: Partial<Record<(typeof WRITABLE)[number], unknown>>, groupEID: string) {
  return {
    ...(typeof fields.name === 'string'
      ? { name: fields.name.trim(), sortName: fields.name.trim().toLowerCase() }
      : {}),
    ...(Object.hasOwn(fields, 'XID')
      ? { xidKey: typeof fields.XID === 'string' ? `x:${fields.XID}` : `id:${groupEID}` }
      : {}),
  };
}

const xidTaken = () =>
  new DomainError('GROUP_ERR_XID_TAKEN', undefined, [
    { pointer: '/body/XID', message: 'is used by another group of this network' },
  ]);
const invalidNetworkTheme = () =>
  new DomainError('GROUP_ERR_INVALID_NETWORK_THEME', undefined, [
    { pointer: '/body/networkTheme', message: 'is not a theme of this network' },
  ]);

/** Whether `ref` names a theme of the network (themes are the settings area's `network_themes`). */
async function isThemeOfNetwork(models: AuthModels, networkEID: string, ref: { EID: string }) {
  return (
    isValidObjectId(ref.EID) && (await models.NetworkTheme.exists({ _id: ref.EID, networkEID })) !== null
  );
}

/** A `networkTheme` being written must be a theme of the group's network (null clears it). */
async function requireNetworkTheme(
  models: AuthModels,
  networkEID: string,
  fields: { networkTheme?: unknown },
) {
  const ref = fields.networkTheme as { EID: string } | null | undefined;
  if (ref && !(await isThemeOfNetwork(models, networkEID, ref))) throw invalidNetworkTheme();
}

/**
 * After a write that set `networkTheme`: whether that theme was deleted meanwhile (its delete
 * cleared the groups using it before this write landed), so the write must be undone.
 */
async function themeDeletedMeanwhile(
  models: AuthModels,
  networkEID: string,
  fields: { networkTheme?: unknown },
) {
  const ref = fields.networkTheme as { EID: string } | null | undefined;
  return ref ? !(await isThemeOfNetwork(models, networkEID, ref)) : false;
}

const invalidParent = (message: string) =>
  new DomainError('GROUP_ERR_INVALID_PARENT', undefined, [{ pointer: '/body/parent', message }]);

/** The parent of a new group: a group of the network the caller sees, of a type the child allows. */
async function parentFor(
  models: AuthModels,
  caller: GroupCaller,
  type: GroupTypeName,
  parentEID: string | null,
): Promise<GroupDoc | null> {
  const allowed = groupTypeRules[type].parentTypes;
  if (!parentEID) {
    if (groupTypeRules[type].parentRequired)
      throw invalidParent(`a ${type} needs a parent of type ${allowed.join(' or ')}`);
    return null;
  }
  let found: Awaited<ReturnType<typeof findVisibleGroup>>;
  try {
    found = await findVisibleGroup(models, caller, parentEID);
  } catch (error) {
    if (error instanceof DomainError && error.errorName === 'GROUP_ERR_NOT_FOUND') {
      throw invalidParent('is not a group of this network');
    }
    throw error;
  }
  if (!isAllowedParent(type, found.group.groupType)) {
    throw invalidParent(
      allowed.length === 0
        ? `a ${type} is always top-level`
        : `a ${type} must be below a ${allowed.join(' or ')}, not a ${found.group.groupType}`,
    );
  }
  // Below an existing group an ordinary group is a subgroup: its creator needs `create_subgroups`.
  requirePermission(found.permissions, 'create_subgroups');
  return found.group;
}

export async function createGroup(
  models: AuthModels,
  events: EventSink,
  ctx: RequestContext,
  body: GroupCreateInput,
): Promise<PlainResource> {
  const caller = await groupCallerOf(models, ctx);
  const type = body.groupType ?? ORDINARY_GROUP_TYPE;
  if (isOrganisationalUnit(type) && !caller.networkAdmin)
    throw new DomainError('GROUP_ERR_TYPE_NETWORK_ADMIN_ONLY');
  if (caller.external && !caller.networkAdmin) throw new DomainError('GROUP_ERR_EXTERNAL_MAY_NOT_CREATE');
  const parent = await parentFor(models, caller, type, body.parent?.EID ?? null);

  const _id = new Types.ObjectId();
  const fields = pick(body, WRITABLE);
  await requireNetworkTheme(models, caller.networkEID, fields);
  let created: GroupDoc;
  try {
    const [doc] = await models.Group.insertMany([
      {
        ...fields,
        ...derivedFields({ XID: null, ...fields }, String(_id)),
        _id,
        networkEID: caller.networkEID,
        groupType: type,
        parentEID: parent ? String(parent._id) : null,
      },
    ]);
    created = doc!.toObject<GroupDoc>();
  } catch (error) {
    if (isDuplicateKeyError(error)) throw xidTaken();
    throw error;
  }
  try {
    // The creator of an ordinary group is its first admin; organisational units are run by network admins.
    if (type === ORDINARY_GROUP_TYPE) {
      await models.GroupMembership.create({
        networkEID: caller.networkEID,
        groupEID: String(_id),
        profileEID: caller.profileEID,
        role: 'admin',
        state: 'active',
        external: caller.external,
      });
    }
    // A parent deleted meanwhile (its delete checked for subgroups before this insert): undo.
    if (parent && !(await models.Group.exists({ _id: parent._id, networkEID: caller.networkEID }))) {
      throw invalidParent('is not a group of this network');
    }
    // Likewise a theme deleted meanwhile.
    if (await themeDeletedMeanwhile(models, caller.networkEID, fields)) throw invalidNetworkTheme();
  } catch (error) {
    await models.GroupMembership.deleteMany({ networkEID: caller.networkEID, groupEID: String(_id) });
    await models.Group.deleteOne({ _id, networkEID: caller.networkEID });
    throw error;
  }
  const resource = await presentOne(models, caller, created);
  await events.record('group', 'created', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    data: { group: groupSummary(created), parent: resource.parent },
  });
  return resource;
}

export async function updateGroup(
  models: AuthModels,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  body: unknown,
): Promise<PlainResource> {
  const caller = await groupCallerOf(models, ctx);
  const { group: before, permissions } = await findVisibleGroup(models, caller, groupEID);
  requirePermission(permissions, 'edit_group');
  const fields = pick(body, WRITABLE);
  await requireNetworkTheme(models, caller.networkEID, fields);
  const derived = derivedFields(fields, groupEID);
  const xidUsedElsewhere = () =>
    derived.xidKey !== undefined &&
    models.Group.exists({ networkEID: caller.networkEID, xidKey: derived.xidKey, _id: { $ne: groupEID } });
  if (await xidUsedElsewhere()) throw xidTaken();
  let updated: GroupDoc | null;
  try {
    updated = await models.Group.findOneAndUpdate(
      { _id: groupEID, networkEID: caller.networkEID },
      { $set: { ...fields, ...derived } },
      { returnDocument: 'after', runValidators: true },
    ).lean<GroupDoc>();
  } catch (error) {
    // Taken concurrently by another group: MongoDB says E11000, FerretDB/SQLite an internal error.
    if (isDuplicateKeyError(error) || (await xidUsedElsewhere())) throw xidTaken();
    throw error;
  }
  if (!updated) throw new DomainError('GROUP_ERR_NOT_FOUND');
  if (await themeDeletedMeanwhile(models, caller.networkEID, fields)) {
    // Undo the whole edit (never half-written): the fields sent get their previous values back.
    const previous = Object.fromEntries(
      Object.keys(fields).map((key) => [key, before[key as keyof GroupDoc] ?? null]),
    );
    await models.Group.updateOne(
      { _id: groupEID, networkEID: caller.networkEID },
      { $set: { ...previous, ...derivedFields(previous, groupEID) } },
    );
    throw invalidNetworkTheme();
  }
  await events.record('group', 'updated', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    data: { group: groupSummary(updated), fields: Object.keys(fields) },
  });
  return presentOne(models, caller, updated);
}

/** A group without subgroups is deleted with its memberships and invitations. */
export async function deleteGroup(
  models: AuthModels,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
): Promise<void> {
  const caller = await groupCallerOf(models, ctx);
  const { group, permissions } = await findVisibleGroup(models, caller, groupEID);
  if (!permissions.includes('delete_group') && isOrganisationalUnit(group.groupType)) {
    throw new DomainError('GROUP_ERR_TYPE_NETWORK_ADMIN_ONLY');
  }
  requirePermission(permissions, 'delete_group');
  if (await models.Group.exists({ networkEID: caller.networkEID, parentEID: groupEID })) {
    throw new DomainError('GROUP_ERR_HAS_SUBGROUPS');
  }
  await models.Group.deleteOne({ _id: groupEID, networkEID: caller.networkEID });
  await models.GroupMembership.deleteMany({ networkEID: caller.networkEID, groupEID });
  await events.record('group', 'deleted', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    data: { group: groupSummary(group) },
  });
}
