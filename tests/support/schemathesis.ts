/**
 * Schemathesis (PyPI) for the contract test: installed once into a virtual environment under
 * `~/.cache/ncs` with the machine's python3, pinned, then reused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const SCHEMATHESIS_VERSION = '4.32.5';

export function ensureSchemathesis(): string {
  const venv = join(homedir(), '.cache', 'ncs', `schemathesis-${SCHEMATHESIS_VERSION}`);
  const st = join(venv, 'bin', 'st');
  if (existsSync(st)) return st;
  try {
    execFileSync('python3', ['-m', 'venv', venv], { stdio: 'pipe', timeout: 120_000 });
  } catch (error) {
    throw new Error(
      `Schemathesis needs python3 with venv (Debian: apt-get install -y python3-venv): ${String(error)}`,
    );
  }
  execFileSync(
    join(venv, 'bin', 'pip'),
    ['install', '--disable-pip-version-check', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`],
    { stdio: 'pipe', timeout: 600_000 },
  );
  if (!existsSync(st)) throw new Error(`pip installed schemathesis, but ${st} is missing`);
  return st;
}
