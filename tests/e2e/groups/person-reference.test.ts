/**
 * Adding a group member and assigning a knowledge-base manager name the person as every other write
 * does, `profile: {type: 'user', EID}`, or by the older bare `profileEID`: exactly one of the two.
 * Decisions: docs/decisions.md, "Naming a person in a write".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { membersPath, newGroup } from '../../support/factories/groups.js';
import { kbPath, newKbCategory } from '../../support/factories/kb.js';

afterAll(closeFactories);

let network: TestNetwork;
let admin: string;

beforeAll(async () => {
  network = await newNetwork('Person references');
  admin = await network.admin.token();
});

const pointersOf = (problem: Problem) => (problem.errors ?? []).map((e) => e.pointer).sort();

describe.each([
  [
    'adding a group member',
    async () => membersPath(network.networkEID, (await newGroup(network.networkEID, admin)).EID),
  ],
  [
    'assigning a knowledge-base manager',
    async () =>
      kbPath(network.networkEID, `categories/${await newKbCategory(network.networkEID, admin)}/managers/`),
  ],
])('%s', (_name, pathOf) => {
  it('takes a reference {type: user, EID}, as the bare profileEID', async () => {
    const path = await pathOf();
    const [first, second] = await Promise.all([network.newMember(), network.newMember()]);
    const byRef = await call(path, {
      token: admin,
      json: { profile: { type: 'user', EID: first.profileEID } },
    });
    expect(byRef.status, byRef.text).toBe(201);
    const byEID = await call(path, { token: admin, json: { profileEID: second.profileEID } });
    expect(byEID.status, byEID.text).toBe(201);
    // The same person again, named the other way: the same assignment (200).
    const again = await call(path, { token: admin, json: { profileEID: first.profileEID } });
    expect(again.status, again.text).toBe(200);
  });

  it('refuses both, neither, another type, and a person of another network, naming the field', async () => {
    const path = await pathOf();
    const member = await network.newMember();
    const both = await call<Problem>(path, {
      token: admin,
      json: { profileEID: member.profileEID, profile: { type: 'user', EID: member.profileEID } },
    });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([
      { pointer: '/body', message: 'matches more than one of the allowed forms: use one' },
    ]);
    const neither = await call<Problem>(path, { token: admin, json: {} });
    expect(neither.status).toBe(400);
    expect(neither.body.errors).toEqual([
      { pointer: '/body', message: 'does not match any of the allowed forms' },
    ]);
    const group = await call<Problem>(path, {
      token: admin,
      json: { profile: { type: 'group', EID: member.profileEID } },
    });
    expect(group.status).toBe(400);
    expect(pointersOf(group.body)).toContain('/body/profile/type');
    const stranger = await (await newNetwork('Person references elsewhere')).newMember();
    const foreign = await call<Problem>(path, {
      token: admin,
      json: { profile: { type: 'user', EID: stranger.profileEID } },
    });
    expect(foreign.status).toBe(400);
    expect(pointersOf(foreign.body)).toEqual(['/body/profile/EID']);
  });
});
