/**
 * Notifications: app webhooks. The delivery log as the app reads it (newest first,
 * keyset on the EID, filtered by status; `total` counted up to TOTAL_CAP), one delivery with its
 * attempts, and `redeliver`: one more attempt now, with the same `webhook-id`, to the URL the
 * manifest names now.
 */
import { DomainError, isEid, toTimestamp, WEBHOOK_ATTEMPTS_SHOWN, type PlainResource } from '@ncs/contracts';
import { collectionOf, withStatus, type RequestOf } from '@ncs/service-kit';
import { ensureEndpoint, type WebhookCaller, type WebhookStore } from './endpoints.js';
import type { WebhookAttemptDoc, WebhookDeliveryDoc } from './models.js';

const TOTAL_CAP = 1000;
export const msgIdOf = (deliveryId: string) => `msg_${deliveryId}`;
const timeOrNull = (date: Date | null | undefined) => (date ? toTimestamp(date) : null);

function presentDelivery(doc: WebhookDeliveryDoc, attempts?: readonly WebhookAttemptDoc[]): PlainResource {
  const EID = String(doc._id);
  return {
    type: 'webhook_delivery',
    EID,
    app: { type: 'app', EID: doc.appEID },
    msgId: msgIdOf(EID),
    eventType: doc.eventType,
    eventId: doc.eventId,
    status: doc.status,
    numAttempts: doc.attempts,
    nextAttemptAt: timeOrNull(doc.nextAttemptAt),
    lastStatusCode: doc.lastStatusCode ?? null,
    payload: JSON.parse(doc.payload) as Record<string, unknown>,
    created: toTimestamp(doc.created),
    deliveredAt: timeOrNull(doc.deliveredAt),
    ...(attempts
      ? {
          attempts: attempts.map((a) => ({
            at: toTimestamp(a.at),
            trigger: a.trigger,
            statusCode: a.statusCode ?? null,
            durationMs: a.durationMs,
            error: a.error ?? null,
          })),
        }
      : {}),
  };
}

export async function listDeliveries(
  store: WebhookStore,
  caller: WebhookCaller,
  query: RequestOf<'webhookDelivery.list'>['query'],
) {
  const filter = {
    networkEID: caller.networkEID,
    appEID: caller.app.appEID,
    ...(query.status ? { status: query.status } : {}),
  };
  const limit = Math.min(query.limit ?? 20, 100);
  const [total, docs] = await Promise.all([
    store.models.Delivery.countDocuments(filter, { limit: TOTAL_CAP }),
    store.models.Delivery.find({ ...filter, ...(query.before ? { _id: { $lt: query.before } } : {}) })
      .sort({ _id: -1 })
      .limit(limit)
      .lean<WebhookDeliveryDoc[]>(),
  ]);
  return collectionOf(
    { itemType: 'webhook_delivery', rel: 'deliveries' },
    { limit, offset: 0 },
    total,
    docs.map((doc) => presentDelivery(doc)),
  );
}

async function findDelivery(store: WebhookStore, caller: WebhookCaller, deliveryEID: string) {
  const doc = isEid(deliveryEID)
    ? await store.models.Delivery.findOne({
        networkEID: caller.networkEID,
        appEID: caller.app.appEID,
        _id: deliveryEID,
      }).lean<WebhookDeliveryDoc>()
    : null;
  if (!doc) throw new DomainError('WEBHOOKS_ERR_DELIVERY_NOT_FOUND');
  return doc;
}

export async function getDelivery(store: WebhookStore, caller: WebhookCaller, deliveryEID: string) {
  const doc = await findDelivery(store, caller, deliveryEID);
  const attempts = await store.models.Attempt.find({ networkEID: caller.networkEID, deliveryId: deliveryEID })
    .sort({ at: -1 })
    .limit(WEBHOOK_ATTEMPTS_SHOWN)
    .lean<WebhookAttemptDoc[]>();
  return presentDelivery(doc, attempts);
}

/** Queues one attempt now (`manual`: not retried), unless one is queued already. */
export async function redeliver(
  store: WebhookStore,
  caller: WebhookCaller,
  deliveryEID: string,
  wake: () => void,
) {
  const doc = await findDelivery(store, caller, deliveryEID);
  if (caller.app.url === null) throw new DomainError('WEBHOOKS_ERR_NO_URL');
  const endpoint = await ensureEndpoint(store, caller.networkEID, caller.app.appEID);
  if (!endpoint.enabled) throw new DomainError('WEBHOOKS_ERR_ENDPOINT_DISABLED');
  await store.models.Delivery.updateOne(
    { networkEID: caller.networkEID, appEID: caller.app.appEID, _id: doc._id, status: { $ne: 'pending' } },
    // One attempt: the claims start again from the attempts made (the finished row's claims are gone).
    {
      $set: {
        status: 'pending',
        manual: true,
        nextAttemptAt: new Date(),
        url: caller.app.url,
        claims: doc.attempts,
      },
    },
  );
  wake();
  const fresh = await findDelivery(store, caller, deliveryEID);
  return withStatus(202, presentDelivery(fresh));
}
