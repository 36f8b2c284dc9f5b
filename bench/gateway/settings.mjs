// The knobs of `npm run bench` (scripts/bench.mjs lists them), read and checked once: loaded before
// anything is built or started, so that a wrong value stops the run at once.
import { join } from 'node:path';
import { repoRoot } from '../../scripts/prepare.mjs';

/** When the idle memory is also read, on the way to BENCH_IDLE. */
export const EARLY_IDLE_S = 20;
export const settings = {
  duration: positiveInteger('BENCH_DURATION', 15),
  warmup: positiveInteger('BENCH_WARMUP', 15, { allowZero: true }),
  connections: positiveInteger('BENCH_CONNECTIONS', 20),
  tokenCacheTtlMs: process.env.BENCH_TOKEN_CACHE_TTL_MS,
  rate: positiveInteger('BENCH_RATE', 0, { allowZero: true }), // 0: half of the baseline's maximum
  openDuration: positiveInteger('BENCH_OPEN_DURATION', 0, { allowZero: true }), // 0: BENCH_DURATION
  idle: positiveInteger('BENCH_IDLE', 60, { allowZero: true }),
  openWarmup: positiveInteger('BENCH_OPEN_WARMUP', 5, { allowZero: true }),
  timeline: Boolean(process.env.BENCH_TIMELINE),
  slices: positiveInteger('BENCH_SLICES', 3),
  sliceWarmup: positiveInteger('BENCH_SLICE_WARMUP', 2, { allowZero: true }),
  floor: Boolean(process.env.BENCH_FLOOR),
};
if (settings.tokenCacheTtlMs !== undefined && !/^\d+$/.test(settings.tokenCacheTtlMs)) {
  throw new Error('BENCH_TOKEN_CACHE_TTL_MS must be a whole number of milliseconds');
}
const TTL_DEFAULT_MS = '5000'; // the gateway's TOKEN_CACHE_TTL_MS default (apps/gateway/src/config.ts)
/** The principal caches' TTL of both targets: the baseline is given the gateway's. */
export const ttlMs = settings.tokenCacheTtlMs ?? TTL_DEFAULT_MS;
export const logDir = join(repoRoot, '.ncs', 'bench', 'logs');

function positiveInteger(name, fallback, { allowZero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new Error(`${name} must be a whole number${allowZero ? '' : ' above 0'}, not "${raw}"`);
  }
  return value;
}
