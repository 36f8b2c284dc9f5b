// Where the programs this package runs are found, and the one it may install itself.
import fs from 'node:fs';
import path from 'node:path';

import { MissingPrerequisiteError } from './errors.js';
import { childEnvironment } from './infra-env.js';
import { runCommand } from './run-command.js';
import { errorMessage } from './timeouts.js';

export interface SearchOptions {
  /** A PATH-style list of directories. */
  searchPath: string;
  /** Directories looked at after `searchPath` (e.g. /usr/sbin, often not on a user's PATH). */
  fallbackDirs?: readonly string[];
}

const NATS_SERVER_FALLBACK_DIRS = ['/usr/sbin', '/usr/local/sbin'];
const GO_FALLBACK_DIRS = ['/usr/local/go/bin', '/usr/lib/go/bin'];
const APT_TIMEOUT_MS = 5 * 60_000;

export function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable file called `name` in the search path, then in the fallback directories. */
export function findExecutable(name: string, options: SearchOptions): string | undefined {
  const dirs = [...options.searchPath.split(path.delimiter), ...(options.fallbackDirs ?? [])];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

const NATS_SERVER_MISSING =
  'nats-server not found: install the Debian package nats-server (apt-get install nats-server), ' +
  'or set NATS_URL to a NATS server with JetStream enabled';

export interface LocateNatsServerOptions extends SearchOptions {
  log: (message: string) => void;
}

/**
 * The nats-server executable. When it is missing and we run as root on a system with apt-get, it is
 * installed from the Debian package (the project's scripts install what they need); otherwise a
 * MissingPrerequisiteError says how to install it.
 */
export async function locateNatsServer(options: LocateNatsServerOptions): Promise<string> {
  const search = {
    searchPath: options.searchPath,
    fallbackDirs: options.fallbackDirs ?? NATS_SERVER_FALLBACK_DIRS,
  };
  const found = findExecutable('nats-server', search);
  if (found) return found;

  const aptGet = findExecutable('apt-get', { searchPath: options.searchPath });
  if (!aptGet || process.getuid?.() !== 0) throw new MissingPrerequisiteError(NATS_SERVER_MISSING);

  options.log(
    'nats-server not found: installing the Debian package nats-server (apt-get install -y nats-server)',
  );
  const env = childEnvironment({ DEBIAN_FRONTEND: 'noninteractive' });
  try {
    await runCommand(aptGet, ['update'], { env, timeoutMs: APT_TIMEOUT_MS });
    await runCommand(aptGet, ['install', '-y', 'nats-server'], { env, timeoutMs: APT_TIMEOUT_MS });
  } catch (error) {
    throw new MissingPrerequisiteError(
      `${NATS_SERVER_MISSING} (installing it failed: ${errorMessage(error)})`,
    );
  }
  const installed = findExecutable('nats-server', {
    ...search,
    fallbackDirs: [...search.fallbackDirs, '/usr/bin'],
  });
  if (!installed)
    throw new MissingPrerequisiteError(`${NATS_SERVER_MISSING} (apt-get installed no nats-server)`);
  return installed;
}

/** mongod, when installed; the local store falls back to FerretDB without it. */
export function locateMongod(options: SearchOptions): string | undefined {
  return findExecutable('mongod', options);
}

/** The go tool, needed once to build FerretDB. */
export function locateGo(options: SearchOptions): string {
  const found = findExecutable('go', {
    searchPath: options.searchPath,
    fallbackDirs: options.fallbackDirs ?? GO_FALLBACK_DIRS,
  });
  if (found) return found;
  throw new MissingPrerequisiteError(
    'go not found (needed once to build FerretDB, the local MongoDB-compatible store): install Go 1.24 or ' +
      'newer (the Debian package golang, or from https://go.dev/dl/), or install mongod, or set MONGO_URL ' +
      'to a running MongoDB',
  );
}
