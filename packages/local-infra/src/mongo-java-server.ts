// mongo-java-server 1.47.0 (Maven Central), the second local store, chosen with
// NCS_STORE=mongo-java-server (H2 file backend: `npm start` keeps its data) or
// NCS_STORE=mongo-java-server:memory (nothing on disk: tests). Its jars are fetched once with Maven
// (java/pom.xml) and a small launcher (java/MongoJavaServerLauncher.java: loopback port, the wire
// version the Node driver 7 accepts, the H2 cache, a clean stop on SIGTERM) is compiled with javac,
// both into `~/.cache/ncs/mongo-java-server-1.47.0/`, reused when present.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { SearchOptions } from './binaries.js';
import { findExecutable } from './binaries.js';
import type { DataDir } from './data-dir.js';
import { MissingPrerequisiteError } from './errors.js';
import type { LocalServerSpec, RunningServer } from './local-server.js';
import { startLocalServer } from './local-server.js';
import { waitForMongo } from './mongo.js';
import { LOOPBACK } from './ports.js';
import { runCommand } from './run-command.js';
import type { Supervision } from './supervisor.js';
import { describeDuration, errorMessage } from './timeouts.js';

export const MONGO_JAVA_SERVER_VERSION = '1.47.0';
/** What the launcher announces: MongoDB 5.0's wire version (the driver 7 needs 9 or more). */
export const MONGO_JAVA_SERVER_WIRE_VERSION = 13;
const LAUNCHER_CLASS = 'MongoJavaServerLauncher';
/** H2's page cache; its default (16 MB) makes every scan read the file again. */
const H2_CACHE_MB = 256;
/** The JVM's heap: the memory backend keeps every document of the run in it. */
const JAVA_HEAP = '-Xmx1g';

const FETCH_TIMEOUT_MS = 10 * 60_000;
const COMPILE_TIMEOUT_MS = 3 * 60_000;
const LOCAL_READY_TIMEOUT_MS = 60_000;
const JAVA_FALLBACK_DIRS = ['/usr/lib/jvm/default-java/bin'];

export type MongoJavaServerBackend = 'h2' | 'memory';

/**
 * The store NCS_STORE names: `auto` (unset: mongo-java-server when a JDK and Maven are there, else
 * the chain), the chain itself (`ferretdb`: a container, else mongod, else FerretDB), or
 * mongo-java-server with a backend. Decisions: "The local store, measured".
 */
export type StoreSelection =
  { kind: 'auto' } | { kind: 'default' } | { kind: 'mongo-java-server'; backend: MongoJavaServerBackend };

const STORE_VALUES = [
  'auto',
  'ferretdb',
  'mongo-java-server',
  'mongo-java-server:h2',
  'mongo-java-server:memory',
];

/** NCS_STORE, read: unset is `auto`; anything unknown is an error naming the values. */
export function parseStoreSelection(value: string | undefined): StoreSelection {
  const store = value?.trim().toLowerCase() ?? '';
  if (store === '' || store === 'auto') return { kind: 'auto' };
  if (store === 'ferretdb' || store === 'default') return { kind: 'default' };
  if (store === 'mongo-java-server' || store === 'mongo-java-server:h2') {
    return { kind: 'mongo-java-server', backend: 'h2' };
  }
  if (store === 'mongo-java-server:memory') return { kind: 'mongo-java-server', backend: 'memory' };
  throw new Error(`NCS_STORE=${value ?? ''} is not a store: use one of ${STORE_VALUES.join(', ')}`);
}

/** Where this package's Java sources are: `java/` beside `src/` and `dist/`. */
const JAVA_SOURCES = fileURLToPath(new URL('../java/', import.meta.url));

export function mongoJavaServerCacheDir(cacheHome: string): string {
  return path.join(cacheHome, 'ncs', `mongo-java-server-${MONGO_JAVA_SERVER_VERSION}`);
}

export interface MongoJavaServerInstall {
  java: string;
  /** The compiled launcher (a directory per version of its source, so an edit recompiles it). */
  classesDir: string;
  /** The jars of mongo-java-server and its dependencies. */
  libDir: string;
}

export interface CommandLineOptions {
  port: number;
  /** Its directory under the data dir: named on the command line, so a stale server is recognised (data-dir.ts). */
  serverDir: string;
  backend: MongoJavaServerBackend;
  /** The H2 file (backend h2 only). */
  file?: string;
}

/** The arguments of `java` that start the launcher. */
export function mongoJavaServerArgs(install: MongoJavaServerInstall, options: CommandLineOptions): string[] {
  const classPath = [install.classesDir, path.join(install.libDir, '*')].join(path.delimiter);
  const backend =
    options.backend === 'h2'
      ? ['--backend', 'h2', '--file', requiredFile(options.file), '--cache-mb', String(H2_CACHE_MB)]
      : ['--backend', 'memory'];
  return [
    `-Dncs.serverDir=${options.serverDir}`,
    JAVA_HEAP,
    // Two cores shared with NATS and five apps: one GC thread, no parallel collector threads.
    '-XX:+UseSerialGC',
    '-cp',
    classPath,
    LAUNCHER_CLASS,
    '--port',
    String(options.port),
    ...backend,
    '--wire-version',
    String(MONGO_JAVA_SERVER_WIRE_VERSION),
  ];
}

function requiredFile(file: string | undefined): string {
  if (!file) throw new Error('mongo-java-server with the h2 backend needs a data file');
  return file;
}

