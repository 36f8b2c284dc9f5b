/**
 * Handlers of the directory routes (`directoryRoutes` of the route table, and the core
 * `aggregate.get`), by route id; `whoami.get` is whoami's (whoami/handlers.ts). A constant: the
 * conformance test lists it without a database.
 */
import { directoryRoutes } from '@ncs/contracts';
import { defineHandlers, withStatus, type RouteHandler } from '@ncs/service-kit';
import type { DirectoryDependencies } from './dependencies.js';
import type { AuthRoute } from '../core/requests.js';
import { acceptInvitation, createInvitation, getInvitation, listInvitations } from './invitations.js';
import { changeRole, listRoles, suspendProfile } from './membership.js';
import { getAggregate, getNetwork, updateNetwork } from './networks.js';
import { getPostableTypes } from './postable-types.js';
import { updateProfile } from './profile-edits.js';
import { profilesLeftOutByGroups } from './profile-group-filters.js';
import { profilesWhoCommented } from './profile-commented-filter.js';
import { listProfiles, profileListOptions } from './profile-list.js';
import { getProfile } from './profiles.js';
import { getProfileByXid, updateProfileByXid } from './xid.js';

/** The core routes of a network's entry points, outside `directoryRoutes`. */
const aggregateHandler: RouteHandler<AuthRoute<'aggregate.get'>, DirectoryDependencies> = (
  { ctx },
  { models },
) => getAggregate(models, ctx);
export const directoryHandlers = {
  'aggregate.get': aggregateHandler,
  ...defineHandlers<DirectoryDependencies>()(directoryRoutes, {
    'network.get': ({ ctx }, { models, networkDomain, scheduledItems }) =>
      getNetwork(models, ctx, networkDomain, scheduledItems),
    'network.update': ({ ctx, body }, { models, events, networkDomain, rpc }) =>
      updateNetwork(models, events, rpc, ctx, body, networkDomain),
    'profile.list': async ({ ctx, query }, { models, rpc }) => {
      const leftOut = await profilesLeftOutByGroups(models, ctx, query);
      // Messaging (timelines concern): `commented`, asked of messaging over NATS.
      const commenters = await profilesWhoCommented(rpc, ctx, query.commented);
      return listProfiles(models, ctx, {
        ...profileListOptions(query),
        ...(leftOut ? { excludeProfileEIDs: leftOut } : {}),
        ...(commenters ? { onlyProfileEIDs: commenters } : {}),
      });
    },
    'profile.get': ({ ctx, params }, { models }) => getProfile(models, ctx, params.profileEID),
    'profile.update': ({ ctx, params, body }, { models }) =>
      updateProfile(models, ctx, params.profileEID, body),
    'profile.suspend': ({ ctx, params }, { models, events }) =>
      suspendProfile(models, events, ctx, params.profileEID),
    'profile.changeRole': ({ ctx, params, body }, { models, events }) =>
      changeRole(models, events, ctx, params.profileEID, body),
    'profileXid.get': ({ ctx, params }, { models }) => getProfileByXid(models, ctx, params.xid),
    'profileXid.update': ({ ctx, params, body }, { models, events }) =>
      updateProfileByXid(models, events, ctx, params.xid, body),
    'postableTypes.get': ({ ctx, params }, { models }) => getPostableTypes(models, ctx, params.profileEID),
    'role.list': ({ ctx }, { models }) => listRoles(models, ctx),
    'invitation.list': ({ ctx, query }, { models }) => listInvitations(models, ctx, query),
    'invitation.create': async ({ ctx, body }, { models, events }) => {
      const { status, invitation } = await createInvitation(models, events, ctx, body);
      return withStatus(status, invitation);
    },
    'invitation.get': ({ ctx, params }, { models }) => getInvitation(models, ctx, params.invitationEID),
    'invitation.accept': ({ ctx, params }, { models, events }) =>
      acceptInvitation(models, events, ctx, params.invitationEID),
  }),
};
