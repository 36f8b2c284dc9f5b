/**
 * Prometheus metrics: every app serves `GET /metrics` on a port of its own (never the public API
 * port), with the runtime's metrics, the gateway's request durations by route template, each
 * service's NATS request durations by subject, its store commands by collection, its outbox's and
 * its consumers' lag; no label carries a token or an EID.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { newMessage } from '../../support/factories/messages.js';
import { contentAbout, openStream } from '../../support/factories/stream.js';
import { stack } from '../../support/stack.js';

afterAll(closeFactories);

async function scrape(app: string): Promise<string> {
  const url = stack().metricsUrls[app];
  expect(url, `${app} serves metrics`).toBeDefined();
  const answer = await fetch(url!);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  return answer.text();
}

/** The samples of `name` whose labels include every pair of `labels`. */
function samples(text: string, name: string, labels: Record<string, string>): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .filter((line) => Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)));
}

describe('metrics', () => {
  it('each app serves the runtime metrics on its own port; the API port does not', async () => {
    for (const app of ['gateway', 'auth', 'messaging', 'knowledge-base', 'notifications']) {
      const text = await scrape(app);
      expect(text, app).toContain('nodejs_eventloop_lag_seconds');
      expect(text, app).toContain('nodejs_heap_size_used_bytes');
    }
    const onApiPort = await call('/metrics');
    expect(onApiPort.status).toBe(404);
  });

  it('counts a request by route template and subject, with no token or EID in any label', async () => {
    const network = await newNetwork('Metrics');
    const token = await network.admin.token();
    const read = await call(`/networks/${network.networkEID}/`, { token });
    expect(read.status).toBe(200);

    const gateway = await scrape('gateway');
    const route = { http_request_method: 'GET', http_route: '/networks/:networkEID/' };
    expect(samples(gateway, 'http_server_request_duration_seconds_count', route).length).toBeGreaterThan(0);
    const auth = await scrape('auth');
    const subject = { rpc_system: 'nats', rpc_method: 'rpc.auth.network.get', outcome: '2xx' };
    expect(samples(auth, 'rpc_server_duration_seconds_count', subject).length).toBeGreaterThan(0);
    expect(samples(gateway, 'rpc_client_duration_seconds_count', subject).length).toBeGreaterThan(0);

    // The live stream: streams open now, and how long an event took to reach one.
    const member = await network.newMember();
    const stream = await openStream(network.networkEID, await member.token());
    try {
      await stream.waitFor((event) => event.event === 'counters');
      const post = await newMessage(network.networkEID, token);
      await stream.waitFor(contentAbout('messaging.message.created', post.EID));
      const live = await scrape('gateway');
      const open = live.split('\n').find((line) => line.startsWith('ncs_live_streams_open '));
      expect(Number(open?.split(' ')[1])).toBeGreaterThanOrEqual(1);
      const delivered = live
        .split('\n')
        .find((line) => line.startsWith('ncs_live_delivery_duration_seconds_count '));
      expect(Number(delivered?.split(' ')[1])).toBeGreaterThanOrEqual(1);
    } finally {
      stream.close();
    }

    // The store: operation durations by operation and collection, the pool; the events' lag.
    const store = await scrape('auth');
    const find = { db_operation_name: 'findOne', db_collection_name: 'networks' };
    expect(samples(store, 'db_client_operation_duration_seconds_count', find).length).toBeGreaterThan(0);
    const poolMax = store.split('\n').find((line) => line.startsWith('db_client_connection_max '));
    expect(Number(poolMax?.split(' ')[1])).toBeGreaterThan(0);
    expect(samples(store, 'db_client_connection_count', { db_client_connection_state: 'idle' })).toHaveLength(
      1,
    );
    const outboxLag = samples(store, 'ncs_outbox_lag_seconds', { service: 'auth' });
    expect(outboxLag).toHaveLength(1);
    expect(Number(outboxLag[0]!.split(' ')[1])).toBeGreaterThanOrEqual(0);
    const notifications = await scrape('notifications');
    const alerts = { stream: 'EVENTS', consumer: 'notifications-alerts' };
    expect(samples(notifications, 'ncs_consumer_pending_events', alerts)).toHaveLength(1);

    for (const text of [gateway, auth, store, notifications]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(network.networkEID);
      expect(text).not.toMatch(/="[0-9a-f]{24}"/);
    }
  });
});
