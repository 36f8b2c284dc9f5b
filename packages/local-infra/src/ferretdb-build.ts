// FerretDB v1.24.2, built from source once and cached: the local MongoDB-compatible store where no
// mongod is installed.
//
// `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` cannot be used: the Go module proxy
// answers 403 to its deprecation lookup (`@v/list`). So the module is downloaded with
// `go mod download`, copied somewhere writable (the module cache is read-only), given the
// build/version/version.txt its release build would have (without it the binary panics at start),
// built, and renamed into the cache atomically, so concurrent builders never see a partial binary.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { isExecutableFile, locateGo } from './binaries.js';
import { runCommand } from './run-command.js';
import { describeDuration } from './timeouts.js';

export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
const BUILD_TIMEOUT_MS = 15 * 60_000;
const QUICK_TIMEOUT_MS = 30_000;

export function ferretDbBinaryPath(cacheHome: string): string {
  return path.join(cacheHome, 'ncs', `ferretdb-${FERRETDB_VERSION}`, 'ferretdb');
}

/** Adds the owner's write permission to everything under `dir`, so it can be edited and removed. */
async function makeWritable(dir: string): Promise<void> {
  const { mode } = await fsp.stat(dir);
  await fsp.chmod(dir, mode | 0o700);
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) await makeWritable(entryPath);
    else if (entry.isFile()) await fsp.chmod(entryPath, (await fsp.stat(entryPath)).mode | 0o200);
  }
}

/** The module's source directory in the Go module cache, downloading it if needed. */
async function downloadModule(go: string, workDir: string): Promise<string> {
  const modDir = path.join(workDir, 'mod');
  await fsp.mkdir(modDir);
  await runCommand(go, ['mod', 'init', 'tmp'], { cwd: modDir, timeoutMs: QUICK_TIMEOUT_MS });
  const output = await runCommand(
    go,
    ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`],
    {
      cwd: modDir,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
    },
  );
  const info = JSON.parse(output) as { Dir?: string; Error?: string };
  if (info.Error || !info.Dir) {
    throw new Error(
      `go mod download ${FERRETDB_MODULE}@${FERRETDB_VERSION} failed: ${info.Error ?? 'no Dir'}`,
    );
  }
  return info.Dir;
}

export interface EnsureFerretDbOptions {
  cacheHome: string;
  searchPath: string;
  log: (message: string) => void;
}

/** The cached FerretDB binary, built first if missing. */
export async function ensureFerretDb(options: EnsureFerretDbOptions): Promise<string> {
  const binary = ferretDbBinaryPath(options.cacheHome);
  if (isExecutableFile(binary)) return binary;

  const go = locateGo({ searchPath: options.searchPath });
  options.log(`building FerretDB ${FERRETDB_VERSION} (first run only, ~1 min)`);
  const started = Date.now();
  await fsp.mkdir(path.dirname(binary), { recursive: true });
  const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ncs-ferretdb-build-'));
  // Beside the final path, so the rename stays on one file system and is atomic.
  const partial = `${binary}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    const moduleDir = await downloadModule(go, workDir);
    const sourceDir = path.join(workDir, 'src');
    await fsp.cp(moduleDir, sourceDir, { recursive: true });
    await makeWritable(sourceDir);
    await fsp.writeFile(path.join(sourceDir, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    await runCommand(go, ['build', '-trimpath', '-o', partial, './cmd/ferretdb'], {
      cwd: sourceDir,
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    // A binary that cannot even print its version would fail every start: catch that here.
    await runCommand(partial, ['--version'], { timeoutMs: QUICK_TIMEOUT_MS });
    await fsp.rename(partial, binary);
  } catch (error) {
    throw new Error(`building FerretDB ${FERRETDB_VERSION} failed: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await fsp.rm(partial, { force: true });
    await fsp.rm(workDir, { recursive: true, force: true, maxRetries: 3 });
  }
  options.log(`built FerretDB ${FERRETDB_VERSION} in ${describeDuration(Date.now() - started)}: ${binary}`);
  return binary;
}
