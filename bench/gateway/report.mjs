// What `npm run bench` prints once both targets are measured: the closed loop's table and CPU, the open
// loop's, the targets with their verdicts, and each app's memory.
import os from 'node:os';
import { out } from '../platform.mjs';
import { started } from './lifecycle.mjs';
import { sliceWarmupText } from './load.mjs';
import { EARLY_IDLE_S, settings, ttlMs } from './settings.mjs';
import { msText, percentiles, rpsOf } from './stats.mjs';

export function report(results, processes) {
  const { infra } = started;
  const cores = os.availableParallelism();
  const mb = (kb) => Math.round(kb / 1024);
  const ratio = (a, b) => (b > 0 ? a / b : NaN);
  const rows = results.map((r) => {
    const rps = rpsOf(r);
    const own = processes.filter((p) => p.group === r.name);
    const rss = (p) => r.usage.maxRssKb.get(p.pid) ?? 0;
    const total = own.reduce((sum, p) => sum + rss(p), 0);
    const detail = own.map((p) => `${p.name} ${mb(rss(p))}`).join(', ');
    // Server-side CPU: the target's own processes and the broker and store it used.
    const serving = processes.filter(
      (p) => (p.group === r.name || p.group === 'infra') && r.usage.cpuPercent.has(p.pid),
    );
    return {
      r,
      rps,
      serving,
      cpuPerRequest: serving.length ? cpuMsPerRequest(r, serving, rps) : NaN,
      cells: [
        r.name,
        rps.toFixed(1),
        msText(r.latency.p50),
        msText(r.latency.p90),
        msText(r.latency.p99),
        msText(r.latency.max),
        String(r.result.non2xx),
        String(r.result.errors + r.result.timeouts),
        own.length > 1 ? `${mb(total)} (${detail})` : detail,
      ],
    };
  });
  const header = ['target', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'non2xx', 'errors', 'RSS MB'];

  const cpuModel = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  out('');
  out(
    `Machine: ${cores} cores (${cpuModel}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `${os.platform()} ${os.release()}; node ${process.version}`,
  );
  out(
    `Store: ${infra.kind.mongo} (${infra.mongoUrl}); NATS: ${infra.kind.nats}; token cache TTL ${ttlMs} ms ` +
      `(gateway${settings.tokenCacheTtlMs === undefined ? ' default' : ''} and baseline)`,
  );
  out(
    `Request: GET /networks/{networkEID}/ with a bearer token; ${settings.connections} connections, ` +
      `${settings.warmup} s warm-up + ${settings.duration} s measured per target in alternating slices` +
      `${sliceWarmupText()}; body ` +
      `${results.map((r) => `${r.name} ${r.bytes} B`).join(', ')}`,
  );
  out('');
  printTable(
    header,
    rows.map((row) => row.cells),
  );
  const [gateway, base] = rows;
  out(
    `ratio gateway/baseline: ${ratio(gateway.rps, base.rps).toFixed(2)}x req/s, ` +
      `${ratio(gateway.r.latency.p50, base.r.latency.p50).toFixed(1)}x p50, ` +
      `${ratio(gateway.r.latency.p99, base.r.latency.p99).toFixed(1)}x p99, ` +
      `${ratio(gateway.cpuPerRequest, base.cpuPerRequest).toFixed(1)}x server CPU per request`,
  );
  const infraRows = processes.filter((p) => p.group === 'infra');
  if (infraRows.length > 0) {
    const peak = (p) => Math.max(...results.map((r) => r.usage.maxRssKb.get(p.pid) ?? 0));
    out(`shared infrastructure RSS MB: ${infraRows.map((p) => `${p.name} ${mb(peak(p))}`).join(', ')}`);
  }
  out('RSS: max of VmRSS sampled every second during the measured run.');
  out('');
  out(`CPU during each measured run: % of one core (${cores} cores: ${cores * 100}% max) and ms per request`);
  for (const row of rows) {
    const { r } = row;
    if (row.serving.length === 0) {
      out(`  ${r.name.padEnd(9)} (no /proc: not measured)`);
      continue;
    }
    const parts = row.serving
      .filter((p) => p.name === r.name || r.usage.cpuPercent.get(p.pid) >= 1)
      .map(
        (p) =>
          `${p.name} ${Math.round(r.usage.cpuPercent.get(p.pid))}% ${cpuMsPerRequest(r, [p], row.rps).toFixed(2)}`,
      );
    out(
      `  ${r.name.padEnd(9)} ${parts.join(', ')} = ${row.cpuPerRequest.toFixed(2)} ms/request; ` +
        `load generator ${Math.round(r.usage.selfCpuPercent)}%`,
    );
    if (r.usage.machinePercent !== undefined) {
      const ours = [...r.usage.cpuPercent.values()].reduce((sum, v) => sum + v, r.usage.selfCpuPercent);
      out(
        `  ${''.padEnd(9)} whole machine ${Math.round(r.usage.machinePercent)}%, of which processes not ` +
          `started by this benchmark ${Math.max(0, Math.round(r.usage.machinePercent - ours))}%`,
      );
    }
  }
}

/** CPU ms per request of the processes `procs` during a run at `rps` requests per second. */
function cpuMsPerRequest(run, procs, rps) {
  const percent = procs.reduce((sum, p) => sum + (run.usage.cpuPercent.get(p.pid) ?? 0), 0);
  return rps > 0 ? (percent * 10) / rps : NaN;
}

/** The processes named (or of the role) in `names`. */
function named(processes, names) {
  return processes.filter((p) => names.includes(p.name) || names.includes(p.role));
}

/** Columns padded to their widest cell, two spaces apart. */
function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  for (const cells of [header, ...rows])
    out(
      cells
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
}

/** The slices' warm-ups of the open loop: how each target answers at the rate right after idling. */
export function reportAfterIdle(afterIdle) {
  if (settings.sliceWarmup === 0) return;
  const parts = [...afterIdle].map(([name, runs]) => {
    const { p50, p99, max } = percentiles(runs.flatMap((run) => run.latencies));
    return `${name} p50 ${msText(p50)}, p99 ${msText(p99)}, max ${msText(max)} ms`;
  });
  out(
    `  after idling (the first ${settings.sliceWarmup} s of each slice, at the rate, not counted above): ` +
      parts.join('; '),
  );
}

export function reportOpenLoop(openResults, processes, rate, duration) {
  out('');
  out(
    `Open loop: ${rate} requests/s for ${duration} s per target, latency from each request's scheduled time`,
  );
  const header = [
    'target',
    'sent',
    'failed',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'p99.9 ms',
    'max ms',
    'server CPU ms/request',
  ];
  const rows = openResults.map((r) => {
    const serving = processes.filter((p) => p.group === r.name || p.group === 'infra');
    const cpu = cpuMsPerRequest(r, serving, r.rps);
    return [
      r.name,
      String(r.sent),
      String(r.failed),
      msText(r.latency.p50),
      msText(r.latency.p90),
      msText(r.latency.p99),
      msText(r.latency.p999),
      msText(r.latency.max),
      msText(cpu),
    ];
  });
  printTable(header, rows);
  for (const r of openResults) {
    const parts = processes
      .filter((p) => (p.group === r.name || p.group === 'infra') && r.usage.cpuPercent.has(p.pid))
      .map((p) => `${p.name} ${cpuMsPerRequest(r, [p], r.rps).toFixed(2)}`);
    out(
      `  ${r.name.padEnd(9)} CPU ms/request: ${parts.join(', ')}; load generator ` +
        `${Math.round(r.usage.selfCpuPercent)}%, whole machine ${Math.round(r.usage.machinePercent ?? NaN)}%`,
    );
    // Time runnable but waiting for a core (the kernel's run_delay), per request: main thread / all threads.
    const waits = processes
      .filter((p) => (p.group === r.name || p.group === 'infra') && r.usage.coreWait.has(p.pid))
      .map((p) => ({ p, wait: r.usage.coreWait.get(p.pid) }))
      .filter(({ p, wait }) => p.name === r.name || wait.all * 1000 >= r.sent * 0.005)
      .map(({ p, wait }) => `${p.name} ${waitText(wait, r.sent)}`);
    const generatorWait = r.usage.coreWait.get(process.pid);
    if (generatorWait) waits.push(`load generator ${waitText(generatorWait, r.sent)}`);
    if (waits.length > 0) {
      out(`  ${''.padEnd(9)} waited for a core, ms/request (main thread/all threads): ${waits.join(', ')}`);
    }
  }
}

