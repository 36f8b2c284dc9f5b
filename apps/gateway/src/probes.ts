/**
 * Liveness (`/health`: the process answers) and readiness (`/ready`: NATS is connected and every
 * owning service answers a `$SRV.PING`), never rate limited. Not ready is a 503 problem naming
 * what is unreachable.
 */
import type { FastifyInstance } from 'fastify';
import type { NatsConnection } from 'nats';
import { serviceNames } from '@ncs/contracts';
import { problemFromName } from './problems/problem.js';
import { sendProblem } from './problems/reply.js';

export function registerProbes(app: FastifyInstance, nats: NatsConnection, readyTimeoutMs: number): void {
  const probe = { config: { rateLimit: false } };
  app.get('/health', probe, (_request, reply) => reply.send({ status: 'ok' }));
  app.get('/ready', probe, async (request, reply) => {
    const checks: Record<string, 'up' | 'down'> = { nats: 'down' };
    if (!nats.isClosed()) {
      try {
        await nats.rtt();
        checks.nats = 'up';
      } catch {
        checks.nats = 'down';
      }
    }
    await Promise.all(
      serviceNames.map(async (service) => {
        checks[service] =
          checks.nats === 'up' && (await pingService(nats, service, readyTimeoutMs)) ? 'up' : 'down';
      }),
    );
    const down = Object.entries(checks)
      .filter(([, state]) => state === 'down')
      .map(([name]) => name);
    if (down.length === 0) return { status: 'ready', checks };
    const problem = problemFromName(
      'SERVICE_UNAVAILABLE',
      String(request.id),
      `Not ready: ${down.join(', ')} unreachable.`,
      { checks },
    );
    return sendProblem(reply, problem);
  });
}

/** `$SRV.PING.<service>`: any instance answering means the service is reachable. */
async function pingService(nats: NatsConnection, service: string, timeoutMs: number): Promise<boolean> {
  try {
    await nats.request(`$SRV.PING.${service}`, undefined, { timeout: timeoutMs });
    return true;
  } catch {
    return false;
  }
}
