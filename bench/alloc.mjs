// `npm run bench:alloc`: what the gateway and auth allocate per request, and
// where. GET /networks/{networkEID}/ as the demo user (the request of `npm run bench`) at a steady
// rate through the whole platform; after a warm-up, the CPU per request of each (three rounds), then
// V8's sampling heap profiler over a fixed number of requests (bench/heap-sampler.mjs): kilobytes
// allocated per request, collected or not, and the functions of ours under which they were
// allocated. Garbage is CPU: each kilobyte is work for the young-generation collector. Each round
// also prints V8's own count (`--trace-gc-nvp`, in the apps' logs): the bytes per request that
// outlived the young generation (promoted), and the young- and full collections.
//
// Environment: BENCH_RATE (requests/s, default 500), BENCH_REQUESTS (sampled, default 3000),
// BENCH_APPS (default gateway,auth), BENCH_PATH (default /networks/{networkEID}/),
// BENCH_SURVIVORS=1 (only what outlived the young generation: promoted, collected by a full
// collection or still alive), BENCH_EXTRA_FLAGS (Node flags added to the apps'), BENCH_MAPS=1 (also
// the hidden classes V8 made per sampled request, by the code that made them, from V8's map log:
// bench/v8-maps.mjs; the log slows the apps, so their CPU figures are not comparable then). The
// profiles stay in .ncs/bench-alloc/ (`.heapprofile`, `maps-<pid>.log`), the apps' logs in
// .ncs/bench-alloc/logs/.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../scripts/prepare.mjs';
import { cpuSeconds } from './cpu.mjs';
import { out, runBench, startPlatform } from './platform.mjs';
import { logSize, mapSites } from './v8-maps.mjs';

const { NODE_FLAGS } = await import('../packages/local-infra/dist/index.js');
const { default: autocannon } = await import('autocannon');

const rate = Number(process.env.BENCH_RATE ?? 500);
const sampled = Number(process.env.BENCH_REQUESTS ?? 3000);
const apps = (process.env.BENCH_APPS ?? 'gateway,auth').split(',');
const survivors = process.env.BENCH_SURVIVORS === '1';
const maps = process.env.BENCH_MAPS === '1';
const path = process.env.BENCH_PATH ?? '/networks/{networkEID}/';
const dir = join(repoRoot, '.ncs', 'bench-alloc');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
// The apps' own flags, plus the sampler (it does nothing until signalled).
process.env.NCS_NODE_FLAGS = [
  ...NODE_FLAGS,
  ...(process.env.BENCH_EXTRA_FLAGS ?? '').split(/\s+/).filter(Boolean),
  ...(maps ? ['--log-maps', `--logfile=${join(dir, 'maps-%p.log')}`, '--no-logfile-per-isolate'] : []),
  '--trace-gc-nvp',
  '--import',
  join(repoRoot, 'bench', 'heap-sampler.mjs'),
].join(' ');
process.env.HEAP_SAMPLE_APPS = apps.join(',');
process.env.HEAP_SAMPLE_DIR = dir;
process.env.HEAP_SAMPLE_SURVIVORS = survivors ? '1' : '0';

function sum(node) {
  return node.selfSize + node.children.reduce((total, child) => total + sum(child), 0);
}

