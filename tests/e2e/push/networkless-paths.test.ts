/**
 * The spec's paths without a network, `/my-devices/`, `/push-notifications/debug/` and
 * `/whitelabel-apps/`: the network is named by `?network=` (EID or subdomain), else by a code-flow
 * token's one network; naming none is 400 (`/query/network`), a network the caller is not in 404.
 * The scoped `/networks/{networkEID}/…` routes answer the same resources.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import {
  closeFactories,
  installApp,
  newClient,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { networkBoundToken } from '../../support/factories/directory.js';
import {
  devicesPath,
  pushToken,
  whitelabelFields,
  type DeviceBody,
  type PushDebugBody,
  type WhitelabelAppBody,
} from '../../support/factories/push.js';

afterAll(closeFactories);

let home: TestNetwork;
let elsewhere: TestNetwork;
let app: { clientId: string };

beforeAll(async () => {
  [home, elsewhere] = await Promise.all([newNetwork('Networkless push'), newNetwork('Elsewhere')]);
  app = await newClient({ grantTypes: ['authorization_code'], eid: true, name: 'Networkless app' });
  await installApp(home.networkEID, app.clientId);
});

interface DeviceCollectionBody {
  total: number;
  _embedded: { devices: DeviceBody[] };
}

const register = (path: string, token: string) =>
  call<DeviceBody>(path, {
    token,
    json: { notificationProvider: 'fcm', pushToken: pushToken(), platform: 'android' },
  });

const devicesOf = async (path: string, token: string) => {
  const answer = await call<DeviceCollectionBody>(path, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body._embedded.devices.map((device) => device.EID);
};

describe('my devices without a network in the path', () => {
  let person: TestPerson;
  let token: string;

  beforeAll(async () => {
    person = await home.newMember();
    token = await person.token();
  });

  it('registers, lists and removes with ?network=<EID> or ?network=<subdomain>', async () => {
    const byEid = await register(`/my-devices/?network=${home.networkEID}`, token);
    expect(byEid.status, byEid.text).toBe(201);
    const bySubdomain = await register(`/my-devices/?network=${home.subdomain}`, token);
    expect(bySubdomain.status, bySubdomain.text).toBe(201);
    const both = [bySubdomain.body.EID, byEid.body.EID];
    expect(await devicesOf(`/my-devices/?network=${home.subdomain}`, token)).toEqual(both);
    expect(await devicesOf(`/my-devices/?network=${home.networkEID}&limit=1`, token)).toEqual([both[0]]);
    // The scoped route answers the same devices.
    expect(await devicesOf(devicesPath(home.networkEID), token)).toEqual(both);

    const removed = await call(`/my-devices/${byEid.body.EID}/?network=${home.subdomain}`, {
      method: 'DELETE',
      token,
    });
    expect(removed.status, removed.text).toBe(204);
    expect(await devicesOf(devicesPath(home.networkEID), token)).toEqual([bySubdomain.body.EID]);
  });

  it('answers push diagnostics with ?network=', async () => {
    for (const network of [home.networkEID, home.subdomain]) {
      const debug = await call<PushDebugBody>(`/push-notifications/debug/?network=${network}`, { token });
      expect(debug.status, debug.text).toBe(200);
      expect(debug.body.type).toBe('push_debug');
    }
  });

  it('is 400 naming network when neither the query nor the token names one', async () => {
    const answers = await Promise.all([
      call<Problem>('/my-devices/', { token }),
      register('/my-devices/', token),
      call<Problem>(`/my-devices/${home.networkEID}/`, { method: 'DELETE', token }),
      call<Problem>('/push-notifications/debug/', { token }),
      call<Problem>('/whitelabel-apps/', { token }),
    ]);
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/problem\+json/);
      // A rule of the caller's token, not of the schema: its own code, not validation's -2.
      expect((answer.body as unknown as Problem).code).toBe(-18);
      expect((answer.body as unknown as Problem).errors).toEqual([
        expect.objectContaining({ pointer: '/query/network' }),
      ]);
    }
  });

  it('is 404 for a network the caller is not in, by EID or subdomain', async () => {
    for (const network of [elsewhere.networkEID, elsewhere.subdomain, 'no-such-network']) {
      expect((await call(`/my-devices/?network=${network}`, { token })).status).toBe(404);
      expect((await register(`/my-devices/?network=${network}`, token)).status).toBe(404);
      expect((await call(`/push-notifications/debug/?network=${network}`, { token })).status).toBe(404);
      expect((await call(`/whitelabel-apps/?network=${network}`, { token })).status).toBe(404);
    }
  });
});

describe('a code-flow token names its one network', () => {
  let bound: string;

  beforeAll(async () => {
    const person = await home.newMember();
    bound = await networkBoundToken(person.email, home.networkEID, app.clientId, null);
  });

  it('needs no ?network= on any of the paths', async () => {
    const device = await register('/my-devices/', bound);
    expect(device.status, device.text).toBe(201);
    expect(await devicesOf('/my-devices/', bound)).toEqual([device.body.EID]);
    expect((await call('/push-notifications/debug/', { token: bound })).status).toBe(200);
    expect((await call('/whitelabel-apps/', { token: bound })).status).toBe(200);
    const removed = await call(`/my-devices/${device.body.EID}/`, { method: 'DELETE', token: bound });
    expect(removed.status, removed.text).toBe(204);
  });

  it('is 404 when ?network= names another network than its own', async () => {
    expect((await call(`/my-devices/?network=${elsewhere.networkEID}`, { token: bound })).status).toBe(404);
    expect((await call(`/my-devices/?network=${home.subdomain}`, { token: bound })).status).toBe(200);
  });
});

describe('white-label apps without a network in the path', () => {
  it('creates, lists and reads them with ?network=, administrators only', async () => {
    const adminToken = await home.admin.token();
    const created = await call<WhitelabelAppBody>(`/whitelabel-apps/?network=${home.subdomain}`, {
      token: adminToken,
      json: whitelabelFields(),
    });
    expect(created.status, created.text).toBe(201);
    const member = await (await home.newMember()).token();
    const byMember = await call(`/whitelabel-apps/?network=${home.networkEID}`, {
      token: member,
      json: whitelabelFields(),
    });
    expect(byMember.status).toBe(403);

    const list = await call<{ _embedded: { whitelabelApps: WhitelabelAppBody[] } }>(
      `/whitelabel-apps/?network=${home.networkEID}`,
      { token: member },
    );
    expect(list.status, list.text).toBe(200);
    expect(JSON.stringify(list.body)).toContain(created.body.EID);
    const one = await call<WhitelabelAppBody>(
      `/whitelabel-apps/${created.body.EID}/?network=${home.subdomain}`,
      {
        token: member,
      },
    );
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ type: 'whitelabel_app', EID: created.body.EID });
    const scoped = await call<WhitelabelAppBody>(
      `/networks/${home.networkEID}/whitelabel-apps/${created.body.EID}/`,
      {
        token: member,
      },
    );
    expect(scoped.body).toEqual(one.body);
    const outsider = await (await elsewhere.newMember()).token();
    expect(
      (await call(`/whitelabel-apps/${created.body.EID}/?network=${home.networkEID}`, { token: outsider }))
        .status,
    ).toBe(404);
  });
});
