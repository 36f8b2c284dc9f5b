import { telemetry } from './instrument.js';
import { runService } from '@ncs/service-kit';
import { buildMessagingService } from './app.js';
import { loadMessagingConfig } from './config.js';

const config = loadMessagingConfig();
await runService({
  service: 'messaging',
  version: '0.1.0',
  description: 'Messages, timelines, tasks, polls, events, chat, journeys and AI assistant settings',
  natsUrl: config.NATS_URL,
  mongoUrl: config.MONGO_URL,
  dbName: config.MONGO_DB,
  rpcTimeoutMs: config.RPC_TIMEOUT_MS,
  logLevel: config.LOG_LEVEL,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  build: () => buildMessagingService(),
  onClosed: () => telemetry.shutdown(),
});
