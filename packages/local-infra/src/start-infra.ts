// startInfra: finds or starts NATS (with JetStream) and a MongoDB-compatible store, in this order of
// preference, each independently: the URL from the environment; a container where a Docker engine
// is reachable; a local server on a free loopback port (nats-server; mongod, else FerretDB). The store
// may instead be named with NCS_STORE=mongo-java-server[:memory] (mongo-java-server.ts).
import { locateMongod, locateNatsServer } from './binaries.js';
import {
  isContainerRuntimeReachable,
  MONGO_IMAGE,
  NATS_IMAGE,
  startMongoContainer,
  startNatsContainer,
} from './containers.js';
import type { DataDir } from './data-dir.js';
import { defaultDataDir, openDataDir } from './data-dir.js';
import { MissingPrerequisiteError } from './errors.js';
import { ensureFerretDb } from './ferretdb-build.js';
import type { InfraEnvironment } from './infra-env.js';
import { readInfraEnvironment } from './infra-env.js';
import type { LocalProcess, RunningServer } from './local-server.js';
import { startLocalFerretDb, startLocalMongod, waitForMongo } from './mongo.js';
import {
  ensureMongoJavaServer,
  javaToolsPresent,
  parseStoreSelection,
  startLocalMongoJavaServer,
} from './mongo-java-server.js';
import { startLocalNats, waitForNats } from './nats.js';
import type { Supervision } from './supervisor.js';
import { describeDuration, errorMessage } from './timeouts.js';

export interface InfraOptions {
  /** Directory for data and logs of servers it starts; default `<repo root>/.ncs` (gitignored). */
  dataDir?: string;
  /** true: a fresh, empty store and NATS storage in a temp dir removed on stop (tests). false: persistent under dataDir (npm start). Default false. */
  ephemeral?: boolean;
  /** Progress messages (e.g. "building FerretDB v1.24.2 (first run only, ~1 min)"); default: none. */
  log?: (message: string) => void;
  /**
   * Restart a server started here (nats-server, the local store) that exits, on the same port and
   * data (`npm start`); default: none, so a test that kills one sees it stay down. A server from the
   * environment or a container is someone else's to restart.
   */
  supervision?: Supervision;
}

export interface Infra {
  natsUrl: string; // e.g. nats://127.0.0.1:41234
  mongoUrl: string; // e.g. mongodb://127.0.0.1:41235/  (no database name; each service picks its db)
  kind: {
    nats: 'env' | 'container' | 'local';
    mongo: 'env' | 'container' | 'mongod' | 'ferretdb' | 'mongo-java-server';
  };
  /** The server processes started here (not those of the environment or containers). */
  processes: readonly LocalProcess[];
  stop(): Promise<void>; // stops only what it started; idempotent
}

type Provided<Kind> = RunningServer & { kind: Kind };

/** A server named in the environment is only waited for: someone else runs it. */
const ENV_READY_TIMEOUT_MS = 30_000;

const leaveRunning = (): Promise<void> => Promise.resolve();

interface Context {
  env: InfraEnvironment;
  containers: boolean;
  /** A throw-away store (tests): mongo-java-server keeps it in memory. */
  ephemeral: boolean;
  dataDir: () => Promise<DataDir>;
  log: (message: string) => void;
  supervision: Supervision | undefined;
}

async function provideNats(context: Context): Promise<Provided<Infra['kind']['nats']>> {
  const { env, log } = context;
  if (env.natsUrl) {
    await waitForNats(env.natsUrl, { timeoutMs: ENV_READY_TIMEOUT_MS, source: 'NATS_URL' });
    return { kind: 'env', url: env.natsUrl, stop: leaveRunning };
  }
  if (context.containers) {
    try {
      log(`starting a ${NATS_IMAGE} container with JetStream`);
      const server = await startNatsContainer();
      await waitForNats(server.url, { timeoutMs: ENV_READY_TIMEOUT_MS, source: 'container' });
      return { kind: 'container', ...server };
    } catch (error) {
      log(`NATS container failed (${errorMessage(error)}); starting a local nats-server instead`);
    }
  }
  const binary = await locateNatsServer({ searchPath: env.searchPath, log });
  const dataDir = await context.dataDir();
  log(`starting nats-server (data and log in ${dataDir.root})`);
  return { kind: 'local', ...(await startLocalNats(binary, dataDir, context.supervision)) };
}

