/**
 * Notifications: app webhooks. An app whose manifest subscribes to `group.created`
 * receives the event from each network it is installed in, signed the Standard Webhooks way: the
 * independent implementation (`standardwebhooks`) verifies it, and refuses a tampered body or an
 * old secret after rotation. No delivery to an app not installed, not subscribed, or installed in
 * another network; an event delivered twice on JetStream makes one delivery. Only the app itself
 * reads its webhook (404 to others). Decisions: docs/decisions.md, "Notifications: app webhooks".
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  deliveriesOf,
  newGroup,
  webhookApp,
  webhookPath,
  webhookSecret,
  type WebhookApp,
} from '../../support/factories/webhooks.js';
import { stack } from '../../support/stack.js';
import {
  startWebhookReceiver,
  type ReceivedHook,
  type WebhookReceiver,
} from '../../support/webhook-receiver.js';

let receiver: WebhookReceiver;
let network: TestNetwork;
let other: TestNetwork;
let hook: WebhookApp;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  [network, other] = await Promise.all([newNetwork('Webhooks'), newNetwork('Webhooks, other')]);
  hook = await webhookApp(receiver, ['group.created'], [network, other]);
});
afterAll(async () => {
  await receiver.close();
  await closeFactories();
});

const headersOf = (hit: ReceivedHook) => ({
  'webhook-id': String(hit.headers['webhook-id']),
  'webhook-timestamp': String(hit.headers['webhook-timestamp']),
  'webhook-signature': String(hit.headers['webhook-signature']),
});
const quiet = (ms = 1_500) => new Promise((resolve) => setTimeout(resolve, ms));

describe('app webhooks: signed deliveries', () => {
  it('delivers group.created signed with the secret: verified by standardwebhooks, a tampered body refused', async () => {
    const groupEID = await newGroup(network);
    const [hit] = await receiver.waitFor(hook.path, 1);
    expect(hit, 'a delivery arrived').toBeDefined();
    const secret = await webhookSecret(network.networkEID, hook);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const payload = new Webhook(secret).verify(hit!.body, headersOf(hit!)) as {
      type: string;
      data: { network: { EID: string }; group: { EID: string; name: string } };
    };
    expect(payload.type).toBe('group.created');
    expect(payload.data.network.EID).toBe(network.networkEID);
    expect(payload.data.group.EID).toBe(groupEID);
    expect(hit!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{24}$/);
    expect(() =>
      new Webhook(secret).verify(hit!.body.replace(groupEID, 'f'.repeat(24)), headersOf(hit!)),
    ).toThrow();
    // The log of this network has it; the other network's log has nothing of this network.
    const log = await deliveriesOf(network.networkEID, hook);
    const delivery = log._embedded.deliveries.find(
      (d) => d.payload.data.group && d.eventType === 'group.created',
    );
    expect(delivery?.msgId).toBe(hit!.headers['webhook-id']);
    expect((await deliveriesOf(other.networkEID, hook))._embedded.deliveries).toHaveLength(0);
  });

  it('links the endpoint to its secret and log, and a delivery to itself, its endpoint and redeliver', async () => {
    const base = webhookPath(network.networkEID, hook.appEID, '');
    const endpoint = await call<{ _links: Record<string, { href: string }> }>(base, { token: hook.token });
    expect(endpoint.status, endpoint.text).toBe(200);
    const hrefs = (links: Record<string, { href: string }>) =>
      Object.fromEntries(Object.entries(links).map(([rel, link]) => [rel, new URL(link.href).pathname]));
    expect(hrefs(endpoint.body._links)).toEqual({
      self: base,
      secret: `${base}/secret`,
      deliveries: `${base}/deliveries/`,
      enable: `${base}/enable`,
    });
    const log = await deliveriesOf(network.networkEID, hook);
    const delivery = log._embedded.deliveries[0] as unknown as {
      EID: string;
      _links: Record<string, { href: string }>;
    };
    expect(hrefs(delivery._links)).toEqual({
      self: `${base}/deliveries/${delivery.EID}`,
      endpoint: base,
      redeliver: `${base}/deliveries/${delivery.EID}/redeliver`,
    });
    const self = await call(new URL(delivery._links.self!.href).pathname, { token: hook.token });
    expect(self.status, self.text).toBe(200);
  });

  it('signs with the new secret after rotation; the old one no longer verifies', async () => {
    const old = await webhookSecret(other.networkEID, hook);
    const rotated = await call<{ secret: string }>(webhookPath(other.networkEID, hook.appEID, '/secret'), {
      method: 'POST',
      token: hook.token,
    });
    expect(rotated.status, rotated.text).toBe(201);
    expect(rotated.body.secret).not.toBe(old);
    expect(await webhookSecret(other.networkEID, hook)).toBe(rotated.body.secret);
    const before = receiver.received(hook.path).length;
    await newGroup(other);
    const hits = await receiver.waitFor(hook.path, before + 1);
    const hit = hits[before]!;
    expect(() => new Webhook(rotated.body.secret).verify(hit.body, headersOf(hit))).not.toThrow();
    expect(() => new Webhook(old).verify(hit.body, headersOf(hit))).toThrow();
  });

  it('delivers nothing to an app not installed, not subscribed, or installed in another network', async () => {
    const notInstalled = await webhookApp(receiver, ['group.created'], []);
    const notSubscribed = await webhookApp(receiver, ['membership.added'], [network]);
    const elsewhere = await webhookApp(receiver, ['group.created'], [other]);
    const before = receiver.received(hook.path).length;
    await newGroup(network);
    await receiver.waitFor(hook.path, before + 1);
    await quiet();
    expect(receiver.received(notInstalled.path)).toHaveLength(0);
    expect(receiver.received(notSubscribed.path)).toHaveLength(0);
    expect(receiver.received(elsewhere.path)).toHaveLength(0);
    expect((await deliveriesOf(network.networkEID, notSubscribed)).total).toBe(0);
  });

  it('makes one delivery of an event JetStream delivers twice', async () => {
    const groupEID = randomBytes(12).toString('hex');
    const event = {
      id: randomBytes(12).toString('hex'),
      type: 'auth.group.created',
      occurredAt: new Date().toISOString(),
      networkEID: network.networkEID,
      actor: { type: 'user', EID: network.admin.profileEID },
      data: { group: { type: 'group', EID: groupEID, name: 'Twice', groupType: 'group' } },
    };
    const nc = await connect({ servers: stack().natsUrl });
    try {
      const payload = new TextEncoder().encode(JSON.stringify(event));
      for (let i = 0; i < 2; i += 1) {
        await nc.jetstream().publish(`events.auth.group.created.${event.networkEID}`, payload, {
          msgID: randomBytes(8).toString('hex'),
        });
      }
    } finally {
      await nc.close();
    }
    const isThis = (hit: ReceivedHook) => hit.body.includes(groupEID);
    const deadline = Date.now() + 15_000;
    while (!receiver.received(hook.path).some(isThis) && Date.now() < deadline) await quiet(100);
    await quiet();
    expect(receiver.received(hook.path).filter(isThis)).toHaveLength(1);
    const log = await deliveriesOf(network.networkEID, hook);
    expect(log._embedded.deliveries.filter((d) => d.eventId === event.id)).toHaveLength(1);
  });

  it('answers 404 to anyone but the app itself, and to the app outside its networks', async () => {
    const stranger = await webhookApp(receiver, ['group.created'], [network]);
    const lonely = await newNetwork('Webhooks, not installed');
    const cases: [string, string][] = [
      [webhookPath(network.networkEID, hook.appEID, '/secret'), stranger.token],
      [webhookPath(network.networkEID, hook.appEID, '/deliveries/'), await network.admin.token()],
      [webhookPath(lonely.networkEID, hook.appEID), hook.token],
      [webhookPath(network.networkEID, hook.appEID, `/deliveries/${'f'.repeat(24)}`), hook.token],
    ];
    for (const [path, token] of cases) {
      const response = await call(path, { token });
      expect(response.status, `${path}: ${response.text}`).toBe(404);
    }
  });
});
