/**
 * Group users `add` and `merge` over HTTP: adding several people at once (idempotent,
 * the reply says who was added, already there or refused and why) and making the membership equal
 * a list as an organisational sync does (adds, removes, keeps admins and others' locks, writes
 * `lockedBy`, so a hand removal is then 409 -242); permissions, bounds (400 naming the field),
 * concurrency, 404 across tenants and for those who cannot see the group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { unknownEID, usersOpPath, type UsersResultBody } from '../../support/factories/group-directory.js';
import {
  addMember,
  membersPath,
  newGroup,
  type Collection,
  type MembershipBody,
} from '../../support/factories/groups.js';

afterAll(closeFactories);

let network: TestNetwork;
let owner: Awaited<ReturnType<TestNetwork['newMember']>>;
let ownerToken: string;

beforeAll(async () => {
  network = await newNetwork();
  owner = await network.newMember();
  ownerToken = await owner.token();
});

const op = (groupEID: string, kind: 'add' | 'merge', json: unknown, token = ownerToken) =>
  call<UsersResultBody>(usersOpPath(network.networkEID, groupEID, kind), { token, json });
const eids = (refs: { EID: string }[]) => refs.map((r) => r.EID);
const members = async (groupEID: string) =>
  (
    await call<Collection<MembershipBody>>(membersPath(network.networkEID, groupEID, '?limit=100'), {
      token: ownerToken,
    })
  ).body._embedded.members!;

describe('users/add', () => {
  it('adds several people at once and says who was added, already there or refused', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    const [a, b, there, invitee] = await Promise.all([1, 2, 3, 4].map(() => network.newMember()));
    await addMember(network.networkEID, group.EID, ownerToken, there!.profileEID);
    await addMember(network.networkEID, group.EID, ownerToken, invitee!.profileEID, { state: 'invited' });
    const elsewhere = await newNetwork();
    const foreign = elsewhere.admin.profileEID;
    const users = [
      a!.profileEID,
      b!.profileEID,
      a!.profileEID,
      there!.profileEID,
      invitee!.profileEID,
      foreign,
    ];

    const first = await op(group.EID, 'add', { users });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      type: 'group_users_result',
      data: { group: { type: 'group', EID: group.EID } },
    });
    expect(eids(first.body.data.added)).toEqual([a!.profileEID, b!.profileEID]);
    expect(eids(first.body.data.alreadyMembers)).toEqual([there!.profileEID]);
    expect(first.body.data.refused).toEqual([
      { user: { type: 'user', EID: invitee!.profileEID }, reason: 'invited' },
      { user: { type: 'user', EID: foreign }, reason: 'not_in_network' },
    ]);
    expect(first.body._links.members?.href).toMatch(new RegExp(`/groups/${group.EID}/members/$`));
    const active = await members(group.EID);
    expect(eids(active.map((m) => m.user)).sort()).toEqual(
      [owner.profileEID, a!.profileEID, b!.profileEID, there!.profileEID].sort(),
    );
    expect(active.every((m) => m.lockedBy === null)).toBe(true);

    const again = await op(group.EID, 'add', { users: [a!.profileEID, b!.profileEID] });
    expect([again.status, again.body.data.added, eids(again.body.data.alreadyMembers)]).toEqual([
      200,
      [],
      [a!.profileEID, b!.profileEID],
    ]);
  });

  it('makes one membership each when the same people are added twice at once', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    const people = await Promise.all([1, 2, 3].map(() => network.newMember()));
    const users = people.map((p) => p.profileEID);
    const answers = await Promise.all([op(group.EID, 'add', { users }), op(group.EID, 'add', { users })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.flatMap((r) => eids(r.body.data.added)).sort()).toEqual([...users].sort());
    expect((await members(group.EID)).length).toBe(4);
  });

  it('needs manage_users (403) and bounds the list (400 naming /body/users)', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    const member = await network.newMember();
    await addMember(network.networkEID, group.EID, ownerToken, member.profileEID);
    const denied = await op(group.EID, 'add', { users: [owner.profileEID] }, await member.token());
    expect([denied.status, denied.body.code]).toEqual([403, -151]);
    const tooMany = Array.from({ length: 101 }, (_, i) => unknownEID(i));
    for (const [json, pointer] of [
      [{ users: tooMany }, '/body/users'],
      [{ users: [] }, '/body/users'],
      [{ users: ['not-an-eid'] }, '/body/users/0'],
      [{}, '/body/users'],
      [{ users: [owner.profileEID], role: 'admin' }, '/body/role'],
    ] as const) {
      const answer = await op(group.EID, 'add', json);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.text).toContain(pointer);
    }
  });
});

describe('users/merge', () => {
  it('makes the members equal the list, locks what it writes, keeps admins and others’ locks', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    const [handA, handB, listed, newcomer, invitee] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => network.newMember()),
    );
    for (const p of [handA!, handB!, listed!]) {
      await addMember(network.networkEID, group.EID, ownerToken, p.profileEID);
    }
    await addMember(network.networkEID, group.EID, ownerToken, invitee!.profileEID, { state: 'invited' });
    const users = [listed!.profileEID, newcomer!.profileEID, invitee!.profileEID, unknownEID(7)];
    const merged = await op(group.EID, 'merge', { users, source: 'hr' });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body.data.lockedBy).toBe('sync:hr');
    expect(eids(merged.body.data.added)).toEqual([newcomer!.profileEID, invitee!.profileEID]);
    expect(eids(merged.body.data.alreadyMembers)).toEqual([listed!.profileEID]);
    expect(eids(merged.body.data.removed).sort()).toEqual([handA!.profileEID, handB!.profileEID].sort());
    expect(merged.body.data.kept).toEqual([
      { user: { type: 'user', EID: owner.profileEID }, reason: 'admin' },
    ]);
    expect(merged.body.data.refused).toEqual([
      { user: { type: 'user', EID: unknownEID(7) }, reason: 'not_in_network' },
    ]);

    const now = await members(group.EID);
    const lockOf = new Map(now.map((m) => [m.user.EID, m.lockedBy]));
    expect([...lockOf.keys()].sort()).toEqual(
      [owner.profileEID, listed!.profileEID, newcomer!.profileEID, invitee!.profileEID].sort(),
    );
    expect(lockOf.get(owner.profileEID)).toBeNull();
    for (const p of [listed!, newcomer!, invitee!]) expect(lockOf.get(p.profileEID)).toBe('sync:hr');

    // What the sync wrote is not removed by hand (the writer lockedBy lacked).
    const byHand = await call<MembershipBody>(
      membersPath(network.networkEID, group.EID, `${newcomer!.profileEID}/`),
      { token: ownerToken, method: 'DELETE' },
    );
    expect([byHand.status, byHand.body.code]).toEqual([409, -242]);

    // Another sync keeps hr's members; hr itself removes them.
    const other = await op(group.EID, 'merge', { users: [], source: 'other' });
    expect([other.status, other.body.data.removed]).toEqual([200, []]);
    expect(other.body.data.kept.filter((k) => k.reason === 'locked').length).toBe(3);
    const emptied = await op(group.EID, 'merge', { users: [], source: 'hr' });
    expect(eids(emptied.body.data.removed).sort()).toEqual(
      [listed!.profileEID, newcomer!.profileEID, invitee!.profileEID].sort(),
    );
    expect(eids((await members(group.EID)).map((m) => m.user))).toEqual([owner.profileEID]);
  });

  it('gives the same result to two identical merges at once', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    const people = await Promise.all([1, 2].map(() => network.newMember()));
    const users = people.map((p) => p.profileEID);
    const answers = await Promise.all([
      op(group.EID, 'merge', { users, source: 'hr' }),
      op(group.EID, 'merge', { users, source: 'hr' }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.flatMap((r) => eids(r.body.data.added)).sort()).toEqual([...users].sort());
    expect((await members(group.EID)).length).toBe(3);
  });

  it('needs manage_users and delete_group_membership, and bounds its body (400 naming the field)', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    const member = await network.newMember();
    await addMember(network.networkEID, group.EID, ownerToken, member.profileEID);
    const denied = await op(group.EID, 'merge', { users: [] }, await member.token());
    expect([denied.status, denied.body.code]).toEqual([403, -151]);
    const byNetworkAdmin = await op(
      group.EID,
      'merge',
      { users: [member.profileEID] },
      await network.admin.token(),
    );
    expect([byNetworkAdmin.status, byNetworkAdmin.body.data.lockedBy]).toEqual([
      200,
      `sync:${network.admin.profileEID}`,
    ]);
    const tooMany = Array.from({ length: 1001 }, (_, i) => unknownEID(i));
    for (const [json, pointer] of [
      [{ users: tooMany }, '/body/users'],
      [{ users: [], source: 'Not Valid!' }, '/body/source'],
      [{ users: ['x'] }, '/body/users/0'],
    ] as const) {
      const answer = await op(group.EID, 'merge', json);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain(pointer);
    }
  });
});

describe('an organisational sync app', () => {
  it('merges with get_profile_xid; without it, or for add, 403 -162; hidden groups 404', async () => {
    const { appTokenWith } = await import('../../support/factories/group-ops.js');
    const [syncApp, readerApp] = await Promise.all([
      appTokenWith(network.networkEID, ['get_profile_xid']),
      appTokenWith(network.networkEID, ['list_groups']),
    ]);
    const group = await newGroup(network.networkEID, ownerToken);
    const person = await network.newMember();
    const merged = await op(group.EID, 'merge', { users: [person.profileEID], source: 'hr-app' }, syncApp);
    expect(merged.status, merged.text).toBe(200);
    expect([merged.body.data.lockedBy, eids(merged.body.data.added)]).toEqual([
      'sync:hr-app',
      [person.profileEID],
    ]);
    const byDefault = await op(group.EID, 'merge', { users: [person.profileEID] }, syncApp);
    expect(byDefault.body.data.lockedBy).toMatch(/^sync:[0-9a-f]{24}$/);
    for (const [kind, token] of [
      ['merge', readerApp],
      ['add', syncApp],
    ] as const) {
      const denied = await op(group.EID, kind, { users: [person.profileEID] }, token);
      expect([denied.status, denied.body.code]).toEqual([403, -162]);
    }
    const hidden = await newGroup(network.networkEID, ownerToken, { hidden: true });
    expect((await op(hidden.EID, 'merge', { users: [] }, syncApp)).status).toBe(404);
  });
});

describe('not seen, not there', () => {
  it('is 404 for a hidden group to outsiders and across networks', async () => {
    const hidden = await newGroup(network.networkEID, ownerToken, { hidden: true });
    const outsider = await (await network.newMember()).token();
    for (const kind of ['add', 'merge'] as const) {
      const answer = await op(hidden.EID, kind, { users: [owner.profileEID] }, outsider);
      expect([answer.status, answer.body.code]).toEqual([404, -150]);
    }
    const elsewhere = await newNetwork();
    const foreign = await elsewhere.admin.token();
    for (const kind of ['add', 'merge'] as const) {
      const answer = await op(hidden.EID, kind, { users: [owner.profileEID] }, foreign);
      expect(answer.status).toBe(404);
      const own = await call(usersOpPath(elsewhere.networkEID, hidden.EID, kind), {
        token: foreign,
        json: { users: [elsewhere.admin.profileEID] },
      });
      expect(own.status).toBe(404);
    }
  });
});
