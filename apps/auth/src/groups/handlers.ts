/**
 * Handlers of the groups routes (`groupsRoutes` of the route table), by route id. A constant: the
 * conformance test lists it without a database.
 */
import { groupsRoutes } from '@ncs/contracts';
import { defineHandlers, withStatus } from '@ncs/service-kit';
import type { GroupsDependencies } from './dependencies.js';
import {
  acceptInvitation,
  addMember,
  changeMemberRole,
  getMember,
  listMembers,
  removeMember,
} from './memberships.js';
import { getGroup, listGroups, listGroupTypesFor, listSubgroups } from './reading.js';
import { createGroup, deleteGroup, updateGroup } from './writing.js';

export const groupsHandlers = defineHandlers<GroupsDependencies>()(groupsRoutes, {
  'groupType.list': ({ ctx, query }, { models }) => listGroupTypesFor(models, ctx, query),
  'group.list': ({ ctx, query }, { models }) => listGroups(models, ctx, query),
  'group.create': ({ ctx, body }, { models, events, rpc }) => createGroup(models, events, rpc, ctx, body),
  'group.get': ({ ctx, params }, { models }) => getGroup(models, ctx, params.groupEID),
  'group.update': ({ ctx, params, body }, { models, events, rpc }) =>
    updateGroup(models, events, rpc, ctx, params.groupEID, body),
  'group.delete': async ({ ctx, params }, { models, events }) => {
    await deleteGroup(models, events, ctx, params.groupEID);
    return withStatus(204, null);
  },
  'subgroup.list': ({ ctx, params, query }, { models }) => listSubgroups(models, ctx, params.groupEID, query),
  'groupMember.list': ({ ctx, params, query }, { models }) =>
    listMembers(models, ctx, params.groupEID, query),
  'groupMember.add': ({ ctx, params, body }, { models, events }) =>
    addMember(models, events, ctx, params.groupEID, body),
  'groupMember.get': ({ ctx, params }, { models }) =>
    getMember(models, ctx, params.groupEID, params.profileEID),
  'groupMember.update': ({ ctx, params, body }, { models, events }) =>
    changeMemberRole(models, events, ctx, params.groupEID, params.profileEID, body),
  'groupMember.remove': ({ ctx, params }, { models, events }) =>
    removeMember(models, events, ctx, params.groupEID, params.profileEID),
  'groupMember.accept': ({ ctx, params }, { models, events }) =>
    acceptInvitation(models, events, ctx, params.groupEID, params.profileEID),
});
