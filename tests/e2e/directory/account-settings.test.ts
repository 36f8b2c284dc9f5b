/**
 * User settings and user new features (the aggregate's `settings` and `newFeatures`):
 * the owner reads and writes them, a network administrator reads a member's, other members and
 * other networks get 404, unknown keys and bad values are 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../../support/api.js';
import {
  accountFixture,
  newFeaturesPath,
  pointersOf,
  settingsPath,
} from '../../support/factories/account.js';
import { closeFactories, type TestNetwork, type TestPerson } from '../../support/factories/core.js';

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
  language: null,
  timezone: null,
  emailNotifications: true,
  pushNotifications: true,
  compactTimeline: false,
  showPresence: true,
};

describe('user settings', () => {
  it('answers every known key with its default, then what the owner set; null resets a key', async () => {
    const path = settingsPath(network.networkEID, member.profileEID);
    const fresh = await call(path, { token: memberToken });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body).toMatchObject({ type: 'user_settings', ...defaults });
    expect(fresh.body._links).toEqual({ self: { href: `${baseUrl()}${path}` } });

    const set = await call(path, {
      token: memberToken,
      method: 'PUT',
      json: { language: 'nl-BE', timezone: 'Europe/Amsterdam', emailNotifications: false },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({
      ...defaults,
      language: 'nl-BE',
      timezone: 'Europe/Amsterdam',
      emailNotifications: false,
    });

    const partly = await call(path, {
      token: memberToken,
      method: 'PUT',
      json: { language: null, compactTimeline: true },
    });
    expect(partly.body).toMatchObject({
      ...defaults,
      timezone: 'Europe/Amsterdam',
      emailNotifications: false,
      compactTimeline: true,
    });
    expect((await call(path, { token: memberToken })).body).toMatchObject(partly.body);
  });

  it('refuses unknown keys and bad values with 400 naming them', async () => {
    const path = settingsPath(network.networkEID, member.profileEID);
    const unknown = await call(path, {
      token: memberToken,
      method: 'PUT',
      json: { language: 'en', colour: 'red' },
    });
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.text).toContain('colour');
    const badValue = await call(path, {
      token: memberToken,
      method: 'PUT',
      json: { emailNotifications: 'yes' },
    });
    expect(badValue.status).toBe(400);
    expect(pointersOf(badValue.body)).toContain('/body/emailNotifications');
    const badZone = await call(path, {
      token: memberToken,
      method: 'PUT',
      json: { timezone: '../etc/passwd' },
    });
    expect(badZone.status).toBe(400);
    expect(pointersOf(badZone.body)).toContain('/body/timezone');
    const empty = await call(path, { token: memberToken, method: 'PUT', json: {} });
    expect(empty.status).toBe(400);
  });

  it('lets an administrator read a member’s settings but not change them; other members and networks get 404', async () => {
    const path = settingsPath(network.networkEID, member.profileEID);
    expect((await call(path, { token: adminToken })).status).toBe(200);
    const adminWrite = await call(path, { token: adminToken, method: 'PUT', json: { language: 'en' } });
    expect(adminWrite.status, adminWrite.text).toBe(403);
    expect(adminWrite.body).toMatchObject({ code: -213 });
    for (const method of ['GET', 'PUT'] as const) {
      const json = method === 'PUT' ? { json: { language: 'en' } } : {};
      const peer = await call(path, { token: peerToken, method, ...json });
      expect(peer.status, peer.text).toBe(404);
      const outsider = await call(path, { token: outsiderToken, method, ...json });
      expect(outsider.status, outsider.text).toBe(404);
      // The outsider's own network with the member's profile: 404 too.
      const elsewhere = await call(settingsPath(other.networkEID, member.profileEID), {
        token: outsiderToken,
        method,
        ...json,
      });
      expect(elsewhere.status, elsewhere.text).toBe(404);
    }
  });
});

describe('user new features', () => {
  it('lists the features not yet dismissed; dismissing is once and leaves others untouched', async () => {
    const path = newFeaturesPath(network.networkEID, member.profileEID);
    const all = await call<{ features: string[] }>(path, { token: memberToken });
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({
      type: 'new_features',
      features: ['knowledge_base', 'tasks', 'polls', 'events', 'alerts'],
    });
    const dismiss = () =>
      call<{ features: string[] }>(newFeaturesPath(network.networkEID, member.profileEID, 'polls/dismiss'), {
        token: memberToken,
        method: 'POST',
      });
    const answers = await Promise.all([dismiss(), dismiss(), dismiss()]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect((await call<{ features: string[] }>(path, { token: memberToken })).body.features).toEqual([
      'knowledge_base',
      'tasks',
      'events',
      'alerts',
    ]);
    // Another person's list is their own.
    const peerOwn = await call<{ features: string[] }>(
      newFeaturesPath(network.networkEID, network.admin.profileEID),
      { token: adminToken },
    );
    expect(peerOwn.body.features).toContain('polls');
  });

  it('refuses an unknown feature with 400 naming it, and others’ lists with 404 (403 for an administrator’s dismiss)', async () => {
    const unknown = await call(newFeaturesPath(network.networkEID, member.profileEID, 'teleport/dismiss'), {
      token: memberToken,
      method: 'POST',
    });
    expect(unknown.status, unknown.text).toBe(400);
    expect(pointersOf(unknown.body)).toContain('/params/featureKey');
    const path = newFeaturesPath(network.networkEID, member.profileEID);
    expect((await call(path, { token: peerToken })).status).toBe(404);
    expect((await call(path, { token: outsiderToken })).status).toBe(404);
    expect((await call(path, { token: adminToken })).status).toBe(200);
    const dismissPath = newFeaturesPath(network.networkEID, member.profileEID, 'tasks/dismiss');
    expect((await call(dismissPath, { token: peerToken, method: 'POST' })).status).toBe(404);
    expect((await call(dismissPath, { token: adminToken, method: 'POST' })).status).toBe(403);
  });
});
