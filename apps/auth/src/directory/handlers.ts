/**
 * Handlers of the route table's `directoryRoutes` (packages/contracts/src/routes-directory.ts), by route id,
 * plus the core `aggregate.get` and `whoami.get`. Built lazily: the map can be listed without a
 * database (conformance test).
 */
import type { RpcRequest } from '@ncs/contracts';
import { withStatus, type RpcHandler } from '@ncs/service-kit';
import type { AuthDependencies } from '../dependencies.js';
import { acceptInvitation, createInvitation, getInvitation, listInvitations } from './invitations.js';
import { changeRole, listRoles, suspendProfile } from './membership.js';
import { getAggregate, getNetwork, presentWhoami, updateNetwork } from './networks.js';
import { getPostableTypes } from './postable-types.js';
import { updateProfile } from './profile-edits.js';
import { profilesLeftOutByGroups } from './profile-group-filters.js';
import { listProfiles, profileListOptions } from './profile-list.js';
import { getProfile } from './profiles.js';
import { getProfileByXid, updateProfileByXid } from './xid.js';

const param = (request: RpcRequest, name: string) => String(request.params[name]);

export function directoryHandlers(deps: () => AuthDependencies): Record<string, RpcHandler> {
  return {
    'network.get': ({ ctx }) => getNetwork(deps().models, ctx, deps().networkDomain),
    'network.update': ({ ctx, body }) =>
      updateNetwork(deps().models, deps().events, ctx, body, deps().networkDomain),
    'aggregate.get': ({ ctx }) => getAggregate(deps().models, ctx),
    'whoami.get': ({ ctx }) => presentWhoami(deps().models, ctx),
    'profile.list': async ({ ctx, query }) => {
      const leftOut = await profilesLeftOutByGroups(deps().models, ctx, query);
      return listProfiles(deps().models, ctx, {
        ...profileListOptions(query),
        ...(leftOut ? { excludeProfileEIDs: leftOut } : {}),
      });
    },
    'profile.get': (r) => getProfile(deps().models, r.ctx, param(r, 'profileEID')),
    'profile.update': (r) => updateProfile(deps().models, r.ctx, param(r, 'profileEID'), r.body),
    'profile.suspend': (r) => suspendProfile(deps().models, deps().events, r.ctx, param(r, 'profileEID')),
    'profile.changeRole': (r) =>
      changeRole(deps().models, deps().events, r.ctx, param(r, 'profileEID'), r.body),
    'profileXid.get': (r) => getProfileByXid(deps().models, r.ctx, param(r, 'xid')),
    'profileXid.update': (r) =>
      updateProfileByXid(deps().models, deps().events, r.ctx, param(r, 'xid'), r.body),
    'postableTypes.get': (r) => getPostableTypes(deps().models, r.ctx, param(r, 'profileEID')),
    'role.list': ({ ctx }) => listRoles(deps().models, ctx),
    'invitation.list': ({ ctx, query }) => listInvitations(deps().models, ctx, query),
    'invitation.create': async ({ ctx, body }) => {
      const { status, invitation } = await createInvitation(deps().models, deps().events, ctx, body);
      return withStatus(status, invitation);
    },
    'invitation.get': (r) => getInvitation(deps().models, r.ctx, param(r, 'invitationEID')),
    'invitation.accept': (r) =>
      acceptInvitation(deps().models, deps().events, r.ctx, param(r, 'invitationEID')),
  };
}
