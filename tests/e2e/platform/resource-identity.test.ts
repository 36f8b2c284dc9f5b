/**
 * Every resource carries the EID of the thing it describes (ARCHITECTURE §8), over HTTP: a
 * person's settings and presence carry that person's profile, the network's menu and host info the
 * network, the badge counters (counted per person) the caller's profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { presencePath, settingsPath } from '../../support/factories/account.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';

afterAll(closeFactories);

let network: TestNetwork;
let member: TestPerson;
let memberToken: string;
let peerToken: string;

beforeAll(async () => {
  network = await newNetwork();
  member = await network.newMember();
  memberToken = await member.token();
  peerToken = await (await network.newMember()).token();
});

async function read(path: string, token: string) {
  const response = await call<{ type: string; EID?: string }>(path, { token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('resource identity', () => {
  it('user_settings carry the profile whose settings they are', async () => {
    const path = settingsPath(network.networkEID, member.profileEID);
    expect(await read(path, memberToken)).toMatchObject({ type: 'user_settings', EID: member.profileEID });
    const updated = await call(path, { token: memberToken, method: 'PUT', json: { compactTimeline: true } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ type: 'user_settings', EID: member.profileEID });
  });

  it('presence carries the profile it is of, also when another member reads it', async () => {
    const path = presencePath(network.networkEID, member.profileEID);
    expect(await read(path, peerToken)).toMatchObject({ type: 'presence', EID: member.profileEID });
    const set = await call(path, { token: memberToken, method: 'PUT', json: { status: 'online' } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ type: 'presence', EID: member.profileEID });
  });

  it('the menu and the host info carry the network', async () => {
    expect(await read(`/networks/${network.networkEID}/menu/`, memberToken)).toMatchObject({
      type: 'menu',
      EID: network.networkEID,
    });
    expect(await read(`/networks/${network.networkEID}/host-info/`, memberToken)).toMatchObject({
      type: 'host_info',
      EID: network.networkEID,
    });
  });

  it('badge counters carry the profile of the caller they count for', async () => {
    expect(await read(`/networks/${network.networkEID}/badgecounters/`, memberToken)).toMatchObject({
      type: 'badge_counters',
      EID: member.profileEID,
    });
  });
});
