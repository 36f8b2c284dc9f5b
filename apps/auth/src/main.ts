import { telemetry } from './instrument.js';
import { runService } from '@ncs/service-kit';
import { buildAuthService } from './app.js';
import { loadAuthConfig } from './config.js';

const config = loadAuthConfig();
await runService({
  service: 'auth',
  version: '0.1.0',
  description: 'Identity, access and directory: OAuth tokens, accounts, networks and profiles',
  natsUrl: config.NATS_URL,
  mongoUrl: config.MONGO_URL,
  dbName: config.MONGO_DB,
  rpcTimeoutMs: config.RPC_TIMEOUT_MS,
  logLevel: config.LOG_LEVEL,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  build: (runtime) => buildAuthService(runtime, config),
  onClosed: () => telemetry.shutdown(),
});
