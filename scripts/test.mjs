// Command 2 of the README: the whole suite on its own infrastructure. Static checks (types, lint,
// format) count as tests too; the run ends with a plain "N passed, N failed" line.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepare, repoRoot, run } from './prepare.mjs';

const out = (line) => process.stdout.write(`${line}\n`);
prepare({ log: out });

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
  ['lint', 'npx', ['eslint', '--max-warnings=0', '.']],
  ['format', 'npx', ['prettier', '--check', '--log-level=warn', '.']],
];
let passed = 0;
let failed = 0;
for (const [name, command, args] of checks) {
  out(`\n▶ ${name}`);
  if (run(command, args) === 0) passed += 1;
  else {
    failed += 1;
    out(`✗ ${name} failed`);
  }
}

mkdirSync(join(repoRoot, '.ncs'), { recursive: true });
const resultsFile = join(repoRoot, '.ncs', 'vitest-results.json');
out('\n▶ vitest (unit, service, e2e)');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  ...process.argv.slice(2),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsFile}`,
]);
try {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  if (vitestStatus !== 0 && results.numFailedTests === 0) failed += 1; // e.g. a failing global setup
  if (results.numTotalTests === 0) failed += 1;
} catch {
  failed += 1;
  out('✗ vitest produced no results');
}
out(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
