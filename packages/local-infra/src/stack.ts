/**
 * Starting the whole platform from the built apps: the four services and the gateway as child
 * processes (each exactly as in production: `node --import ./dist/instrument.js ./dist/main.js`),
 * waiting until the gateway's `/ready` says every service answers. Used by `npm start`, the
 * end-to-end tests and the benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, type WriteStream } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instanceLogName, parseInstances, stackApps, type StackApp } from './instances.js';
import { findFreePort } from './ports.js';
import {
  describeExit,
  exitOf,
  superviseProcess,
  type SupervisedProcess,
  type SupervisedRun,
  type Supervision,
} from './supervisor.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export { stackApps, type StackApp } from './instances.js';

export interface StackOptions {
  readonly natsUrl: string;
  readonly mongoUrl: string;
  readonly port: number;
  /** Environment every process starts from (the caller's, usually). */
  readonly baseEnv: Record<string, string | undefined>;
  /** Extra variables per app, or for all (`'*'`). */
  readonly env?: Partial<Record<StackApp | '*', Record<string, string>>>;
  /** Each app's stdout and stderr go to `<logDir>/<app>.log`. */
  readonly logDir: string;
  /** Also called with every output line, prefixed by the app name (e.g. to show logs in a terminal). */
  readonly onLine?: (app: StackApp, line: string) => void;
  readonly readyTimeoutMs?: number;
  /**
   * Scale-out: instances per app, each its own process in the service's queue group
   * (a gateway beyond the first on a free port of its own); default from `baseEnv.NCS_INSTANCES`.
   */
  readonly instances?: Partial<Record<StackApp, number>>;
  /**
   * Scale-out: only these apps (default: all five). Without all of them the gateway's
   * `/ready` cannot pass: the stack waits for the gateway's `/health` and each service's `/ready`.
   */
  readonly apps?: readonly StackApp[];
  /**
   * Restart an instance that exits, once the stack is ready (`npm start`; supervisor.ts); default:
   * none, so what a test kills stays down. Each instance is then a process group of its own.
   */
  readonly supervision?: Supervision;
  /**
   * Prometheus metrics (`METRICS_PORT`): the first instance of each app named here on that port
   * (`npm start`: 9464…9468), every other instance on a free port of its own; 0 for the first
   * instance too (tests). Apps not named serve none.
   */
  readonly metricsPorts?: Partial<Record<StackApp, number>>;
}

export interface RunningApp {
  readonly app: StackApp;
  readonly child: ChildProcess;
  readonly logFile: string;
  readonly log: WriteStream;
  /** Where the instance answers `/health` and `/ready`: a service's `PROBE_PORT`, a gateway's `PORT`. */
  readonly probeUrl?: string;
  /** Where the instance serves `GET /metrics`, when it does. */
  readonly metricsUrl?: string;
}

export interface SpawnOptions {
  readonly natsUrl: string;
  readonly mongoUrl: string;
  readonly baseEnv: Record<string, string | undefined>;
  readonly env?: Record<string, string>;
  readonly logFile: string;
  /** Appended to instead of opening `logFile` (a restarted instance writes on where it left off). */
  readonly log?: WriteStream;
  readonly onLine?: (app: StackApp, line: string) => void;
  /**
   * Its own process group: a Ctrl-C in the terminal then reaches only the supervising process, which
   * stops the apps itself; an app that got the terminal's SIGINT too would exit at the same moment,
   * and its exit could not be told from a crash.
   */
  readonly ownProcessGroup?: boolean;
}

/**
 * Node's flags for every app, as the Dockerfile's CMD (tests/unit/compose.test.ts keeps them equal).
 * Footprint against CPU (measured in bench/README.md, "Node flags"): young-
 * generation semi-spaces of at most 4 MB (the default 16 MB each stays resident after a burst; 1 MB
 * made auth spend twice the CPU per request, every request's garbage being promoted and collected
 * again in the old generation), one V8 worker thread, and an old generation capped at 128 MB (a live
 * heap is 30–60 MB: V8 collects before it grows, so a streamed file's garbage does not show in RSS
 * and a pod of the Helm chart's 256 Mi limit is never killed for garbage), and no allocation-site
 * pretenuring (V8 took to allocating a request's objects straight in the old generation, where they
 * kept the rest of the request alive until a full collection: with service-kit's request tables,
 * auth promoted 7 KB per request instead of 45, bench/README.md "What outlived the young
 * generation"). No
 * `--enable-source-maps`: it keeps every module's source map in memory (~10 MB); stack traces name
 * the built files, which tsc keeps close to the sources.
 */
