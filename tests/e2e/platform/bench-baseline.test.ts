/**
 * The benchmark's baseline (bench/baseline.mjs) answers the same representation as
 * the gateway path for the same resource: same fields and values, only the HAL links may differ.
 * It runs the services' own code in-process; this test holds it to that, on the stack's store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { stack } from '../../support/stack.js';

const baselineScript = fileURLToPath(new URL('../../../bench/baseline.mjs', import.meta.url));
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill('SIGTERM');
  await closeFactories();
});

/** Starts the baseline on the stack's store; resolves with its URL once it listens. */
function startBaseline(): Promise<string> {
  child = spawn(process.execPath, [baselineScript], {
    env: { ...process.env, MONGO_URL: stack().mongoUrl, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`baseline did not start: ${errors.join('')}`)), 20_000);
    child?.on('exit', (code) => reject(new Error(`baseline exited ${code}: ${errors.join('')}`)));
    createInterface({ input: child!.stdout! }).on('line', (line) => {
      const match = /^listening (\S+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
}

const withoutLinks = (body: Record<string, unknown>) => {
  const { _links: _ignored, ...rest } = body;
  return rest;
};

describe('the benchmark baseline', () => {
  it('answers GET /networks/{networkEID}/ with the gateway’s representation (links aside)', async () => {
    const [network, baseUrl] = await Promise.all([newNetwork('Bench baseline'), startBaseline()]);
    const member = await network.newMember();
    for (const token of [await network.admin.token(), await member.token()]) {
      const viaGateway = await call<Record<string, unknown>>(`/networks/${network.networkEID}/`, { token });
      expect(viaGateway.status, viaGateway.text).toBe(200);
      const direct = await fetch(`${baseUrl}/networks/${network.networkEID}/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(direct.status).toBe(200);
      const body = (await direct.json()) as Record<string, unknown>;
      expect(withoutLinks(body)).toEqual(withoutLinks(viaGateway.body));
      expect(Object.keys(withoutLinks(body)).length).toBeGreaterThan(10);
    }
    // Another tenant's network: 404 on both paths.
    const other = await newNetwork('Bench baseline elsewhere');
    const stranger = await other.admin.token();
    const refused = await fetch(`${baseUrl}/networks/${network.networkEID}/`, {
      headers: { authorization: `Bearer ${stranger}` },
    });
    expect(refused.status).toBe(404);
  });
});
