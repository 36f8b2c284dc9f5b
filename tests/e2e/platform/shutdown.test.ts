/**
 * Graceful shutdown (ARCHITECTURE §6, issue: every app stops on SIGTERM within a few seconds,
 * exit 0): extra instances are started beside the running stack, then terminated.
 */
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort, spawnAppProcess, startInfra, stopChild, type StackApp } from '@ncs/local-infra';
import { call } from '../../support/api.js';
import { stack } from '../../support/stack.js';

async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A warning of Node's in a log (a deprecation of a library, an experimental API): none expected. */
const NODE_WARNING = /^\(node:\d+\) .*(Warning|Deprecation)/m;

/** The app's log so far ('' until its stream has created the file). */
function readLog(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

function spawnExtra(app: StackApp, env: Record<string, string> = {}) {
  return spawnAppProcess(app, {
    natsUrl: stack().natsUrl,
    mongoUrl: stack().mongoUrl,
    baseEnv: process.env,
    env: { LOG_LEVEL: 'info', DEMO_DATA: 'false', ...env },
    logFile: join(tmpdir(), `ncs-shutdown-${app}-${Date.now()}.log`),
  });
}

describe('graceful shutdown', () => {
  it.each(['auth', 'messaging', 'knowledge-base', 'notifications'] as const)(
    'a %s instance exits 0 within 5 s of SIGTERM while the others keep serving',
    async (app) => {
      const extra = spawnExtra(app);
      try {
        await waitFor(() => readLog(extra.logFile).includes('service ready'), `${app} to be ready`);
        const started = Date.now();
        const code = await stopChild(extra.child, 10_000);
        expect(code).toBe(0);
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(readLog(extra.logFile)).toContain('"msg":"stopped"');
        expect(readLog(extra.logFile)).not.toMatch(NODE_WARNING);
        // The stack's own instance still answers.
        expect((await call('/ready', { accept: null })).status).toBe(200);
      } finally {
        extra.child.kill('SIGKILL'); // a no-op once it has exited; never leave an instance behind
      }
    },
  );

  it('a gateway instance stops listening and exits 0 within 5 s of SIGTERM', async () => {
    const port = await findFreePort();
    const extra = spawnExtra('gateway', { PORT: String(port), HOST: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitFor(
        async () => (await fetch(`${url}/health`).catch(() => null))?.ok === true,
        'gateway to listen',
      );
      expect((await fetch(`${url}/ready`)).status).toBe(200);
      const started = Date.now();
      expect(await stopChild(extra.child, 10_000)).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect(fetch(`${url}/health`)).rejects.toThrow();
      // Started, served and stopped without a warning of Node's (a deprecated Fastify option was one).
      expect(readLog(extra.logFile)).not.toMatch(NODE_WARNING);
    } finally {
      extra.child.kill('SIGKILL');
    }
  });

  it('a service whose NATS and store are gone still exits 0 within 5 s of SIGTERM', async () => {
    const own = await startInfra({ ephemeral: true });
    const extra = spawnAppProcess('auth', {
      natsUrl: own.natsUrl,
      mongoUrl: own.mongoUrl,
      baseEnv: process.env,
      env: { LOG_LEVEL: 'info', DEMO_DATA: 'false' },
      logFile: join(tmpdir(), `ncs-shutdown-orphan-${Date.now()}.log`),
    });
    try {
      await waitFor(() => readLog(extra.logFile).includes('service ready'), 'auth to be ready');
      await own.stop(); // the broker and the store go away under the running service
      const started = Date.now();
      expect(await stopChild(extra.child, 10_000)).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      extra.child.kill('SIGKILL');
      await own.stop();
    }
  });
});
