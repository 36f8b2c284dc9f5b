/**
 * Notifications: app webhooks. A due delivery attempt is claimed as every queue of
 * attempts here is (`due-claims.ts`: a unique insert into `webhook_claims` keyed by the delivery,
 * its claims so far and its due time, then a lease that counts the claim); its outcome is settled
 * on the row, only while the lease holds.
 */
import { claimAttempt, claimDue, heldFilter, type DueQueue, type HeldRow } from '../due-claims.js';
import type { WebhookDeliveryDoc, WebhookModels } from './models.js';

/** The deliveries as `due-claims.ts` claims from them. */
function dueQueue(models: WebhookModels): DueQueue<WebhookDeliveryDoc> {
  return { rows: models.Delivery, claims: models.Claim, rowIdField: 'deliveryId' };
}

/** A delivery as the holder of its attempt has it (due-claims.ts). */
export type HeldDelivery = HeldRow<WebhookDeliveryDoc>;

/** The next due delivery attempt, now held by the caller for `leaseMs`, or null. */
export function claimDueDelivery(models: WebhookModels, leaseMs: number): Promise<HeldDelivery | null> {
  return claimDue(dueQueue(models), leaseMs);
}

/** Claims the attempt of `delivery` as it was read; null when another holds it or the row moved on since. */
export function claimDelivery(
  models: WebhookModels,
  delivery: WebhookDeliveryDoc,
  leaseMs: number,
): Promise<HeldDelivery | null> {
  return claimAttempt(dueQueue(models), delivery, leaseMs);
}

/**
 * The attempt's outcome on the row: delivered, failed, or due again after `retryInMs`; `sent`
 * false for an attempt given up without a send (it adds nothing to `attempts`). False (nothing
 * written) when the caller no longer held the attempt: its outcome came after its lease.
 */
export async function settleDelivery(
  models: WebhookModels,
  delivery: HeldDelivery,
  outcome: { statusCode: number | null; delivered: boolean; retryInMs: number | null; sent?: boolean },
): Promise<boolean> {
  const now = new Date();
  const finished = outcome.delivered || outcome.retryInMs === null;
  const settled = await models.Delivery.updateOne(heldFilter(delivery), {
    $set: {
      attempts: delivery.attempts + (outcome.sent === false ? 0 : 1),
      lastStatusCode: outcome.sent === false ? delivery.lastStatusCode : outcome.statusCode,
      status: outcome.delivered ? 'delivered' : finished ? 'failed' : 'pending',
      nextAttemptAt: finished ? null : new Date(now.getTime() + outcome.retryInMs!),
      manual: false,
      ...(outcome.delivered ? { deliveredAt: now } : {}),
    },
  });
  if (settled.matchedCount === 0) return false;
  if (finished)
    await models.Claim.deleteMany({ networkEID: delivery.networkEID, deliveryId: String(delivery._id) });
  return true;
}
