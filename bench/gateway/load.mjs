// The load of `npm run bench`: closed-loop runs (autocannon, a fixed number of connections), open-loop
// runs (a fixed arrival rate), the slices they are cut into, and each target's slices as one figure.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { out } from '../platform.mjs';
import { checkInterrupted, interrupted, started } from './lifecycle.mjs';
import { mergeUsage } from './processes.mjs';
import { settings } from './settings.mjs';
import { msText, percentiles, sumOf } from './stats.mjs';

const { default: autocannon } = await import('autocannon');

/** One autocannon run; latencies are also kept here, exactly (autocannon's histogram is whole ms). */
export async function load(target, headers, duration) {
  checkInterrupted();
  const latencies = [];
  const instance = autocannon({
    url: target.url,
    connections: settings.connections,
    duration,
    headers,
  });
  started.running = instance;
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  try {
    const result = await instance;
    return { result, latencies };
  } finally {
    started.running = undefined;
  }
}

/**
 * An open-loop run: request i is sent at start + i / rate whatever the answers before it, on
 * keep-alive connections opened as needed, and its latency counts from that scheduled moment (so a
 * slow target's queue shows in the figures: no coordinated omission).
 */
export async function openLoop(
  target,
  headers,
  rate,
  duration,
  { quiet = false, agent, firstSecond = 0 } = {},
) {
  checkInterrupted();
  const url = new URL(target.url);
  const latencies = [];
  let failed = 0;
  const inFlight = new Set();
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const timeline = settings.timeline && !quiet ? [] : undefined;
  let start = 0;
  const fire = (scheduled) => {
    const done = new Promise((resolve) => {
      const request = http.request(
        { agent, host: url.hostname, port: url.port, path: url.pathname, method: 'GET', headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode >= 200 && response.statusCode < 300) {
              latencies.push(performance.now() - scheduled);
              if (timeline)
                timeline.push([Math.floor((scheduled - start) / 1000), performance.now() - scheduled]);
            } else failed += 1;
            resolve();
          });
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        failed += 1;
        resolve();
      });
      request.end();
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  start = performance.now();
  await new Promise((finish) => {
    let next = 0;
    const tick = () => {
      if (interrupted) return finish();
      const now = performance.now();
      while (next < total && start + next * interval <= now) fire(start + next++ * interval);
      if (next >= total) return finish();
      setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  if (timeline) {
    const bySecond = Array.from({ length: duration }, () => []);
    for (const [second, latency] of timeline) bySecond[second]?.push(latency);
    bySecond.forEach((secondLatencies, second) => {
      const p = percentiles(secondLatencies);
      out(
        `  ${target.name} second ${firstSecond + second}: p50 ${msText(p.p50)} p99 ${msText(p.p99)} max ${msText(p.max)}`,
      );
    });
  }
  return { sent: total, failed, seconds, duration, latencies };
}

/** How the slices start, for the report's lines. */
export const sliceWarmupText = () =>
  settings.sliceWarmup > 0 ? `, each after ${settings.sliceWarmup} s of the same load not counted` : '';

/** `total` seconds cut into `BENCH_SLICES` alternating slices of whole seconds (10 in 3: 4 + 3 + 3). */
export function sliceLengths(total) {
  const count = Math.min(settings.slices, total);
  return Array.from({ length: count }, (_, i) => Math.floor(total / count) + (i < total % count ? 1 : 0));
}

/** One closed-loop figure of a target's slices: their requests, failures, latencies and usage. */
export function mergeClosed(runs) {
  const sum = (valueOf) => sumOf(runs, (run) => valueOf(run.result));
  const statusCodeStats = {};
  for (const run of runs) {
    for (const [code, { count }] of Object.entries(run.result.statusCodeStats)) {
      statusCodeStats[code] = { count: (statusCodeStats[code]?.count ?? 0) + count };
    }
  }
  return {
    result: {
      requests: { total: sum((r) => r.requests.total) },
      duration: sum((r) => r.duration),
      '2xx': sum((r) => r['2xx']),
      non2xx: sum((r) => r.non2xx),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      statusCodeStats,
    },
    latency: percentiles(runs.flatMap((run) => run.latencies)),
    usage: mergeUsage(runs.map((run) => run.usage)),
  };
}

/** One open-loop figure of a target's slices. */
export function mergeOpen(runs) {
  const sent = sumOf(runs, (run) => run.sent);
  const seconds = sumOf(runs, (run) => run.seconds);
  return {
    sent,
    failed: sumOf(runs, (run) => run.failed),
    seconds,
    rps: sent / seconds,
    latency: percentiles(runs.flatMap((run) => run.latencies)),
    usage: mergeUsage(runs.map((run) => run.usage)),
  };
}

export function failures(result) {
  return result.non2xx + result.errors + result.timeouts + (result['2xx'] === 0 ? 1 : 0);
}

export function describeFailures(result) {
  const codes = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(', ');
  return `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (status codes: ${codes || 'none'})`;
}
