// Starting one local server on a free loopback port and waiting until it answers, with a retry when
// the port was taken between asking the OS and binding it.
import type { DataDir } from './data-dir.js';
import { findFreePort } from './ports.js';
import { spawnServer } from './server-process.js';
import { errorMessage } from './timeouts.js';

export interface RunningServer {
  url: string;
  /** Stops the server; idempotent. */
  stop: () => Promise<void>;
}

export interface LocalServerSpec {
  /** Name for messages, the log file (`<name>.log`) and the pid file. */
  name: string;
  command: string;
  args(port: number): string[];
  url(port: number): string;
  /** Variables added to the server's environment. */
  env?: Readonly<Record<string, string>>;
  /** Resolves once the server at `url` answers; `giveUp` tells whether the process has exited. */
  waitUntilReady(url: string, giveUp: () => string | undefined): Promise<void>;
}

const ATTEMPTS = 3;

export async function startLocalServer(spec: LocalServerSpec, dataDir: DataDir): Promise<RunningServer> {
  const logFile = dataDir.logFile(spec.name);
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const port = await findFreePort();
    const url = spec.url(port);
    const server = await spawnServer({
      name: spec.name,
      command: spec.command,
      args: spec.args(port),
      logFile,
      ...(spec.env ? { env: spec.env } : {}),
    });
    dataDir.recordServer(spec.name, server.pid);
    const stop = async (): Promise<void> => {
      await server.stop();
      dataDir.forgetServer(spec.name);
    };
    try {
      await spec.waitUntilReady(url, () => {
        const reason = server.exitReason();
        return reason === undefined ? undefined : `${spec.name} ${reason}`;
      });
      return { url, stop };
    } catch (error) {
      lastError = error;
      const exitedEarly = server.exitReason() !== undefined;
      const logTail = server.logTail();
      await stop();
      // Only an early exit may be a port taken meanwhile; a server that runs but does not answer will
      // not do better on another port.
      if (!exitedEarly || attempt === ATTEMPTS) {
        throw new Error(`${errorMessage(error)}\nLast lines of ${logFile}:\n${logTail}`, { cause: error });
      }
    }
  }
  throw lastError;
}
