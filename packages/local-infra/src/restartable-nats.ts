// A local nats-server that a test can restart on the same port and JetStream store directory (the
// notifications fault test): what a broker restart looks like to the services.
import { locateNatsServer } from './binaries.js';
import { defaultDataDir, openDataDir } from './data-dir.js';
import { readInfraEnvironment } from './infra-env.js';
import { localNatsEnvironment, waitForNats } from './nats.js';
import { findFreePort, LOOPBACK } from './ports.js';
import { spawnServer, type ServerProcess } from './server-process.js';

export interface RestartableNats {
  /** e.g. nats://127.0.0.1:41234, the same across restarts. */
  readonly url: string;
  /** Stops the server (SIGTERM) and starts it again on the same port and store; resolves once ready. */
  restart(): Promise<void>;
  /** Stops it and removes its data directory; idempotent. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 20_000;

export async function startRestartableNats(
  log: (message: string) => void = () => undefined,
): Promise<RestartableNats> {
  const binary = await locateNatsServer({ searchPath: readInfraEnvironment().searchPath, log });
  const dataDir = await openDataDir({ dataDir: defaultDataDir(), ephemeral: true, log });
  const storageDir = dataDir.serverDir('nats');
  const port = await findFreePort();
  const url = `nats://${LOOPBACK}:${port}`;
  const start = async (): Promise<ServerProcess> => {
    const server = await spawnServer({
      name: 'nats-server',
      command: binary,
      args: ['-js', '-a', LOOPBACK, '-p', String(port), '-sd', storageDir],
      logFile: dataDir.logFile('nats-server'),
      env: localNatsEnvironment(process.env),
    });
    await waitForNats(url, {
      timeoutMs: READY_TIMEOUT_MS,
      source: 'restartable nats-server',
      giveUp: () => server.exitReason(),
    });
    return server;
  };
  let server = await start();
  let stopping: Promise<void> | undefined;
  return {
    url,
    async restart() {
      await server.stop();
      server = await start();
    },
    stop: () =>
      (stopping ??= (async () => {
        await server.stop();
        await dataDir.release();
      })()),
  };
}
