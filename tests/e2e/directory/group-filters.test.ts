/**
 * The users collection's group filters: `exclude_group` leaves out a group's active
 * members, `addable_to` leaves out everyone already in the group (members and invitees); a group
 * the caller cannot see is a 400 naming the parameter, never a hint of its members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';

afterAll(closeFactories);

interface UserPage {
  total: number;
  _embedded: { users: { EID: string }[] };
}

let network: TestNetwork;
let adminToken: string;
let member: TestPerson;
let invitee: TestPerson;
let outsider: TestPerson;
let groupEID: string;
let hiddenGroupEID: string;

const users = async (token: string, query: string) => {
  const answer = await call<UserPage>(`/networks/${network.networkEID}/users/?limit=100&${query}`, { token });
  return { answer, eids: answer.body._embedded?.users.map((u) => u.EID) ?? [] };
};

beforeAll(async () => {
  network = await newNetwork('Group filters');
  adminToken = await network.admin.token();
  [member, invitee, outsider] = await Promise.all([
    network.newMember(),
    network.newMember(),
    network.newMember(),
  ]);
  const group = await call<{ EID: string }>(`/networks/${network.networkEID}/groups/`, {
    token: adminToken,
    json: { name: 'Filtered group' },
  });
  expect(group.status).toBe(201);
  groupEID = group.body.EID;
  const members = `/networks/${network.networkEID}/groups/${groupEID}/members/`;
  expect((await call(members, { token: adminToken, json: { profileEID: member.profileEID } })).status).toBe(
    201,
  );
  expect(
    (await call(members, { token: adminToken, json: { profileEID: invitee.profileEID, state: 'invited' } }))
      .status,
  ).toBe(201);
  const hidden = await call<{ EID: string }>(`/networks/${network.networkEID}/groups/`, {
    token: adminToken,
    json: { name: 'Hidden group', hidden: true },
  });
  expect(hidden.status).toBe(201);
  hiddenGroupEID = hidden.body.EID;
});

describe('GET /networks/{networkEID}/users/ with group filters', () => {
  it('exclude_group leaves out the active members (the creator and the added member), not the invitee', async () => {
    const { answer, eids } = await users(adminToken, `exclude_group=${groupEID}`);
    expect(answer.status, answer.text).toBe(200);
    expect(eids).not.toContain(network.admin.profileEID);
    expect(eids).not.toContain(member.profileEID);
    expect(eids).toEqual(expect.arrayContaining([invitee.profileEID, outsider.profileEID]));
    expect(answer.body.total).toBe(eids.length);
  });

  it('addable_to leaves out members and invitees: only who could still be added remains', async () => {
    const { answer, eids } = await users(adminToken, `addable_to=${groupEID}`);
    expect(answer.status, answer.text).toBe(200);
    expect(eids).toEqual([outsider.profileEID]);
    expect(answer.body.total).toBe(1);
  });

  it('combines with the other filters', async () => {
    const { eids } = await users(adminToken, `exclude_group=${groupEID}&role=admin`);
    expect(eids).toEqual([]);
    const { eids: members } = await users(adminToken, `addable_to=${groupEID}&exclude_role=admin`);
    expect(members).toEqual([outsider.profileEID]);
  });

  it('answers 400 naming the parameter for a hidden group the caller cannot see, as for an unknown one', async () => {
    const outsiderToken = await outsider.token();
    for (const [parameter, value] of [
      ['exclude_group', hiddenGroupEID],
      ['addable_to', hiddenGroupEID],
      ['exclude_group', 'ffffffffffffffffffffffff'],
    ] as const) {
      const { answer } = await users(outsiderToken, `${parameter}=${value}`);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({
        code: -163,
        errors: [{ pointer: `/query/${parameter}` }],
      });
    }
    // The network admin may see the hidden group, so the filter applies.
    expect((await users(adminToken, `exclude_group=${hiddenGroupEID}`)).answer.status).toBe(200);
  });

  it("answers 400 for another network's group", async () => {
    const other = await newNetwork('Other');
    const otherGroup = await call<{ EID: string }>(`/networks/${other.networkEID}/groups/`, {
      token: await other.admin.token(),
      json: { name: 'Elsewhere' },
    });
    const { answer } = await users(adminToken, `exclude_group=${otherGroup.body.EID}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: -163 });
  });

  it('answers 400 naming the parameter for a malformed group EID', async () => {
    const { answer } = await users(adminToken, 'addable_to=not-an-eid');
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('/query/addable_to');
  });
});
