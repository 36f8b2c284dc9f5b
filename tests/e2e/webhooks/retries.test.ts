/**
 * Notifications: app webhooks. A delivery answered 500 is retried with growing gaps
 * (exponential backoff with jitter; the e2e stack sets a 400 ms base) under the same `webhook-id`
 * until a 2xx; the delivery log shows each attempt (status, duration), filters by status, and
 * `redeliver` makes one more attempt now. An endpoint failing for the whole disable window (the
 * stack sets 4 s) is disabled, the network's administrators get `app_webhook_disabled`, and the app
 * re-enables it. Decisions: docs/decisions.md, "Notifications: app webhooks".
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { waitForAlert } from '../../support/factories/notifications.js';
import {
  deliveriesOf,
  newGroup,
  waitForDelivery,
  webhookApp,
  webhookPath,
  webhookSecret,
} from '../../support/factories/webhooks.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';

let receiver: WebhookReceiver;
let network: TestNetwork;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  network = await newNetwork('Webhook retries');
});
afterAll(async () => {
  await receiver.close();
  await closeFactories();
});

interface EndpointBody {
  enabled: boolean;
  failingSince: string | null;
  disabledAt: string | null;
  url: string | null;
}

describe('app webhooks: retries, the log, redelivery, disabling', () => {
  it('retries after 500s with growing gaps, same webhook-id; the log shows every attempt; redeliver sends again', async () => {
    const hook = await webhookApp(receiver, ['group.created'], [network]);
    receiver.plan(hook.path, [500, 500, 500]);
    await newGroup(network);
    const hits = await receiver.waitFor(hook.path, 4, 20_000);
    expect(hits.map((h) => h.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
    const gaps = hits.slice(1).map((h, i) => h.at - hits[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(150);
    expect(gaps[2]).toBeGreaterThan(gaps[0]!);

    const [listed] = (await deliveriesOf(network.networkEID, hook))._embedded.deliveries;
    const delivery = await waitForDelivery(
      network.networkEID,
      hook,
      listed!.EID,
      (d) => d.status === 'delivered',
    );
    expect(delivery.numAttempts).toBe(4);
    expect(delivery.attempts?.map((a) => a.statusCode)).toEqual([200, 500, 500, 500]);
    expect(delivery.attempts?.every((a) => a.durationMs >= 0 && a.trigger === 'scheduled')).toBe(true);
    expect((await deliveriesOf(network.networkEID, hook, '?status=delivered')).total).toBe(1);
    expect((await deliveriesOf(network.networkEID, hook, '?status=failed')).total).toBe(0);

    const again = await call<{ status: string }>(
      webhookPath(network.networkEID, hook.appEID, `/deliveries/${delivery.EID}/redeliver`),
      { method: 'POST', token: hook.token },
    );
    expect(again.status, again.text).toBe(202);
    const [, , , , fifth] = await receiver.waitFor(hook.path, 5);
    expect(fifth?.headers['webhook-id']).toBe(hits[0]!.headers['webhook-id']);
    const secret = await webhookSecret(network.networkEID, hook);
    expect(() =>
      new Webhook(secret).verify(fifth!.body, {
        'webhook-id': String(fifth!.headers['webhook-id']),
        'webhook-timestamp': String(fifth!.headers['webhook-timestamp']),
        'webhook-signature': String(fifth!.headers['webhook-signature']),
      }),
    ).not.toThrow();
    const redelivered = await waitForDelivery(
      network.networkEID,
      hook,
      delivery.EID,
      (d) => d.numAttempts === 5,
    );
    expect(redelivered.attempts?.[0]?.trigger).toBe('redeliver');
    expect(redelivered.status).toBe('delivered');
  });

  it('disables an endpoint failing for the window, alerts the network administrators; the app re-enables it', async () => {
    const hook = await webhookApp(receiver, ['group.created'], [network]);
    receiver.plan(hook.path, [], 500);
    await newGroup(network);
    const endpointPath = webhookPath(network.networkEID, hook.appEID);
    const deadline = Date.now() + 25_000;
    let endpoint = (await call<EndpointBody>(endpointPath, { token: hook.token })).body;
    while (endpoint.enabled && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      endpoint = (await call<EndpointBody>(endpointPath, { token: hook.token })).body;
    }
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabledAt).not.toBeNull();
    expect(Date.parse(endpoint.disabledAt!) - Date.parse(endpoint.failingSince!)).toBeGreaterThanOrEqual(
      4_000,
    );
    const alert = await waitForAlert(
      network.networkEID,
      await network.admin.token(),
      'app_webhook_disabled',
      hook.appEID,
    );
    expect(alert?.category).toBe('admin');

    // Disabled: the pending delivery stops, a redelivery is refused.
    const [delivery] = (await deliveriesOf(network.networkEID, hook))._embedded.deliveries;
    const stopped = await waitForDelivery(
      network.networkEID,
      hook,
      delivery!.EID,
      (d) => d.status === 'failed',
    );
    expect(stopped.status).toBe('failed');
    const refused = await call<{ code: number }>(`${endpointPath}/deliveries/${delivery!.EID}/redeliver`, {
      method: 'POST',
      token: hook.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(-409);

    const enabled = await call<EndpointBody>(`${endpointPath}/enable`, { method: 'POST', token: hook.token });
    expect(enabled.status, enabled.text).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true, failingSince: null, disabledAt: null });
  });
});
