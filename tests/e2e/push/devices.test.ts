/**
 * `/my-devices/` over HTTP: register, list, remove; the push token never answered in
 * full; registering a token again is the same device; another person's device is 404, another
 * network's route 404; bad input 400 naming the field. Decisions: docs/decisions.md,
 * "Notifications: devices, push and white-label apps".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { devicesPath, pushToken, registerDevice, type DeviceBody } from '../../support/factories/push.js';

afterAll(closeFactories);

let network: TestNetwork;

beforeAll(async () => {
  network = await newNetwork('Devices');
});

interface DeviceCollectionBody {
  total: number;
  _embedded: { devices: DeviceBody[] };
}

describe('my devices', () => {
  it('registers a device, shows only the last 4 characters of its token, and lists it', async () => {
    const ann = await network.newMember();
    const annToken = await ann.token();
    const token = pushToken();
    const answer = await call<DeviceBody>(devicesPath(network.networkEID), {
      token: annToken,
      json: { notificationProvider: 'fcm', pushToken: token, platform: 'ios' },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({
      type: 'device',
      notificationProvider: 'fcm',
      platform: 'ios',
      pushTokenEnd: token.slice(-4),
      whitelabelApp: null,
    });
    expect(answer.text).not.toContain(token.slice(0, -4));
    expect(new URL(answer.body._links.myDevices!.href).pathname).toBe(devicesPath(network.networkEID));
    const list = await call<DeviceCollectionBody>(devicesPath(network.networkEID), { token: annToken });
    expect(list.status, list.text).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body._embedded.devices.map((d) => d.EID)).toEqual([answer.body.EID]);
    expect(list.text).not.toContain(token.slice(0, -4));
  });

  it('answers the same device (200) when the token is registered again', async () => {
    const bob = await network.newMember();
    const bobToken = await bob.token();
    const token = pushToken();
    const first = await registerDevice(network.networkEID, bobToken, { pushToken: token });
    const again = await call<DeviceBody>(devicesPath(network.networkEID), {
      token: bobToken,
      json: { notificationProvider: 'fcm', pushToken: token, platform: 'android' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.EID).toBe(first.EID);
    const list = await call<DeviceCollectionBody>(devicesPath(network.networkEID), { token: bobToken });
    expect(list.body.total).toBe(1);
  });

  it('moves a token registered by another person to the caller (the phone changed hands)', async () => {
    const [cid, dan] = await Promise.all([network.newMember(), network.newMember()]);
    const [cidToken, danToken] = await Promise.all([cid.token(), dan.token()]);
    const token = pushToken();
    const cids = await registerDevice(network.networkEID, cidToken, { pushToken: token });
    const dans = await call<DeviceBody>(devicesPath(network.networkEID), {
      token: danToken,
      json: { notificationProvider: 'fcm', pushToken: token, platform: 'android' },
    });
    expect(dans.status, dans.text).toBe(200);
    expect(dans.body.EID).toBe(cids.EID);
    const cidList = await call<DeviceCollectionBody>(devicesPath(network.networkEID), { token: cidToken });
    expect(cidList.body.total).toBe(0);
  });

  it("removes the caller's device; another person's device, or a removed one, is 404", async () => {
    const [eve, fay] = await Promise.all([network.newMember(), network.newMember()]);
    const [eveToken, fayToken] = await Promise.all([eve.token(), fay.token()]);
    const device = await registerDevice(network.networkEID, eveToken);
    const byOther = await call<Problem>(devicesPath(network.networkEID, `${device.EID}/`), {
      method: 'DELETE',
      token: fayToken,
    });
    expect(byOther.status, byOther.text).toBe(404);
    expect(byOther.body.code).toBe(-400);
    const removed = await call(devicesPath(network.networkEID, `${device.EID}/`), {
      method: 'DELETE',
      token: eveToken,
    });
    expect(removed.status, removed.text).toBe(204);
    const again = await call<Problem>(devicesPath(network.networkEID, `${device.EID}/`), {
      method: 'DELETE',
      token: eveToken,
    });
    expect(again.status).toBe(404);
    const list = await call<DeviceCollectionBody>(devicesPath(network.networkEID), { token: eveToken });
    expect(list.body.total).toBe(0);
  });

  it('is 404 in a network the caller is not a member of', async () => {
    const other = await newNetwork('Devices elsewhere');
    const stranger = await (await other.newMember()).token();
    const device = await registerDevice(network.networkEID, await network.admin.token());
    const list = await call(devicesPath(network.networkEID), { token: stranger });
    expect(list.status).toBe(404);
    const removal = await call(devicesPath(network.networkEID, `${device.EID}/`), {
      method: 'DELETE',
      token: stranger,
    });
    expect(removal.status).toBe(404);
    const registration = await call(devicesPath(network.networkEID), {
      token: stranger,
      json: { notificationProvider: 'fcm', pushToken: pushToken(), platform: 'android' },
    });
    expect(registration.status).toBe(404);
  });

  it('answers bad input with 400 naming the field', async () => {
    const token = await network.admin.token();
    const cases: [Record<string, unknown>, string, number | undefined][] = [
      [{ pushToken: pushToken(), platform: 'android' }, '/body/notificationProvider', undefined],
      [
        { notificationProvider: 'carrier-pigeon', pushToken: pushToken(), platform: 'android' },
        '/body/notificationProvider',
        undefined,
      ],
      [
        { notificationProvider: 'fcm', pushToken: 'has a space', platform: 'android' },
        '/body/pushToken',
        undefined,
      ],
      [
        { notificationProvider: 'fcm', pushToken: pushToken(), platform: 'palm' },
        '/body/platform',
        undefined,
      ],
      [
        {
          notificationProvider: 'fcm',
          pushToken: pushToken(),
          platform: 'android',
          whitelabelApp: { EID: '0'.repeat(24) },
        },
        '/body/whitelabelApp/EID',
        -402,
      ],
    ];
    for (const [json, pointer, code] of cases) {
      const answer = await call<Problem>(devicesPath(network.networkEID), { token, json });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors?.map((e) => e.pointer).join(' '), answer.text).toContain(pointer);
      if (code !== undefined) expect(answer.body.code).toBe(code);
    }
  });
});