/** Seconds waited for a core (main thread, all threads) as ms per request, e.g. `0.152/0.171`. */
const waitText = (wait, requests) =>
  `${((wait.main * 1000) / requests).toFixed(3)}/${((wait.all * 1000) / requests).toFixed(3)}`;

/** The gateway path's three targets against the baseline: each figure, and whether this run met it. */
export function reportTargets(results, openResults, processes, openDuration) {
  const [gateway, base] = results;
  const ratio = rpsOf(gateway) / rpsOf(base);
  const [openGateway, openBase] = openResults;
  const p99Gap = openGateway.latency.p99 - openBase.latency.p99;
  // The hop's own CPU: the gateway process and the broker, per request of the open-loop run.
  const hopProcesses = named(processes, ['gateway', 'nats']);
  const hop = cpuMsPerRequest(openGateway, hopProcesses, openGateway.rps);
  // The same in the closed loop (the measure the target was set with: requests in flight together,
  // as on a busy service).
  const closedHop = cpuMsPerRequest(gateway, hopProcesses, rpsOf(gateway));
  out('');
  out('Targets:');
  out(`  gateway req/s ≥ 0.8x the baseline's (closed loop): ${ratio.toFixed(2)}x — ${verdict(ratio >= 0.8)}`);
  // At a rate the baseline cannot sustain either, both latencies are queues: no comparison.
  const baseBehind = openBase.seconds - openDuration;
  const gap = `${p99Gap >= 0 ? '+' : ''}${p99Gap.toFixed(2)}`;
  out(
    `  open-loop p99 ≤ baseline p99 + 5 ms: ${openGateway.latency.p99.toFixed(2)} vs ` +
      `${openBase.latency.p99.toFixed(2)} ms (${gap}) — ` +
      (baseBehind > 1
        ? `no verdict: the baseline itself fell behind the rate (its last answer ${baseBehind.toFixed(1)} s late); set BENCH_RATE lower`
        : verdict(p99Gap <= 5)),
  );
  out(
    `  gateway + NATS CPU ≤ 0.3 ms/request: closed loop ${closedHop.toFixed(2)} ms — ${verdict(closedHop <= 0.3)}; ` +
      `open loop ${hop.toFixed(2)} ms — ${verdict(hop <= 0.3)}`,
  );
  const openFloor = openResults.find((r) => r.name === 'floor');
  if (openFloor) {
    const floorHop = cpuMsPerRequest(openFloor, named(processes, ['floor-proxy', 'nats']), openFloor.rps);
    out(
      `  (the floor, BENCH_FLOOR: node:http → NATS → a responder that does nothing, proxy + NATS ` +
        `${floorHop.toFixed(2)} ms/request in the open loop at the same rate)`,
    );
  }
}

