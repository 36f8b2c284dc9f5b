/**
 * Global setup of the end-to-end tier: fresh infrastructure (real NATS, real MongoDB-compatible
 * store), an OTLP receiver for trace assertions, and the whole platform started from its builds
 * exactly as `npm start` runs it. Tests reach it over HTTP only.
 *
 * One such stack per worker (`NCS_E2E_STACKS`, default 2 = the tier's workers in vitest.config.ts):
 * two end-to-end files run at the same time, each against the stack of its worker slot
 * (tests/support/stack.ts), so a stack still serves one file at a time. An end-to-end file waits on
 * one request at a time, so one stack keeps about one core busy; and each store holds only about
 * half of the suite's data (the local store scans whole collections).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findFreePort, stackApps, startInfra, startStack } from '@ncs/local-infra';
import { startOtlpReceiver } from '../support/otlp-receiver.js';
import { reportStoreSize } from '../support/store-size.js';
// Push: the FCM stand-in the notifications service sends to.
import { PUSH_PROVIDER_ACCESS_TOKEN, startPushProvider } from '../support/push-provider.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker slot: `VITEST_POOL_ID` n uses `stacks[n - 1]`. */
    stacks: StackInfo[];
  }
}

export interface StackInfo {
  readonly baseUrl: string;
  readonly logDir: string;
  readonly natsUrl: string;
  readonly mongoUrl: string;
  readonly otlpUrl: string;
  /** Push: the FCM stand-in (tests/support/push-provider.ts). */
  readonly pushProviderUrl: string;
  /** Each app's `GET /metrics`, on a port of its own (the first instance of each). */
  readonly metricsUrls: Readonly<Record<string, string>>;
}

const log = (m: string) => process.stderr.write(`[infra] ${m}\n`);

