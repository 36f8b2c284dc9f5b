/**
 * The network resource and its settings over HTTP (spec: Network resource and its additions,
 * Network and sessions `GET /networks/{networkEID}/`, `PUT /networks/{networkEID}`): read-only
 * properties, features, subscription, `_user`, admin-only writes that store only writable
 * settings, tenant isolation and the trailing-slash twin of the PUT path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, mediaType } from '../../support/api.js';
import {
  authModels,
  closeFactories,
  installApp,
  newClient,
  newNetwork,
  type TestNetwork,
} from '../../support/factories/core.js';
import { setNetworkFeatures, setStoredRole } from '../../support/factories/directory.js';

afterAll(closeFactories);

type Network = Record<string, unknown> & {
  _user?: Record<string, unknown>;
  _links: Record<string, { href: string }>;
  errors?: { pointer: string; message: string }[];
  code?: number;
};

/** Representation-only properties: computed on every read, never stored. */
const derivedFields = [
  'baseUrl',
  'speakapDomain',
  'emailSettings',
  'hasExternalMembers',
  'videoEnabled',
  'marketEnabled',
  'numImpreciseActiveMembersCount',
];

const networkPath = (networkEID: string, slash = true) => `/networks/${networkEID}${slash ? '/' : ''}`;

async function appToken(networkEID: string, permissions: string[] = []) {
  const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
  await installApp(networkEID, app.clientId, permissions);
  const response = await call<{ access_token: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.secret },
  });
  return response.body.access_token;
}

describe('GET /networks/{networkEID}/', () => {
  it('shows the settings with their defaults, the read-only properties and the caller in `_user`', async () => {
    const network = await newNetwork('Settings network');
    await network.newMember();
    const response = await call<Network>(networkPath(network.networkEID), {
      token: await network.admin.token(),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      type: 'network',
      EID: network.networkEID,
      name: 'Settings network',
      subdomain: network.subdomain,
      allowChatCustomSettings: false,
      allowCommentsPreference: false,
      allowReactionsPreference: false,
      allowEditingProfileBio: true,
      allowEditingJobTitle: true,
      language: 'en',
      defaultPrimaryEmailPrivacySetting: 'network',
      mobileNumber: null,
      appDistributorEnabled: false,
      features: [],
      hasExternalMembers: false,
      videoEnabled: false,
      marketEnabled: false,
      numImpreciseActiveMembersCount: 2,
      speakapDomain: `${network.subdomain}.ncs.example`,
      baseUrl: `https://${network.subdomain}.ncs.example`,
      emailSettings: {
        senderName: 'Settings network',
        senderAddress: `no-reply@${network.subdomain}.ncs.example`,
      },
      subscription: { type: 'free', since: expect.stringMatching(/\+00:00$/) },
      _user: { member: true, role: 'admin', numScheduledItems: 0, accessPreconditions: [] },
    });
  });

  it('derives videoEnabled and marketEnabled from the features, and lists them', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    await setNetworkFeatures(network.networkEID, ['video', 'personal_timeline']);
    const video = await call<Network>(networkPath(network.networkEID), { token });
    expect(video.body).toMatchObject({
      features: ['video', 'personal_timeline'],
      videoEnabled: true,
      marketEnabled: false,
    });
    await setNetworkFeatures(network.networkEID, ['market']);
    const market = await call<Network>(networkPath(network.networkEID), { token });
    expect(market.body).toMatchObject({ features: ['market'], videoEnabled: false, marketEnabled: true });
  });

  it('counts only active members, and says whether any active member is external', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const external = await network.newMember({ external: true });
    const suspended = await network.newMember();
    await suspended.suspend();
    const response = await call<Network>(networkPath(network.networkEID), { token });
    expect(response.body).toMatchObject({ numImpreciseActiveMembersCount: 2, hasExternalMembers: true });
    await external.suspend();
    const after = await call<Network>(networkPath(network.networkEID), { token });
    expect(after.body).toMatchObject({ numImpreciseActiveMembersCount: 1, hasExternalMembers: false });
  });

  it('reports an administrator variant as `admin` in `_user.role` from 1.4.8, as stored before', async () => {
    const network = await newNetwork();
    const manager = await network.newMember();
    await setStoredRole(manager.profileEID, 'network_manager');
    const token = await manager.token();
    const latest = await call<Network>(networkPath(network.networkEID), { token });
    expect(latest.body._user?.role).toBe('admin');
    const at148 = await call<Network>(networkPath(network.networkEID), { token, accept: mediaType('1.4.8') });
    expect(at148.body._user?.role).toBe('admin');
    const at147 = await call<Network>(networkPath(network.networkEID), { token, accept: mediaType('1.4.7') });
    expect(at147.body._user?.role).toBe('network_manager');
    const member = await network.newMember();
    const asMember = await call<Network>(networkPath(network.networkEID), { token: await member.token() });
    expect(asMember.body._user?.role).toBe('member');
  });

  it('has no `_user` for an app token (no person is calling)', async () => {
    const network = await newNetwork();
    const token = await appToken(network.networkEID);
    const response = await call<Network>(networkPath(network.networkEID), { token });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('_user');
    expect(response.body.features).toEqual([]);
  });

  it('answers the path without its trailing slash too', async () => {
    const network = await newNetwork();
    const response = await call<Network>(networkPath(network.networkEID, false), {
      token: await network.admin.token(),
    });
    expect(response.status).toBe(200);
    expect(response.body.EID).toBe(network.networkEID);
    expect(response.body._links.self?.href).toBe(`${baseUrl()}/networks/${network.networkEID}/`);
  });
});