export const NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=4',
  '--v8-pool-size=1',
  '--max-old-space-size=128',
  '--no-allocation-site-pretenuring',
];

/**
 * The flags an app starts with: NODE_FLAGS, or `NCS_NODE_FLAGS` (space-separated) in place of them
 * to measure a variant; `NCS_CPU_PROF_DIR` adds a V8 CPU profile of each app, written at its exit
 * into `<dir>/<app>/` (bench/README.md: where the time goes).
 */
export function appNodeFlags(app: StackApp, env: Record<string, string | undefined>): string[] {
  const flags =
    env.NCS_NODE_FLAGS !== undefined ? env.NCS_NODE_FLAGS.split(/\s+/).filter(Boolean) : [...NODE_FLAGS];
  if (env.NCS_CPU_PROF_DIR) flags.push('--cpu-prof', `--cpu-prof-dir=${join(env.NCS_CPU_PROF_DIR, app)}`);
  return flags;
}

/** Starts one app from its build, as in production, with its output appended to `logFile`. */
export function spawnAppProcess(app: StackApp, options: SpawnOptions): RunningApp {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = options.log ?? createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(
    process.execPath,
    [
      ...appNodeFlags(app, { ...options.baseEnv, ...options.env }),
      '--import',
      './dist/instrument.js',
      './dist/main.js',
    ],
    {
      cwd: join(repoRoot, 'apps', app),
      env: {
        ...options.baseEnv,
        NATS_URL: options.natsUrl,
        MONGO_URL: options.mongoUrl,
        OTEL_SERVICE_NAME: app,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.ownProcessGroup ?? false,
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream?.pipe(log, { end: false });
    if (options.onLine) {
      let pending = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString('utf8')).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) if (line) options.onLine?.(app, line);
      });
    }
  }
  const port = app === 'gateway' ? options.env?.PORT : options.env?.PROBE_PORT;
  const metricsPort = options.env?.METRICS_PORT;
  return {
    app,
    child,
    logFile: options.logFile,
    log,
    ...(port ? { probeUrl: `http://127.0.0.1:${port}` } : {}),
    ...(metricsPort ? { metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` } : {}),
  };
}

export interface Stack {
  readonly baseUrl: string;
  /** Every instance, in start order; supervised, a restarted one takes its predecessor's place. */
  readonly apps: readonly RunningApp[];
  /**
   * Starts one more instance of an app (e.g. to test scaling or shutdown); give it a `PROBE_PORT`
   * (a gateway a `PORT`) in `extraEnv` to have its probes.
   */
  spawnApp(app: StackApp, extraEnv?: Record<string, string>): RunningApp;
  stop(): Promise<void>;
}

/** One instance of an app: its name in messages, and how to start it again as it was started. */
interface Instance {
  readonly name: string;
  readonly essential: boolean;
  respawn(): RunningApp;
}

function runOf(entry: RunningApp): SupervisedRun {
  let stopping: Promise<void> | undefined;
  return {
    pid: entry.child.pid ?? -1,
    exited: exitOf(entry.child),
    // Once: a second SIGTERM would end an app in the middle of its graceful shutdown.
    stop: () => (stopping ??= stopChild(entry.child).then(() => undefined)),
  };
}

export async function startStack(options: StackOptions): Promise<Stack> {
  mkdirSync(options.logDir, { recursive: true });
  /** The instance now at each index (a restarted one takes its predecessor's place). */
  const running: RunningApp[] = [];
  const instances: Instance[] = [];
  const supervisors: (SupervisedProcess | undefined)[] = [];
  const streams: WriteStream[] = [];
  const counts = { ...parseInstances(options.baseEnv.NCS_INSTANCES), ...options.instances };
  const started = new Map<StackApp, number>();
  let supervising = false;

  const supervise = (index: number): void => {
    const instance = instances[index];
    const entry = running[index];
    if (!options.supervision || !instance || !entry) return;
    supervisors[index] = superviseProcess(
      {
        name: instance.name,
        logFile: entry.logFile,
        essential: instance.essential,
        restart: () => Promise.resolve(runOf(instance.respawn())),
      },
      runOf(entry),
      options.supervision,
    );
  };

  const spawnApp = (app: StackApp, extraEnv: Record<string, string> = {}): RunningApp => {
    const n = (started.get(app) ?? 0) + 1;
    started.set(app, n);
    const logFile = join(options.logDir, instanceLogName(app, n));
    const env: Record<string, string> = {
      ...(app === 'gateway' ? { PORT: String(options.port), HOST: '127.0.0.1' } : {}),
      ...options.env?.['*'],
      ...options.env?.[app],
      ...extraEnv,
    };
    const spawnRun = (log?: WriteStream): RunningApp =>
      spawnAppProcess(app, {
        natsUrl: options.natsUrl,
        mongoUrl: options.mongoUrl,
        baseEnv: options.baseEnv,
        env,
        logFile,
        ...(log ? { log } : {}),
        ...(options.onLine ? { onLine: options.onLine } : {}),
        ownProcessGroup: options.supervision !== undefined,
      });
    const entry = spawnRun();
    streams.push(entry.log);
    const index = running.push(entry) - 1;
    instances[index] = {
      name: instanceLogName(app, n).replace(/\.log$/, ''),
      // The gateway on the stack's port: the address everyone was given.
      essential: app === 'gateway' && env.PORT === String(options.port),
      respawn: () => {
        const { child } = running[index] ?? entry;
        const last = describeExit({ code: child.exitCode, signal: child.signalCode });
        entry.log.write(`--- ${new Date().toISOString()} restarted (the last run ${last})\n`);
        const next = spawnRun(entry.log);
        running[index] = next;
        return next;
      },
    };
    if (supervising) supervise(index);
    return entry;
  };

  const stop = async () => {
    await Promise.all(running.map((entry, index) => supervisors[index]?.stop() ?? stopChild(entry.child)));
    for (const stream of streams) stream.end();
  };
  process.once('exit', () => {
    for (const entry of running) if (entry.child.exitCode === null) entry.child.kill('SIGKILL');
  });

  // Each instance with its probes on a port of its own; the first gateway on the stack's port.
  const apps = stackApps.filter((app) => options.apps?.includes(app) ?? true);
  for (const app of apps) {
    for (let n = 1; n <= counts[app]; n += 1) {
      const port = app === 'gateway' && n === 1 ? options.port : await findFreePort();
      const fixedMetrics = options.metricsPorts?.[app];
      const metricsPort =
        fixedMetrics === undefined
          ? undefined
          : n === 1 && fixedMetrics > 0
            ? fixedMetrics
            : await findFreePort();
      spawnApp(app, {
        [app === 'gateway' ? 'PORT' : 'PROBE_PORT']: String(port),
        ...(metricsPort === undefined ? {} : { METRICS_PORT: String(metricsPort) }),
      });
    }
  }
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilReady(
      baseUrl,
      running,
      options.readyTimeoutMs ?? 60_000,
      apps.length === stackApps.length,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  // Only from here: an app that fails while the stack starts fails the start, with its log.
  supervising = true;
  running.forEach((_entry, index) => supervise(index));
  return { baseUrl, apps: running, spawnApp, stop };
}

async function waitUntilReady(
  baseUrl: string,
  running: readonly RunningApp[],
  timeoutMs: number,
  everyApp: boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const exited = running.find((entry) => entry.child.exitCode !== null);
    if (exited)
      throw new Error(`${exited.app} exited with code ${exited.child.exitCode}:\n${tail(exited.logFile)}`);
    try {
      // The gateway's /ready (every service answers; its /health when some are not started), and
      // every instance's own.
      const urls = [
        `${baseUrl}/${everyApp ? 'ready' : 'health'}`,
        ...running.flatMap((entry) =>
          entry.probeUrl
            ? [`${entry.probeUrl}/${entry.app === 'gateway' && !everyApp ? 'health' : 'ready'}`]
            : [],
        ),
      ];
      const answers = await Promise.all(
        urls.map(async (url) => {
          const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
          return { url, ok: response.ok, text: await response.text() };
        }),
      );
      const notReady = answers.find((answer) => !answer.ok);
      if (!notReady) return;
      last = `${notReady.url}: ${notReady.text}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const logs = running.map((entry) => `--- ${entry.app}\n${tail(entry.logFile)}`).join('\n');
  throw new Error(`the platform was not ready within ${timeoutMs} ms (last answer: ${last})\n${logs}`);
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** SIGTERM, then SIGKILL after 8 s; resolves with the exit code. */
export function stopChild(child: ChildProcess, graceMs = 8_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolveExit(code);
    });
    child.kill('SIGTERM');
  });
}