/** The memory targets: each app ≤ 100 MB idle, ≤ 150 MB under the load above. */
export function reportMemory(idleRss, earlyRss, runs, processes) {
  const apps = processes.filter((p) => p.group === 'gateway');
  const mb = (kb) => Math.round(kb / 1024);
  /** Each app's figure (kB → MB), and the largest. */
  const perApp = (kbOf) => ({
    text: apps.map((p) => `${p.name} ${mb(kbOf(p))}`).join(', '),
    worst: Math.max(...apps.map((p) => mb(kbOf(p)))),
  });
  out('');
  out('Memory, RSS MB per app:');
  if (idleRss) {
    const idle = perApp((p) => idleRss.get(p.name) ?? 0);
    out(`  idle (${settings.idle} s after start): ${idle.text} — ≤ 100 ${verdict(idle.worst <= 100)}`);
  }
  if (earlyRss) {
    const early = perApp((p) => earlyRss.get(p.name) ?? 0);
    out(`  (${EARLY_IDLE_S} s after start, before V8's memory reducer ran: ${early.text})`);
  }
  const loaded = perApp((p) => Math.max(...runs.map((r) => r.usage.maxRssKb.get(p.pid) ?? 0)));
  out(`  under load (max of all runs): ${loaded.text} — ≤ 150 ${verdict(loaded.worst <= 150)}`);
}

const verdict = (met) => (met ? 'met' : 'NOT met');
