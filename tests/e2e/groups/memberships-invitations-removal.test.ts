/**
 * Group memberships over HTTP (spec: groups "memberships"; Events `added_to_groups`,
 * `removed_from_groups`, `orphaned_group`): invite and accept, decline and leave, roles, removal,
 * the last-admin rule, and the domain events read back from JetStream. Adding members and who may
 * manage them: memberships-adding.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import {
  addMember,
  groupsPath,
  membersPath,
  newGroup,
  type Collection,
  type GroupBody,
  type MembershipBody,
} from '../../support/factories/groups.js';
import { EventReader } from '../../support/events.js';
import { profilesOf } from './memberships-setup.js';

afterAll(closeFactories);

describe('invitations', () => {
  it('invites, shows the invitation to the invitee only, and lets only the invitee accept', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const ownerToken = await owner.token();
    const group = await newGroup(network.networkEID, ownerToken, { name: 'Invite only' });
    const [invitee, bystander] = [await network.newMember(), await network.newMember()];
    const inviteeToken = await invitee.token();
    const path = membersPath(network.networkEID, group.EID);

    const invitation = await addMember(network.networkEID, group.EID, ownerToken, invitee.profileEID, {
      state: 'invited',
      role: 'admin',
    });
    expect(invitation).toMatchObject({
      state: 'invited',
      role: 'admin',
      invitedBy: { type: 'user', EID: owner.profileEID },
    });
    const groupsOf = async (filter: string) =>
      (
        await call<Collection>(`${groupsPath(network.networkEID)}?${filter}=${invitee.profileEID}`, {
          token: inviteeToken,
        })
      ).body._embedded.groups!.map((g) => g.EID);
    expect(await groupsOf('invitee')).toEqual([group.EID]);
    expect(await groupsOf('user')).toEqual([]);
    expect((await call<Collection<MembershipBody>>(path, { token: ownerToken })).body.total).toBe(1);
    const invited = await call<Collection<MembershipBody>>(`${path}?state=invited`, { token: ownerToken });
    expect(profilesOf(invited.body)).toEqual([invitee.profileEID]);
    // The invitation is visible to the invitee and managers, not to others.
    const own = `${path}${invitee.profileEID}/`;
    expect((await call(own, { token: inviteeToken })).status).toBe(200);
    expect((await call(own, { token: await bystander.token() })).status).toBe(404);

    const byOther = await call<MembershipBody>(`${own}accept`, { token: ownerToken, method: 'POST' });
    expect([byOther.status, byOther.body.code]).toEqual([403, -160]);
    const accepted = await call<MembershipBody>(`${own}accept`, { token: inviteeToken, method: 'POST' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'active', role: 'admin' });
    const repeated = await call<MembershipBody>(`${own}accept`, { token: inviteeToken, method: 'POST' });
    expect([repeated.status, repeated.body.state]).toEqual([200, 'active']);
    expect(await groupsOf('invitee')).toEqual([]);
    expect(await groupsOf('user')).toEqual([group.EID]);
    expect(await groupsOf('admin')).toEqual([group.EID]);
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${group.EID}/`), {
      token: inviteeToken,
    });
    expect(read.body).toMatchObject({ numMembers: 2, _user: { member: true, role: 'admin' } });
    const notInvited = await call<MembershipBody>(`${path}${bystander.profileEID}/accept`, {
      token: await bystander.token(),
      method: 'POST',
    });
    expect([notInvited.status, notInvited.body.code]).toEqual([404, -157]);
  });

  it('lets the invitee decline (DELETE of its own invitation) and a member leave', async () => {
    const network = await newNetwork();
    const ownerToken = await network.admin.token();
    const group = await newGroup(network.networkEID, ownerToken);
    const [invitee, member] = [await network.newMember(), await network.newMember()];
    await addMember(network.networkEID, group.EID, ownerToken, invitee.profileEID, { state: 'invited' });
    await addMember(network.networkEID, group.EID, ownerToken, member.profileEID);
    const path = membersPath(network.networkEID, group.EID);
    const decline = await call(`${path}${invitee.profileEID}/`, {
      token: await invitee.token(),
      method: 'DELETE',
    });
    expect(decline.status).toBe(204);
    const leave = await call(`${path}${member.profileEID}/`, {
      token: await member.token(),
      method: 'DELETE',
    });
    expect(leave.status).toBe(204);
    const remaining = await call<Collection<MembershipBody>>(path, { token: ownerToken });
    expect(profilesOf(remaining.body)).toEqual([network.admin.profileEID]);
    const invitations = await call<Collection<MembershipBody>>(`${path}?state=invited`, {
      token: ownerToken,
    });
    expect(invitations.body.total).toBe(0);
  });
});

describe('the last admin', () => {
  it('cannot be demoted or leave by a group admin’s own doing (409); another admin can leave', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const ownerToken = await owner.token();
    const group = await newGroup(network.networkEID, ownerToken);
    const member = await network.newMember();
    await addMember(network.networkEID, group.EID, ownerToken, member.profileEID);
    const own = membersPath(network.networkEID, group.EID, `${owner.profileEID}/`);

    const demote = await call<MembershipBody>(own, {
      token: ownerToken,
      method: 'PUT',
      json: { role: 'member' },
    });
    expect([demote.status, demote.body.code]).toEqual([409, -158]);
    const leave = await call<MembershipBody>(own, { token: ownerToken, method: 'DELETE' });
    expect([leave.status, leave.body.code]).toEqual([409, -158]);
    const read = await call<MembershipBody>(own, { token: ownerToken });
    expect([read.status, read.body.role]).toEqual([200, 'admin']);

    await call(membersPath(network.networkEID, group.EID, `${member.profileEID}/`), {
      token: ownerToken,
      method: 'PUT',
      json: { role: 'admin' },
    });
    expect((await call(own, { token: ownerToken, method: 'DELETE' })).status).toBe(204);
    const admins = await call<Collection<MembershipBody>>(
      `${membersPath(network.networkEID, group.EID)}?role=admin`,
      { token: ownerToken },
    );
    expect(profilesOf(admins.body)).toEqual([member.profileEID]);
  });

  it('keeps at least one admin when two admins demote each other at once', async () => {
    const network = await newNetwork();
    const [a, b] = [await network.newMember(), await network.newMember()];
    const [aToken, bToken] = [await a.token(), await b.token()];
    const group = await newGroup(network.networkEID, aToken);
    await addMember(network.networkEID, group.EID, aToken, b.profileEID, { role: 'admin' });
    const demote = (token: string, profileEID: string) =>
      call(membersPath(network.networkEID, group.EID, `${profileEID}/`), {
        token,
        method: 'PUT',
        json: { role: 'member' },
      });
    const results = await Promise.all([demote(aToken, b.profileEID), demote(bToken, a.profileEID)]);
    // 200: the change stood; 409: undone, it took the last admin; 403: the caller was demoted
    // before its own request was checked.
    for (const response of results) expect([200, 403, 409]).toContain(response.status);
    const admins = await call<Collection<MembershipBody>>(
      `${membersPath(network.networkEID, group.EID)}?role=admin`,
      { token: await network.admin.token() },
    );
    expect(admins.body.total).toBeGreaterThanOrEqual(1);
  });

  it('may be removed by a network admin, orphaning the group', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const group = await newGroup(network.networkEID, await owner.token());
    const adminToken = await network.admin.token();
    const removed = await call(membersPath(network.networkEID, group.EID, `${owner.profileEID}/`), {
      token: adminToken,
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${group.EID}/`), {
      token: adminToken,
    });
    expect(read.body.numMembers).toBe(0);
    const ownerGroups = await call<Collection>(
      `${groupsPath(network.networkEID)}?admin=${owner.profileEID}`,
      {
        token: adminToken,
      },
    );
    expect(ownerGroups.body.total).toBe(0);
  });
});

describe('domain events on JetStream', () => {
  const reader = new EventReader();
  beforeAll(() => reader.open());
  afterAll(() => reader.close());

  it('publishes group created/updated/deleted/orphaned and membership added/invited/accepted/role_changed/removed', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const ownerToken = await owner.token();
    const adminToken = await network.admin.token();
    const group = await newGroup(network.networkEID, ownerToken, { name: 'Evented' });
    const [member, invitee] = [await network.newMember(), await network.newMember()];
    const path = membersPath(network.networkEID, group.EID);
    await addMember(network.networkEID, group.EID, ownerToken, member.profileEID);
    // An idempotent re-add emits nothing.
    await call(path, { token: ownerToken, json: { profileEID: member.profileEID } });
    await addMember(network.networkEID, group.EID, ownerToken, invitee.profileEID, { state: 'invited' });
    await call(`${path}${invitee.profileEID}/accept`, { token: await invitee.token(), method: 'POST' });
    await call(`${path}${member.profileEID}/`, { token: ownerToken, method: 'PUT', json: { role: 'admin' } });
    await call(`${path}${member.profileEID}/`, { token: ownerToken, method: 'DELETE' });
    // A refused change (the last admin leaving) emits nothing.
    await call(`${path}${owner.profileEID}/`, { token: ownerToken, method: 'DELETE' });
    await call(`${path}${owner.profileEID}/`, { token: adminToken, method: 'DELETE' });
    await call(groupsPath(network.networkEID, `${group.EID}/`), {
      token: adminToken,
      method: 'PUT',
      json: { name: 'Evented, renamed' },
    });
    await call(groupsPath(network.networkEID, `${group.EID}/`), { token: adminToken, method: 'DELETE' });

    const groupRef = { type: 'group', EID: group.EID };
    const created = await reader.eventsOf('events.auth.group.created', network.networkEID, 1);
    expect(created).toEqual([
      expect.objectContaining({
        type: 'auth.group.created',
        actor: { type: 'user', EID: owner.profileEID },
        occurredAt: expect.stringMatching(/\+00:00$/),
        data: { group: { ...groupRef, name: 'Evented', groupType: 'group' }, parent: null },
      }),
    ]);
    const added = await reader.eventsOf('events.auth.membership.added', network.networkEID, 1);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      data: {
        group: groupRef,
        user: { type: 'user', EID: member.profileEID },
        role: 'member',
        state: 'active',
      },
    });
    const invited = await reader.eventsOf('events.auth.membership.invited', network.networkEID, 1);
    expect(invited[0]).toMatchObject({ data: { user: { EID: invitee.profileEID }, state: 'invited' } });
    const accepted = await reader.eventsOf('events.auth.membership.accepted', network.networkEID, 1);
    expect(accepted[0]).toMatchObject({
      actor: { EID: invitee.profileEID },
      data: { user: { EID: invitee.profileEID }, state: 'active' },
    });
    const roleChanged = await reader.eventsOf('events.auth.membership.role_changed', network.networkEID, 1);
    expect(roleChanged[0]).toMatchObject({
      data: { user: { EID: member.profileEID }, role: 'admin', previousRole: 'member' },
    });
    const removed = await reader.eventsOf('events.auth.membership.removed', network.networkEID, 2);
    expect(removed).toHaveLength(2);
    expect(removed.map((e) => e.data)).toEqual([
      expect.objectContaining({ user: { type: 'user', EID: member.profileEID }, role: 'admin', self: false }),
      expect.objectContaining({ user: { type: 'user', EID: owner.profileEID }, role: 'admin', self: false }),
    ]);
    expect(removed[1]).toMatchObject({ actor: { EID: network.admin.profileEID } });
    const orphaned = await reader.eventsOf('events.auth.group.orphaned', network.networkEID, 1);
    expect(orphaned).toHaveLength(1);
    expect(orphaned[0]).toMatchObject({
      data: { group: groupRef },
      actor: { EID: network.admin.profileEID },
    });
    const updated = await reader.eventsOf('events.auth.group.updated', network.networkEID, 1);
    expect(updated[0]).toMatchObject({ data: { group: { name: 'Evented, renamed' }, fields: ['name'] } });
    const deleted = await reader.eventsOf('events.auth.group.deleted', network.networkEID, 1);
    expect(deleted[0]).toMatchObject({ data: { group: { ...groupRef, name: 'Evented, renamed' } } });
  });
});
