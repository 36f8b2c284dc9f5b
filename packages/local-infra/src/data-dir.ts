// Where the servers this package starts keep their data and logs, and who owns that place.
//
// Persistent (npm start): `<repo root>/.ncs`, one owner at a time, so two starts never run two servers
// on the same files. Ephemeral (tests): a fresh `ncs-infra-*` temp dir, removed on stop. Each
// directory records its owner's pid and its servers' pids, so when an owner died without stopping
// them (SIGKILL, crash), the next start stops those orphans instead of leaving them running.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sleep } from './timeouts.js';

const OWNER_FILE = 'owner.pid';
const EPHEMERAL_PREFIX = 'ncs-infra-';
const ORPHAN_GRACE_MS = 5_000;

export interface DataDir {
  readonly root: string;
  readonly ephemeral: boolean;
  /** `<root>/<name>`, created if missing. */
  serverDir(name: string): string;
  /** `<root>/<name>.log`. */
  logFile(name: string): string;
  /** Remembers a started server, so a later start can stop it if this process dies first. */
  recordServer(name: string, pid: number): void;
  forgetServer(name: string): void;
  /** Gives the directory up: removes it when ephemeral, else only the owner mark. Idempotent. */
  release(): Promise<void>;
}

/** The monorepo root: the nearest directory above this file whose package.json has workspaces. */
export function findRepoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        workspaces?: unknown;
      };
      if (manifest.workspaces) return dir;
    } catch {
      // No readable package.json here: look further up.
    }
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export function defaultDataDir(): string {
  return path.join(findRepoRoot(), '.ncs');
}

/** Whether `pid` runs. A zombie (exited, not yet reaped by init) counts as gone. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch (error) {
    // Gone in between, or no /proc (then trust kill).
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is still a server of `root` (its command line names the directory), not a reused pid. */
function isServerOf(pid: number, root: string): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(root + path.sep);
  } catch {
    return false; // Gone, or no /proc: never kill what we cannot identify.
  }
}

async function stopOrphan(pid: number): Promise<void> {
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + ORPHAN_GRACE_MS;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) signal('SIGKILL');
}

/** Stops the servers recorded in `root` whose owner is gone. */
async function stopOrphans(root: string, log: (message: string) => void): Promise<void> {
  let entries: string[];
  try {
    entries = await fsp.readdir(root);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.endsWith('.pid') || entry === OWNER_FILE) continue;
    const file = path.join(root, entry);
    const pid = readPid(file);
    if (pid !== undefined && isServerOf(pid, root)) {
      log(
        `stopping ${entry.slice(0, -'.pid'.length)} (pid ${pid}) left running by an earlier start in ${root}`,
      );
      await stopOrphan(pid);
    }
    await fsp.rm(file, { force: true });
  }
}

/** Removes the temp dirs of earlier ephemeral starts whose process died without stopping. */
async function sweepAbandonedEphemeralDirs(log: (message: string) => void): Promise<void> {
  const tmp = os.tmpdir();
  let entries: string[];
  try {
    entries = await fsp.readdir(tmp);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(EPHEMERAL_PREFIX)) continue;
    const root = path.join(tmp, entry);
    const owner = readPid(path.join(root, OWNER_FILE));
    // No owner file yet: another process is creating it right now.
    if (owner === undefined || isAlive(owner)) continue;
    try {
      await stopOrphans(root, log);
      await fsp.rm(root, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // Best effort: a leftover temp dir is harmless once its servers are stopped.
    }
  }
}

async function claimPersistentDir(root: string, log: (message: string) => void): Promise<void> {
  await fsp.mkdir(root, { recursive: true });
  const ownerFile = path.join(root, OWNER_FILE);
  try {
    await fsp.writeFile(ownerFile, `${process.pid}\n`, { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const owner = readPid(ownerFile);
  if (owner !== undefined && isAlive(owner)) {
    throw new Error(
      `${root} is in use by process ${owner}${owner === process.pid ? ' (this one)' : ' (another `npm start`?)'}: ` +
        `stop it first, or use another data directory (if that process is unrelated, delete ${ownerFile})`,
    );
  }
  await stopOrphans(root, log);
  await fsp.writeFile(ownerFile, `${process.pid}\n`);
}

export interface OpenDataDirOptions {
  dataDir: string;
  ephemeral: boolean;
  log: (message: string) => void;
}

export async function openDataDir(options: OpenDataDirOptions): Promise<DataDir> {
  const { ephemeral, log } = options;
  let root: string;
  if (ephemeral) {
    await sweepAbandonedEphemeralDirs(log);
    root = await fsp.mkdtemp(path.join(os.tmpdir(), EPHEMERAL_PREFIX));
    await fsp.writeFile(path.join(root, OWNER_FILE), `${process.pid}\n`);
  } else {
    root = path.resolve(options.dataDir);
    await claimPersistentDir(root, log);
  }

  let released: Promise<void> | undefined;
  return {
    root,
    ephemeral,
    serverDir(name) {
      const dir = path.join(root, name);
      fs.mkdirSync(dir, { recursive: true });
      return dir;
    },
    logFile: (name) => path.join(root, `${name}.log`),
    recordServer(name, pid) {
      fs.writeFileSync(path.join(root, `${name}.pid`), `${pid}\n`);
    },
    forgetServer(name) {
      fs.rmSync(path.join(root, `${name}.pid`), { force: true });
    },
    release() {
      released ??= ephemeral
        ? fsp.rm(root, { recursive: true, force: true, maxRetries: 3 })
        : (async () => {
            const ownerFile = path.join(root, OWNER_FILE);
            if (readPid(ownerFile) === process.pid) await fsp.rm(ownerFile, { force: true });
          })();
      return released;
    },
  };
}
