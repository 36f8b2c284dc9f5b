// Three test tiers (STYLE.md §10): unit tests beside pure code; service tests against real NATS and
// a real MongoDB-compatible store started once per run; end-to-end tests over HTTP against the
// whole stack. Workspace packages resolve to their TypeScript sources through the `@ncs/source`
// export condition, so tests never run stale build output.
//
// Where the time goes: an end-to-end file waits on one request at a time, so one
// stack keeps about one core busy. The end-to-end tier therefore starts one stack per worker
// (tests/setup/stack.ts; each file uses the stack of its worker slot, tests/support/stack.ts), and
// two files run side by side, beside the unit and service tiers. The files that load the whole
// machine themselves (tests/alone.mjs) run after those, one at a time, on a fresh stack of their
// own. The index-coverage test runs last: it checks the query shapes that every service of every
// stack recorded; so does the recorded-events test, which checks every event the services' outboxes
// hold against the domain event catalogue.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { ALONE } from './tests/alone.mjs';

const conditions = ['@ncs/source', 'node', 'import', 'default'];

/** Workers of the run; also the number of end-to-end stacks (tests/setup/stack.ts). */
const WORKERS = 2;
process.env.NCS_E2E_STACKS ??= String(WORKERS);

const INDEX_COVERAGE = 'tests/e2e/platform/index-coverage.test.ts';
const RECORDED_EVENTS = 'tests/e2e/platform/recorded-events.test.ts';
// Where each end-to-end stack notes its store for the recorded-events test (tests/setup/stack.ts).
process.env.NCS_E2E_STACKS_DIR ??= join(tmpdir(), `ncs-e2e-stacks-${process.pid}`);
// One directory per run for the query shapes of the services of every stack (the stacks' global
// setup and the index-coverage test read it from here; workers inherit the environment).
process.env.NCS_QUERY_SHAPES_DIR ??= join(tmpdir(), `ncs-query-shapes-${process.pid}`);

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@ncs/source'] } },
  test: {
    reporters: ['default'],
    // A warning of Node's (a deprecated library option, …) fails the test that emitted it.
    setupFiles: ['tests/setup/no-warnings.ts'],
    // Every project of the first group must have the same number of workers (vitest's rule).
    maxWorkers: WORKERS,
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
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [INDEX_COVERAGE, RECORDED_EVENTS, ...ALONE],
          globalSetup: ['tests/setup/stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          include: ALONE,
          // One worker, hence one stack (tests/setup/stack.ts), after the first group.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/setup/stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'index-coverage',
          include: [INDEX_COVERAGE],
          globalSetup: ['tests/setup/query-shapes.ts'],
          // After every other project: it reads what their queries recorded.
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'recorded-events',
          include: [RECORDED_EVENTS],
          // After every other project, while their stacks still run (teardown comes at the end of
          // the run): it reads the events their services recorded.
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
        },
      },
    ],
  },
});
