/**
 * Handlers of the directory routes (`directoryRoutes` of the route table, and its core
 * `aggregate.get` and `whoami.get`), by route id. A constant: the conformance test lists it
 * without a database.
 */
import { directoryRoutes } from '@ncs/contracts';
import { defineHandlers, withStatus, type RouteHandler } from '@ncs/service-kit';
import type { AuthDependencies } from '../dependencies.js';
import type { AuthRoute } from '../requests.js';
import { acceptInvitation, createInvitation, getInvitation, listInvitations } from './invitations.js';
import { changeRole, listRoles, suspendProfile } from './membership.js';
import { getAggregate, getNetwork, presentWhoami, updateNetwork } from './networks.js';
import { getPostableTypes } from './postable-types.js';
import { updateProfile } from './profile-edits.js';
import { profilesLeftOutByGroups } from './profile-group-filters.js';
import { profilesWhoCommented } from './profile-commented-filter.js';
import { listProfiles, profileListOptions } from './profile-list.js';
import { getProfile } from './profiles.js';
import { getProfileByXid, updateProfileByXid } from './xid.js';
import { withAlertCounters } from './whoami-alerts.js';
import { isAppCaller } from '../apps/app-callers.js';
import { presentAppWhoami } from '../apps/whoami.js';

/** The core routes of a network's entry points, outside `directoryRoutes`. */
const aggregateHandler: RouteHandler<AuthRoute<'aggregate.get'>, AuthDependencies> = ({ ctx }, { models }) =>
  getAggregate(models, ctx);
// Notifications (alerts): the `_user` alert counters are asked of notifications.
const whoamiHandler: RouteHandler<AuthRoute<'whoami.get'>, AuthDependencies> = async (
  { ctx },
  { models, rpc },
) =>
  isAppCaller(ctx)
    ? presentAppWhoami(models, ctx)
    : withAlertCounters(rpc, ctx, await presentWhoami(models, ctx));

export const directoryHandlers = {
  'aggregate.get': aggregateHandler,
  'whoami.get': whoamiHandler,
  ...defineHandlers<AuthDependencies>()(directoryRoutes, {
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
