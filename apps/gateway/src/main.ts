import { telemetry } from './instrument.js';
import {
  connectNats,
  createLogger,
  createRpcClient,
  drainOrClose,
  onShutdown,
  startMetricsServer,
} from '@ncs/service-kit';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';
import { withBulkheads } from './request-path/bulkhead.js';

const config = loadGatewayConfig();
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const nats = await connectNats({ url: config.NATS_URL, name: 'gateway', logger });
const rpc = withBulkheads(createRpcClient(nats, { timeoutMs: config.RPC_TIMEOUT_MS }), {
  maxInFlight: config.RPC_MAX_IN_FLIGHT,
  maxQueued: config.RPC_MAX_QUEUED,
  defaultTimeoutMs: config.RPC_TIMEOUT_MS,
});
const { app } = await buildGateway({ config, nats, rpc, logger });
const address = await app.listen({ port: config.PORT, host: config.HOST });
logger.info({ address }, 'gateway listening');
// Metrics on a port of their own, never on the public API port.
const metrics =
  config.METRICS_PORT === undefined
    ? undefined
    : await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST });
if (metrics) logger.info({ metricsPort: metrics.port }, 'metrics listening on /metrics');

onShutdown({
  logger,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  // Stop taking requests (and finish those in flight), then drain NATS, then flush traces.
  closers: [
    () => app.close(),
    () => drainOrClose(nats),
    ...(metrics ? [() => metrics.close()] : []),
    () => telemetry.shutdown(),
  ],
});
