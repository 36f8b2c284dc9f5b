// Three test tiers (STYLE.md §10): unit tests beside pure code; service tests against real NATS and
// a real MongoDB-compatible store started once per run; end-to-end tests over HTTP against the
// whole stack. Workspace packages resolve to their TypeScript sources through the `@ncs/source`
// export condition, so tests never run stale build output.
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Vitest's order, except that the index-coverage test runs last: it checks the queries of all the others. */
class IndexCoverageLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (spec: TestSpecification) => spec.moduleId.endsWith('index-coverage.test.ts');
    return [...sorted.filter((spec) => !last(spec)), ...sorted.filter(last)];
  }
}

const conditions = ['@ncs/source', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@ncs/source'] } },
  test: {
    reporters: ['default'],
    sequence: { sequencer: IndexCoverageLast },
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
          globalSetup: ['tests/setup/stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
