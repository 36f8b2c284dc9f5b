/**
 * E-mail settings and the terms of service. E-mail settings: the caller's own,
 * known keys with types and defaults (an unknown key is 400 naming it), an administrator reads a
 * member's and may not write them. Terms: administrators publish versions; a member accepts the
 * current one (again: nothing changes); until then the network and whoami say `accept_terms`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type WhoamiBody } from '../../support/api.js';
import { accountFixture, pointersOf } from '../../support/factories/account.js';
import { closeFactories, type TestNetwork, type TestPerson } from '../../support/factories/core.js';
import { emailSettingsPath, installedAppToken, termsPath } from '../../support/factories/network-ops.js';

afterAll(closeFactories);

let network: TestNetwork;
let other: TestNetwork;
let member: TestPerson;
let memberToken: string;
let peerToken: string;
let adminToken: string;
let outsiderToken: string;

beforeAll(async () => {
  ({ network, other, member, memberToken, peerToken, adminToken, outsiderToken } = await accountFixture());
});

const defaults = {
  digest: 'weekly',
  mentions: true,
  comments: true,
  groupActivity: true,
  news: true,
  alerts: true,
};

describe('e-mail settings', () => {
  it('answers the defaults, sets some keys, resets one with null', async () => {
    const path = emailSettingsPath(network.networkEID, member.profileEID);
    const first = await call(path, { token: memberToken });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ type: 'email_settings', ...defaults });
    const set = await call(path, {
      token: memberToken,
      method: 'PUT',
      json: { digest: 'daily', news: false },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ ...defaults, digest: 'daily', news: false });
    const reset = await call(path, { token: memberToken, method: 'PUT', json: { digest: null } });
    expect(reset.body).toMatchObject({ ...defaults, news: false });
    // An administrator reads them (support) and may not write them.
    expect((await call(path, { token: adminToken })).body).toMatchObject({ news: false });
    const byAdmin = await call(path, { token: adminToken, method: 'PUT', json: { news: true } });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toMatchObject({ code: -213 });
  });

  it('is private: another member, an app and another network get 404; bad input is 400 naming it', async () => {
    const path = emailSettingsPath(network.networkEID, member.profileEID);
    expect((await call(path, { token: peerToken })).status).toBe(404);
    expect((await call(path, { token: outsiderToken })).status).toBe(404);
    expect(
      (await call(emailSettingsPath(other.networkEID, member.profileEID), { token: outsiderToken })).status,
    ).toBe(404);
    const app = await installedAppToken(network.networkEID, ['get_profile_xid']);
    expect((await call(path, { token: app })).status).toBe(404);
    const unknown = await call(path, { token: memberToken, method: 'PUT', json: { birthdays: true } });
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.text).toContain('birthdays');
    const wrongType = await call(path, { token: memberToken, method: 'PUT', json: { digest: 'hourly' } });
    expect(wrongType.status).toBe(400);
    expect(pointersOf(wrongType.body)).toContain('/body/digest');
    expect((await call(path, { token: memberToken, method: 'PUT', json: {} })).status).toBe(400);
  });
});

const preconditionsOf = async (token: string) =>
  (await call<{ _user: { accessPreconditions: string[] } }>(`/networks/${network.networkEID}/`, { token }))
    .body._user.accessPreconditions;
const whoamiPreconditionsOf = async (token: string) =>
  (await call<WhoamiBody>('/whoami/', { token })).body.networks.find((n) => n.EID === network.networkEID)
    ?._user?.accessPreconditions;

describe('terms of service', () => {
  it('has none at first; administrators publish versions that members accept once', async () => {
    const none = await call(termsPath(network.networkEID), { token: memberToken });
    expect(none.status, none.text).toBe(200);
    expect(none.body).toMatchObject({ type: 'terms_of_service', version: null, accepted: true });
    expect(await preconditionsOf(memberToken)).toEqual([]);
    const noneToAccept = await call(termsPath(network.networkEID, 'accept'), {
      token: memberToken,
      json: { version: 1 },
    });
    expect(noneToAccept.status).toBe(409);

    const published = await call(termsPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { url: 'https://example.com/terms/v1' },
    });
    expect(published.status, published.text).toBe(200);
    expect(published.body).toMatchObject({ version: 1, url: 'https://example.com/terms/v1' });
    const unaccepted = await call(termsPath(network.networkEID), { token: memberToken });
    expect(unaccepted.body).toMatchObject({
      version: 1,
      accepted: false,
      acceptedVersion: null,
      acceptedAt: null,
    });
    expect(await preconditionsOf(memberToken)).toEqual(['accept_terms']);
    expect(await whoamiPreconditionsOf(memberToken)).toEqual(['accept_terms']);

    const accepted = await call(termsPath(network.networkEID, 'accept'), {
      token: memberToken,
      json: { version: 1 },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({
      version: 1,
      accepted: true,
      acceptedVersion: 1,
      acceptedAt: expect.any(String),
    });
    const again = await call(termsPath(network.networkEID, 'accept'), {
      token: memberToken,
      json: { version: 1 },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ acceptedAt: accepted.body.acceptedAt });
    expect(await preconditionsOf(memberToken)).toEqual([]);
    expect(await whoamiPreconditionsOf(memberToken)).toEqual([]);
    // The peer has not accepted.
    expect(await preconditionsOf(peerToken)).toEqual(['accept_terms']);

    // A new version must be accepted again; the old one cannot be.
    await call(termsPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { url: 'https://example.com/terms/v2' },
    });
    expect((await call(termsPath(network.networkEID), { token: memberToken })).body).toMatchObject({
      version: 2,
      accepted: false,
      acceptedVersion: 1,
    });
    const stale = await call(termsPath(network.networkEID, 'accept'), {
      token: memberToken,
      json: { version: 1 },
    });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body).toMatchObject({ code: -218 });
    expect(pointersOf(stale.body)).toContain('/body/version');
  });

  it('is published by administrators only; other networks get 404; bad input is 400', async () => {
    const byMember = await call(termsPath(network.networkEID), {
      token: peerToken,
      method: 'PUT',
      json: { url: 'https://example.com/terms' },
    });
    expect(byMember.status).toBe(403);
    expect((await call(termsPath(network.networkEID), { token: outsiderToken })).status).toBe(404);
    const outsider = await call(termsPath(network.networkEID, 'accept'), {
      token: outsiderToken,
      json: { version: 1 },
    });
    expect(outsider.status).toBe(404);
    const badUrl = await call(termsPath(network.networkEID), {
      token: adminToken,
      method: 'PUT',
      json: { url: 'javascript:alert(1)' },
    });
    expect(badUrl.status).toBe(400);
    expect(pointersOf(badUrl.body)).toContain('/body/url');
    const badVersion = await call(termsPath(network.networkEID, 'accept'), {
      token: peerToken,
      json: { version: 'one' },
    });
    expect(badVersion.status).toBe(400);
    expect(pointersOf(badVersion.body)).toContain('/body/version');
  });
});