async function startOne(): Promise<{ info: StackInfo; stop(): Promise<void> }> {
  const infra = await startInfra({ ephemeral: true, log });
  const receiver = await startOtlpReceiver();
  // Push.
  const pushProvider = await startPushProvider();
  const logDir = mkdtempSync(join(tmpdir(), 'ncs-e2e-logs-'));
  const stopInfrastructure = async () => {
    await receiver.close();
    await pushProvider.close();
    await infra.stop();
  };
  const stack = await startStack({
    natsUrl: infra.natsUrl,
    mongoUrl: infra.mongoUrl,
    port: await findFreePort(),
    baseEnv: process.env,
    logDir,
    // Every app serves its metrics on a free port of its own (e2e/platform/metrics.test.ts).
    metricsPorts: Object.fromEntries(stackApps.map((app) => [app, 0])),
    env: {
      '*': {
        // Debug logging makes the no-secrets-in-logs test as strict as it can be.
        LOG_LEVEL: 'debug',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        // The schemathesis run sends thousands of requests with one token; the limiter itself is
        // tested on a gateway of its own (e2e/platform/rate-limit.test.ts).
        RATE_LIMIT_MAX: '100000',
        TOKEN_RATE_LIMIT_MAX: '100000',
        // Every test signs in from 127.0.0.1 and a few send wrong passwords on purpose; the address
        // throttle is tested from addresses of its own (e2e/oauth/credential-guessing.test.ts) at this value.
        SIGN_IN_ADDRESS_MAX_FAILURES: '25',
        SIGN_IN_ADDRESS_DELAY_FROM: '25',
        // Cheap password hashes: a token grant verifies two (client secret and password), about
        // 650 ms at the production cost on a 2-core machine, and the suite grants hundreds. The
        // production cost is the default and is what the unit tests of secrets.ts check.
        SECRET_HASH_LOG2_COST: '10',
        // Every reply of an internal subject is checked against its schema: one that drifted from
        // its contract is answered 500 (service-kit's internal-handlers.ts), failing the test.
        NCS_CHECK_INTERNAL_REPLIES: 'true',
        // Every query shape and declared index, for the index-coverage test (platform/index-coverage):
        // one directory for every stack of the run (vitest.config.ts), else beside the log
        // directory (not in it: tests read every file of the log directory).
        MONGO_COMMAND_LOG_DIR: process.env.NCS_QUERY_SHAPES_DIR ?? `${logDir}-query-shapes`,
      },
      auth: {
        // A key of this run for the app signing secrets at rest (production requires one).
        APP_SIGNING_SECRET_KEY: randomBytes(32).toString('base64'),
        // App webhooks: manifests register the test's receiver on 127.0.0.1 (refused with the
        // switch off: apps/auth/test/webhook-targets.service.test.ts).
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      },
      // Push: FCM is the local stand-in; retries come quickly.
      notifications: {
        FCM_BASE_URL: pushProvider.url,
        FCM_ACCESS_TOKEN: PUSH_PROVIDER_ACCESS_TOKEN,
        PUSH_RETRY_BASE_MS: '100',
        PUSH_SWEEP_MS: '500',
        // Notifications (app webhooks): the test's receiver is on 127.0.0.1; quick
        // retries and a 4 s disable window.
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_RETRY_BASE_MS: '400',
        WEBHOOK_RETRY_MAX_MS: '2000',
        WEBHOOK_DISABLE_AFTER_MS: '4000',
        WEBHOOK_SWEEP_MS: '500',
        WEBHOOK_TIMEOUT_MS: '3000',
      },
      // Notifications (the live stream): heartbeats and token checks come quickly.
      gateway: { STREAM_HEARTBEAT_MS: '500', STREAM_TOKEN_CHECK_MS: '300' },
      // Files (attachments and temporary uploads): temporary files live 8 s, an upload
      // idle for 5 s is swept, sweeps every 500 ms (e2e/files/temporary.test.ts).
      messaging: {
        FILES_TEMPORARY_TTL_MS: '8000',
        FILES_UPLOAD_IDLE_MS: '5000',
        FILES_SWEEP_INTERVAL_MS: '500',
      },
    },
  }).catch(async (error: unknown) => {
    await stopInfrastructure(); // nothing may outlive a failed setup
    throw error;
  });
  return {
    info: {
      baseUrl: stack.baseUrl,
      logDir,
      natsUrl: infra.natsUrl,
      mongoUrl: infra.mongoUrl,
      otlpUrl: receiver.url,
      pushProviderUrl: pushProvider.url,
      // The first instance of each app (later ones are earlier in the reversed list and overwritten).
      metricsUrls: Object.fromEntries(
        stack.apps
          .flatMap((entry): [string, string][] => (entry.metricsUrl ? [[entry.app, entry.metricsUrl]] : []))
          .reverse(),
      ),
    },
    async stop() {
      await stack.stop();
      await reportStoreSize(infra.mongoUrl, logDir).catch((error: unknown) =>
        process.stderr.write(`[store] size report failed: ${String(error)}\n`),
      );
      await stopInfrastructure();
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const wanted = Number(process.env.NCS_E2E_STACKS ?? '2');
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > 8) {
    throw new Error(`NCS_E2E_STACKS must be an integer from 1 to 8, not "${process.env.NCS_E2E_STACKS}"`);
  }
  // No more stacks than the project has workers: the `e2e-alone` project (vitest.config.ts) has one.
  const workers = project.config.maxWorkers;
  const count = typeof workers === 'number' ? Math.min(wanted, workers) : wanted;
  const started: { info: StackInfo; stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const one of started) await one.stop();
  };
  try {
    // One after the other: two first runs must not build the same binaries at once.
    for (let index = 0; index < count; index += 1) started.push(await startOne());
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'stacks',
    started.map((one) => one.info),
  );
  const noted = noteStores(project.name, started);
  return async () => {
    for (const file of noted) rmSync(file, { force: true });
    await stopAll();
  };
}

/**
 * Where each stack's store is, for the recorded-events test that runs after every end-to-end file
 * (e2e/platform/recorded-events.test.ts reads the services' outboxes): one file per stack in
 * `NCS_E2E_STACKS_DIR` (chosen per run in vitest.config.ts), removed when the stack stops.
 */
function noteStores(projectName: string, started: readonly { info: StackInfo }[]): string[] {
  const dir = process.env.NCS_E2E_STACKS_DIR;
  if (dir === undefined) return [];
  mkdirSync(dir, { recursive: true });
  return started.map(({ info }, index) => {
    const file = join(dir, `${projectName}-${index + 1}.json`);
    writeFileSync(file, JSON.stringify({ mongoUrl: info.mongoUrl, logDir: info.logDir }));
    return file;
  });
}
