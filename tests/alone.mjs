// End-to-end files that load the whole machine themselves: the contract test's two
// schemathesis processes, the K = 500 fault test and the scale-out load test; and the live stream's
// expired resume, which purges the event log under every other file's feet. They run after every
// other file, one at a time, on a fresh stack of their own (vitest.config.ts, project `e2e-alone`):
// beside other files they slowed both stacks until ordinary requests timed out (504), and the
// contract test took 760 s instead of about 180 s.
export const ALONE = [
  'tests/e2e/platform/schemathesis.test.ts',
  'tests/e2e/notifications/fault.test.ts',
  'tests/e2e/platform/scale-out.test.ts',
  'tests/e2e/live/expired.test.ts',
];
