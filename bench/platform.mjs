// What the platform benchmarks share: fresh infrastructure and the whole platform started for one
// run (the gateway's rate limit off), the demo user's token and an `api` helper, latency
// measurement with autocannon, and the run wrapper that always stops what it started.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepare, repoRoot } from '../scripts/prepare.mjs';
import { signInAsDemo } from '../scripts/demo-client.mjs';

export const out = (line = '') => process.stdout.write(`${line}\n`);
export const ACCEPT = 'application/vnd.ncs.api-v2026.1.13+json+hal';
/** Seconds per case (BENCH_DURATION, default 10). */
export const duration = Number(process.env.BENCH_DURATION ?? 10);
/** One connection by default: the latency of each operation, not throughput under saturation. */
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 1);

prepare({ log: out });
const { findFreePort, startInfra, startStack } = await import('../packages/local-infra/dist/index.js');
const { default: autocannon } = await import('autocannon');

const started = [];

/** Starts infrastructure and the platform; logs under `.ncs/<name>/logs`. */
export async function startPlatform(name) {
  const logDir = join(repoRoot, '.ncs', name, 'logs');
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const infra = await startInfra({ ephemeral: true, log: (m) => out(`[infra] ${m}`) });
  started.push(infra);
  out('Starting the platform…');
  const stack = await startStack({
    natsUrl: infra.natsUrl,
    mongoUrl: infra.mongoUrl,
    port: await findFreePort(),
    baseEnv: process.env,
    logDir,
    env: {
      '*': { LOG_LEVEL: 'warn' },
      // One token at hundreds of requests/s: the per-caller rate limit would measure itself.
      gateway: { RATE_LIMIT_MAX: '0' },
    },
  });
  started.unshift(stack);
  const { token, networkEID, profileEID } = await signInAsDemo(stack.baseUrl);
  const headers = { authorization: `Bearer ${token}`, accept: ACCEPT };
  /** A JSON call as the demo user; throws unless 2xx. */
  const api = async (path, init = {}) => {
    const response = await fetch(stack.baseUrl + path, {
      ...init,
      headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
    const body = await response.json().catch(() => undefined);
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  return { infra, stack, headers, networkEID, profileEID, api };
}

/**
 * Latencies of one case (`{url, method?, body?}`) for `seconds`; when that gives fewer than 5
 * answers (the local store scans whole collections, so a deep read can take seconds), 5 requests one
 * after the other instead.
 */
export async function measure(target, headers, seconds) {
  const timed = await run(target, headers, { duration: seconds });
  return timed.samples >= 5 ? timed : run(target, headers, { amount: 5, connections: 1 });
}

async function run({ url, method = 'GET', body }, headers, options) {
  const latencies = [];
  const instance = autocannon({
    url,
    method,
    body,
    connections,
    timeout: 60,
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...options,
  });
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    latencies.length
      ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]
      : NaN;
  return {
    rps: latencies.length / Math.max(0.001, result.duration),
    samples: latencies.length,
    p50: at(50).toFixed(1),
    p99: at(99).toFixed(1),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Measures each case after 1 s of warm-up. */
export async function measureAll(cases, headers) {
  const results = [];
  for (const c of cases) {
    await measure(c, headers, 1);
    results.push({ ...c, ...(await measure(c, headers, duration)) });
  }
  return results;
}

/** Prints the results as a table; the exit code: 1 when any answer failed. */
export function report(results) {
  out('');
  out(`Each case for ${duration} s with ${connections} connection(s), after 1 s of warm-up.`);
  out('| case | requests/s | answers | p50 (ms) | p99 (ms) | non-2xx |');
  out('| --- | --- | --- | --- | --- | --- |');
  for (const r of results)
    out(`| ${r.name} | ${r.rps.toFixed(1)} | ${r.samples} | ${r.p50} | ${r.p99} | ${r.failed} |`);
  return results.some((r) => r.failed > 0) ? 1 : 0;
}

/** Runs `main` (which returns a process exit code), then stops all it started, whatever happened. */
export async function runBench(main, cleanup = async () => undefined) {
  let code = 1;
  try {
    code = await main();
  } catch (error) {
    process.stderr.write(`\n!!! ${error instanceof Error ? error.stack : String(error)}\n`);
  } finally {
    await cleanup().catch(() => undefined);
    for (const part of started) await part.stop().catch(() => undefined);
  }
  process.exit(code);
}