/** Whether java, javac and mvn are all found (NCS_STORE=auto picks mongo-java-server then). */
export function javaToolsPresent(options: SearchOptions): boolean {
  return (['java', 'javac', 'mvn'] as const).every((name) =>
    Boolean(
      findExecutable(name, {
        searchPath: options.searchPath,
        fallbackDirs: options.fallbackDirs ?? JAVA_FALLBACK_DIRS,
      }),
    ),
  );
}

/** java, javac or mvn; a MissingPrerequisiteError names the Debian package when it is not found. */
export function locateJavaTool(name: 'java' | 'javac' | 'mvn', options: SearchOptions): string {
  const found = findExecutable(name, {
    searchPath: options.searchPath,
    fallbackDirs: options.fallbackDirs ?? JAVA_FALLBACK_DIRS,
  });
  if (found) return found;
  const what =
    name === 'mvn'
      ? 'Maven (the Debian package maven)'
      : 'a JDK 17 or newer (the Debian package openjdk-17-jdk-headless)';
  throw new MissingPrerequisiteError(
    `${name} not found (NCS_STORE=mongo-java-server needs ${what}): install it, or unset NCS_STORE ` +
      'to use the default local store, or set MONGO_URL to a running MongoDB',
  );
}

function launcherHash(): string {
  const source = fs.readFileSync(path.join(JAVA_SOURCES, `${LAUNCHER_CLASS}.java`));
  return crypto.createHash('sha256').update(source).digest('hex').slice(0, 12);
}

function exists(file: string): boolean {
  return fs.existsSync(file);
}

/** Renames `from` to `to` unless another process got there first (then `from` is removed). */
async function publish(from: string, to: string): Promise<void> {
  try {
    await fsp.rename(from, to);
  } catch (error) {
    if (!exists(to)) throw error;
  } finally {
    await fsp.rm(from, { recursive: true, force: true });
  }
}

async function fetchJars(mvn: string, libDir: string, log: (message: string) => void): Promise<void> {
  log(`fetching mongo-java-server ${MONGO_JAVA_SERVER_VERSION} with Maven (first run only)`);
  const started = Date.now();
  const partial = `${libDir}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    await runCommand(
      mvn,
      [
        '-q',
        '-B',
        '-f',
        path.join(JAVA_SOURCES, 'pom.xml'),
        'dependency:copy-dependencies',
        `-DoutputDirectory=${partial}`,
        '-DincludeScope=runtime',
      ],
      { timeoutMs: FETCH_TIMEOUT_MS },
    );
    await publish(partial, libDir);
  } catch (error) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw new Error(
      `fetching mongo-java-server ${MONGO_JAVA_SERVER_VERSION} with Maven failed: ${errorMessage(error)}`,
      {
        cause: error,
      },
    );
  }
  log(`fetched mongo-java-server ${MONGO_JAVA_SERVER_VERSION} in ${describeDuration(Date.now() - started)}`);
}

async function compileLauncher(javac: string, libDir: string, classesDir: string): Promise<void> {
  const partial = `${classesDir}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    await runCommand(
      javac,
      ['-d', partial, '-cp', path.join(libDir, '*'), path.join(JAVA_SOURCES, `${LAUNCHER_CLASS}.java`)],
      { timeoutMs: COMPILE_TIMEOUT_MS },
    );
    await publish(partial, classesDir);
  } catch (error) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw new Error(`compiling the mongo-java-server launcher failed: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

export interface EnsureMongoJavaServerOptions extends SearchOptions {
  cacheHome: string;
  log: (message: string) => void;
}

/** The cached jars and launcher, fetched and compiled first when missing. */
export async function ensureMongoJavaServer(
  options: EnsureMongoJavaServerOptions,
): Promise<MongoJavaServerInstall> {
  const java = locateJavaTool('java', options);
  const cacheDir = mongoJavaServerCacheDir(options.cacheHome);
  const libDir = path.join(cacheDir, 'lib');
  const classesDir = path.join(cacheDir, `classes-${launcherHash()}`);
  await fsp.mkdir(cacheDir, { recursive: true });
  if (!exists(libDir)) await fetchJars(locateJavaTool('mvn', options), libDir, options.log);
  if (!exists(path.join(classesDir, `${LAUNCHER_CLASS}.class`))) {
    await compileLauncher(locateJavaTool('javac', options), libDir, classesDir);
  }
  return { java, classesDir, libDir };
}

/** mongo-java-server on a free loopback port; with H2, its file is `<data dir>/mongo-java-server/store.mv.db`. */
export function startLocalMongoJavaServer(
  install: MongoJavaServerInstall,
  dataDir: DataDir,
  backend: MongoJavaServerBackend,
  supervision?: Supervision,
): Promise<RunningServer> {
  const serverDir = dataDir.serverDir('mongo-java-server');
  const file = backend === 'h2' ? path.join(serverDir, 'store.mv.db') : undefined;
  const spec: LocalServerSpec = {
    name: 'mongo-java-server',
    command: install.java,
    args: (port) => mongoJavaServerArgs(install, { port, serverDir, backend, file }),
    url: (port) => `mongodb://${LOOPBACK}:${port}/`,
    waitUntilReady: (url, giveUp) =>
      waitForMongo(url, { timeoutMs: LOCAL_READY_TIMEOUT_MS, source: 'local mongo-java-server', giveUp }),
  };
  return startLocalServer(spec, dataDir, supervision);
}
