/**
 * Notifications: app webhooks. The durable consumer `notifications-webhooks`: each
 * deliverable event (rules.ts) becomes one delivery per app installed in its network whose manifest
 * subscribes to its type and names a URL (auth answers which), unless the app's endpoint there is
 * disabled. Acknowledged once the rows exist; a redelivered event meets the unique index
 * `{networkEID, appEID, eventId}`: one delivery, whatever happens.
 */
import { internalSubjects, LATEST_VERSION, type DomainEvent } from '@ncs/contracts';
import {
  isDuplicateKeyError,
  startEventConsumer,
  type EventConsumer,
  type RpcClient,
  type ServiceRuntime,
} from '@ncs/service-kit';
import { ensureEndpoint, type WebhookStore } from './endpoints.js';
import { WEBHOOK_EVENTS, webhookPayloadOf } from './rules.js';

export const WEBHOOKS_DURABLE = 'notifications-webhooks';

/** Writes the deliveries of one event; resolves with how many were made now. */
export async function fanOut(store: WebhookStore, rpc: RpcClient, event: DomainEvent): Promise<number> {
  const payload = webhookPayloadOf(event);
  if (payload === null || event.networkEID === undefined) return 0;
  const networkEID = event.networkEID;
  const ctx = { version: LATEST_VERSION, requestId: `webhook-${event.id}`, networkEID };
  const reply = await rpc.request(internalSubjects.webhookSubscribers, {
    ctx,
    body: { eventType: payload.type },
  });
  let made = 0;
  for (const app of reply.apps) {
    if (app.url === null || !app.subscriptions.includes(payload.type)) continue;
    const endpoint = await ensureEndpoint(store, networkEID, app.appEID);
    if (!endpoint.enabled) continue;
    const now = new Date();
    try {
      await store.models.Delivery.create({
        networkEID,
        appEID: app.appEID,
        eventId: event.id,
        eventType: payload.type,
        payload: JSON.stringify(payload),
        url: app.url,
        nextAttemptAt: now,
        created: now,
      });
      made += 1;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error; // made by an earlier delivery of the event
    }
  }
  return made;
}

export function startWebhooksConsumer(
  runtime: ServiceRuntime,
  store: WebhookStore,
  wake: () => void,
): EventConsumer {
  return startEventConsumer({
    nats: runtime.nats,
    connection: runtime.db,
    durable: WEBHOOKS_DURABLE,
    events: WEBHOOK_EVENTS,
    logger: runtime.logger,
    handle: async (event) => {
      if ((await fanOut(store, runtime.rpc, event)) > 0) wake();
    },
  });
}
