/**
 * Notifications: app webhooks. The routes of an app's webhook in a network, under
 * `/networks/{networkEID}/apps/{appEID}/webhook`: only the app itself (its client-credentials token,
 * installed in the network) reads and manages them; anyone else gets 404.
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import {
  WebhookDeliveryCollection,
  WebhookDeliveryListQuery,
  WebhookDeliveryParams,
  WebhookDeliveryResource,
  WebhookEndpointResource,
  WebhookParams,
  WebhookSecretResource,
} from './resources.js';

const BASE = '/networks/{networkEID}/apps/{appEID}/webhook';
const common = { service: 'notifications', tag: 'Webhooks', scope: 'network', format: 'hal' } as const;

export const webhooksRoutes = [
  route({
    ...common,
    id: 'webhookEndpoint.get',
    method: 'GET',
    path: BASE,
    summary: "The app's webhook endpoint in the network: URL, subscriptions, enabled, failing since",
    params: WebhookParams,
    reply: { status: 200, schema: WebhookEndpointResource },
  }),
  route({
    ...common,
    id: 'webhookEndpoint.enable',
    method: 'POST',
    path: `${BASE}/enable`,
    summary: 'Re-enables a disabled endpoint (its failure clock starts again)',
    params: WebhookParams,
    reply: { status: 200, schema: WebhookEndpointResource },
  }),
  route({
    ...common,
    id: 'webhookSecret.get',
    method: 'GET',
    path: `${BASE}/secret`,
    summary: 'The secret deliveries are signed with (Standard Webhooks, `whsec_…`)',
    params: WebhookParams,
    reply: { status: 200, schema: WebhookSecretResource },
  }),
  route({
    ...common,
    id: 'webhookSecret.rotate',
    method: 'POST',
    path: `${BASE}/secret`,
    summary: 'A new signing secret; the previous one stops being used at once',
    params: WebhookParams,
    reply: { status: 201, schema: WebhookSecretResource },
  }),
  route({
    ...common,
    id: 'webhookDelivery.list',
    method: 'GET',
    path: `${BASE}/deliveries/`,
    summary: 'The delivery log, newest first (keyset: `before`), filtered by `status`',
    params: WebhookParams,
    query: WebhookDeliveryListQuery,
    reply: { status: 200, schema: WebhookDeliveryCollection },
  }),
  route({
    ...common,
    id: 'webhookDelivery.get',
    method: 'GET',
    path: `${BASE}/deliveries/{deliveryEID}`,
    summary: 'One delivery with its attempts (status, duration, error)',
    params: WebhookDeliveryParams,
    reply: { status: 200, schema: WebhookDeliveryResource },
  }),
  route({
    ...common,
    id: 'webhookDelivery.redeliver',
    method: 'POST',
    path: `${BASE}/deliveries/{deliveryEID}/redeliver`,
    summary: 'A new attempt of the delivery now (same `webhook-id`), to the URL of the manifest now',
    params: WebhookDeliveryParams,
    reply: { status: 202, schema: WebhookDeliveryResource },
  }),
] as const satisfies readonly RouteDefinition[];
