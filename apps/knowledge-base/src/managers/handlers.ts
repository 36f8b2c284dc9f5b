/** Handlers of the category manager routes (`categoryManager.*` of `kbRoutes`), by route id. */
import { defineHandlers, type Outbox, type RpcClient } from '@ncs/service-kit';
import { kbRoutesOf } from '../core/routes.js';
import { assignManager, listManagers, removeManager, type ManagersModels } from './managers.js';

/** What the manager handlers use: assignment asks auth about the profile. */
export interface ManagersDependencies {
  readonly models: ManagersModels;
  readonly rpc: RpcClient;
  readonly outbox: Outbox;
}

export const managerHandlers = defineHandlers<ManagersDependencies>()(kbRoutesOf('categoryManager'), {
  'categoryManager.list': ({ ctx, params }, { models }) => listManagers(models, ctx, params.categoryEID),
  'categoryManager.assign': ({ ctx, params, body }, { models, rpc, outbox }) =>
    assignManager(models, rpc, outbox, ctx, params.categoryEID, body),
  'categoryManager.remove': ({ ctx, params }, { models }) =>
    removeManager(models, ctx, params.categoryEID, params.profileEID),
});
