/**
 * Writing groups: create, edit, delete, with the rules of parents, XIDs and network themes. Rules
 * where the spec is silent: docs/decisions.md, "Directory: groups".
 */
// Files: branding images.
import { BrandingImages } from '../core/branding-images.js';
import { userRef } from '../core/callers.js';
import { type RouteBody } from '../core/requests.js';
import {
  DomainError,
  type GroupCreateInput,
  type GroupTypeName,
  type PlainResource,
  type RequestContext,
  isEid,
} from '@ncs/contracts';
import { isDuplicateKeyError, pick, type RpcClient } from '@ncs/service-kit';
import { Types } from 'mongoose';
import type { EventSink } from '../core/dependencies.js';
import type { GroupsStore } from './dependencies.js';
import { groupAudience } from './audience.js';
import {
  visibleGroupFor,
  findVisibleGroup,
  type GroupCaller,
  groupCallerOf,
  groupSummary,
  requirePermission,
} from './callers.js';
import type { GroupDoc } from './models.js';
import { presentOne } from './presentation.js';
import { redirectUrisProblem } from './redirect-uris.js';
import { groupTypeRules, isAllowedParent, isOrganisationalUnit, ORDINARY_GROUP_TYPE } from './types.js';

const WRITABLE = [
  'name',
  'XID',
  'hidden',
  'membersMayPost',
  'emblem',
  'rootFolder',
  'networkTheme',
  'headerBackgroundUrl',
  'redirectUris',
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
async function isThemeOfNetwork(models: GroupsStore, networkEID: string, ref: { EID: string }) {
  return isEid(ref.EID) && (await models.NetworkTheme.exists({ _id: ref.EID, networkEID })) !== null;
}

/** A `networkTheme` being written must be a theme of the group's network (null clears it). */
async function requireNetworkTheme(
  models: GroupsStore,
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
  models: GroupsStore,
  networkEID: string,
  fields: { networkTheme?: unknown },
) {
  const ref = fields.networkTheme as { EID: string } | null | undefined;
  return ref ? !(await isThemeOfNetwork(models, networkEID, ref)) : false;
}

function requireRedirectUris(fields: { redirectUris?: unknown }) {
  if (!Array.isArray(fields.redirectUris)) return;
  const problem = redirectUrisProblem(fields.redirectUris as string[]);
  if (problem) throw new DomainError('GROUP_ERR_INVALID_REDIRECT_URI', undefined, [problem]);
}

const invalidParent = (message: string) =>
  new DomainError('GROUP_ERR_INVALID_PARENT', undefined, [{ pointer: '/body/parent', message }]);

/** The parent of a new group: a group of the network the caller sees, of a type the child allows. */
async function parentFor(
  models: GroupsStore,
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

/**
 * Files (branding images): a group's emblem `{type: 'file', EID}` and its header
 * background, when they name uploaded files of the network, become network assets before the write
 * (the writer must be able to read them; else 400 naming the field and nothing written), so whoever
 * sees the group reads its images, and the sweep never takes them.
 */
function groupImages(networkEID: string, fields: { emblem?: unknown; headerBackgroundUrl?: unknown }) {
  return new BrandingImages(networkEID)
    .file(fields.emblem as { type?: string; EID?: string } | null | undefined, '/body/emblem')
    .url(
      typeof fields.headerBackgroundUrl === 'string' ? fields.headerBackgroundUrl : null,
      '/body/headerBackgroundUrl',
    );
}

export async function createGroup(
  models: GroupsStore,
  events: EventSink,
  rpc: RpcClient,
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
  requireRedirectUris(fields);
  await requireNetworkTheme(models, caller.networkEID, fields);
  await groupImages(caller.networkEID, fields).adopt(rpc, ctx);
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
  await events.record('auth.group.created', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: groupAudience(String(created._id)),
    data: {
      group: groupSummary(created),
      parent: created.parentEID ? { type: 'group', EID: created.parentEID } : null,
    },
  });
  return resource;
}

export async function updateGroup(
  models: GroupsStore,
  events: EventSink,
  rpc: RpcClient,
  ctx: RequestContext,
  groupEID: string,
  body: RouteBody<'group.update'>,
): Promise<PlainResource> {
  const { caller, group: before, permissions } = await visibleGroupFor(models, ctx, groupEID);
  requirePermission(permissions, 'edit_group');
  const fields = pick(body, WRITABLE);
  requireRedirectUris(fields);
  await requireNetworkTheme(models, caller.networkEID, fields);
  await groupImages(caller.networkEID, fields).adopt(rpc, ctx);
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
    // Taken concurrently by another group (the unique index decides).
    if (isDuplicateKeyError(error)) throw xidTaken();
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
  await events.record('auth.group.updated', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: groupAudience(groupEID),
    data: { group: groupSummary(updated), fields: Object.keys(fields) },
  });
  return presentOne(models, caller, updated);
}

/** A group without subgroups is deleted with its memberships and invitations. */
export async function deleteGroup(
  models: GroupsStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
): Promise<void> {
  const { caller, group, permissions } = await visibleGroupFor(models, ctx, groupEID);
  if (!permissions.includes('delete_group') && isOrganisationalUnit(group.groupType)) {
    throw new DomainError('GROUP_ERR_TYPE_NETWORK_ADMIN_ONLY');
  }
  requirePermission(permissions, 'delete_group');
  if (await models.Group.exists({ networkEID: caller.networkEID, parentEID: groupEID })) {
    throw new DomainError('GROUP_ERR_HAS_SUBGROUPS');
  }
  await models.Group.deleteOne({ _id: groupEID, networkEID: caller.networkEID });
  await models.GroupMembership.deleteMany({ networkEID: caller.networkEID, groupEID });
  // Directory (group operations): the group's pending membership requests go with it.
  await models.GroupMembershipRequest.deleteMany({ networkEID: caller.networkEID, groupEID });
  // Its widgets go too (group-structure/ writes them; the collection is the groups').
  await models.GroupWidget.deleteMany({ networkEID: caller.networkEID, groupEID });
  await events.record('auth.group.deleted', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: groupAudience(groupEID),
    data: { group: groupSummary(group) },
  });
}
