/**
 * Push delivery wired into the service: the models, the providers by `notificationProvider`, the
 * worker, and the hook the alerts consumer runs once an alert is written (it queues the push).
 */
import type { ServiceRuntime } from '@ncs/service-kit';
import type { NotificationsConfig } from '../config.js';
import type { AlertWrittenHook } from '../alerts/models.js';
import { registerDeviceModels } from '../devices/models.js';
import { registerWhitelabelModels } from '../whitelabel/models.js';
import { fcmProvider } from './fcm.js';
import { enqueuePush, registerPushJobModels } from './jobs.js';
import { startPushWorker, type PushModels, type PushWorker } from './worker.js';

export function registerPushModels(runtime: ServiceRuntime): PushModels {
  return {
    ...registerDeviceModels(runtime.db),
    ...registerWhitelabelModels(runtime.db),
    ...registerPushJobModels(runtime.db),
  };
}

export interface PushService {
  readonly onAlert: AlertWrittenHook;
  start(): void;
  stop(): Promise<void>;
}

export function pushService(
  runtime: ServiceRuntime,
  models: PushModels,
  config: NotificationsConfig,
): PushService {
  let worker: PushWorker | undefined;
  return {
    onAlert: async (written) => {
      const queued = await enqueuePush(models, {
        networkEID: written.networkEID,
        recipientEID: written.recipientEID,
        eventId: written.eventId,
        alertEID: written.alertId,
        messageType: written.alertType,
      });
      if (queued > 0) worker?.wake();
    },
    start() {
      worker = startPushWorker({
        models,
        providers: {
          fcm: fcmProvider({
            baseUrl: config.FCM_BASE_URL,
            accessToken: config.FCM_ACCESS_TOKEN,
          }),
        },
        defaultProjectId: config.FCM_PROJECT_ID,
        backoff: {
          baseMs: config.PUSH_RETRY_BASE_MS,
          maxMs: config.PUSH_RETRY_MAX_MS,
          maxAttempts: config.PUSH_MAX_ATTEMPTS,
        },
        timeoutMs: config.PUSH_TIMEOUT_MS,
        leaseMs: config.PUSH_LEASE_MS,
        sweepMs: config.PUSH_SWEEP_MS,
        concurrency: config.PUSH_CONCURRENCY,
        logger: runtime.logger,
      });
    },
    async stop() {
      await worker?.stop();
    },
  };
}
