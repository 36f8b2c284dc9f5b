// @ncs/local-infra: one helper, used by `npm start` and the test suites, that finds or starts NATS
// (with JetStream) and a MongoDB-compatible store, waits until each answers, and stops what it started.
export { MissingPrerequisiteError } from './errors.js';
export type { Infra, InfraOptions } from './start-infra.js';
export { startInfra } from './start-infra.js';
// The platform's apps as child processes (`npm start`, end-to-end tests, benchmark); see stack.ts.
export * from './stack.js';
export { findFreePort } from './ports.js';
// Notifications (the fault test): a nats-server restarted on the same port and store.
export { startRestartableNats, type RestartableNats } from './restartable-nats.js';
// Scale-out: NCS_INSTANCES.
export { parseInstances, instanceLogName, MAX_INSTANCES } from './instances.js';
// Restarting what `npm start` runs when it exits (restart-policy.ts, supervisor.ts).
export type { LocalProcess } from './local-server.js';
export { DEFAULT_RESTART_POLICY, type RestartPolicy } from './restart-policy.js';
export { describeSupervisionEvent, type Supervision, type SupervisionEvent } from './supervisor.js';
