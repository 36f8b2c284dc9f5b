/**
 * Scale-out: the liveness and readiness probes of a service process, on a small HTTP
 * listener of its own (`PROBE_PORT`; none when unset). `/health`: the process answers. `/ready`:
 * NATS is connected and answers, the database connection is open, and the RPC endpoints are served
 * (so an orchestrator sends no work to an instance still starting or already draining).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProbeChecks {
  /** Each check resolves true when up; a check that throws or takes longer than the timeout is down. */
  readonly [name: string]: () => Promise<boolean> | boolean;
}

export interface ProbeServer {
  readonly port: number;
  close(): Promise<void>;
}

async function within(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The readiness answer: 200 `{ status: 'ready', checks }` when every check is up, else 503. */
export async function readiness(
  checks: ProbeChecks,
  timeoutMs: number,
): Promise<{ status: number; body: { status: string; checks: Record<string, 'up' | 'down'> } }> {
  const names = Object.keys(checks);
  const states = await Promise.all(names.map((name) => within(checks[name]!, timeoutMs)));
  const result: Record<string, 'up' | 'down'> = {};
  names.forEach((name, i) => (result[name] = states[i] ? 'up' : 'down'));
  const ready = states.every(Boolean);
  return { status: ready ? 200 : 503, body: { status: ready ? 'ready' : 'not ready', checks: result } };
}

export async function startProbeServer(options: {
  readonly port: number;
  readonly host?: string;
  readonly checks: ProbeChecks;
  readonly timeoutMs?: number;
}): Promise<ProbeServer> {
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, { status: 'method not allowed' });
    if (path === '/health') return send(200, { status: 'ok' });
    if (path === '/ready') {
      void readiness(options.checks, options.timeoutMs ?? 1_000).then(({ status, body }) =>
        send(status, body),
      );
      return;
    }
    send(404, { status: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