describe('PUT /networks/{networkEID}', () => {
  it('lets an administrator change the writable settings; only the fields sent change', async () => {
    const network = await newNetwork('Before');
    const token = await network.admin.token();
    const response = await call<Network>(networkPath(network.networkEID, false), {
      method: 'PUT',
      token,
      json: {
        allowChatCustomSettings: true,
        allowCommentsPreference: true,
        allowReactionsPreference: true,
        allowEditingProfileBio: false,
        allowEditingJobTitle: false,
        language: 'nl',
        defaultPrimaryEmailPrivacySetting: 'admins',
        mobileNumber: '+31201234567',
        appDistributorEnabled: true,
        description: 'Our network',
      },
    });
    expect(response.status).toBe(200);
    const expected = {
      name: 'Before',
      description: 'Our network',
      allowChatCustomSettings: true,
      allowCommentsPreference: true,
      allowReactionsPreference: true,
      allowEditingProfileBio: false,
      allowEditingJobTitle: false,
      language: 'nl',
      defaultPrimaryEmailPrivacySetting: 'admins',
      mobileNumber: '+31201234567',
      appDistributorEnabled: true,
    };
    expect(response.body).toMatchObject({ type: 'network', EID: network.networkEID, ...expected });
    const read = await call<Network>(networkPath(network.networkEID), { token });
    expect(read.body).toMatchObject(expected);

    const renamed = await call<Network>(networkPath(network.networkEID, false), {
      method: 'PUT',
      token,
      json: { name: 'After', mobileNumber: null },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ ...expected, name: 'After', mobileNumber: null });
  });

  it('answers the trailing-slash twin of the path as well', async () => {
    const network = await newNetwork();
    const response = await call<Network>(networkPath(network.networkEID, true), {
      method: 'PUT',
      token: await network.admin.token(),
      json: { allowChatCustomSettings: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.allowChatCustomSettings).toBe(true);
    const options = await call(networkPath(network.networkEID, false), {
      method: 'DELETE',
      token: await network.admin.token(),
    });
    expect(options.status).toBe(405);
    expect(options.headers.get('allow')).toBe('GET, PUT');
  });

  it('refuses a member (403) and an app token (403), and stores nothing', async () => {
    const network = await newNetwork();
    const member = await network.newMember();
    const asMember = await call<Network>(networkPath(network.networkEID, false), {
      method: 'PUT',
      token: await member.token(),
      json: { allowChatCustomSettings: true },
    });
    expect([asMember.status, asMember.body.code]).toEqual([403, -103]);
    const asApp = await call<Network>(networkPath(network.networkEID, false), {
      method: 'PUT',
      token: await appToken(network.networkEID, ['edit_network_features']),
      json: { allowChatCustomSettings: true },
    });
    expect(asApp.status).toBe(403);
    const read = await call<Network>(networkPath(network.networkEID), { token: await network.admin.token() });
    expect(read.body.allowChatCustomSettings).toBe(false);
  });

  it('answers 404 to an administrator of another network, as for a network that does not exist', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const otherToken = await other.admin.token();
    const cross = await call<Network>(networkPath(network.networkEID, false), {
      method: 'PUT',
      token: otherToken,
      json: { name: 'Taken over' },
    });
    expect(cross.status).toBe(404);
    const missing = await call<Network>(networkPath('0123456789abcdef01234567', false), {
      method: 'PUT',
      token: otherToken,
      json: { name: 'Taken over' },
    });
    expect(missing.status).toBe(404);
    expect(cross.body.code).toBe(missing.body.code);
    const read = await call<Network>(networkPath(network.networkEID), { token: await network.admin.token() });
    expect(read.body.name).toBe('Test network');
  });

  describe('refusals that store nothing (one network for all)', () => {
    let network: TestNetwork;
    let token: string;
    beforeAll(async () => {
      network = await newNetwork();
      token = await network.admin.token();
    });

    it.each([
      ['EID', '0123456789abcdef01234567'],
      ['subdomain', 'hijacked'],
      ['baseUrl', 'https://evil.example'],
      ['speakapDomain', 'evil.example'],
      ['emailSettings', { senderName: 'x', senderAddress: 'x@evil.example' }],
      ['hasExternalMembers', true],
      ['videoEnabled', true],
      ['marketEnabled', true],
      ['subscription', { type: 'enterprise', since: '2020-01-01T00:00:00+00:00' }],
      ['numImpreciseActiveMembersCount', 1000],
      ['features', ['market']],
      ['networkEID', '0123456789abcdef01234567'],
      ['_id', '0123456789abcdef01234567'],
      ['type', 'network'],
      ['_user', { role: 'admin' }],
    ])(
      'refuses the read-only field %s with 400 naming it, and stores nothing of the body',
      async (field, value) => {
        const response = await call<Network>(networkPath(network.networkEID, false), {
          method: 'PUT',
          token,
          json: { allowChatCustomSettings: true, [field]: value },
        });
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual([{ pointer: `/body/${field}`, message: 'is not allowed' }]);
        const read = await call<Network>(networkPath(network.networkEID), { token });
        expect(read.body).toMatchObject({
          EID: network.networkEID,
          subdomain: network.subdomain,
          allowChatCustomSettings: false,
          features: [],
          videoEnabled: false,
          marketEnabled: false,
          subscription: { type: 'free' },
          speakapDomain: `${network.subdomain}.ncs.example`,
        });
        const stored = await (await authModels()).Network.findById(network.networkEID).lean();
        expect(String(stored?._id)).toBe(network.networkEID);
        expect(stored).toMatchObject({
          subdomain: network.subdomain,
          features: [],
          subscription: { type: 'free' },
          allowChatCustomSettings: false,
        });
        for (const derived of [...derivedFields, 'EID', 'networkEID', 'type', '_user']) {
          expect(stored).not.toHaveProperty(derived);
        }
      },
    );

    it.each([
      ['mobileNumber', '0612345678'],
      ['language', 'english'],
      ['defaultPrimaryEmailPrivacySetting', 'everybody'],
      ['allowChatCustomSettings', 'yes'],
      ['name', ''],
    ])('answers 400 naming %s for an invalid value', async (field, value) => {
      const response = await call<Network>(networkPath(network.networkEID, false), {
        method: 'PUT',
        token,
        json: { [field]: value },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors?.map((e) => e.pointer)).toEqual([`/body/${field}`]);
    });

    it('answers 400 for an empty body', async () => {
      const response = await call<Network>(networkPath(network.networkEID, false), {
        method: 'PUT',
        token,
        json: {},
      });
      expect(response.status).toBe(400);
    });
  });
});
