/**
 * Presence and host info: a person sets their own presence, members of the network read
 * it (`offline` until set, hidden by `showPresence: false`); the network's `hostInfo` says what its
 * host serves. Other networks get 404; bad input is 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, mediaType } from '../../support/api.js';
import { accountFixture, pointersOf, presencePath, settingsPath } from '../../support/factories/account.js';
import { closeFactories, type TestNetwork, type TestPerson } from '../../support/factories/core.js';

afterAll(closeFactories);

let network: TestNetwork;
let other: TestNetwork;
let member: TestPerson;
let memberToken: string;
let peerToken: string;
let outsiderToken: string;

beforeAll(async () => {
  ({ network, other, member, memberToken, peerToken, outsiderToken } = await accountFixture());
});

describe('presence', () => {
  it('is offline until set; the owner sets it and members read it with lastSeenAt', async () => {
    const path = presencePath(network.networkEID, member.profileEID);
    const before = await call(path, { token: peerToken });
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({
      type: 'presence',
      user: { type: 'user', EID: member.profileEID },
      status: 'offline',
      lastSeenAt: null,
    });
    const set = await call(path, { token: memberToken, method: 'PUT', json: { status: 'online' } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ status: 'online', lastSeenAt: expect.stringMatching(/\+00:00$/) });
    expect(set.body._links).toMatchObject({ self: { href: `${baseUrl()}${path}` } });
    const read = await call(path, { token: peerToken });
    expect(read.body).toMatchObject({ status: 'online', lastSeenAt: set.body.lastSeenAt });
    await call(path, { token: memberToken, method: 'PUT', json: { status: 'away' } });
    expect((await call(path, { token: peerToken })).body).toMatchObject({ status: 'away' });
  });

  it('is hidden from others when the person turns showPresence off', async () => {
    const hidden = await network.newMember();
    const token = await hidden.token();
    const path = presencePath(network.networkEID, hidden.profileEID);
    await call(path, { token, method: 'PUT', json: { status: 'online' } });
    const off = await call(settingsPath(network.networkEID, hidden.profileEID), {
      token,
      method: 'PUT',
      json: { showPresence: false },
    });
    expect(off.status, off.text).toBe(200);
    expect((await call(path, { token: peerToken })).body).toMatchObject({
      status: 'offline',
      lastSeenAt: null,
    });
    expect((await call(path, { token })).body).toMatchObject({ status: 'online' });
  });

  it('refuses setting another person’s presence (403), other networks (404) and bad input (400)', async () => {
    const path = presencePath(network.networkEID, member.profileEID);
    const peer = await call(path, { token: peerToken, method: 'PUT', json: { status: 'offline' } });
    expect(peer.status, peer.text).toBe(403);
    expect(peer.body).toMatchObject({ code: -213 });
    expect((await call(path, { token: outsiderToken })).status).toBe(404);
    const elsewhere = await call(presencePath(other.networkEID, member.profileEID), { token: outsiderToken });
    expect(elsewhere.status).toBe(404);
    const nobody = await call(presencePath(network.networkEID, 'ffffffffffffffffffffffff'), {
      token: peerToken,
    });
    expect(nobody.status).toBe(404);
    const bad = await call(path, { token: memberToken, method: 'PUT', json: { status: 'busy' } });
    expect(bad.status, bad.text).toBe(400);
    expect(pointersOf(bad.body)).toContain('/body/status');
    const extra = await call(path, {
      token: memberToken,
      method: 'PUT',
      json: { status: 'online', mood: 'ok' },
    });
    expect(extra.status).toBe(400);
    expect(extra.text).toContain('mood');
  });
});

describe('host info', () => {
  it('names the network’s host, the API versions and the features; members read it', async () => {
    const path = `/networks/${network.networkEID}/host-info/`;
    const answer = await call(path, { token: peerToken });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      type: 'host_info',
      subdomain: network.subdomain,
      host: expect.stringMatching(new RegExp(`^${network.subdomain}\\.`)),
      apiVersions: { oldest: '1.0.2', latest: '2026.1.13' },
      features: expect.any(Array),
    });
    expect(answer.body._links).toEqual({
      self: { href: `${baseUrl()}${path}` },
      network: { href: `${baseUrl()}/networks/${network.networkEID}/` },
    });
    // The network's hostInfo link leads here (from 2023.0.1).
    const net = await call(`/networks/${network.networkEID}/`, { token: peerToken });
    expect((net.body._links as Record<string, { href: string }>).hostInfo?.href).toBe(`${baseUrl()}${path}`);
    const old = await call(`/networks/${network.networkEID}/`, {
      token: peerToken,
      accept: mediaType('1.6.8'),
    });
    expect((old.body._links as Record<string, unknown>).hostInfo).toBeUndefined();
    expect((await call(path, { token: outsiderToken })).status).toBe(404);
  });
});
