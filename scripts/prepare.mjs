// Shared first step of `npm start`, `npm test` and `npm run bench`: install npm dependencies when
// they are missing or older than the lockfile, then build every package (turbo caches the builds).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', ...options.env },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function dependenciesAreCurrent() {
  const marker = join(repoRoot, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return false;
  return statSync(marker).mtimeMs >= statSync(join(repoRoot, 'package-lock.json')).mtimeMs;
}

export function prepare({ log = (m) => process.stdout.write(`${m}\n`) } = {}) {
  if (!dependenciesAreCurrent()) {
    // `npm install`, not `npm ci`: it installs the locked versions just the same, but tolerates the
    // lockfile lacking turbo's optional macOS/Windows binaries, which some registries do not serve
    // (so they can never be locked); `npm ci` refuses such a lockfile outright.
    log('Installing npm dependencies (npm install, from package-lock.json)…');
    if (run('npm', ['install', '--no-audit', '--no-fund']) !== 0) throw new Error('npm install failed');
  }
  log('Building (turbo run build)…');
  if (run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']) !== 0)
    throw new Error('the build failed');
}
