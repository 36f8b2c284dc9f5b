/**
 * Notifications: app webhooks. The delivery worker of one instance: claims due attempts
 * (queue.ts), signs and sends them (signing.ts, sender.ts), logs each attempt, and settles the row:
 * 2xx delivered; otherwise retried after the push backoff (exponential, equal jitter) until the
 * attempts are spent (a redelivery is one attempt). The endpoint's failure clock starts at its first
 * failure and stops at a success; a failure once it has run `disableAfterMs` disables the endpoint
 * and alerts the network's administrators (`app_webhook_disabled`, once per failure spell).
 * An attempt is sent only within its lease and settled only while the lease holds (due-claims.ts);
 * an attempt whose holder lost the lease counts toward the limit (a redelivery's one attempt too).
 */
import { internalSubjects, LATEST_VERSION, toTimestamp } from '@ncs/contracts';
import { newCounter, type Logger, type RpcClient } from '@ncs/service-kit';
import type { AlertModels } from '../alerts/models.js';
import { deliverAlert } from '../alerts/writing.js';
import { nextDelayMs, type BackoffPolicy } from '../push/backoff.js';
import { msgIdOf } from './deliveries.js';
import { openSecret, type WebhookStore } from './endpoints.js';
import type { WebhookDeliveryDoc, WebhookEndpointDoc } from './models.js';
import { sendBudgetMs } from '../due-claims.js';
import { claimDueDelivery, settleDelivery, type HeldDelivery } from './queue.js';
import { sendAttempt, type AttemptResult } from './sender.js';
import { signatureHeaders } from './signing.js';
import { startWorkLoop } from '../work-loop.js';

/** Attempts by what came of them: never the app, the URL or the network. */
const webhookDeliveries = newCounter({
  name: 'ncs_webhook_deliveries_total',
  help: 'Webhook delivery attempts, by outcome: delivered (2xx), rejected (another status), unanswered (no answer: timeout, refused, unreachable).',
  labelNames: ['outcome'],
});

export interface WebhookWorkerOptions {
  readonly store: WebhookStore;
  readonly alerts: AlertModels;
  readonly rpc: RpcClient;
  readonly backoff: BackoffPolicy;
  readonly timeoutMs: number;
  readonly allowPrivate: boolean;
  readonly disableAfterMs: number;
  readonly leaseMs: number;
  readonly sweepMs: number;
  readonly concurrency: number;
  readonly logger: Logger;
}

export interface WebhookWorker {
  wake(): void;
  stop(): Promise<void>;
}

/** Starts or stops the endpoint's failure clock; disables it past the window (true: just disabled). */
async function recordHealth(options: WebhookWorkerOptions, endpoint: WebhookEndpointDoc, ok: boolean) {
  const { Endpoint } = options.store.models;
  const key = { networkEID: endpoint.networkEID, appEID: endpoint.appEID };
  if (ok) {
    await Endpoint.updateOne({ ...key, failingSince: { $ne: null } }, { $set: { failingSince: null } });
    return false;
  }
  const now = new Date();
  await Endpoint.updateOne({ ...key, failingSince: null }, { $set: { failingSince: now } });
  const disabled = await Endpoint.updateOne(
    { ...key, enabled: true, failingSince: { $lte: new Date(now.getTime() - options.disableAfterMs) } },
    { $set: { enabled: false, disabledAt: now } },
  );
  if (disabled.modifiedCount === 0) return false;
  await alertDisabled(options, endpoint);
  return true;
}

/** `app_webhook_disabled` to the network's administrators, once per failure spell (its start). */
async function alertDisabled(options: WebhookWorkerOptions, endpoint: WebhookEndpointDoc) {
  const { networkEID, appEID } = endpoint;
  const now = await options.store.models.Endpoint.findOne({ networkEID, appEID }).lean<WebhookEndpointDoc>();
  const since = now?.failingSince ?? new Date();
  const ctx = { version: LATEST_VERSION, requestId: `webhook-disabled-${String(endpoint._id)}`, networkEID };
  const admins = await options.rpc.request(internalSubjects.networkAdmins, { ctx });
  const app = { type: 'app', EID: appEID };
  for (const recipientEID of admins.profileEIDs) {
    await deliverAlert(options.alerts, {
      networkEID,
      recipientEID,
      type: 'app_webhook_disabled',
      eventId: `webhook-disabled:${String(endpoint._id)}:${since.getTime()}`,
      occurredAt: new Date(),
      subject: app,
      originator: app,
      groupEIDs: [],
      appData: { failingSince: toTimestamp(since) },
    });
  }
}

export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { store } = options;

  async function attempt(
    delivery: WebhookDeliveryDoc,
    endpoint: WebhookEndpointDoc,
    timeoutMs: number,
  ): Promise<AttemptResult> {
    if (!delivery.url) return { statusCode: null, durationMs: 0, error: 'no URL in the manifest' };
    const headers = signatureHeaders(
      openSecret(store, endpoint),
      msgIdOf(String(delivery._id)),
      delivery.payload,
    );
    return sendAttempt(delivery.url, headers, delivery.payload, {
      timeoutMs,
      allowPrivate: options.allowPrivate,
    });
  }

  function lostLease(delivery: HeldDelivery) {
    options.logger.warn(
      { deliveryId: String(delivery._id) },
      'webhook delivery outcome dropped: the lease had lapsed',
    );
  }

  /** Claims beyond those allowed: the last allowed attempt's holder lost its lease. */
  const spent = (delivery: HeldDelivery) =>
    delivery.manual ? delivery.claims > delivery.attempts + 1 : delivery.claims > options.backoff.maxAttempts;

  async function process(delivery: HeldDelivery) {
    const { networkEID, appEID } = delivery;
    const endpoint = await store.models.Endpoint.findOne({ networkEID, appEID }).lean<WebhookEndpointDoc>();
    if (!endpoint?.enabled || spent(delivery)) {
      const given = { statusCode: null, delivered: false, retryInMs: null, sent: false };
      if (!(await settleDelivery(store.models, delivery, given))) lostLease(delivery);
      return;
    }
    const budgetMs = sendBudgetMs(delivery, options.timeoutMs);
    if (budgetMs === 0) return lostLease(delivery); // starved past the lease: the next claim takes it
    const result = await attempt(delivery, endpoint, budgetMs);
    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    webhookDeliveries.inc({
      outcome: delivered ? 'delivered' : result.statusCode === null ? 'unanswered' : 'rejected',
    });
    await store.models.Attempt.create({
      networkEID,
      deliveryId: String(delivery._id),
      at: new Date(),
      trigger: delivery.manual ? 'redeliver' : 'scheduled',
      ...result,
    });
    const disabled = await recordHealth(options, endpoint, delivered);
    const retryInMs =
      delivered || delivery.manual || disabled
        ? null
        : nextDelayMs(options.backoff, delivery.claims, undefined);
    const settled = await settleDelivery(store.models, delivery, {
      statusCode: result.statusCode,
      delivered,
      retryInMs,
    });
    if (!settled) return lostLease(delivery);
    if (retryInMs !== null) loop.later(retryInMs);
  }

  // The claim-and-process loop (work-loop.ts, shared with push).
  const loop = startWorkLoop({
    claim: () => claimDueDelivery(store.models, options.leaseMs),
    process,
    label: 'webhook delivery',
    idOf: (delivery) => ({ deliveryId: String(delivery._id) }),
    concurrency: options.concurrency,
    sweepMs: options.sweepMs,
    logger: options.logger,
  });
  return loop;
}
