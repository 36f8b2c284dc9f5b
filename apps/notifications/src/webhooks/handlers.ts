/** Notifications: app webhooks. Handlers of `webhooksRoutes`, by route id. */
import { webhooksRoutes } from '@ncs/contracts';
import { defineHandlers, type RpcClient } from '@ncs/service-kit';
import { getDelivery, listDeliveries, redeliver } from './deliveries.js';
import {
  enableEndpoint,
  getEndpoint,
  getSecret,
  rotateSecret,
  webhookCallerOf,
  type WebhookStore,
} from './endpoints.js';

export interface WebhookDependencies {
  readonly webhooks: WebhookStore & { readonly wake: () => void };
  readonly rpc: RpcClient;
}

export const webhookHandlers = defineHandlers<WebhookDependencies>()(webhooksRoutes, {
  'webhookEndpoint.get': async ({ ctx, params }, { webhooks, rpc }) =>
    getEndpoint(webhooks, await webhookCallerOf(rpc, ctx, params.appEID)),
  'webhookEndpoint.enable': async ({ ctx, params }, { webhooks, rpc }) =>
    enableEndpoint(webhooks, await webhookCallerOf(rpc, ctx, params.appEID)),
  'webhookSecret.get': async ({ ctx, params }, { webhooks, rpc }) =>
    getSecret(webhooks, await webhookCallerOf(rpc, ctx, params.appEID)),
  'webhookSecret.rotate': async ({ ctx, params }, { webhooks, rpc }) =>
    rotateSecret(webhooks, await webhookCallerOf(rpc, ctx, params.appEID)),
  'webhookDelivery.list': async ({ ctx, params, query }, { webhooks, rpc }) =>
    listDeliveries(webhooks, await webhookCallerOf(rpc, ctx, params.appEID), query),
  'webhookDelivery.get': async ({ ctx, params }, { webhooks, rpc }) =>
    getDelivery(webhooks, await webhookCallerOf(rpc, ctx, params.appEID), params.deliveryEID),
  'webhookDelivery.redeliver': async ({ ctx, params }, { webhooks, rpc }) =>
    redeliver(webhooks, await webhookCallerOf(rpc, ctx, params.appEID), params.deliveryEID, webhooks.wake),
});
