// CPU time of processes from /proc, for the benchmarks (scripts/bench.mjs, bench/alloc.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

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
