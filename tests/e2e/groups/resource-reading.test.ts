/**
 * Groups over HTTP (spec: Group fragment; Aggregate resource): `hidden` groups, the aggregate's
 * `myGroups` / `groupInvites` / `administeredGroups` filters, pagination, and each listed group's
 * `_user`. Creation, types and their hierarchy: resource-creating.test.ts; edits, deletion, mass
 * assignment and tenant isolation: resource-editing.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import {
  addMember,
  groupsPath,
  newGroup,
  permissionsOf,
  type Collection,
  type GroupBody,
} from '../../support/factories/groups.js';
import { ALL_PERMISSIONS, namesOf } from './resource-setup.js';

afterAll(closeFactories);

describe('hidden groups', () => {
  it('are 404 and unlisted for non-members; members, invitees and network admins see them', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const token = await owner.token();
    const [outsider, invitee] = [await network.newMember(), await network.newMember()];
    const outsiderToken = await outsider.token();
    const hidden = await newGroup(network.networkEID, token, { name: 'Secret', hidden: true });
    await newGroup(network.networkEID, token, { name: 'Open' });
    const sub = await newGroup(network.networkEID, token, {
      name: 'Under secret',
      parent: { type: 'group', EID: hidden.EID },
    });
    const path = groupsPath(network.networkEID, `${hidden.EID}/`);

    expect((await call(path, { token: outsiderToken })).status).toBe(404);
    expect((await call(`${path}subgroups/`, { token: outsiderToken })).status).toBe(404);
    expect((await call(`${path}members/`, { token: outsiderToken })).status).toBe(404);
    const outsiderList = await call<Collection>(groupsPath(network.networkEID), { token: outsiderToken });
    expect(namesOf(outsiderList.body)).toEqual(['Open', 'Under secret']);
    expect(outsiderList.body.total).toBe(2);
    // Another profile's groups show only what the caller may see.
    const ownersGroups = await call<Collection>(
      `${groupsPath(network.networkEID)}?user=${owner.profileEID}`,
      {
        token: outsiderToken,
      },
    );
    expect(namesOf(ownersGroups.body)).toEqual(['Open', 'Under secret']);
    // The parentGroup link of a visible subgroup leads to a 404 for them, as any hidden group.
    const subRead = await call<GroupBody>(groupsPath(network.networkEID, `${sub.EID}/`), {
      token: outsiderToken,
    });
    expect(subRead.body._links.parentGroup?.href).toBe(`${baseUrl()}${path}`);

    await addMember(network.networkEID, hidden.EID, token, invitee.profileEID, { state: 'invited' });
    const inviteeToken = await invitee.token();
    const asInvitee = await call<GroupBody>(path, { token: inviteeToken });
    expect(asInvitee.status).toBe(200);
    expect(asInvitee.body._user).toEqual({
      member: false,
      role: 'invited',
      permissions: 'view_group,view_group_members',
    });
    const invites = await call<Collection>(
      `${groupsPath(network.networkEID)}?invitee=${invitee.profileEID}`,
      {
        token: inviteeToken,
      },
    );
    expect(namesOf(invites.body)).toEqual(['Secret']);

    const asAdmin = await call<Collection>(groupsPath(network.networkEID), {
      token: await network.admin.token(),
    });
    expect(namesOf(asAdmin.body)).toEqual(['Open', 'Secret', 'Under secret']);
    const asOwner = await call<GroupBody>(path, { token });
    expect(asOwner.body).toMatchObject({ hidden: true, _user: { member: true, role: 'admin' } });

    // Un-hiding makes it visible to everyone.
    await call(path, { token, method: 'PUT', json: { hidden: false } });
    expect((await call(path, { token: outsiderToken })).status).toBe(200);
  });
});

describe('group lists', () => {
  it('follows the aggregate’s myGroups, groupInvites and administeredGroups links', async () => {
    const network = await newNetwork();
    const adminToken = await network.admin.token();
    const person = await network.newMember();
    const token = await person.token();
    const administered = await newGroup(network.networkEID, token, { name: 'A administered' });
    const joined = await newGroup(network.networkEID, adminToken, { name: 'B joined' });
    const invited = await newGroup(network.networkEID, adminToken, { name: 'C invited' });
    await newGroup(network.networkEID, adminToken, { name: 'D unrelated' });
    await addMember(network.networkEID, joined.EID, adminToken, person.profileEID);
    await addMember(network.networkEID, invited.EID, adminToken, person.profileEID, { state: 'invited' });
    void administered;

    const aggregate = await call<{ _links: Record<string, { href: string }> }>(
      `/networks/${network.networkEID}/aggregate/`,
      { token },
    );
    const follow = async (rel: string) => {
      const response = await call<Collection>(aggregate.body._links[rel]!.href.slice(baseUrl().length), {
        token,
      });
      expect(response.status).toBe(200);
      return namesOf(response.body);
    };
    expect(await follow('myGroups')).toEqual(['A administered', 'B joined']);
    expect(await follow('groupInvites')).toEqual(['C invited']);
    expect(await follow('administeredGroups')).toEqual(['A administered']);

    // Filters combine; `type=` narrows.
    const both = await call<Collection>(
      `${groupsPath(network.networkEID)}?user=${person.profileEID}&admin=${person.profileEID}`,
      { token },
    );
    expect(namesOf(both.body)).toEqual(['A administered']);
    await newGroup(network.networkEID, adminToken, { name: 'E department', groupType: 'department' });
    const departments = await call<Collection>(`${groupsPath(network.networkEID)}?type=department`, {
      token,
    });
    expect(namesOf(departments.body)).toEqual(['E department']);
    const badType = await call(`${groupsPath(network.networkEID)}?type=club`, { token });
    expect(badType.status).toBe(400);
  });

  it('keeps invitations private: invitee= of another profile only for network admins', async () => {
    const network = await newNetwork();
    const adminToken = await network.admin.token();
    const [person, nosy] = [await network.newMember(), await network.newMember()];
    const group = await newGroup(network.networkEID, adminToken, { name: 'Invited to' });
    await addMember(network.networkEID, group.EID, adminToken, person.profileEID, { state: 'invited' });
    const path = `${groupsPath(network.networkEID)}?invitee=${person.profileEID}`;
    const denied = await call<Collection>(path, { token: await nosy.token() });
    expect([denied.status, denied.body.code]).toEqual([403, -159]);
    const asAdmin = await call<Collection>(path, { token: adminToken });
    expect(namesOf(asAdmin.body)).toEqual(['Invited to']);
    // Memberships are public within the network: user= of another profile is allowed.
    const members = await call<Collection>(
      `${groupsPath(network.networkEID)}?user=${network.admin.profileEID}`,
      {
        token: await nosy.token(),
      },
    );
    expect(members.status).toBe(200);
  });

  it('pages by name with total and next/prev links', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'])
      await newGroup(network.networkEID, token, { name });
    const first = await call<Collection>(`${groupsPath(network.networkEID)}?limit=2`, { token });
    expect(first.body).toMatchObject({ total: 5, limit: 2, offset: 0 });
    expect(namesOf(first.body)).toEqual(['Alpha', 'Bravo']);
    const next = first.body._links.next!.href;
    expect(next).toContain('offset=2');
    const second = await call<Collection>(next.slice(baseUrl().length), { token });
    expect(namesOf(second.body)).toEqual(['charlie', 'delta']);
    expect(second.body._links.prev).toBeDefined();
    const third = await call<Collection>(`${groupsPath(network.networkEID)}?limit=2&offset=4`, { token });
    expect(namesOf(third.body)).toEqual(['echo']);
    expect(third.body._links.next).toBeUndefined();
  });

  it('gives each group in a list the caller’s own _user', async () => {
    const network = await newNetwork();
    const adminToken = await network.admin.token();
    const member = await network.newMember();
    const token = await member.token();
    const mine = await newGroup(network.networkEID, token, { name: 'Mine' });
    const joined = await newGroup(network.networkEID, adminToken, { name: 'Joined', membersMayPost: false });
    await newGroup(network.networkEID, adminToken, { name: 'Other' });
    await addMember(network.networkEID, joined.EID, adminToken, member.profileEID);
    void mine;
    const list = await call<Collection>(groupsPath(network.networkEID), { token });
    const byName = Object.fromEntries(list.body._embedded.groups!.map((g) => [g.name, g]));
    expect(byName.Mine!._user).toMatchObject({ member: true, role: 'admin' });
    expect(permissionsOf(byName.Mine!)).toEqual(ALL_PERMISSIONS);
    expect(byName.Joined!._user).toMatchObject({ member: true, role: 'member' });
    expect(permissionsOf(byName.Joined!)).toEqual([
      'add_edit_files',
      'add_edit_folders',
      'view_group',
      'view_group_members',
      'view_group_timeline',
    ]);
    expect(byName.Joined!.numMembers).toBe(2); // the network admin who created it, and the member
    expect(byName.Other!._user).toEqual({
      member: false,
      role: 'none',
      permissions: 'view_group,view_group_members',
    });
  });
});
