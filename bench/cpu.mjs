// CPU time of processes from /proc, for the benchmarks (scripts/bench.mjs, bench/alloc.mjs).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The kernel's clock ticks per second, the unit of /proc's CPU times. */
export const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) so far, or undefined without /proc. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}

/**
 * Time spent runnable but waiting for a core so far (seconds, the kernel's `run_delay` of
 * /proc/<pid>/task/<tid>/schedstat): of the main thread (which answers requests) and of all the
 * process's threads; undefined without /proc or schedstat.
 */
export function coreWaitSeconds(pid) {
  try {
    let main = 0;
    let all = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let delay;
      try {
        delay = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
      } catch {
        continue; // the thread ended meanwhile
      }
      all += delay;
      if (tid === String(pid)) main = delay;
    }
    return { main, all };
  } catch {
    return undefined;
  }
}
