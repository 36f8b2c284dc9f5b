// The Node.js the project runs on. Imported first by the README's commands (`npm start`, `npm test`)
// and `npm run bench`: when the Node that launched them is older than the supported LTS, it fetches
// the official Node binary from the npm registry (package `node-<platform>-<arch>`, the Node project's
// own build, checked against the registry's integrity hash by `npm pack`), keeps it under
// `.ncs/toolchain/`, and runs the same script again on it, with that Node first on PATH so that npm,
// turbo, vitest and every app started below use it too. Nothing else is imported here: this module
// must run on any Node that can run npm.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The supported major: an LTS line (maintenance until April 2028). */
export const NODE_MAJOR = 24;
/** The release fetched when the running Node is older; bump with the LTS line's security releases. */
export const NODE_VERSION = '24.21.0';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);

if (major < NODE_MAJOR) {
  if (process.env.NCS_TOOLCHAIN_NODE) {
    // A second hop means the fetched binary did not report the expected version: stop, never loop.
    process.stderr.write(`Expected Node.js ${NODE_VERSION} but this is ${process.versions.node}.\n`);
    process.exit(1);
  }
  const binary = ensureNode();
  process.stdout.write(
    `Running on Node.js ${NODE_VERSION} from .ncs/toolchain/ (this Node, ${process.versions.node}, is older).\n`,
  );
  const env = {
    ...process.env,
    PATH: `${dirname(binary)}${delimiter}${process.env.PATH ?? ''}`,
    NCS_TOOLCHAIN_NODE: binary,
  };
  const child = spawn(binary, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  // Ctrl-C reaches the child from the terminal (same process group) and the child decides how to
  // stop; this process only waits. A SIGTERM or SIGHUP sent to this process alone is passed on.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => {
    child.on('exit', (status, signal) => resolve(status ?? 128 + (constants.signals[signal] ?? 0)));
    child.on('error', (error) => {
      process.stderr.write(`Could not run ${binary}: ${error.message}\n`);
      resolve(1);
    });
  });
  process.exit(code);
}

/** The path of the fetched Node binary, fetching it on first use. */
function ensureNode() {
  const target = `${process.platform}-${process.arch}`;
  const home = join(repoRoot, '.ncs', 'toolchain', `node-v${NODE_VERSION}-${target}`);
  const binary = join(home, 'bin', 'node');
  if (existsSync(binary)) return binary;
  const pkg = `node-${target}@${NODE_VERSION}`;
  process.stdout.write(
    `Node.js ${process.versions.node} is older than the supported ${NODE_MAJOR} LTS: fetching ${pkg} from the npm registry…\n`,
  );
  const staging = `${home}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const packed = spawnSync('npm', ['pack', pkg, '--pack-destination', staging, '--silent'], {
    cwd: staging,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarball = packed.stdout?.trim().split('\n').pop();
  if (packed.status !== 0 || !tarball) {
    process.stderr.write(`npm pack ${pkg} failed: install Node.js ${NODE_MAJOR} yourself and run again.\n`);
    process.exit(1);
  }
  // Only the binary and its licence: the package also holds headers and docs nobody here needs.
  const unpacked = spawnSync(
    'tar',
    [
      '-xzf',
      join(staging, tarball),
      '-C',
      staging,
      '--strip-components=1',
      'package/bin/node',
      'package/LICENSE',
    ],
    { stdio: 'inherit' },
  );
  if (unpacked.status !== 0) {
    process.stderr.write(`Could not unpack ${tarball}.\n`);
    process.exit(1);
  }
  rmSync(join(staging, tarball));
  // Moved into place only when complete, so an interrupted fetch is never taken for a toolchain.
  renameSync(staging, home);
  return binary;
}
