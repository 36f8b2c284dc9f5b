import { telemetry } from './instrument.js';
import { runService } from '@ncs/service-kit';
import { buildKnowledgeBaseService } from './app.js';
import { loadKnowledgeBaseConfig } from './config.js';

const config = loadKnowledgeBaseConfig();
await runService({
  service: 'kb',
  version: '0.1.0',
  description: 'Knowledge-base home, categories, managers and pages',
  natsUrl: config.NATS_URL,
  mongoUrl: config.MONGO_URL,
  dbName: config.MONGO_DB,
  rpcTimeoutMs: config.RPC_TIMEOUT_MS,
  logLevel: config.LOG_LEVEL,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  build: () => buildKnowledgeBaseService(),
  onClosed: () => telemetry.shutdown(),
});