/** Bytes by the innermost function of the project (apps/, packages/) under which they were allocated. */
function byOwnFunction(profile) {
  const totals = new Map();
  const walk = (node, own) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const ours = /[/\\](apps|packages)[/\\]/.test(url) && !url.includes('node_modules');
    const here = ours
      ? `${functionName || '(anonymous)'} ${url.replace(/^.*[/\\](apps|packages)[/\\]/, '$1/')}:${lineNumber + 1}`
      : own;
    if (node.selfSize > 0) {
      const key = here ?? `(libraries and Node, under no function of ours) ${functionName || '(anonymous)'}`;
      totals.set(key, (totals.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head, undefined);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** V8's lines of one collection each (`--trace-gc-nvp`) in an app's log, as name → value. */
function collections(logFile) {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => / gc=/.test(line))
    .map((line) =>
      Object.fromEntries(
        line.split(' ').flatMap((field) => {
          const at = field.indexOf('=');
          return at > 0 ? [[field.slice(0, at), field.slice(at + 1)]] : [];
        }),
      ),
    );
}

/** Promoted bytes per request, young and full collections, of the collections after `from`. */
function collectionText(logFile, from, requests) {
  const rows = collections(logFile).slice(from);
  const young = rows.filter((row) => row.gc === 's');
  const promoted = young.reduce((total, row) => total + Number(row.promoted ?? 0), 0);
  return `${Math.round(promoted / requests)} B promoted, ${young.length} young and ${rows.length - young.length} full collections`;
}

async function main() {
  const { stack, headers, networkEID } = await startPlatform('bench-alloc');
  const url = `${stack.baseUrl}${path.replace('{networkEID}', networkEID)}`;
  const load = (amount) =>
    new Promise((resolve, reject) =>
      autocannon({ url, headers, connections: 10, overallRate: rate, amount }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  const logs = apps.map((name) => join(dir, 'logs', `${name}.log`));
  const pids = apps.map((name) => {
    const app = [...stack.apps].find((a) => a.app === name);
    if (!app) throw new Error(`no app ${name} (BENCH_APPS)`);
    return app.child.pid;
  });
  const checked = async (amount) => {
    const result = await load(amount);
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0) throw new Error(`${failed} of ${result.requests.total} requests failed`);
    return result;
  };
  out(`Warming up: ${rate * 10} requests at ${rate}/s…`);
  await checked(rate * 10);
  out(`CPU per request, ${rate * 8} requests at ${rate}/s, three rounds:`);
  for (let round = 1; round <= 3; round++) {
    const before = pids.map(cpuSeconds);
    const collectedBefore = logs.map((log) => collections(log).length);
    const result = await checked(rate * 8);
    const perRequest = pids.map((pid, i) =>
      (((cpuSeconds(pid) - before[i]) * 1000) / result.requests.total).toFixed(3),
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // the apps' last lines written
    out(`  round ${round}: ${apps.map((name, i) => `${name} ${perRequest[i]} ms`).join(', ')}`);
    for (const [i, name] of apps.entries()) {
      out(`    ${name}: ${collectionText(logs[i], collectedBefore[i], result.requests.total)}`);
    }
  }
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 500));
  // With BENCH_MAPS, where each app's map log stands before the sampled requests.
  const mapLogs = maps ? pids.map((pid) => join(dir, `maps-${pid}.log`)) : [];
  const mapLogStarts = mapLogs.map(logSize);
  await checked(sampled);
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  const files = apps.map((name) => join(dir, `${name}.heapprofile`));
  for (let waited = 0; !files.every((file) => existsSync(file)); waited += 100) {
    if (waited > 30_000) throw new Error(`no heap profile after 30 s in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500)); // written whole
  const what = survivors ? 'outliving the young generation (promoted, or allocated old)' : 'collected or not';
  out(`\nAllocated per request over ${sampled} requests of ${path} (sampled every 2 KB, ${what}):`);
  for (const [i, name] of apps.entries()) {
    const profile = JSON.parse(readFileSync(files[i], 'utf8'));
    const total = sum(profile.head);
    out(`  ${name}: ${(total / sampled / 1024).toFixed(1)} KB per request; most under:`);
    for (const [where, bytes] of byOwnFunction(profile).slice(0, 8)) {
      out(`    ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${where}`);
    }
  }
  if (maps) {
    out(
      `\nHidden classes V8 made, or objects it turned into dictionaries, per request (${sampled} requests):`,
    );
    for (const [i, name] of apps.entries()) {
      const sites = await mapSites(mapLogs[i], mapLogStarts[i]);
      const total = sites.reduce((count, [, n]) => count + n, 0);
      const frequent = sites.filter(([, n]) => n / sampled >= 0.01).slice(0, 12);
      out(
        `  ${name}: ${(total / sampled).toFixed(2)} per request${frequent.length ? '; 0.01 or more by:' : ''}`,
      );
      for (const [site, n] of frequent) out(`    ${(n / sampled).toFixed(2).padStart(6)}  ${site}`);
    }
  }
  out(`\nProfiles: ${dir}`);
  return 0;
}

await runBench(main);
