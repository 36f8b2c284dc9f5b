/**
 * The users collection of a network and its filters (roles per version, `modified_since`,
 * `scope=chat`, the profile sets of the groups area).
 */
import { DomainError, type PlainCollection, type RequestContext } from '@ncs/contracts';
import { pageOf } from '@ncs/service-kit';
import type { QueryFilter } from 'mongoose';
import type { DirectoryStore } from './dependencies.js';
import type { RouteQuery } from '../core/requests.js';
import { findMemberOrAppCaller } from '../core/callers.js';
import type { ProfileDoc } from '../core/models.js';
import { storedRolesFor } from '../core/permissions.js';
import { GET_PROFILES, presentProfiles, viewerOf } from './profiles.js';

export interface ProfileListOptions {
  readonly limit: number;
  readonly offset: number;
  readonly scope?: 'chat';
  /** Roles as reported in the request's version. */
  readonly role?: string;
  readonly excludeRole?: string;
  readonly modifiedSince?: Date;
  /**
   * Profile sets from group memberships (`exclude_group`, `addable_to`), resolved by the groups
   * area and applied here: left out, or the only ones considered.
   */
  readonly excludeProfileEIDs?: readonly string[];
  readonly onlyProfileEIDs?: readonly string[];
}

/** The list options of a validated `profile.list` query. */
export function profileListOptions(query: RouteQuery<'profile.list'>): ProfileListOptions {
  return {
    limit: query.limit,
    offset: query.offset,
    ...(query.scope === 'chat' ? { scope: 'chat' as const } : {}),
    ...(query.role !== undefined ? { role: query.role } : {}),
    ...(query.exclude_role !== undefined ? { excludeRole: query.exclude_role } : {}),
    ...(query.modified_since !== undefined ? { modifiedSince: new Date(query.modified_since) } : {}),
  };
}

function rolesOrFail(reported: string, version: string, parameter: string) {
  const stored = storedRolesFor(reported, version);
  if (!stored) {
    throw new DomainError(
      'DIR_ERR_ROLE_NOT_IN_VERSION',
      `${parameter} '${reported}' is not a role in version ${version}.`,
      [{ pointer: `/query/${parameter}`, message: `is not a role in version ${version}` }],
    );
  }
  return stored;
}

/**
 * The MongoDB filter of a users-collection page. Active profiles, except with `modified_since`
 * (outside `scope=chat`), which also returns suspended and deleted ones so that a synchronising
 * client learns about them. `scope=chat` leaves out the caller and, while the network allows
 * custom chat settings, everyone who turned chat off.
 */
export function profileListFilter(
  networkEID: string,
  callerProfileEID: string,
  allowChatCustomSettings: boolean,
  options: ProfileListOptions,
  version: string,
): QueryFilter<ProfileDoc> {
  const chat = options.scope === 'chat';
  const filter: QueryFilter<ProfileDoc> = {
    networkEID,
    userState: options.modifiedSince && !chat ? { $in: ['active', 'suspended', 'deleted'] } : 'active',
  };
  if (options.role !== undefined || options.excludeRole !== undefined) {
    const included = options.role !== undefined ? rolesOrFail(options.role, version, 'role') : undefined;
    const excluded =
      options.excludeRole !== undefined ? rolesOrFail(options.excludeRole, version, 'exclude_role') : [];
    filter.role = included
      ? { $in: included.filter((role) => !excluded.includes(role)) }
      : { $nin: excluded };
  }
  if (options.modifiedSince) filter.lastModified = { $gte: options.modifiedSince };
  const excludedIds = [...(options.excludeProfileEIDs ?? []), ...(chat ? [callerProfileEID] : [])];
  const idFilter: Record<string, string[]> = {};
  if (excludedIds.length > 0) idFilter.$nin = excludedIds;
  if (options.onlyProfileEIDs) idFilter.$in = [...options.onlyProfileEIDs];
  if (Object.keys(idFilter).length > 0) filter._id = idFilter;
  if (chat && allowChatCustomSettings) filter.chatEnabled = true;
  return filter;
}

/** A page of the caller's network's profiles: oldest first; `scope=chat` bots first, then oldest first. */
export async function listProfiles(
  models: DirectoryStore,
  ctx: RequestContext,
  options: ProfileListOptions,
): Promise<PlainCollection> {
  if (options.modifiedSince && Number.isNaN(options.modifiedSince.getTime())) {
    throw new DomainError('VALIDATION_FAILED', 'The query parameters do not match the schema.', [
      { pointer: '/query/modified_since', message: 'must be a valid date-time' },
    ]);
  }
  // Directory (group operations and app permissions): apps list profiles with `get_profiles`.
  const caller = await findMemberOrAppCaller(models, ctx, GET_PROFILES);
  const networkEID = String(caller.network._id);
  const filter = profileListFilter(
    networkEID,
    caller.kind === 'member' ? caller.profileEID : '',
    caller.network.allowChatCustomSettings,
    options,
    ctx.version,
  );
  const sort: Record<string, 1 | -1> = options.scope === 'chat' ? { isBot: -1, _id: 1 } : { _id: 1 };
  return pageOf(models.Profile, { filter, sort }, options, { itemType: 'user', rel: 'users' }, (profiles) =>
    presentProfiles(models, profiles, caller.network, viewerOf(caller, ctx)),
  );
}
