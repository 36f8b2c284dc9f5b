import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeOf, rpcServerDuration, startMetricsServer, type MetricsServer } from './metrics.js';

let server: MetricsServer;

beforeAll(async () => {
  server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

describe('metrics', () => {
  it('serves what was recorded as Prometheus text on GET /metrics, and nothing else', async () => {
    rpcServerDuration.observe({ rpc_system: 'nats', rpc_method: 'rpc.test.thing.get', outcome: '2xx' }, 0.02);
    const answer = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    expect(text).toContain(
      'rpc_server_duration_seconds_count{rpc_system="nats",rpc_method="rpc.test.thing.get",outcome="2xx"} 1',
    );
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('names an outcome by its status class', () => {
    expect([200, 204, 304, 404, 409, 500, 503].map(outcomeOf)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
  });
});
