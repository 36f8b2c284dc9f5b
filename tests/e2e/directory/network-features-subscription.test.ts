/**
 * Network features and the network subscription: the closed list of features,
 * turned on and off by network administrators or apps with `edit_network_features`; the plan moved
 * up (`upgrade`) or down (`downgrade`) by administrators or apps with `edit_network_subscription`,
 * and shown on the network. Members read; other networks get 404; bad input is 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { accountFixture, pointersOf } from '../../support/factories/account.js';
import { closeFactories, type TestNetwork } from '../../support/factories/core.js';
import { featuresPath, installedAppToken, subscriptionPath } from '../../support/factories/network-ops.js';

afterAll(closeFactories);

let network: TestNetwork;
let other: TestNetwork;
let memberToken: string;
let adminToken: string;
let outsiderToken: string;

beforeAll(async () => {
  ({ network, other, memberToken, adminToken, outsiderToken } = await accountFixture());
});

type Feature = { name: string; enabled: boolean; default: boolean };
const enabledIn = (body: unknown) =>
  ((body as { features: Feature[] }).features ?? []).filter((f) => f.enabled).map((f) => f.name);

describe('network features', () => {
  it('lists the closed list with defaults; administrators turn one on and off', async () => {
    const list = await call<{ features: Feature[] }>(featuresPath(network.networkEID), {
      token: memberToken,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toMatchObject({ type: 'network_features' });
    expect(list.body.features).toContainEqual({ name: 'video', enabled: false, default: false });
    expect(enabledIn(list.body)).toEqual([]);
    const on = await call(featuresPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { video: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(enabledIn(on.body)).toEqual(['video']);
    // Turning it on again changes nothing; the network shows it.
    await call(featuresPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { video: true },
    });
    const net = await call<{ features: string[]; videoEnabled: boolean }>(
      `/networks/${network.networkEID}/`,
      {
        token: memberToken,
      },
    );
    expect(net.body.features).toEqual(['video']);
    expect(net.body.videoEnabled).toBe(true);
    const several = await call(featuresPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { market: true, video: false },
    });
    expect(enabledIn(several.body)).toEqual(['market']);
    await call(featuresPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { market: false, video: true },
    });
    const off = await call(featuresPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { video: false },
    });
    expect(enabledIn(off.body)).toEqual([]);
  });

  it('turning two features on at once keeps both', async () => {
    await Promise.all(
      ['personal_timeline', 'no_birth_info'].map((key) =>
        call(featuresPath(network.networkEID), {
          token: adminToken,
          method: 'PUT',
          json: { [key]: true },
        }),
      ),
    );
    const list = await call(featuresPath(network.networkEID), { token: memberToken });
    expect(enabledIn(list.body).sort()).toEqual(['no_birth_info', 'personal_timeline']);
    await Promise.all(
      ['personal_timeline', 'no_birth_info'].map((key) =>
        call(featuresPath(network.networkEID), {
          token: adminToken,
          method: 'PUT',
          json: { [key]: false },
        }),
      ),
    );
    expect(enabledIn((await call(featuresPath(network.networkEID), { token: memberToken })).body)).toEqual(
      [],
    );
  });

  it('honours edit_network_features for apps: with it they read and write, without it 403', async () => {
    const withIt = await installedAppToken(network.networkEID, ['edit_network_features']);
    const on = await call(featuresPath(network.networkEID), {
      token: withIt,
      method: 'PUT',
      json: { market: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(enabledIn(on.body)).toContain('market');
    expect((await call(featuresPath(network.networkEID), { token: withIt })).status).toBe(200);
    const without = await installedAppToken(network.networkEID, ['list_groups']);
    const refused = await call(featuresPath(network.networkEID), {
      token: without,
      method: 'PUT',
      json: { market: false },
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ code: -140 });
    expect((await call(featuresPath(network.networkEID), { token: without })).status).toBe(403);
    // An app of another network, even with the permission: 404.
    const elsewhere = await installedAppToken(other.networkEID, ['edit_network_features']);
    expect((await call(featuresPath(network.networkEID), { token: elsewhere })).status).toBe(404);
    await call(featuresPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { market: false },
    });
  });

  it('refuses members (403), other networks (404) and unknown features or bodies (400)', async () => {
    const byMember = await call(featuresPath(network.networkEID), {
      token: memberToken,
      method: 'PUT',
      json: { video: true },
    });
    expect(byMember.status, byMember.text).toBe(403);
    expect((await call(featuresPath(network.networkEID), { token: outsiderToken })).status).toBe(404);
    const unknown = await call(featuresPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { teleport: true },
    });
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.text).toContain('teleport');
    const bad = await call(featuresPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { video: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(pointersOf(bad.body)).toContain('/body/video');
    const empty = await call(featuresPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: {},
    });
    expect(empty.status).toBe(400);
  });
});

describe('network subscription', () => {
  it('upgrades and downgrades along the plans; the network shows the plan', async () => {
    const start = await call(subscriptionPath(network.networkEID), { token: memberToken });
    expect(start.status, start.text).toBe(200);
    expect(start.body).toMatchObject({
      type: 'network_subscription',
      plan: 'free',
      plans: ['free', 'standard', 'professional', 'enterprise'],
    });
    const up = await call(subscriptionPath(network.networkEID, 'upgrade'), {
      token: adminToken,
      json: { plan: 'professional' },
    });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ plan: 'professional', since: expect.stringMatching(/\+00:00$/) });
    const net = await call<{ subscription: { type: string; since: string } }>(
      `/networks/${network.networkEID}/`,
      {
        token: memberToken,
      },
    );
    expect(net.body.subscription).toEqual({ type: 'professional', since: up.body.since });
    const notUp = await call(subscriptionPath(network.networkEID, 'upgrade'), {
      token: adminToken,
      json: { plan: 'standard' },
    });
    expect(notUp.status, notUp.text).toBe(409);
    expect(notUp.body).toMatchObject({ code: -216 });
    expect(pointersOf(notUp.body)).toContain('/body/plan');
    const same = await call(subscriptionPath(network.networkEID, 'upgrade'), {
      token: adminToken,
      json: { plan: 'professional' },
    });
    expect(same.status).toBe(409);
    const notDown = await call(subscriptionPath(network.networkEID, 'downgrade'), {
      token: adminToken,
      json: { plan: 'enterprise' },
    });
    expect(notDown.status, notDown.text).toBe(409);
    expect(notDown.body).toMatchObject({ code: -217 });
    const down = await call(subscriptionPath(network.networkEID, 'downgrade'), {
      token: adminToken,
      json: { plan: 'free' },
    });
    expect(down.status, down.text).toBe(200);
    expect(down.body).toMatchObject({ plan: 'free' });
  });

  it('two upgrades to one plan at once: one passes, the other is 409', async () => {
    const both = await Promise.all(
      [1, 2].map(() =>
        call(subscriptionPath(network.networkEID, 'upgrade'), {
          token: adminToken,
          json: { plan: 'standard' },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    await call(subscriptionPath(network.networkEID, 'downgrade'), {
      token: adminToken,
      json: { plan: 'free' },
    });
  });

  it('honours edit_network_subscription for apps; refuses members, other networks and bad plans', async () => {
    const withIt = await installedAppToken(network.networkEID, ['edit_network_subscription']);
    const up = await call(subscriptionPath(network.networkEID, 'upgrade'), {
      token: withIt,
      json: { plan: 'standard' },
    });
    expect(up.status, up.text).toBe(200);
    const without = await installedAppToken(network.networkEID, ['edit_network_features']);
    const refused = await call(subscriptionPath(network.networkEID, 'downgrade'), {
      token: without,
      json: { plan: 'free' },
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ code: -140 });
    const byMember = await call(subscriptionPath(network.networkEID, 'downgrade'), {
      token: memberToken,
      json: { plan: 'free' },
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body).toMatchObject({ code: -103 });
    const outsider = await call(subscriptionPath(network.networkEID, 'downgrade'), {
      token: outsiderToken,
      json: { plan: 'free' },
    });
    expect(outsider.status).toBe(404);
    const bad = await call(subscriptionPath(network.networkEID, 'upgrade'), {
      token: adminToken,
      json: { plan: 'gold' },
    });
    expect(bad.status, bad.text).toBe(400);
    expect(pointersOf(bad.body)).toContain('/body/plan');
    await call(subscriptionPath(network.networkEID, 'downgrade'), {
      token: adminToken,
      json: { plan: 'free' },
    });
  });
});
