/**
 * Gateway → auth (`internalSubjects.streamAudience`): a person's standing in the network when their
 * live stream opens, from which the gateway decides which events (by their audience) the stream
 * carries. Read from the store as it is now; membership events keep the gateway's copy current.
 */
import {
  DomainError,
  STREAM_AUDIENCE_MAX_GROUPS,
  type RequestContext,
  type StreamAudience,
  type StreamAudienceRequest,
} from '@ncs/contracts';
import { isAdminRole } from '../core/permissions.js';
import type { GroupsStore } from './dependencies.js';
import type { MembershipDoc } from './models.js';

export async function streamAudience(
  models: GroupsStore,
  ctx: RequestContext,
  body: StreamAudienceRequest,
): Promise<Omit<StreamAudience, 'showPresence'>> {
  const networkEID = ctx.networkEID;
  if (!networkEID) throw new DomainError('BAD_REQUEST', 'The request names no network.');
  const { profileEID } = body;
  const [profile, memberships] = await Promise.all([
    models.Profile.findOne(
      { _id: profileEID, networkEID, userState: 'active' },
      { role: 1, external: 1 },
    ).lean(),
    // Index { networkEID, profileEID, state, groupEID }: the sort by group is the index's order, so
    // the limit stops the scan. One more than the maximum tells whether there are more.
    models.GroupMembership.find({ networkEID, profileEID, state: 'active' }, { _id: 0, groupEID: 1, role: 1 })
      .sort({ groupEID: 1 })
      .limit(STREAM_AUDIENCE_MAX_GROUPS + 1)
      .lean<Pick<MembershipDoc, 'groupEID' | 'role'>[]>(),
  ]);
  // A person suspended or removed since the token was cached has no stream (as `groupAccess`).
  if (!profile) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  const truncated = memberships.length > STREAM_AUDIENCE_MAX_GROUPS;
  return {
    // The rule of admin routes and of the `admins` audience: every administrator role variant.
    admin: isAdminRole(profile.role),
    external: profile.external,
    groups: memberships
      .slice(0, STREAM_AUDIENCE_MAX_GROUPS)
      .map((membership) => ({ EID: membership.groupEID, admin: membership.role === 'admin' })),
    truncated,
  };
}
