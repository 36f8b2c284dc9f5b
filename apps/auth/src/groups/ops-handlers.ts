/**
 * Handlers of the group operations' routes (`groupOpsRoutes`), by route id. A constant:
 * the conformance test lists it without a database.
 */
import { groupOpsRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import type { GroupsDependencies } from './dependencies.js';
import {
  approveRequest,
  askToJoin,
  declineRequest,
  getRequest,
  listRequests,
  withdrawRequest,
} from './requests/requests.js';

export const groupOpsHandlers = defineHandlers<GroupsDependencies>()(groupOpsRoutes, {
  'groupRequest.list': ({ ctx, params, query }, { models }) =>
    listRequests(models, ctx, params.groupEID, query),
  'groupRequest.create': ({ ctx, params, body }, { models, events }) =>
    askToJoin(models, events, ctx, params.groupEID, body),
  'groupRequest.get': ({ ctx, params }, { models }) =>
    getRequest(models, ctx, params.groupEID, params.profileEID),
  'groupRequest.withdraw': ({ ctx, params }, { models, events }) =>
    withdrawRequest(models, events, ctx, params.groupEID, params.profileEID),
  'groupRequest.approve': ({ ctx, params }, { models, events }) =>
    approveRequest(models, events, ctx, params.groupEID, params.profileEID),
  'groupRequest.decline': ({ ctx, params }, { models, events }) =>
    declineRequest(models, events, ctx, params.groupEID, params.profileEID),
});
