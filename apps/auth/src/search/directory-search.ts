/**
 * `internalSubjects.directorySearch` (messaging's search asks it): the people and groups of the
 * request's network the caller may see whose names start with the words of `q`. Profiles: active
 * ones, every word the start of the first or last name (anchored, escaped, case-insensitive; filter
 * `{networkEID, userState}` of the index `{networkEID, userState, _id}`). Groups: every word of `q`
 * starts a word anywhere in the lowercased name (`sortName`; escaped; read along the index
 * `{networkEID, sortName, _id}`, whose keys carry the name the pattern is tested on); hidden
 * ones only with `includeHidden`, and only those the caller may see. At most `SEARCH_MAX_DEPTH` of
 * each are read; `total` counts them, `limit` are presented. Rules: docs/decisions.md.
 */
import {
  DomainError,
  SEARCH_MAX_DEPTH,
  addressableForTypes,
  type DirectoryMatches,
  type DirectorySearchReply,
  type DirectorySearchRequest,
  type RequestContext,
} from '@ncs/contracts';
import { findMemberCaller } from '../core/callers.js';
import type { ProfileDoc } from '../core/models.js';
import { presentProfiles, viewerOf } from '../directory/profiles.js';
import { groupCallerOf, type GroupCaller } from '../groups/callers.js';
import type { GroupDoc, MembershipDoc } from '../groups/models.js';
import { groupPermissions } from '../groups/permissions.js';
import { presentGroups } from '../groups/presentation.js';
import { visibilityFilter } from '../groups/reading.js';
import type { SearchStore } from './dependencies.js';
import {
  groupAddressable,
  nameWordsOf,
  peopleAddressable,
  prefixPattern,
  wordStartPattern,
} from './rules.js';

const none: DirectoryMatches = { total: 0, items: [] };

export async function searchDirectory(
  models: SearchStore,
  ctx: RequestContext,
  body: unknown,
): Promise<DirectorySearchReply> {
  const request = checkedRequest(body);
  // The caller must be an active member of the network (else 404), even when nothing is searched.
  const caller = await groupCallerOf(models, ctx);
  const [users, groups] = await Promise.all([
    request.users ? searchPeople(models, ctx, request) : none,
    request.groups ? searchGroups(models, caller, request) : none,
  ]);
  return { users, groups };
}

async function searchPeople(
  models: SearchStore,
  ctx: RequestContext,
  request: DirectorySearchRequest,
): Promise<DirectoryMatches> {
  const words = nameWordsOf(request.q);
  const which = peopleAddressable(request.addressableFor);
  if (words.length === 0 || which === 'none') return none;
  const member = await findMemberCaller(models, ctx);
  const filter: Record<string, unknown> = {
    networkEID: String(member.network._id),
    userState: 'active',
    ...(which === 'humans' ? { isBot: false } : {}),
    $and: words.map((word) => {
      const prefix = { $regex: prefixPattern(word), $options: 'i' };
      return { $or: [{ firstName: prefix }, { lastName: prefix }] };
    }),
  };
  const found = await models.Profile.find(filter)
    .sort({ _id: 1 })
    .limit(SEARCH_MAX_DEPTH)
    .lean<ProfileDoc[]>();
  const byName = [...found].sort(
    (a, b) =>
      compare(a.lastName.toLowerCase(), b.lastName.toLowerCase()) ||
      compare(a.firstName.toLowerCase(), b.firstName.toLowerCase()) ||
      compare(String(a._id), String(b._id)),
  );
  const items = await presentProfiles(
    models,
    byName.slice(0, request.limit),
    member.network,
    viewerOf(member, ctx),
  );
  return { total: byName.length, items };
}

async function searchGroups(
  models: SearchStore,
  caller: GroupCaller,
  request: DirectorySearchRequest,
): Promise<DirectoryMatches> {
  const words = nameWordsOf(request.q);
  if (words.length === 0) return none;
  const visible = request.includeHidden ? await visibilityFilter(models, caller) : { hidden: false };
  const found = await models.Group.find({
    networkEID: caller.networkEID,
    $and: words.map((word) => ({ sortName: { $regex: wordStartPattern(word) } })),
    ...visible,
  })
    .sort({ sortName: 1, _id: 1 })
    .limit(SEARCH_MAX_DEPTH)
    .lean<GroupDoc[]>();
  const addressable = await addressableGroups(models, caller, found, request);
  return {
    total: addressable.length,
    items: await presentGroups(models, caller, addressable.slice(0, request.limit)),
  };
}

/** The groups the caller may address with `addressableFor` (all of them without it). */
async function addressableGroups(
  models: SearchStore,
  caller: GroupCaller,
  groups: readonly GroupDoc[],
  request: DirectorySearchRequest,
): Promise<GroupDoc[]> {
  if (request.addressableFor === null) return [...groups];
  const own = await models.GroupMembership.find(
    {
      networkEID: caller.networkEID,
      groupEID: { $in: groups.map((g) => String(g._id)) },
      profileEID: caller.profileEID,
    },
    { groupEID: 1, role: 1, state: 1 },
  ).lean<Pick<MembershipDoc, 'groupEID' | 'role' | 'state'>[]>();
  const ownByGroup = new Map(own.map((m) => [m.groupEID, { role: m.role, state: m.state }]));
  return groups.filter((group) =>
    groupAddressable(
      groupPermissions(group, {
        networkAdmin: caller.networkAdmin,
        membership: ownByGroup.get(String(group._id)) ?? null,
      }),
      request.addressableFor,
    ),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The request as messaging sends it (internal subjects have no route schema): checked and bounded. */
function checkedRequest(body: unknown): DirectorySearchRequest {
  const b = (body ?? {}) as Partial<Record<keyof DirectorySearchRequest, unknown>>;
  const addressableFor = b.addressableFor ?? null;
  if (
    typeof b.q !== 'string' ||
    b.q.length > 200 ||
    typeof b.users !== 'boolean' ||
    typeof b.groups !== 'boolean' ||
    typeof b.includeHidden !== 'boolean' ||
    (addressableFor !== null && !addressableForTypes.includes(addressableFor as never)) ||
    typeof b.limit !== 'number' ||
    !Number.isInteger(b.limit) ||
    b.limit < 0 ||
    b.limit > SEARCH_MAX_DEPTH
  ) {
    throw new DomainError(
      'BAD_REQUEST',
      'A directory search needs q, users, groups, includeHidden and a limit.',
    );
  }
  return {
    q: b.q,
    users: b.users,
    groups: b.groups,
    includeHidden: b.includeHidden,
    addressableFor: addressableFor as DirectorySearchRequest['addressableFor'],
    limit: b.limit,
  };
}
