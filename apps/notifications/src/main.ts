import { telemetry } from './instrument.js';
import { runService } from '@ncs/service-kit';
import { buildNotificationsService } from './app.js';
import { loadNotificationsConfig } from './config.js';

const config = loadNotificationsConfig();
await runService({
  service: 'notifications',
  version: '0.1.0',
  description: 'Alerts, badge counters, devices and push notifications',
  natsUrl: config.NATS_URL,
  mongoUrl: config.MONGO_URL,
  dbName: config.MONGO_DB,
  rpcTimeoutMs: config.RPC_TIMEOUT_MS,
  logLevel: config.LOG_LEVEL,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  build: () => buildNotificationsService(),
  onClosed: () => telemetry.shutdown(),
});
