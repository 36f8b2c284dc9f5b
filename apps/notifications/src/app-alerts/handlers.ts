/**
 * Notifications: app alerts. Handlers of `appAlertRoutes`, by route id.
 */
import { appAlertRoutes } from '@ncs/contracts';
import { defineHandlers, type RpcClient } from '@ncs/service-kit';
import type { AlertModels } from '../alerts/models.js';
import type { AppAlertModels } from './models.js';
import { sendAppAlert } from './sending.js';

export interface AppAlertDependencies {
  readonly models: AlertModels;
  readonly appAlerts: AppAlertModels;
  readonly rpc: RpcClient;
}

export const appAlertHandlers = defineHandlers<AppAlertDependencies>()(appAlertRoutes, {
  'appAlert.send': ({ ctx, params, body }, { models, appAlerts, rpc }) =>
    sendAppAlert({ alerts: models, appAlerts, rpc }, ctx, params, body),
});
