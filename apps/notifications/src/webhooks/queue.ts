/**
 * Notifications: app webhooks (issue #13). A due delivery attempt is claimed as every queue of
 * attempts here is (`due-claims.ts`: a unique insert into `webhook_claims` keyed by the delivery,
 * its attempt count and its due time, then a lease); its outcome is settled on the row.
 */
import { claimAttempt, claimDue, type DueQueue } from '../due-claims.js';
import type { WebhookDeliveryDoc, WebhookModels } from './models.js';

/** The deliveries as `due-claims.ts` claims from them. */
function dueQueue(models: WebhookModels): DueQueue<WebhookDeliveryDoc> {
  return { rows: models.Delivery, claims: models.Claim, rowIdField: 'deliveryId' };
}

/** The next due delivery attempt, now held by the caller for `leaseMs`, or null. */
export function claimDueDelivery(models: WebhookModels, leaseMs: number): Promise<WebhookDeliveryDoc | null> {
  return claimDue(dueQueue(models), leaseMs);
}

/** Claims the attempt of `delivery` as it was read; false when another holds it or the row moved on since. */
export async function claimDelivery(
  models: WebhookModels,
  delivery: WebhookDeliveryDoc,
  leaseMs: number,
): Promise<boolean> {
  return (await claimAttempt(dueQueue(models), delivery, leaseMs)) !== null;
}

/** The attempt's outcome on the row: delivered, failed, or due again after `retryInMs`. */
export async function settleDelivery(
  models: WebhookModels,
  delivery: WebhookDeliveryDoc,
  outcome: { statusCode: number | null; delivered: boolean; retryInMs: number | null },
) {
  const now = new Date();
  const finished = outcome.delivered || outcome.retryInMs === null;
  await models.Delivery.updateOne(
    { _id: delivery._id, networkEID: delivery.networkEID },
    {
      $set: {
        attempts: delivery.attempts + 1,
        lastStatusCode: outcome.statusCode,
        status: outcome.delivered ? 'delivered' : finished ? 'failed' : 'pending',
        nextAttemptAt: finished ? null : new Date(now.getTime() + outcome.retryInMs!),
        manual: false,
        ...(outcome.delivered ? { deliveredAt: now } : {}),
      },
    },
  );
  if (finished)
    await models.Claim.deleteMany({ networkEID: delivery.networkEID, deliveryId: String(delivery._id) });
}
