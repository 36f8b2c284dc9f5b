// globalSetup of the `service` test tier: NATS and a MongoDB-compatible store, fresh and empty,
// started once per run and stopped at the end (STYLE.md §10). Tests read the URLs with
// `inject('natsUrl')` / `inject('mongoUrl')`. NATS_URL and MONGO_URL are NOT set in this process's
// environment: the end-to-end stacks start in the same process and each must get infrastructure of
// its own (startInfra uses the environment's URLs first).
import { startInfra } from '@ncs/local-infra';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    natsUrl: string;
    mongoUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const infra = await startInfra({
    ephemeral: true,
    log: (message) => process.stderr.write(`[infra] ${message}\n`),
  });
  project.provide('natsUrl', infra.natsUrl);
  project.provide('mongoUrl', infra.mongoUrl);
  return () => infra.stop();
}
