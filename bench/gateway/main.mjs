// `npm run bench`'s run (scripts/bench.mjs starts it): the infrastructure, the platform, the baseline
// and, with BENCH_FLOOR, the floor of the hop; each app's idle memory; both targets in the closed loop,
// then in the open loop, in alternating slices; then the report. Returns the process's exit code: 1
// when any request failed (the figures would mean nothing).
import http from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import { signInAsDemo } from '../../scripts/demo-client.mjs';
import { ACCEPT, out } from '../platform.mjs';
import { checkInterrupted, findFreePort, loud, started, startInfra, startStack } from './lifecycle.mjs';
import {
  describeFailures,
  failures,
  load,
  mergeClosed,
  mergeOpen,
  openLoop,
  sliceLengths,
  sliceWarmupText,
} from './load.mjs';
import { infraProcesses, rssKb, startSampling } from './processes.mjs';
import { report, reportAfterIdle, reportMemory, reportOpenLoop, reportTargets } from './report.mjs';
import { EARLY_IDLE_S, logDir, settings } from './settings.mjs';
import { rpsOf, sumOf } from './stats.mjs';
import { checkAnswer, startBaseline, startFloor } from './targets.mjs';

export async function main() {
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });

  started.infra = await startInfra({ ephemeral: true, log: (m) => out(`[infra] ${m}`) });
  const { infra } = started;
  checkInterrupted();
  out('Starting the platform (auth, messaging, knowledge-base, notifications, gateway)…');
  started.stack = await startStack({
    natsUrl: infra.natsUrl,
    mongoUrl: infra.mongoUrl,
    port: await findFreePort(),
    baseEnv: process.env,
    logDir,
    env: {
      '*': { LOG_LEVEL: 'warn' },
      gateway: {
        // One token at hundreds of requests/s: the per-caller rate limit would measure itself.
        RATE_LIMIT_MAX: '0',
        ...(settings.tokenCacheTtlMs === undefined ? {} : { TOKEN_CACHE_TTL_MS: settings.tokenCacheTtlMs }),
      },
    },
  });
  const { stack } = started;
  checkInterrupted();
  out('Starting the baseline (bench/baseline.mjs)…');
  const baseline = await startBaseline(infra.mongoUrl, await findFreePort());
  checkInterrupted();
  let floor;
  if (settings.floor) {
    out('Starting the floor of the hop (bench/floor.mjs)…');
    floor = await startFloor(infra.natsUrl, await findFreePort());
    checkInterrupted();
  }

  const { token, networkEID } = await signInAsDemo(stack.baseUrl);
  const path = `/networks/${networkEID}/`;
  const headers = { authorization: `Bearer ${token}`, accept: ACCEPT };
  const targets = [
    { name: 'gateway', url: stack.baseUrl + path },
    { name: 'baseline', url: baseline.url + path },
  ];
  // Both must answer the same network before anything is measured.
  for (const target of targets) await checkAnswer(target, headers, networkEID);

  const processes = [
    ...[...stack.apps]
      .sort((a, b) => Number(b.app === 'gateway') - Number(a.app === 'gateway'))
      .map(({ app, child }) => ({ name: app, pid: child.pid, group: 'gateway' })),
    { name: 'baseline', pid: baseline.child.pid, group: 'baseline' },
    ...(floor?.children ?? []).map(({ name, child }) => ({ name, pid: child.pid, group: 'floor' })),
    ...infraProcesses(infra),
  ];
  // The memory target: each app's memory when idle (after one request each above), read before any load.
  // V8's memory reducer gives back the start's garbage some 30–50 s after the last burst of
  // allocation, so the reading at 20 s, printed too, still shows the start (bench/README.md, "Footprint").
  let idleRss;
  let earlyRss;
  if (settings.idle > 0) {
    out(`Idling ${settings.idle} s to read each app's idle memory…`);
    const readRss = () =>
      new Map(processes.filter((p) => p.group === 'gateway').map((p) => [p.name, rssKb(p.pid)]));
    const early = Math.min(EARLY_IDLE_S, settings.idle);
    await new Promise((resolve) => setTimeout(resolve, early * 1000));
    if (early < settings.idle) {
      earlyRss = readRss();
      await new Promise((resolve) => setTimeout(resolve, (settings.idle - early) * 1000));
    }
    idleRss = readRss();
  }
  // Seconds of load not counted (warm-ups): true, or false (said loudly) when any request failed.
  const warmClosed = async (target, seconds, what) => {
    const warm = await load(target, headers, seconds);
    if (failures(warm.result) === 0) return true;
    loud(`${target.name}: ${what} had failing requests (${describeFailures(warm.result)})`);
    return false;
  };
  // Warm-ups first, then the measured seconds of both targets in alternating slices (gateway,
  // baseline, gateway, …): a stall of this shared VM lands in either target's slices alike instead
  // of in one target's whole run (bench/README.md, "How it runs").
  for (const target of targets) {
    if (settings.warmup === 0) break;
    out(`Warming up ${target.name}: ${settings.warmup} s with ${settings.connections} connections…`);
    if (!(await warmClosed(target, settings.warmup, 'the warm-up'))) return 1;
  }
  const closedSlices = sliceLengths(settings.duration);
  out(
    `Measuring: ${settings.duration} s per target in ${closedSlices.length} alternating slices ` +
      `(${closedSlices.join(' + ')} s)${sliceWarmupText()}, ${settings.connections} connections…`,
  );
  const closedRuns = new Map(targets.map((t) => [t.name, []]));
  for (const seconds of closedSlices) {
    for (const target of targets) {
      // The target idled during the other's slice: its first seconds under load again are not counted.
      if (
        settings.sliceWarmup > 0 &&
        !(await warmClosed(target, settings.sliceWarmup, "a slice's warm-up"))
      ) {
        return 1;
      }
      const sampler = startSampling(processes);
      const run = await load(target, headers, seconds);
      closedRuns.get(target.name).push({ ...run, usage: sampler.stop() });
      checkInterrupted();
    }
  }
  const results = targets.map((target) => ({ ...target, ...mergeClosed(closedRuns.get(target.name)) }));

  report(results, processes);

  // The open-loop run: both targets at one fixed arrival rate, in the same slices.
  const baseRps = rpsOf(results[1]);
  const rate = settings.rate || Math.max(1, Math.round(baseRps / 2));
  const openDuration = settings.openDuration || settings.duration;
  // The floor of the hop, when asked for, in the open loop only (after the two targets).
  const openTargets = floor ? [...targets, { name: 'floor', url: floor.url + path }] : targets;
  // One keep-alive pool per target for all its open-loop slices.
  const agents = new Map(
    openTargets.map((t) => [t.name, new http.Agent({ keepAlive: true, maxSockets: 512 })]),
  );
  // Seconds of load not counted (warm-ups): their result, or null (said loudly) when any request failed.
  const warmOpen = async (target, seconds, what) => {
    const warm = await openLoop(target, headers, rate, seconds, {
      quiet: true,
      agent: agents.get(target.name),
    });
    if (warm.failed === 0) return warm;
    loud(`${target.name}: ${warm.failed} requests of ${what} failed`);
    return null;
  };
  const openRuns = new Map(openTargets.map((t) => [t.name, []]));
  // Each slice's first BENCH_SLICE_WARMUP seconds, after the target idled: reported on their own.
  const afterIdle = new Map(openTargets.map((t) => [t.name, []]));
  try {
    // After the closed loop each target has idled; its first second at the rate is a cold start
    // (connections opened, heaps grown again), not the steady state measured.
    for (const target of openTargets) {
      if (settings.openWarmup === 0) break;
      out(`Open loop ${target.name}: ${rate} requests/s for ${settings.openWarmup} s of warm-up…`);
      if (!(await warmOpen(target, settings.openWarmup, 'the open-loop warm-up'))) return 1;
    }
    const openSlices = sliceLengths(openDuration);
    out(
      `Open loop: ${rate} requests/s, ${openDuration} s per target in ${openSlices.length} alternating ` +
        `slices (${openSlices.join(' + ')} s)${sliceWarmupText()}…`,
    );
    for (const seconds of openSlices) {
      for (const target of openTargets) {
        if (settings.sliceWarmup > 0) {
          const warm = await warmOpen(target, settings.sliceWarmup, "a slice's open-loop warm-up");
          if (!warm) return 1;
          afterIdle.get(target.name).push(warm);
        }
        const earlier = openRuns.get(target.name);
        const sampler = startSampling(processes);
        const run = await openLoop(target, headers, rate, seconds, {
          agent: agents.get(target.name),
          firstSecond: sumOf(earlier, (r) => r.duration),
        });
        earlier.push({ ...run, usage: sampler.stop() });
        checkInterrupted();
      }
    }
  } finally {
    for (const agent of agents.values()) agent.destroy();
  }
  const openResults = openTargets.map((target) => ({
    ...target,
    ...mergeOpen(openRuns.get(target.name)),
  }));
  reportOpenLoop(openResults, processes, rate, openDuration);
  reportAfterIdle(afterIdle);
  reportTargets(results, openResults, processes, openDuration);
  reportMemory(idleRss, earlyRss, [...results, ...openResults], processes);

  const failed = results.filter((r) => failures(r.result) > 0);
  for (const r of openResults.filter((o) => o.failed > 0)) {
    loud(`${r.name}: ${r.failed} of the open-loop requests failed — the open-loop figures are meaningless.`);
  }
  if (openResults.some((o) => o.failed > 0)) return 1;
  for (const r of failed) {
    loud(
      `${r.name}: ${describeFailures(r.result)} — NOT every response was 2xx; these figures are meaningless.`,
    );
  }
  return failed.length > 0 ? 1 : 0;
}
