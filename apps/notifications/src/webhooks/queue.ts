/**
 * Notifications: app webhooks (issue #13). Claiming a due delivery attempt: the due rows are read
 * on `{ nextAttemptAt }` (the one query across networks), and an attempt is claimed by a unique
 * insert keyed by the delivery, its attempt count and its due time; the winner moves the due time a
 * lease ahead, so if it dies the attempt falls due again under a new key (push/jobs.ts, same rule).
 */
import { isDuplicateKeyError } from '@ncs/service-kit';
import type { WebhookDeliveryDoc, WebhookModels } from './models.js';

const DUE_BATCH = 20;

export async function claimDueDelivery(models: WebhookModels, leaseMs: number) {
  const due = await models.Delivery.find({ nextAttemptAt: { $lte: new Date() } })
    .sort({ nextAttemptAt: 1 })
    .limit(DUE_BATCH)
    .lean<WebhookDeliveryDoc[]>();
  for (const delivery of due) {
    if (await claimDelivery(models, delivery, leaseMs)) return delivery;
  }
  return null;
}

/**
 * Claims the attempt of `delivery` as it was read; false when another holder has it or the row has
 * moved on since (settled: a stale read could otherwise claim the attempt again once the settler
 * deleted its claims, and send it twice — push/jobs.ts `claimJob`, same rule).
 */
export async function claimDelivery(
  models: WebhookModels,
  delivery: WebhookDeliveryDoc,
  leaseMs: number,
): Promise<boolean> {
  const deliveryId = String(delivery._id);
  const claimId = `${deliveryId}:${delivery.attempts}:${delivery.nextAttemptAt!.getTime()}`;
  try {
    await models.Claim.create({ _id: claimId, networkEID: delivery.networkEID, deliveryId });
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
  const leased = await models.Delivery.updateOne(
    {
      _id: delivery._id,
      networkEID: delivery.networkEID,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.nextAttemptAt,
    },
    { $set: { nextAttemptAt: new Date(Date.now() + leaseMs) } },
  );
  if (leased.matchedCount === 0) {
    await models.Claim.deleteOne({ _id: claimId, networkEID: delivery.networkEID });
    return false;
  }
  return true;
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
