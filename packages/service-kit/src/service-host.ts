/**
 * Hosting a service: connect NATS and the database, ensure the events stream, build the app's
 * module, create indexes, serve its RPC endpoints, relay its outbox, and shut down gracefully.
 * Tests use `createServiceRuntime` + `serveModule` to run one service in process.
 */
import type { Static, TObject } from '@sinclair/typebox';
import mongoose from 'mongoose';
import type { NatsConnection } from 'nats';
import type { ServiceName } from '@ncs/contracts';
import type { baseServiceConfig } from './config.js';
import { connectDatabase, syncIndexes } from './database.js';
import { checkInternalReplies } from './internal-handlers.js';
import { createLogger, type Logger } from './logger.js';
import { connectNats, drainOrClose } from './nats.js';
import { createOutbox, ensureEventsStream, type Outbox } from './outbox.js';
import { recordDeclaredIndexes, recordQueryShapes } from './query-shapes.js';
import { createRpcClient, type RpcClient } from './rpc-client.js';
import { startRpcServer, type RpcHandler, type RpcServer } from './rpc-server.js';
import { onShutdown } from './shutdown.js';
import { startMetricsServer } from './metrics.js';
import { startProbeServer, type ProbeChecks } from './probe-server.js';

export interface ServiceRuntime {
  readonly service: ServiceName;
  readonly logger: Logger;
  readonly nats: NatsConnection;
  readonly db: mongoose.Connection;
  readonly rpc: RpcClient;
  readonly outbox: Outbox;
  /** Tests only: where query shapes and declared indexes are recorded (`MONGO_COMMAND_LOG_DIR`). */
  readonly commandLogDir?: string;
}

/** What an app contributes: its handlers by subject, and optional background work. */
export interface ServiceModule {
  readonly handlers: ReadonlyMap<string, RpcHandler>;
  /** Runs after indexes exist and before endpoints are served (e.g. demo data). */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

export interface RuntimeOptions {
  readonly service: ServiceName;
  readonly natsUrl: string;
  readonly mongoUrl: string;
  readonly dbName: string;
  readonly rpcTimeoutMs: number;
  readonly logger?: Logger;
  readonly logLevel?: string;
  readonly commandLogDir?: string;
  /** The store's operations are timed (when metrics are served). */
  readonly measureOperations?: boolean;
}

export interface RuntimeHandle extends ServiceRuntime {
  close(): Promise<void>;
}

export async function createServiceRuntime(options: RuntimeOptions): Promise<RuntimeHandle> {
  const logger =
    options.logger ??
    createLogger({ service: options.service, ...(options.logLevel ? { level: options.logLevel } : {}) });
  const nats = await connectNats({ url: options.natsUrl, name: options.service, logger });
  const db = await connectDatabase({
    url: options.mongoUrl,
    dbName: options.dbName,
    logger,
    monitorCommands: options.commandLogDir !== undefined,
    measureOperations: options.measureOperations === true,
  });
  if (options.commandLogDir !== undefined) recordQueryShapes(db, options.service, options.commandLogDir);
  await ensureEventsStream(nats);
  const outbox = createOutbox({ connection: db, nats, service: options.service, logger });
  const rpc = createRpcClient(nats, { timeoutMs: options.rpcTimeoutMs });
  return {
    service: options.service,
    logger,
    nats,
    db,
    rpc,
    outbox,
    ...(options.commandLogDir !== undefined ? { commandLogDir: options.commandLogDir } : {}),
    async close() {
      await outbox.stop();
      await drainOrClose(nats);
      await db.close();
    },
  };
}

export interface ServedModule {
  readonly server: RpcServer;
  stop(): Promise<void>;
}

export async function serveModule(
  runtime: ServiceRuntime,
  module: ServiceModule,
  identity: { version: string; description: string },
): Promise<ServedModule> {
  await syncIndexes(runtime.db);
  await module.start?.();
  // After start: background work (e.g. event consumers) registers models of its own.
  if (runtime.commandLogDir !== undefined) {
    recordDeclaredIndexes(runtime.db, runtime.service, runtime.commandLogDir);
  }
  runtime.outbox.start();
  const server = await startRpcServer({
    nats: runtime.nats,
    service: runtime.service,
    version: identity.version,
    description: identity.description,
    logger: runtime.logger,
    handlers: module.handlers,
  });
  return {
    server,
    async stop() {
      await server.stop();
      await module.stop?.();
    },
  };
}

/** What every service reads from its environment (`baseServiceConfig` plus its database name). */
export type ServiceProcessConfig = Static<TObject<typeof baseServiceConfig>> & { readonly MONGO_DB: string };

export interface RunServiceOptions {
  readonly service: ServiceName;
  readonly version: string;
  readonly description: string;
  readonly config: ServiceProcessConfig;
  build(runtime: ServiceRuntime): Promise<ServiceModule> | ServiceModule;
  /** Flushed last, after everything else closed. */
  readonly telemetry?: { shutdown(): Promise<void> };
}

/** The whole life of a service process, for `src/main.ts`. */
export async function runService(options: RunServiceOptions): Promise<void> {
  const { config } = options;
  checkInternalReplies(config.NCS_CHECK_INTERNAL_REPLIES === true);
  const runtime = await createServiceRuntime({
    service: options.service,
    natsUrl: config.NATS_URL,
    mongoUrl: config.MONGO_URL,
    dbName: config.MONGO_DB,
    rpcTimeoutMs: config.RPC_TIMEOUT_MS,
    logLevel: config.LOG_LEVEL,
    measureOperations: config.METRICS_PORT !== undefined,
    ...(config.MONGO_COMMAND_LOG_DIR !== undefined ? { commandLogDir: config.MONGO_COMMAND_LOG_DIR } : {}),
  });
  const module = await options.build(runtime);
  const served = await serveModule(runtime, module, options);
  const telemetry = options.telemetry;
  // Scale-out: the probes, not ready again once shutting down.
  let serving = true;
  const probes =
    config.PROBE_PORT === undefined
      ? undefined
      : await startProbeServer({
          port: config.PROBE_PORT,
          checks: serviceProbeChecks(runtime, () => serving),
        });
  if (probes) runtime.logger.info({ probePort: probes.port }, 'probes listening on /health and /ready');
  const metrics =
    config.METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST });
  if (metrics) runtime.logger.info({ metricsPort: metrics.port }, 'metrics listening on /metrics');
  onShutdown({
    logger: runtime.logger,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    closers: [
      () => {
        serving = false;
        return Promise.resolve();
      },
      () => served.stop(),
      () => runtime.close(),
      ...(probes ? [() => probes.close()] : []),
      ...(metrics ? [() => metrics.close()] : []),
      ...(telemetry ? [() => telemetry.shutdown()] : []),
    ],
  });
  runtime.logger.info({ subjects: [...module.handlers.keys()] }, `${options.service} service ready`);
}

/** Scale-out: what `/ready` of a service checks. */
export function serviceProbeChecks(runtime: ServiceRuntime, serving: () => boolean): ProbeChecks {
  return {
    nats: async () => !runtime.nats.isClosed() && (await runtime.nats.rtt()) >= 0,
    database: () => runtime.db.readyState === mongoose.ConnectionStates.connected,
    rpc: serving,
  };
}
