/**
 * Push delivery over HTTP: a new alert is pushed to each device of its recipient
 * through FCM HTTP v1 (the local stand-in, tests/support/push-provider.ts) with `messageType`; a
 * dead token removes the device; a 5xx is retried with backoff until delivered; a 429's
 * `Retry-After` is honoured; `/push-notifications/debug/` shows the outcomes. Decisions:
 * docs/decisions.md, "Notifications: devices, push and white-label apps".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import { appToken, installOverHttp, newApp, registerManifest } from '../../support/factories/apps.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { postingApp } from '../../support/factories/message-types.js';
import { waitForAlert } from '../../support/factories/notifications.js';
import {
  devicesPath,
  mention,
  newWhitelabelApp,
  pushDebugOf,
  pushDebugPath,
  pushToken,
  receivedPushes,
  registerDevice,
  waitUntil,
  whitelabelFields,
  type PushDebugBody,
} from '../../support/factories/push.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork('Push');
  adminToken = await network.admin.token();
});

/** A member with one device of the token given, mentioned once; resolves with what the test needs. */
async function mentionedWithDevice(token: string, fields: { whitelabelApp?: { EID: string } } = {}) {
  const person = await network.newMember();
  const personToken = await person.token();
  const device = await registerDevice(network.networkEID, personToken, { pushToken: token, ...fields });
  const messageEID = await mention(network.networkEID, adminToken, person.profileEID);
  return { person, personToken, device, messageEID };
}

const debugUntil = (token: string, done: (debug: PushDebugBody) => boolean) =>
  waitUntil(() => pushDebugOf(network.networkEID, token), done);

describe('push on a new alert', () => {
  it('pushes an app alert too (every alert written is pushed, not only those of domain events)', async () => {
    const token = pushToken('ok');
    const person = await network.newMember();
    const personToken = await person.token();
    await registerDevice(network.networkEID, personToken, { pushToken: token });
    const app = await postingApp(network, ['send_alerts']);
    const sent = await call(`/networks/${network.networkEID}/apps/${app.appEID}/alerts`, {
      token: app.token,
      json: { recipients: [{ type: 'user', EID: person.profileEID }] },
    });
    expect(sent.status, sent.text).toBe(201);
    const alert = await waitForAlert(network.networkEID, personToken, 'app', app.appEID);
    expect(alert).toBeDefined();
    const received = await waitUntil(
      () => receivedPushes(token),
      (list) => list.length > 0,
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ data: { messageType: 'app', alertEID: alert!.EID } });
  });

  it('pushes the alert to the recipient’s device with messageType, and the debug shows it delivered', async () => {
    const token = pushToken('ok');
    const { personToken, device, messageEID } = await mentionedWithDevice(token);
    const alert = await waitForAlert(network.networkEID, personToken, 'mention', messageEID);
    expect(alert).toBeDefined();
    const received = await waitUntil(
      () => receivedPushes(token),
      (list) => list.length > 0,
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      projectId: 'ncs',
      status: 200,
      data: { messageType: 'mention', networkEID: network.networkEID, alertEID: alert!.EID },
    });
    const debug = await debugUntil(personToken, (d) => d.deliveries.length > 0);
    expect(debug.devices.map((d) => d.EID)).toEqual([device.EID]);
    expect(debug.deliveries).toEqual([
      expect.objectContaining({
        device: { type: 'device', EID: device.EID },
        pushTokenEnd: token.slice(-4),
        messageType: 'mention',
        status: 'delivered',
        providerCode: '200',
        attempts: 1,
      }),
    ]);
    expect(JSON.stringify(debug)).not.toContain(token.slice(0, -4));
  });

  it('pushes nothing to the devices of people who got no alert', async () => {
    const token = pushToken('ok');
    const bystander = await network.newMember();
    await registerDevice(network.networkEID, await bystander.token(), { pushToken: token });
    const { personToken, messageEID } = await mentionedWithDevice(pushToken('ok'));
    await waitForAlert(network.networkEID, personToken, 'mention', messageEID);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await receivedPushes(token)).toEqual([]);
  });

  it('sends to the project of the device’s white-label app', async () => {
    const app = await newWhitelabelApp(network.networkEID, adminToken, whitelabelFields('acme-push-app'));
    const token = pushToken('ok');
    await mentionedWithDevice(token, { whitelabelApp: { EID: app.EID } });
    const received = await waitUntil(
      () => receivedPushes(token),
      (list) => list.length > 0,
    );
    expect(received.map((r) => r.projectId)).toEqual(['acme-push-app']);
  });
});

