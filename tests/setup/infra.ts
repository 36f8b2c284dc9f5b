// globalSetup of the `service` test tier: NATS and a MongoDB-compatible store, fresh and empty,
// started once per run and stopped at the end (STYLE.md §10). Tests read the URLs with
// `inject('natsUrl')` / `inject('mongoUrl')`; NATS_URL and MONGO_URL are set too, for code that reads
// its configuration from the environment.
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
  process.env.NATS_URL = infra.natsUrl;
  process.env.MONGO_URL = infra.mongoUrl;
  project.provide('natsUrl', infra.natsUrl);
  project.provide('mongoUrl', infra.mongoUrl);
  return () => infra.stop();
}
