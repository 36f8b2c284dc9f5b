/**
 * Handlers of the route table's notifications routes (`notificationsRoutes`), by route id, and of
 * the internal subjects. A constant: the conformance test lists it without a database.
 */
import { DomainError, internalSubjects, notificationsRoutes } from '@ncs/contracts';
import { defineHandlers, internalHandler, internalHandlerMap, type RpcHandler } from '@ncs/service-kit';
import { badgeCounters, userAlertCounters } from './alerts/counters.js';
import type { AlertModels } from './alerts/models.js';
import { alertCallerOf, listAlerts, markRead } from './alerts/reading.js';
// Devices, push and white-label apps.
import { pushRoutes } from '@ncs/contracts';
import { pushHandlers, type PushDependencies } from './push/handlers.js';
// Notifications: app alerts and the live stream.
import { appAlertRoutes } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { appAlertHandlers } from './app-alerts/handlers.js';
import type { AppAlertModels } from './app-alerts/models.js';
// Notifications: the live stream.
import { streamRoutes } from '@ncs/contracts';
import { streamHandlers } from './stream/handlers.js';
// Notifications: app webhooks.
import { webhooksRoutes } from '@ncs/contracts';
import { webhookHandlers, type WebhookDependencies } from './webhooks/handlers.js';

/** What the handlers use. */
export interface NotificationsDependencies extends PushDependencies, WebhookDependencies {
  readonly models: AlertModels;
  // Notifications: app alerts and the live stream.
  readonly appAlerts: AppAlertModels;
  readonly rpc: RpcClient;
}

export const notificationsHandlers = defineHandlers<NotificationsDependencies>()(
  // + devices, push and white-label apps; app alerts.
  // + the live stream.
  // + app webhooks.
  [...notificationsRoutes, ...pushRoutes, ...appAlertRoutes, ...streamRoutes, ...webhooksRoutes],
  {
    'alert.list': ({ ctx, query }, { models }) => listAlerts(models, alertCallerOf(ctx), query),
    'alert.markread': ({ ctx, body }, { models }) => markRead(models, alertCallerOf(ctx), body),
    // Devices, push and white-label apps.
    ...pushHandlers,
    // Notifications: app alerts and the live stream.
    ...appAlertHandlers,
    // Notifications: the live stream.
    ...streamHandlers,
    // Notifications: app webhooks.
    ...webhookHandlers,
  },
);

/** Handlers of internal subjects (not HTTP routes), by subject. */
export function internalHandlers(models: AlertModels): Record<string, RpcHandler> {
  return internalHandlerMap([
    // The gateway's part of `badgeCounters.get`.
    internalHandler(internalSubjects.notificationsBadgeCounters, ({ ctx }) => {
      const profileEID = ctx.principal?.profileEID;
      if (!ctx.networkEID) throw new DomainError('BAD_REQUEST', 'The request names no network.');
      if (!profileEID) return Promise.resolve({ numAdminAlerts: 0, numUnreadAlertsCoalesced: 0 });
      return badgeCounters(models, ctx.networkEID, profileEID);
    }),
    // Auth's whoami: the `_user` counters of the caller's networks, in one batch.
    internalHandler(internalSubjects.alertCounters, async ({ body }) => ({
      items: await userAlertCounters(models, body),
    })),
  ]);
}
