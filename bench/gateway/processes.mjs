// What `npm run bench` reads of every process involved (the apps, the baseline, the broker, the store,
// itself): memory (VmRSS) and CPU time from /proc, sampled over each measured slice.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import { clockTicks, coreWaitSeconds, cpuSeconds } from '../cpu.mjs';
import { sumOf } from './stats.mjs';

export function rssKb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // no /proc (not Linux), or the process is gone
  }
  try {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) || 0;
  } catch {
    return 0;
  }
}

/** Whole-machine CPU time so far (all cores, seconds): busy and total, or undefined without /proc. */
function machineCpu() {
  try {
    const first = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const [user, nice, system, idle, iowait, irq, softirq, steal] = first
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = user + nice + system + idle + iowait + irq + softirq + steal;
    return { busy: (total - idle - iowait) / clockTicks, total: total / clockTicks };
  } catch {
    return undefined;
  }
}

/** Max RSS (sampled each second) and CPU share of every process over one measured run. */
export function startSampling(processes) {
  const startedAt = process.hrtime.bigint();
  const selfCpu = process.cpuUsage();
  const cpuAtStart = new Map(processes.map((p) => [p.pid, cpuSeconds(p.pid)]));
  // The wait for a core of every process and of the load generator (this process), by pid.
  const waiting = [...processes.map((p) => p.pid), process.pid];
  const waitAtStart = new Map(waiting.map((pid) => [pid, coreWaitSeconds(pid)]));
  const machineAtStart = machineCpu();
  const maxRss = new Map(processes.map((p) => [p.pid, rssKb(p.pid)]));
  const sample = () => {
    for (const p of processes) maxRss.set(p.pid, Math.max(maxRss.get(p.pid) ?? 0, rssKb(p.pid)));
  };
  const timer = setInterval(sample, 1_000);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      const cpu = new Map();
      for (const p of processes) {
        const before = cpuAtStart.get(p.pid);
        const after = cpuSeconds(p.pid);
        if (before !== undefined && after !== undefined) cpu.set(p.pid, ((after - before) / seconds) * 100);
      }
      // Seconds each process was runnable but waited for a core (main thread; all threads).
      const coreWait = new Map();
      for (const pid of waiting) {
        const before = waitAtStart.get(pid);
        const after = coreWaitSeconds(pid);
        if (before && after)
          coreWait.set(pid, { main: after.main - before.main, all: after.all - before.all });
      }
      const self = process.cpuUsage(selfCpu);
      const selfPercent = ((self.user + self.system) / 1e6 / seconds) * 100;
      const machineAtEnd = machineCpu();
      // Busy share of the whole machine in % of one core, e.g. 200 = both of 2 cores busy.
      const machinePercent =
        machineAtStart && machineAtEnd
          ? ((machineAtEnd.busy - machineAtStart.busy) / (machineAtEnd.total - machineAtStart.total)) *
            os.availableParallelism() *
            100
          : undefined;
      return {
        seconds,
        maxRssKb: maxRss,
        cpuPercent: cpu,
        coreWait,
        selfCpuPercent: selfPercent,
        machinePercent,
      };
    },
  };
}

/** The usage of several sampled slices as one: shares weighted by each slice's seconds, RSS the max. */
export function mergeUsage(usages) {
  const seconds = sumOf(usages, (u) => u.seconds);
  const weighted = (valueOf) => sumOf(usages, (u) => valueOf(u) * u.seconds) / seconds;
  const cpuPercent = new Map();
  for (const pid of usages[0].cpuPercent.keys()) {
    if (usages.every((u) => u.cpuPercent.has(pid)))
      cpuPercent.set(
        pid,
        weighted((u) => u.cpuPercent.get(pid)),
      );
  }
  const coreWait = new Map();
  for (const pid of usages[0].coreWait.keys()) {
    if (usages.every((u) => u.coreWait.has(pid)))
      coreWait.set(pid, {
        main: sumOf(usages, (u) => u.coreWait.get(pid).main),
        all: sumOf(usages, (u) => u.coreWait.get(pid).all),
      });
  }
  const maxRssKb = new Map();
  for (const u of usages) {
    for (const [pid, kb] of u.maxRssKb) maxRssKb.set(pid, Math.max(maxRssKb.get(pid) ?? 0, kb));
  }
  return {
    seconds,
    cpuPercent,
    coreWait,
    maxRssKb,
    selfCpuPercent: weighted((u) => u.selfCpuPercent),
    machinePercent: usages.every((u) => u.machinePercent !== undefined)
      ? weighted((u) => u.machinePercent)
      : undefined,
  };
}

/** The processes listening on the ports of the broker and the store, when they run on this machine. */
export function infraProcesses({ natsUrl, mongoUrl, kind }) {
  const found = [];
  for (const [url, role, how] of [
    [natsUrl, 'nats', kind.nats],
    [mongoUrl, 'store', kind.mongo],
  ]) {
    const pid = listenerPid(Number(new URL(url).port));
    if (pid === undefined) continue;
    let name = role;
    try {
      name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      // keep the role
    }
    found.push({ name, pid, group: 'infra', role, how });
  }
  return found;
}

function listenerPid(port) {
  if (!port) return undefined;
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const localPort = parseInt(fields[1]?.split(':').pop() ?? '', 16);
      if (fields[3] === '0A' && localPort === port) inodes.add(`socket:[${fields[9]}]`);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}
