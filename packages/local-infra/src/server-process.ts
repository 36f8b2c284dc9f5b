// Long-running servers started by this package (nats-server, mongod, ferretdb): output to a log file,
// own process group (so a Ctrl-C in the terminal does not kill them before the apps that use them
// have shut down), stopped by SIGTERM then SIGKILL, and killed when this process goes away.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

import type { ProcessExit } from './supervisor.js';
import { settlesWithin, withTimeout } from './timeouts.js';

const STOP_GRACE_MS = 5_000;
const KILL_WAIT_MS = 2_000;

export interface ServerProcessOptions {
  /** Short name for messages, e.g. "nats-server". */
  name: string;
  command: string;
  args: readonly string[];
  /** Its stdout and stderr are appended here. */
  logFile: string;
  cwd?: string;
  /** Variables added to this process's environment. */
  env?: Readonly<Record<string, string>>;
}

export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  readonly logFile: string;
  /** Why it has exited ("exited with code 1"), or undefined while it runs. */
  exitReason(): string | undefined;
  /** Settles once it has exited. */
  readonly exited: Promise<ProcessExit>;
  /** The last lines of its log file. */
  logTail(lines?: number): string;
  /** SIGTERM, then SIGKILL after a grace period; resolves once it has exited. Idempotent. */
  stop(): Promise<void>;
}

const running = new Set<ServerProcess & { terminate(): void }>();

function terminateAll(): void {
  for (const server of running) server.terminate();
}

// signal-exit (loaded by testcontainers, among others) also acts on a signal only when no one else
// listens. Count its listeners as passive, as signal-exit itself does with its other copies (v4 keeps
// its registry under a global symbol, v3 on `process`), or each would wait for the other forever.
function passiveSignalListeners(): number {
  const v4 = (globalThis as Record<symbol, { count?: unknown } | undefined>)[
    Symbol.for('signal-exit emitter')
  ];
  const v3 = (process as unknown as { __signal_exit_emitter__?: { count?: unknown } })
    .__signal_exit_emitter__;
  return [v4?.count, v3?.count].reduce<number>(
    (sum, count) => sum + (typeof count === 'number' ? count : 0),
    0,
  );
}

// A signal nobody else handles would end this process without an 'exit' event: terminate the
// servers, then re-raise it so the process ends as it would have. When the host handles the signal
// itself (the CLI, `npm start`, vitest), it is the host's job to call stop(), in the order it wants
// (apps first, then the servers they use).
function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) - 1 - passiveSignalListeners() > 0) return;
  terminateAll();
  removeProcessHooks();
  process.kill(process.pid, signal);
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let hooksInstalled = false;

function installProcessHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', terminateAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function removeProcessHooks(): void {
  if (!hooksInstalled) return;
  hooksInstalled = false;
  process.off('exit', terminateAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

export function readLogTail(logFile: string, lines = 30): string {
  try {
    const fd = fs.openSync(logFile, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const length = Math.min(size, 16 * 1024);
      const buffer = Buffer.alloc(length);
      fs.readSync(fd, buffer, 0, length, size - length);
      return buffer.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '(no log)';
  }
}

/** Starts a server; resolves once the OS has started the process (not once it answers). */
export async function spawnServer(options: ServerProcessOptions): Promise<ServerProcess> {
  const { name, command, args, logFile } = options;
  const logFd = fs.openSync(logFile, 'a');
  fs.writeSync(logFd, `\n--- ${new Date().toISOString()} ${command} ${args.join(' ')}\n`);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ? { ...process.env, ...options.env } : process.env,
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  fs.closeSync(logFd);

  let exitReason: string | undefined;
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => {
      exitReason = signal ? `was killed by ${signal}` : `exited with code ${code ?? '?'}`;
      running.delete(server);
      if (running.size === 0) removeProcessHooks();
      resolve({ code, signal });
    });
  });
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) => {
      exitReason ??= `could not be started (${error.message})`;
      reject(new Error(`${name} (${command}) could not be started: ${error.message}`));
    });
  });
  // Servers must not keep this process alive on their own: the 'exit' hook stops them.
  child.unref();

  const signalChild = (signal: NodeJS.Signals): void => {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  };

  let stopping: Promise<void> | undefined;
  const server = {
    name,
    logFile,
    get pid() {
      return child.pid ?? -1;
    },
    exitReason: () => exitReason,
    exited,
    logTail: (lines?: number) => readLogTail(logFile, lines),
    terminate: () => {
      if (exitReason === undefined) signalChild('SIGTERM');
    },
    stop: () => {
      stopping ??= (async () => {
        if (exitReason !== undefined) return;
        signalChild('SIGTERM');
        if (await settlesWithin(exited, STOP_GRACE_MS)) return;
        signalChild('SIGKILL');
        await withTimeout(exited, KILL_WAIT_MS, `stopping ${name} (pid ${child.pid})`);
      })();
      return stopping;
    },
  };

  await spawned;
  running.add(server);
  installProcessHooks();
  return server;
}
