/**
 * Fails a test during which its process emitted a warning of Node's: a deprecated option of a
 * library (mongoose's `new`, Fastify's `disableRequestLogging`), an experimental API, too many
 * listeners. Such a warning is printed and the run goes on, so nobody reads it; here it is a
 * failure of the test that caused it (or of the file's first test, for one emitted while the file
 * loads). The apps the end-to-end stack runs are checked by tests/e2e/platform/shutdown.test.ts.
 */
import { afterEach, expect } from 'vitest';

const KEY = Symbol.for('ncs.tests.warnings');
const store = globalThis as { [KEY]?: string[] };
// One listener per worker process, however many test files it runs.
if (!store[KEY]) {
  const warnings: string[] = [];
  store[KEY] = warnings;
  process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`));
}
const warnings = store[KEY];

afterEach(() => {
  expect(warnings.splice(0), "warnings of Node's emitted during the test").toEqual([]);
});
