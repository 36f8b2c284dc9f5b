// Three test tiers (STYLE.md §10): unit tests beside pure code; service tests against real NATS and
// a real MongoDB-compatible store started once per run; end-to-end tests over HTTP against the
// whole stack. Workspace packages resolve to their TypeScript sources through the `@ncs/source`
// export condition, so tests never run stale build output.
//
// Where the time goes (issue #14 §7): an end-to-end file waits on one request at a time, so one
// stack keeps about one core busy. The end-to-end files are therefore split in two shards, each
// with a stack of its own (its own NATS, store and services, started by tests/setup/stack.ts), run
// side by side with the unit and service tiers on two workers. Each store also holds only half the
// data, and the local store scans whole collections. The index-coverage test runs after both
// shards: it checks the query shapes that every service of both stacks recorded.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const conditions = ['@ncs/source', 'node', 'import', 'default'];

const INDEX_COVERAGE = 'tests/e2e/platform/index-coverage.test.ts';
const e2eFiles = readdirSync('tests/e2e', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/e2e/${file.split('\\').join('/')}`)
  .filter((file) => file !== INDEX_COVERAGE)
  .sort();
/** Every other file of the sorted list: each folder's files are spread over both shards. */
const shard = (index: number) => e2eFiles.filter((_, position) => position % 2 === index);

// One directory per run for the query shapes of every service of both shards (the stacks' global
// setups and the index-coverage test read it from here; workers inherit the environment).
process.env.NCS_QUERY_SHAPES_DIR ??= join(tmpdir(), `ncs-query-shapes-${process.pid}`);

const e2e = {
  globalSetup: ['tests/setup/stack.ts'],
  testTimeout: 60_000,
  hookTimeout: 300_000,
  // Within a shard one file at a time: files share their stack (rate limits, the shutdown test).
  fileParallelism: false,
};

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@ncs/source'] } },
  test: {
    reporters: ['default'],
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'service',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
          globalSetup: ['tests/setup/infra.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      { extends: true, test: { name: 'e2e', include: shard(0), ...e2e } },
      { extends: true, test: { name: 'e2e-2', include: shard(1), ...e2e } },
      {
        extends: true,
        test: {
          name: 'index-coverage',
          include: [INDEX_COVERAGE],
          globalSetup: ['tests/setup/query-shapes.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
