/**
 * A gateway of a test's own on its stack's NATS and store, with settings of the test's own (rate
 * limits, deadlines, a second instance…): started from the build as the stack's apps are, ready once
 * `/health` answers. Its log is outside the stack's log directory (the no-secrets test reads every
 * file there).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, spawnAppProcess, stopChild, type RunningApp } from '@ncs/local-infra';
import { stack } from './stack.js';

export interface ExtraGateway {
  readonly url: string;
  readonly app: RunningApp;
  stop(): Promise<void>;
}

/** Starts the gateway with `env` on top of its defaults (`LOG_LEVEL` warn); throws if not up in 30 s. */
export async function startExtraGateway(
  name: string,
  env: Record<string, string> = {},
): Promise<ExtraGateway> {
  const port = await findFreePort();
  const app = spawnAppProcess('gateway', {
    natsUrl: stack().natsUrl,
    mongoUrl: stack().mongoUrl,
    baseEnv: process.env,
    env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    logFile: join(tmpdir(), `ncs-${name}-${port}-${Date.now()}.log`),
  });
  const gateway: ExtraGateway = {
    url: `http://127.0.0.1:${port}`,
    app,
    stop: async () => void (await stopChild(app.child)),
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${gateway.url}/health`).catch(() => null))?.ok) return gateway;
    if (app.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await gateway.stop();
  throw new Error(`the ${name} gateway did not start (log: ${app.logFile})`);
}
