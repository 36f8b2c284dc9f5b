// Command 2 of the README: the whole suite on its own infrastructure. Static checks (types, lint,
// format) count as tests too; the run ends with a plain "N passed, N failed" line.
// First: re-runs this script on the supported Node.js when the one that started it is older.
import './toolchain.mjs';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepare, repoRoot, run } from './prepare.mjs';
import { ALONE } from '../tests/alone.mjs';

const out = (line) => process.stdout.write(`${line}\n`);
// Where the time goes: each step's wall time, and each vitest tier's, at the end.
const times = [];
const timed = (name, step) => {
  const started = Date.now();
  const result = step();
  times.push([name, (Date.now() - started) / 1000]);
  return result;
};
timed('prepare (install, build, infrastructure tools)', () => prepare({ log: out }));

// Test folders have their own tsconfig (they compile against the packages' sources).
const testProjects = [
  'tests',
  ...['apps', 'packages'].flatMap((dir) =>
    readdirSync(join(repoRoot, dir)).map((name) => `${dir}/${name}/test`),
  ),
].filter((dir) => existsSync(join(repoRoot, dir, 'tsconfig.json')));

const checks = [
  ['typecheck', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']],
  ...testProjects.map((dir) => [`typecheck ${dir}`, 'npx', ['tsc', '-p', `${dir}/tsconfig.json`]]),
  // Type-aware rules hold every workspace's program in one process: past V8's default 4 GB heap.
  [
    'lint',
    'node',
    ['--max-old-space-size=8192', 'node_modules/eslint/bin/eslint.js', '--max-warnings=0', '.'],
  ],
  ['format', 'npx', ['prettier', '--check', '--log-level=warn', '.']],
];
let passed = 0;
let failed = 0;
for (const [name, command, args] of checks) {
  out(`\n▶ ${name}`);
  if (timed(name, () => run(command, args)) === 0) passed += 1;
  else {
    failed += 1;
    out(`✗ ${name} failed`);
  }
}

mkdirSync(join(repoRoot, '.ncs'), { recursive: true });
const resultsFile = join(repoRoot, '.ncs', 'vitest-results.json');
out('\n▶ vitest (unit, service, e2e)');
const vitestStatus = timed('vitest', () =>
  run('npx', [
    'vitest',
    'run',
    ...process.argv.slice(2),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
  ]),
);
try {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  if (vitestStatus !== 0 && results.numFailedTests === 0) failed += 1; // e.g. a failing global setup
  if (results.numTotalTests === 0) failed += 1;
  times.push(...tierTimes(results));
} catch {
  failed += 1;
  out('✗ vitest produced no results');
}
out('\nTime per step (wall clock, seconds):');
for (const [name, seconds] of times) out(`  ${seconds.toFixed(0).padStart(6)}  ${name}`);
out(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

/** Per vitest tier: its files, the wall time from its first file's start to its last file's end, and its slowest files. */
function tierTimes(results) {
  const tierOf = (file) =>
    ALONE.some((alone) => file.endsWith(`/${alone}`))
      ? 'e2e-alone (after the others, one at a time)'
      : file.includes('/tests/e2e/')
        ? 'e2e'
        : /\/(apps|packages)\/[^/]+\/test\//.test(file)
          ? 'service'
          : 'unit';
  const tiers = new Map();
  for (const file of results.testResults) {
    const tier = tierOf(file.name);
    const entry = tiers.get(tier) ?? { files: [], start: Infinity, end: 0 };
    entry.files.push([file.name.slice(repoRoot.length + 1), (file.endTime - file.startTime) / 1000]);
    entry.start = Math.min(entry.start, file.startTime);
    entry.end = Math.max(entry.end, file.endTime);
    tiers.set(tier, entry);
  }
  return [...tiers.entries()].map(([tier, { files, start, end }]) => {
    const slowest = files
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, seconds]) => `${name} ${seconds.toFixed(0)} s`)
      .join('; ');
    return [`  vitest ${tier}: ${files.length} files (slowest: ${slowest})`, (end - start) / 1000];
  });
}
