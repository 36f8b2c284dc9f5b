// NATS with JetStream: waiting until a server answers, and running a local nats-server.
import { connect } from 'nats';

import type { DataDir } from './data-dir.js';
import type { LocalServerSpec, RunningServer } from './local-server.js';
import type { Supervision } from './supervisor.js';
import { startLocalServer } from './local-server.js';
import { LOOPBACK } from './ports.js';
import type { WaitOptions } from './timeouts.js';
import { pollUntil } from './timeouts.js';

/** Connects, checks JetStream is enabled for the account, and disconnects. */
async function probeNats(url: string): Promise<void> {
  const nc = await connect({ servers: url, timeout: 2_000, reconnect: false, name: 'ncs-local-infra-probe' });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.getAccountInfo();
  } finally {
    await nc.close();
  }
}

/** Resolves once NATS at `url` accepts a connection and has JetStream enabled. */
export async function waitForNats(url: string, options: WaitOptions): Promise<void> {
  await pollUntil(() => probeNats(url), {
    what: `NATS with JetStream at ${url} (${options.source})`,
    timeoutMs: options.timeoutMs,
    giveUp: options.giveUp,
  });
}

const LOCAL_READY_TIMEOUT_MS = 20_000;

/**
 * The local broker's environment: one processor for its Go code unless GOMAXPROCS is set. It shares
 * the machine with every app and the store and carries a few thousand messages a second; with one
 * per core, Go wakes an idle thread to look for work at nearly every message handed between two
 * connections, which on a 2-core VM cost a third more CPU per request when requests come one at a
 * time (bench/README.md, "The local broker on one processor"). A production
 * cluster is not started here and keeps Go's default.
 */
export function localNatsEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return { GOMAXPROCS: env.GOMAXPROCS || '1' };
}

/** `nats-server -js` on a free loopback port, its JetStream storage under `<data dir>/nats`. */
export function startLocalNats(
  binary: string,
  dataDir: DataDir,
  supervision?: Supervision,
): Promise<RunningServer> {
  const storageDir = dataDir.serverDir('nats');
  const spec: LocalServerSpec = {
    name: 'nats-server',
    command: binary,
    args: (port) => ['-js', '-a', LOOPBACK, '-p', String(port), '-sd', storageDir],
    url: (port) => `nats://${LOOPBACK}:${port}`,
    env: localNatsEnvironment(process.env),
    waitUntilReady: (url, giveUp) =>
      waitForNats(url, { timeoutMs: LOCAL_READY_TIMEOUT_MS, source: `local nats-server`, giveUp }),
  };
  return startLocalServer(spec, dataDir, supervision);
}
