/**
 * Every timestamp the notifications service answers is written as the other services write theirs,
 * the spec's convention: ISO 8601 with a numeric offset and a colon (`…+00:00`), never `…Z`. The
 * test walks whole bodies (devices, white-label apps, alerts, push diagnostics, the webhook
 * endpoint, its deliveries and the payload an app receives) for every date-time value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { alertsPath, waitForAlert } from '../../support/factories/notifications.js';
import {
  devicesPath,
  mention,
  newWhitelabelApp,
  pushDebugOf,
  pushToken,
  registerDevice,
  waitUntil,
  whitelabelFields,
} from '../../support/factories/push.js';
import {
  deliveriesOf,
  newGroup,
  webhookApp,
  webhookPath,
  waitForDelivery,
} from '../../support/factories/webhooks.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { SPEC_FORM, timestampsIn } from '../../support/timestamps.js';

afterAll(closeFactories);

let network: TestNetwork;
let receiver: WebhookReceiver;

beforeAll(async () => {
  network = await newNetwork('Timestamps');
  receiver = await startWebhookReceiver();
});

afterAll(() => receiver.close());

describe('timestamps of the notifications service', () => {
  it('are ISO 8601 with a +hh:mm offset in every body it answers', async () => {
    const adminToken = await network.admin.token();
    const person = await network.newMember();
    const token = await person.token();
    const hook = await webhookApp(receiver, ['group.created'], [network]);
    const device = await registerDevice(network.networkEID, token, { pushToken: pushToken('ok') });
    const whitelabel = await newWhitelabelApp(network.networkEID, adminToken, whitelabelFields());
    const messageEID = await mention(network.networkEID, adminToken, person.profileEID);
    await waitForAlert(network.networkEID, token, 'mention', messageEID);
    const debug = await waitUntil(
      () => pushDebugOf(network.networkEID, token),
      (d) => d.deliveries.length > 0,
    );
    await newGroup(network);
    const [received] = await receiver.waitFor(hook.path, 1);
    const [listed] = (await deliveriesOf(network.networkEID, hook))._embedded.deliveries;
    const delivery = await waitForDelivery(
      network.networkEID,
      hook,
      listed!.EID,
      (d) => d.status === 'delivered',
    );
    const bodies: Record<string, unknown> = {
      device,
      devices: (await call(devicesPath(network.networkEID), { token })).body,
      whitelabel,
      alerts: (await call(alertsPath(network.networkEID), { token })).body,
      debug,
      endpoint: (await call(webhookPath(network.networkEID, hook.appEID), { token: hook.token })).body,
      delivery,
      payload: JSON.parse(received!.body) as unknown,
    };
    const found = Object.entries(bodies).flatMap(([name, body]) =>
      timestampsIn(body).map(([pointer, value]) => [`${name}${pointer}`, value] as const),
    );
    // Each body holds some (so the walk cannot pass on nothing): created, lastModified, at, timestamp…
    for (const name of Object.keys(bodies))
      expect(
        found.some(([where]) => where.startsWith(`${name}/`)),
        name,
      ).toBe(true);
    expect(found.filter(([, value]) => !SPEC_FORM.test(value))).toEqual([]);
  });
});
