// Starting one local server on a free loopback port and waiting until it answers, with a retry when
// the port was taken between asking the OS and binding it; supervised (`npm start`), it is restarted
// on that same port and data directory, so the apps reconnect to the address they were given.
import type { DataDir } from './data-dir.js';
import { findFreePort } from './ports.js';
import { spawnServer, type ServerProcess } from './server-process.js';
import { superviseProcess, type SupervisedRun, type Supervision } from './supervisor.js';
import { errorMessage } from './timeouts.js';

/** A server process this package started: what to kill to try a fault, and where it logs. */
export interface LocalProcess {
  readonly name: string;
  /** Of the process now: a supervised server's changes when it is restarted. */
  readonly pid: number;
  readonly logFile: string;
}

export interface RunningServer {
  url: string;
  /** Stops the server; idempotent. */
  stop: () => Promise<void>;
  /** Absent for a server someone else runs (from the environment, a container). */
  process?: LocalProcess;
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

/** A server that did not come up; `exitedEarly`: its process had exited (a port taken meanwhile?). */
class ServerStartError extends Error {
  constructor(
    message: string,
    readonly exitedEarly: boolean,
    options: ErrorOptions,
  ) {
    super(message, options);
  }
}

function runOf(server: ServerProcess): SupervisedRun {
  return { pid: server.pid, exited: server.exited, stop: () => server.stop() };
}

export async function startLocalServer(
  spec: LocalServerSpec,
  dataDir: DataDir,
  supervision?: Supervision,
): Promise<RunningServer> {
  const logFile = dataDir.logFile(spec.name);
  /** Starts the server on `port`; resolves once it answers, else stops it and rejects. */
  const startOn = async (port: number, aborted: () => boolean = () => false): Promise<ServerProcess> => {
    const server = await spawnServer({
      name: spec.name,
      command: spec.command,
      args: spec.args(port),
      logFile,
      ...(spec.env ? { env: spec.env } : {}),
    });
    dataDir.recordServer(spec.name, server.pid);
    try {
      await spec.waitUntilReady(spec.url(port), () => {
        if (aborted()) return 'it is being stopped';
        const reason = server.exitReason();
        return reason === undefined ? undefined : `${spec.name} ${reason}`;
      });
      return server;
    } catch (error) {
      const exitedEarly = server.exitReason() !== undefined;
      const logTail = server.logTail();
      await server.stop();
      dataDir.forgetServer(spec.name);
      throw new ServerStartError(
        `${errorMessage(error)}\nLast lines of ${logFile}:\n${logTail}`,
        exitedEarly,
        {
          cause: error,
        },
      );
    }
  };

  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const port = await findFreePort();
    let server: ServerProcess;
    try {
      server = await startOn(port);
    } catch (error) {
      lastError = error;
      // Only an early exit may be a port taken meanwhile; a server that runs but does not answer will
      // not do better on another port.
      if (!(error instanceof ServerStartError && error.exitedEarly)) throw error;
      continue;
    }
    const url = spec.url(port);
    if (!supervision) {
      return {
        url,
        process: server,
        stop: async () => {
          await server.stop();
          dataDir.forgetServer(spec.name);
        },
      };
    }
    const supervised = superviseProcess(
      {
        name: spec.name,
        logFile,
        essential: true,
        restart: async (signal) => {
          try {
            return runOf(await startOn(port, () => signal.aborted));
          } catch (error) {
            // One line for the terminal; the log file is named when the server is given up.
            throw error instanceof ServerStartError ? error.cause : error;
          }
        },
      },
      runOf(server),
      supervision,
    );
    return {
      url,
      process: supervised,
      stop: async () => {
        await supervised.stop();
        dataDir.forgetServer(spec.name);
      },
    };
  }
  throw lastError;
}
