// The MongoDB-compatible store: waiting until a server answers a ping, and running a local mongod or
// FerretDB (SQLite backend).
import { MongoClient } from 'mongodb';

import type { DataDir } from './data-dir.js';
import type { LocalServerSpec, RunningServer } from './local-server.js';
import type { Supervision } from './supervisor.js';
import { startLocalServer } from './local-server.js';
import { LOOPBACK } from './ports.js';
import type { WaitOptions } from './timeouts.js';
import { pollUntil } from './timeouts.js';

async function probeMongo(url: string): Promise<void> {
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: 2_000,
    connectTimeoutMS: 2_000,
    socketTimeoutMS: 5_000,
    appName: 'ncs-local-infra-probe',
  });
  try {
    await client.db('admin').command({ ping: 1 });
  } finally {
    await client.close();
  }
}

/** Resolves once the server at `url` answers a `ping`. */
export async function waitForMongo(url: string, options: WaitOptions): Promise<void> {
  await pollUntil(() => probeMongo(url), {
    what: `MongoDB at ${url} (${options.source})`,
    timeoutMs: options.timeoutMs,
    giveUp: options.giveUp,
  });
}

const LOCAL_READY_TIMEOUT_MS = 60_000;

function mongoUrl(port: number): string {
  return `mongodb://${LOOPBACK}:${port}/`;
}

/** `mongod` on a free loopback port, its data under `<data dir>/mongod`. */
export function startLocalMongod(
  binary: string,
  dataDir: DataDir,
  supervision?: Supervision,
): Promise<RunningServer> {
  const dbPath = dataDir.serverDir('mongod');
  const spec: LocalServerSpec = {
    name: 'mongod',
    command: binary,
    args: (port) => ['--dbpath', dbPath, '--bind_ip', LOOPBACK, '--port', String(port)],
    url: mongoUrl,
    waitUntilReady: (url, giveUp) =>
      waitForMongo(url, { timeoutMs: LOCAL_READY_TIMEOUT_MS, source: 'local mongod', giveUp }),
  };
  return startLocalServer(spec, dataDir, supervision);
}

/** FerretDB with its SQLite backend on a free loopback port, its data under `<data dir>/ferretdb`. */
export function startLocalFerretDb(
  binary: string,
  dataDir: DataDir,
  supervision?: Supervision,
): Promise<RunningServer> {
  const dir = dataDir.serverDir('ferretdb');
  const spec: LocalServerSpec = {
    name: 'ferretdb',
    command: binary,
    args: (port) => [
      '--handler=sqlite',
      // FerretDB wants a directory URL ending with a slash; one .sqlite file per database goes there.
      `--sqlite-url=file:${dir}/`,
      '--telemetry=disable',
      `--listen-addr=${LOOPBACK}:${port}`,
      `--state-dir=${dir}`,
      '--debug-addr=-',
      '--log-level=warn',
    ],
    url: mongoUrl,
    waitUntilReady: (url, giveUp) =>
      waitForMongo(url, { timeoutMs: LOCAL_READY_TIMEOUT_MS, source: 'local FerretDB', giveUp }),
  };
  return startLocalServer(spec, dataDir, supervision);
}
