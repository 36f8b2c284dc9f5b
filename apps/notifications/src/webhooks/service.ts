/**
 * Notifications: app webhooks wired into the service: the models and secret box, the
 * fan-out consumer and the delivery worker, started and stopped with the service.
 */
import type { EventConsumer, ServiceRuntime } from '@ncs/service-kit';
import type { AlertModels } from '../alerts/models.js';
import type { NotificationsConfig } from '../config.js';
import type { WebhookStore } from './endpoints.js';
import { startWebhooksConsumer } from './fanout.js';
import { registerWebhookModels } from './models.js';
import { secretBox } from './signing.js';
import { startWebhookWorker, type WebhookWorker } from './worker.js';

export interface WebhookService {
  readonly store: WebhookStore & { readonly wake: () => void };
  start(): void;
  stop(): Promise<void>;
}

export function webhookService(
  runtime: ServiceRuntime,
  alerts: AlertModels,
  config: NotificationsConfig,
): WebhookService {
  let worker: WebhookWorker | undefined;
  let consumer: EventConsumer | undefined;
  const base = { models: registerWebhookModels(runtime.db), box: secretBox(config.WEBHOOK_SECRET_KEY) };
  const store = { ...base, wake: () => worker?.wake() };
  return {
    store,
    start() {
      worker = startWebhookWorker({
        store: base,
        alerts,
        rpc: runtime.rpc,
        backoff: {
          baseMs: config.WEBHOOK_RETRY_BASE_MS,
          maxMs: config.WEBHOOK_RETRY_MAX_MS,
          maxAttempts: config.WEBHOOK_MAX_ATTEMPTS,
        },
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
        disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS,
        leaseMs: config.WEBHOOK_LEASE_MS,
        sweepMs: config.WEBHOOK_SWEEP_MS,
        concurrency: config.WEBHOOK_CONCURRENCY,
        logger: runtime.logger,
      });
      consumer = startWebhooksConsumer(runtime, base, store.wake);
    },
    async stop() {
      await consumer?.stop();
      await worker?.stop();
    },
  };
}