async function provideMongo(context: Context): Promise<Provided<Infra['kind']['mongo']>> {
  const { env, log } = context;
  if (env.mongoUrl) {
    await waitForMongo(env.mongoUrl, { timeoutMs: ENV_READY_TIMEOUT_MS, source: 'MONGO_URL' });
    return { kind: 'env', url: env.mongoUrl, stop: leaveRunning };
  }
  // NCS_STORE: mongo-java-server goes before a container, by name or by default
  // (`auto`) when a JDK and Maven are there: in memory for a throw-away store (tests), else its H2
  // file under the data directory (npm start).
  let store = parseStoreSelection(env.store);
  if (store.kind === 'auto') {
    if (javaToolsPresent({ searchPath: env.searchPath })) {
      store = { kind: 'mongo-java-server', backend: context.ephemeral ? 'memory' : 'h2' };
    } else {
      log('no JDK or Maven for mongo-java-server (NCS_STORE=auto): using FerretDB');
      store = { kind: 'default' };
    }
  }
  if (store.kind === 'mongo-java-server') {
    const install = await ensureMongoJavaServer({
      cacheHome: env.cacheHome,
      searchPath: env.searchPath,
      log,
    });
    const dataDir = await context.dataDir();
    log(`starting mongo-java-server (${store.backend}; data and log in ${dataDir.root})`);
    return {
      kind: 'mongo-java-server',
      ...(await startLocalMongoJavaServer(install, dataDir, store.backend, context.supervision)),
    };
  }
  if (context.containers) {
    try {
      log(`starting a ${MONGO_IMAGE} container`);
      const server = await startMongoContainer();
      await waitForMongo(server.url, { timeoutMs: ENV_READY_TIMEOUT_MS, source: 'container' });
      return { kind: 'container', ...server };
    } catch (error) {
      log(`MongoDB container failed (${errorMessage(error)}); starting a local server instead`);
    }
  }
  const mongod = locateMongod({ searchPath: env.searchPath });
  if (mongod) {
    const dataDir = await context.dataDir();
    log(`starting mongod (data and log in ${dataDir.root})`);
    return { kind: 'mongod', ...(await startLocalMongod(mongod, dataDir, context.supervision)) };
  }
  const ferretdb = await ensureFerretDb({ cacheHome: env.cacheHome, searchPath: env.searchPath, log });
  const dataDir = await context.dataDir();
  log(`starting FerretDB (SQLite; data and log in ${dataDir.root})`);
  return { kind: 'ferretdb', ...(await startLocalFerretDb(ferretdb, dataDir, context.supervision)) };
}

/** Runs each function once, even when called concurrently. */
function once<T>(create: () => Promise<T>): { get: () => Promise<T>; created: () => Promise<T> | undefined } {
  let value: Promise<T> | undefined;
  return { get: () => (value ??= create()), created: () => value };
}

function rejections(results: ReadonlyArray<PromiseSettledResult<unknown>>): unknown[] {
  return results.flatMap((result): unknown[] => (result.status === 'rejected' ? [result.reason] : []));
}

/** Runs all, even when some fail; returns the failures. */
async function settleAll(stops: ReadonlyArray<() => Promise<void>>): Promise<unknown[]> {
  return rejections(await Promise.allSettled(stops.map((stop) => stop())));
}

export async function startInfra(options: InfraOptions = {}): Promise<Infra> {
  const log = options.log ?? (() => undefined);
  const ephemeral = options.ephemeral ?? false;
  const env = readInfraEnvironment();
  const started = Date.now();

  const containers = (!env.natsUrl || !env.mongoUrl) && (await isContainerRuntimeReachable());
  const dataDir = once(() => openDataDir({ dataDir: options.dataDir ?? defaultDataDir(), ephemeral, log }));
  const releaseDataDir = async (): Promise<void> => {
    const opened = dataDir.created();
    if (opened) await (await opened).release();
  };
  const context: Context = {
    env,
    containers,
    ephemeral,
    dataDir: dataDir.get,
    log,
    supervision: options.supervision,
  };

  // Both at once: the FerretDB build may take a minute, nats-server is up in milliseconds.
  const [nats, mongo] = await Promise.allSettled([provideNats(context), provideMongo(context)]);
  if (nats.status === 'rejected' || mongo.status === 'rejected') {
    await settleAll(
      [nats, mongo].flatMap((result) => (result.status === 'fulfilled' ? [result.value.stop] : [])),
    );
    await releaseDataDir().catch(() => undefined);
    const reasons = rejections([nats, mongo]);
    // A missing program is what the user can fix: report it first, whatever else failed.
    throw reasons.find((reason) => reason instanceof MissingPrerequisiteError) ?? reasons[0];
  }
  log(
    `NATS ${nats.value.url} (${nats.value.kind}) and MongoDB ${mongo.value.url} (${mongo.value.kind}) ` +
      `ready in ${describeDuration(Date.now() - started)}`,
  );

  let stopping: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    // Mongo and NATS do not depend on each other; the data directory goes once both are down.
    const errors = await settleAll([mongo.value.stop, nats.value.stop]);
    errors.push(...(await settleAll([releaseDataDir])));
    if (errors.length > 0) {
      throw new AggregateError(
        errors,
        `stopping the infrastructure failed: ${errors.map(errorMessage).join('; ')}`,
      );
    }
  };
  return {
    natsUrl: nats.value.url,
    mongoUrl: mongo.value.url,
    kind: { nats: nats.value.kind, mongo: mongo.value.kind },
    processes: [nats.value.process, mongo.value.process].filter((server) => server !== undefined),
    stop: () => (stopping ??= stop()),
  };
}
