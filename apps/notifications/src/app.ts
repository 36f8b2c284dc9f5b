/**
 * The notifications service as a module: its models, its handlers by NATS subject, and the durable
 * consumer that turns domain events into alerts (started with the module, stopped before NATS
 * closes). `main.ts` hosts it; the conformance test keeps `notificationsHandlers` in step with the
 * route table.
 */
import { routesOf } from '@ncs/contracts';
import { bindRoutes, type EventConsumer, type ServiceModule, type ServiceRuntime } from '@ncs/service-kit';
import { registerAlertModels } from './alerts/models.js';
import { startAlertsConsumer } from './consumers/alerts-consumer.js';
import { internalHandlers, notificationsHandlers } from './handlers.js';
// Devices and push.
import { loadNotificationsConfig, type NotificationsConfig } from './config.js';
import { pushService, registerPushModels } from './push/service.js';
// Notifications: app alerts and the live stream.
import { registerAppAlertModels } from './app-alerts/models.js';
import { startAppAlertsConsumer } from './app-alerts/consumer.js';
// Notifications: the live stream.
import { streamInternalHandlers } from './stream/handlers.js';
import { liveNotices } from './stream/live.js';
// Notifications: app webhooks.
import { webhookService } from './webhooks/service.js';

export { internalHandlers, notificationsHandlers } from './handlers.js';

export function buildNotificationsService(
  runtime: ServiceRuntime,
  config: NotificationsConfig = loadNotificationsConfig(),
): ServiceModule {
  const push = registerPushModels(runtime);
  const pushing = pushService(runtime, push, config);
  // Every alert written (events, app alerts, pending app alerts) queues its push
  // and tells the recipient's live streams.
  const models = {
    ...registerAlertModels(runtime.db, pushing.onAlert),
    live: liveNotices(runtime.outbox),
  };
  const appAlerts = registerAppAlertModels(runtime.db);
  const webhooks = webhookService(runtime, models, config); // Notifications: app webhooks.
  const handlers = bindRoutes(routesOf('notifications'), notificationsHandlers, {
    models,
    push,
    appAlerts,
    rpc: runtime.rpc,
    webhooks: webhooks.store, // Notifications: app webhooks.
  });
  for (const [subject, handler] of Object.entries(internalHandlers(models))) handlers.set(subject, handler);
  // Notifications: the live stream.
  for (const [subject, handler] of Object.entries(streamInternalHandlers(models)))
    handlers.set(subject, handler);
  let consumer: EventConsumer | undefined;
  let appAlertsConsumer: EventConsumer | undefined;
  return {
    handlers,
    start() {
      pushing.start();
      consumer = startAlertsConsumer(runtime, models, config.ALERTS_CONCURRENCY);
      appAlertsConsumer = startAppAlertsConsumer(runtime, models, appAlerts);
      webhooks.start(); // Notifications: app webhooks.
      return Promise.resolve();
    },
    async stop() {
      await consumer?.stop();
      await pushing.stop();
      await appAlertsConsumer?.stop();
      await webhooks.stop(); // Notifications: app webhooks.
    },
  };
}
