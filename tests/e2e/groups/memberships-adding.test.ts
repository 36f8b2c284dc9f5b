/**
 * Group memberships over HTTP (spec: groups "memberships"; Group fragment `_user`; Events
 * `added_to_groups`): add (idempotent, also concurrently), `embed=user`, `membersMayPost`, who may
 * manage members, and the active members as the other services see them. Invitations, roles,
 * removal, the last-admin rule and the domain events: memberships-invitations-removal.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { groupMemberProfileEIDs } from '@ncs/auth/testing';
import { call } from '../../support/api.js';
import { authModels, closeFactories, newNetwork } from '../../support/factories/core.js';
import {
  addMember,
  groupsPath,
  membersPath,
  newGroup,
  permissionsOf,
  type Collection,
  type GroupBody,
  type MembershipBody,
} from '../../support/factories/groups.js';
import { profilesOf } from './memberships-setup.js';

afterAll(closeFactories);

describe('adding members', () => {
  it('adds with 201, answers 200 with the existing membership again, lists and embeds the profiles', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const token = await owner.token();
    const group = await newGroup(network.networkEID, token, { name: 'Choir' });
    const [first, second] = [await network.newMember(), await network.newMember()];
    const path = membersPath(network.networkEID, group.EID);

    const created = await call<MembershipBody>(path, { token, json: { profileEID: first.profileEID } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'group_membership',
      group: { type: 'group', EID: group.EID },
      user: { type: 'user', EID: first.profileEID },
      role: 'member',
      state: 'active',
      invitedBy: null,
      created: expect.stringMatching(/\+00:00$/),
    });
    expect(created.body._links.self?.href).toMatch(new RegExp(`${path}${first.profileEID}/$`));
    expect(created.body._links.user?.href).toMatch(
      new RegExp(`/networks/${network.networkEID}/users/${first.profileEID}/$`),
    );
    const again = await call<MembershipBody>(path, {
      token,
      json: { profileEID: first.profileEID, role: 'admin' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ EID: created.body.EID, role: 'member' });
    await addMember(network.networkEID, group.EID, token, second.profileEID, { role: 'admin' });

    const list = await call<Collection<MembershipBody>>(`${path}?embed=user`, { token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(profilesOf(list.body)).toEqual([owner.profileEID, first.profileEID, second.profileEID]);
    expect(list.body._embedded.members!.map((m) => [m.role, m._embedded?.user?.EID])).toEqual([
      ['admin', owner.profileEID],
      ['member', first.profileEID],
      ['admin', second.profileEID],
    ]);
    const admins = await call<Collection<MembershipBody>>(`${path}?role=admin`, { token });
    expect(profilesOf(admins.body)).toEqual([owner.profileEID, second.profileEID]);
    const one = await call<MembershipBody>(`${path}${first.profileEID}/?embed=user`, { token });
    expect(one.status).toBe(200);
    expect(one.body._embedded?.user).toMatchObject({ type: 'user', EID: first.profileEID, extrnal: false });
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${group.EID}/`), { token });
    expect(read.body.numMembers).toBe(3);
    // Every member of the network may read the member list of a visible group.
    const outsider = await network.newMember();
    const asOutsider = await call<Collection<MembershipBody>>(path, { token: await outsider.token() });
    expect(asOutsider.body.total).toBe(3);
  });

  it('keeps one membership under 10 concurrent POSTs: one 201, nine 200', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const group = await newGroup(network.networkEID, token);
    const person = await network.newMember();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<MembershipBody>(membersPath(network.networkEID, group.EID), {
          token,
          json: { profileEID: person.profileEID },
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.body.EID)).size).toBe(1);
    const list = await call<Collection<MembershipBody>>(membersPath(network.networkEID, group.EID), {
      token,
    });
    expect(profilesOf(list.body)).toEqual([network.admin.profileEID, person.profileEID]);
  });

  it('refuses profiles of another network, unknown and suspended ones (400 naming profileEID)', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const token = await network.admin.token();
    const group = await newGroup(network.networkEID, token);
    const stranger = await other.newMember();
    const suspended = await network.newMember();
    await suspended.suspend();
    for (const profileEID of [stranger.profileEID, '0123456789abcdef01234567', suspended.profileEID]) {
      const response = await call<MembershipBody>(membersPath(network.networkEID, group.EID), {
        token,
        json: { profileEID },
      });
      expect([response.status, response.body.code]).toEqual([400, -156]);
      expect(response.body.errors?.[0]?.pointer).toBe('/body/profileEID');
    }
    const malformed = await call<MembershipBody>(membersPath(network.networkEID, group.EID), {
      token,
      json: { profileEID: 'nope', role: 'owner' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.map((e) => e.pointer).sort()).toEqual(['/body/profileEID', '/body/role']);
    const forged = await call<MembershipBody>(membersPath(network.networkEID, group.EID), {
      token,
      json: { profileEID: stranger.profileEID, networkEID: other.networkEID },
    });
    expect([forged.status, forged.body.errors?.[0]?.pointer]).toEqual([400, '/body/networkEID']);
    const list = await call<Collection<MembershipBody>>(membersPath(network.networkEID, group.EID), {
      token,
    });
    expect(list.body.total).toBe(1);
    // Members of another profile's path that has no membership: 404.
    const none = await call<MembershipBody>(
      membersPath(network.networkEID, group.EID, `${stranger.profileEID}/`),
      {
        token,
      },
    );
    expect([none.status, none.body.code]).toEqual([404, -157]);
  });

  it('reports hasExternalMembers once an external profile joins', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const group = await newGroup(network.networkEID, token);
    expect(group.hasExternalMembers).toBe(false);
    const external = await network.newMember({ external: true });
    await addMember(network.networkEID, group.EID, token, external.profileEID);
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${group.EID}/`), { token });
    expect(read.body).toMatchObject({ hasExternalMembers: true, numMembers: 2 });
  });
});

describe('who manages members', () => {
  it('lets group admins and network admins manage members; plain members get 403', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const ownerToken = await owner.token();
    const group = await newGroup(network.networkEID, ownerToken);
    const [member, other] = [await network.newMember(), await network.newMember()];
    await addMember(network.networkEID, group.EID, ownerToken, member.profileEID);
    const memberToken = await member.token();
    const path = membersPath(network.networkEID, group.EID);

    const attempts = [
      call<MembershipBody>(path, { token: memberToken, json: { profileEID: other.profileEID } }),
      call<MembershipBody>(path, {
        token: memberToken,
        json: { profileEID: other.profileEID, state: 'invited' },
      }),
      call<MembershipBody>(`${path}${member.profileEID}/`, {
        token: memberToken,
        method: 'PUT',
        json: { role: 'admin' },
      }),
      call<MembershipBody>(`${path}${owner.profileEID}/`, { token: memberToken, method: 'DELETE' }),
      // Not a membership at all: still 403, the member learns nothing.
      call<MembershipBody>(`${path}${other.profileEID}/`, { token: memberToken, method: 'DELETE' }),
      call<MembershipBody>(`${path}?state=invited`, { token: memberToken }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect([response.status, response.body.code]).toEqual([403, -151]);
    }
    // A network admin who is not in the group manages it.
    const adminToken = await network.admin.token();
    await addMember(network.networkEID, group.EID, adminToken, other.profileEID);
    const promoted = await call<MembershipBody>(`${path}${member.profileEID}/`, {
      token: adminToken,
      method: 'PUT',
      json: { role: 'admin' },
    });
    expect([promoted.status, promoted.body.role]).toEqual([200, 'admin']);
    // Now an admin, the former member manages members.
    expect((await call(`${path}${other.profileEID}/`, { token: memberToken, method: 'DELETE' })).status).toBe(
      204,
    );
    const unknownRole = await call(`${path}${other.profileEID}/`, {
      token: memberToken,
      method: 'PUT',
      json: { role: 'admin' },
    });
    expect(unknownRole.status).toBe(404);
  });

  it('gives members post_message only while membersMayPost; admins keep it', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const ownerToken = await owner.token();
    const group = await newGroup(network.networkEID, ownerToken);
    const member = await network.newMember();
    await addMember(network.networkEID, group.EID, ownerToken, member.profileEID);
    const path = groupsPath(network.networkEID, `${group.EID}/`);
    const asMember = async () => (await call<GroupBody>(path, { token: await member.token() })).body;

    expect((await asMember())._user).toMatchObject({ member: true, role: 'member' });
    expect(permissionsOf(await asMember())).toEqual([
      'add_edit_files',
      'add_edit_folders',
      'post_message',
      'view_group',
      'view_group_members',
      'view_group_timeline',
    ]);
    await call(path, { token: ownerToken, method: 'PUT', json: { membersMayPost: false } });
    expect(permissionsOf(await asMember())).not.toContain('post_message');
    expect(permissionsOf((await call<GroupBody>(path, { token: ownerToken })).body)).toContain(
      'post_message',
    );
    const networkAdmin = (await call<GroupBody>(path, { token: await network.admin.token() })).body;
    expect(networkAdmin._user).toMatchObject({ member: false, role: 'none' });
    expect(permissionsOf(networkAdmin)).toContain('post_message');
    expect(permissionsOf(networkAdmin)).toContain('delete_group');
  });
});

describe('groupMemberProfileEIDs', () => {
  it('returns the active members of the group in its network only', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const token = await network.admin.token();
    const group = await newGroup(network.networkEID, token);
    const [member, invitee] = [await network.newMember(), await network.newMember()];
    await addMember(network.networkEID, group.EID, token, member.profileEID);
    await addMember(network.networkEID, group.EID, token, invitee.profileEID, { state: 'invited' });
    const models = await authModels();
    expect((await groupMemberProfileEIDs(models, network.networkEID, group.EID)).sort()).toEqual(
      [network.admin.profileEID, member.profileEID].sort(),
    );
    expect(await groupMemberProfileEIDs(models, other.networkEID, group.EID)).toEqual([]);
  });
});
