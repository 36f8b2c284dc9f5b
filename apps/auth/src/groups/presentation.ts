/**
 * Groups as plain resources with the caller's `_user` (spec: Group fragment), with one batch of
 * queries for a whole page (member counts, local departments, the caller's memberships).
 */
import { emblemThumbnailPath, rootFolderOf, toTimestamp, type PlainResource } from '@ncs/contracts';
import type { Types } from 'mongoose';
import type { NetworkDoc } from '../core/models.js';
import type { GroupsStore } from './dependencies.js';
import type { GroupCaller } from './callers.js';
import type { GroupDoc, MembershipDoc } from './models.js';
import { type GroupStanding, groupUserInfo } from './permissions.js';
import { defaultEmblemThumbnailUrl, type DefaultEmblemFiles } from './types.js';

/** Counts by group EID from `$match` + `$group` (`$sum` only: FerretDB 1.x serves it). */
async function countBy(
  model: GroupsStore['GroupMembership'] | GroupsStore['Group'],
  match: Record<string, unknown>,
  key: string,
): Promise<Map<string, number>> {
  const rows = await (model as GroupsStore['Group']).aggregate<{ _id: string; n: number }>([
    { $match: match },
    { $group: { _id: `$${key}`, n: { $sum: 1 } } },
  ]);
  return new Map(rows.map((row) => [String(row._id), row.n]));
}

/** Local departments below each group: direct ones of a department, those of its departments for a business unit. */
async function localDepartmentCounts(
  models: GroupsStore,
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

/**
 * Files (branding images): the network's default emblems, as the caller's read brought
 * them (a member), else one read (an app reader).
 */
async function defaultEmblemsOf(models: GroupsStore, caller: GroupCaller): Promise<DefaultEmblemFiles> {
  if (caller.defaultEmblems !== undefined) return caller.defaultEmblems;
  const network = await models.Network.findById(caller.networkEID, { defaultEmblems: 1 }).lean<
    Pick<NetworkDoc, 'defaultEmblems'>
  >();
  return network?.defaultEmblems ?? null;
}

/** Plain group resources for the caller, with one batch of queries for the whole page. */
export async function presentGroups(
  models: GroupsStore,
  caller: GroupCaller,
  groups: readonly GroupDoc[],
): Promise<PlainResource[]> {
  if (groups.length === 0) return [];
  const networkEID = caller.networkEID;
  const ids = groups.map((g) => String(g._id));
  const active = { networkEID, groupEID: { $in: ids }, state: 'active' };
  const [members, externals, localDepartments, own, defaultEmblems] = await Promise.all([
    countBy(models.GroupMembership, active, 'groupEID'),
    countBy(models.GroupMembership, { ...active, external: true }, 'groupEID'),
    localDepartmentCounts(models, networkEID, groups),
    models.GroupMembership.find(
      { networkEID, groupEID: { $in: ids }, profileEID: caller.profileEID },
      { groupEID: 1, role: 1, state: 1 },
    ).lean<Pick<MembershipDoc, 'groupEID' | 'role' | 'state'>[]>(),
    defaultEmblemsOf(models, caller),
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
      defaultEmblems,
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
    defaultEmblems: DefaultEmblemFiles;
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
    // Files: every group's root folder, its EID derived from the group's.
    rootFolder: { type: 'folder', EID: rootFolderOf(String(group._id)) },
    networkTheme: ref(group.networkTheme),
    // Files (media): an uploaded file's thumbnail (messaging), derived from its EID.
    emblemThumbnailUrl: emblemThumbnailPath(group.networkEID, emblem),
    defaultEmblemThumbnailUrl: defaultEmblemThumbnailUrl(
      group.networkEID,
      group.groupType,
      computed.defaultEmblems,
    ),
    headerBackgroundUrl: group.headerBackgroundUrl ?? null,
    redirectUris: [...(group.redirectUris ?? [])],
    numMembers: computed.numMembers,
    numLocalDepartments: computed.numLocalDepartments,
    hasExternalMembers: computed.hasExternalMembers,
    hidden: group.hidden,
    membersMayPost: group.membersMayPost,
    _user: computed.user,
  };
}

export async function presentOne(models: GroupsStore, caller: GroupCaller, group: GroupDoc) {
  const [resource] = await presentGroups(models, caller, [group]);
  return resource!;
}