describe('provider failures', () => {
  it.each([
    ['dead', '404 UNREGISTERED'],
    ['invalid', '400 INVALID_ARGUMENT'],
  ])('removes the device when the token is %s (%s)', async (prefix, providerCode) => {
    const token = pushToken(prefix);
    const { personToken, device } = await mentionedWithDevice(token);
    const debug = await debugUntil(personToken, (d) => d.deliveries.length > 0);
    expect(debug.deliveries).toEqual([
      expect.objectContaining({
        device: { type: 'device', EID: device.EID },
        status: 'dead-token',
        providerCode,
        attempts: 1,
      }),
    ]);
    expect(debug.devices).toEqual([]);
    const list = await call<{ total: number }>(devicesPath(network.networkEID), { token: personToken });
    expect(list.body.total).toBe(0);
    expect(await receivedPushes(token)).toHaveLength(1);
  });

  it('retries a 5xx with exponential backoff, then delivers', async () => {
    const token = pushToken('flaky');
    const { personToken } = await mentionedWithDevice(token);
    const debug = await debugUntil(personToken, (d) => d.deliveries.length > 0);
    expect(debug.deliveries).toEqual([
      expect.objectContaining({ status: 'delivered', providerCode: '200', attempts: 3 }),
    ]);
    const received = await receivedPushes(token);
    expect(received.map((r) => r.status)).toEqual([503, 503, 200]);
    // Base 100 ms in the e2e stack, equal jitter: the first wait 50-100 ms, the second 100-200 ms.
    const [first, second] = [received[1]!.at - received[0]!.at, received[2]!.at - received[1]!.at];
    expect(first).toBeGreaterThanOrEqual(45);
    expect(second).toBeGreaterThanOrEqual(95);
  });

  it('gives up after the last attempt of a provider that stays down (failed, the device kept)', async () => {
    const token = pushToken('down');
    const { personToken, device } = await mentionedWithDevice(token);
    const debug = await debugUntil(personToken, (d) => d.deliveries.length > 0);
    // PUSH_MAX_ATTEMPTS: the default, 6.
    expect(debug.deliveries).toEqual([
      expect.objectContaining({ status: 'failed', providerCode: '503 UNAVAILABLE', attempts: 6 }),
    ]);
    expect(debug.devices.map((d) => d.EID)).toEqual([device.EID]);
    expect((await receivedPushes(token)).map((r) => r.status)).toEqual(Array(6).fill(503));
  });

  it('honours Retry-After on a 429, and never holds the alert back meanwhile', async () => {
    const token = pushToken('throttled');
    const { personToken, messageEID } = await mentionedWithDevice(token);
    // The alert is readable while the push still waits for its retry (a second later).
    expect(await waitForAlert(network.networkEID, personToken, 'mention', messageEID)).toBeDefined();
    expect((await receivedPushes(token)).length).toBeLessThanOrEqual(1);
    const debug = await debugUntil(personToken, (d) => d.deliveries.length > 0);
    expect(debug.deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 2 })]);
    const received = await receivedPushes(token);
    expect(received.map((r) => r.status)).toEqual([429, 200]);
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(990);
  });
});

describe('push debug', () => {
  it('shows only the caller’s own devices and deliveries, and is 404 outside the caller’s networks', async () => {
    const { personToken, device } = await mentionedWithDevice(pushToken('ok'));
    await debugUntil(personToken, (d) => d.deliveries.length > 0);
    const other = await network.newMember();
    const theirs = await pushDebugOf(network.networkEID, await other.token());
    expect(theirs.devices).toEqual([]);
    expect(theirs.deliveries).toEqual([]);
    const mine = await pushDebugOf(network.networkEID, personToken);
    expect(mine.devices.map((d) => d.EID)).toEqual([device.EID]);
    const elsewhere = await newNetwork('Push elsewhere');
    const stranger = await (await elsewhere.newMember()).token();
    expect((await call(pushDebugPath(network.networkEID), { token: stranger })).status).toBe(404);
  });
});

describe('app tokens', () => {
  it('have no devices and no push diagnostics (403 -405)', async () => {
    const app = await newApp({ name: 'Push app' });
    await registerManifest(app);
    await installOverHttp(network, app);
    const token = await appToken(app);
    for (const answer of [
      await call<Problem>(devicesPath(network.networkEID), { token }),
      await call<Problem>(pushDebugPath(network.networkEID), { token }),
      await call<Problem>(devicesPath(network.networkEID), {
        token,
        json: { notificationProvider: 'fcm', pushToken: pushToken(), platform: 'android' },
      }),
    ]) {
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.code).toBe(-405);
    }
  });
});
