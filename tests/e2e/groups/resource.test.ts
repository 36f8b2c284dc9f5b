/**
 * Groups over HTTP (spec: Group fragment; Aggregate resource): every field of the fragment with
 * `_user`, HAL links (`parentGroup`, `subgroups`, `members`, `networkTheme`), group types and their hierarchy, who
 * creates, edits and deletes which type, `hidden`, the aggregate's `myGroups` / `groupInvites` /
 * `administeredGroups` filters, pagination, tenant isolation and mass assignment.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rootFolderOf } from '@ncs/contracts';
import { baseUrl, call } from '../../support/api.js';
import { newTemporaryFile } from '../../support/factories/attachments.js';
import { flatImage } from '../../support/factories/media.js';
import { closeFactories, installApp, newClient, newNetwork } from '../../support/factories/core.js';
import {
  addMember,
  groupsPath,
  membersPath,
  newGroup,
  permissionsOf,
  type Collection,
  type GroupBody,
} from '../../support/factories/groups.js';

afterAll(closeFactories);

const ALL_PERMISSIONS = [
  'add_edit_files',
  'add_edit_folders',
  'create_subgroups',
  'delete_comment',
  'delete_group',
  'delete_group_admin_membership',
  'delete_group_membership',
  'delete_message',
  'delete_news',
  'edit_group',
  'edit_group_membership',
  'edit_group_widgets',
  'group_approve_membership',
  'group_invite_user',
  'manage_files',
  'manage_users',
  'post_message',
  'view_group',
  'view_group_invites',
  'view_group_members',
  'view_group_membership_requests',
  'view_group_timeline',
];

const namesOf = (collection: Collection) => collection._embedded.groups!.map((g) => g.name);

describe('group resource', () => {
  it('creates an ordinary group with every field of the fragment; the creator is its admin', async () => {
    const network = await newNetwork();
    const member = await network.newMember();
    const token = await member.token();
    const created = await call<GroupBody>(groupsPath(network.networkEID), {
      token,
      json: { name: '  Book club  ' },
    });
    expect(created.status).toBe(201);
    const EID = created.body.EID;
    expect(created.body).toEqual({
      type: 'group',
      EID: expect.stringMatching(/^[0-9a-f]{24}$/),
      XID: null,
      name: 'Book club',
      groupType: 'group',
      parent: null,
      created: expect.stringMatching(/\+00:00$/),
      lastModified: expect.stringMatching(/\+00:00$/),
      emblem: null,
      // Files: every group has its root folder, derived from its EID.
      rootFolder: { type: 'folder', EID: rootFolderOf(EID) },
      networkTheme: null,
      emblemThumbnailUrl: null,
      defaultEmblemThumbnailUrl: '/default-emblems/group.svg',
      headerBackgroundUrl: null,
      redirectUris: [],
      numMembers: 1,
      numLocalDepartments: 0,
      hasExternalMembers: false,
      hidden: false,
      membersMayPost: true,
      _user: { member: true, role: 'admin', permissions: ALL_PERMISSIONS.join(',') },
      _links: {
        self: { href: `${baseUrl()}${groupsPath(network.networkEID, `${EID}/`)}` },
        subgroups: { href: `${baseUrl()}${groupsPath(network.networkEID, `${EID}/subgroups/`)}` },
        members: { href: `${baseUrl()}${membersPath(network.networkEID, EID)}` },
      },
    });
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${EID}/`), { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const members = await call<Collection>(read.body._links.members!.href.slice(baseUrl().length), { token });
    expect(members.body._embedded.members).toMatchObject([
      { user: { EID: member.profileEID }, role: 'admin', state: 'active' },
    ]);
  });

  it('lists the group types the aggregate links to, with their hierarchy', async () => {
    const network = await newNetwork();
    const token = await (await network.newMember()).token();
    const aggregate = await call<{ _links: Record<string, { href: string }> }>(
      `/networks/${network.networkEID}/aggregate/`,
      { token },
    );
    const href = aggregate.body._links.groupTypes!.href;
    const types = await call<Collection<Record<string, unknown>>>(href.slice(baseUrl().length), { token });
    expect(types.status).toBe(200);
    expect(types.body.total).toBe(4);
    expect(types.body._embedded.groupTypes).toEqual([
      expect.objectContaining({
        type: 'group_type',
        EID: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'business_unit',
        parentTypes: [],
        parentRequired: false,
        createdBy: 'network_admin',
      }),
      expect.objectContaining({ name: 'department', parentTypes: ['business_unit'], parentRequired: false }),
      expect.objectContaining({
        name: 'local_department',
        parentTypes: ['department'],
        parentRequired: true,
      }),
      expect.objectContaining({
        name: 'group',
        parentTypes: ['business_unit', 'department', 'local_department', 'group'],
        createdBy: 'member',
      }),
    ]);
    const department = types.body._embedded.groupTypes![1]!;
    expect((department._links as Record<string, { href: string }>).groups?.href).toBe(
      `${baseUrl()}${groupsPath(network.networkEID)}?type=department`,
    );
    const stranger = await newNetwork();
    const foreign = await call(`/networks/${network.networkEID}/group-types/`, {
      token: await stranger.admin.token(),
    });
    expect(foreign.status).toBe(404);
  });

  it('builds business unit > department > local departments, counting local departments', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const unit = await newGroup(network.networkEID, token, { name: 'Retail', groupType: 'business_unit' });
    expect(unit._user).toEqual({ member: false, role: 'none', permissions: ALL_PERMISSIONS.join(',') });
    expect(unit.numMembers).toBe(0);
    const parentRef = (g: GroupBody) => ({ type: 'group', EID: g.EID });
    const department = await newGroup(network.networkEID, token, {
      name: 'Stores',
      groupType: 'department',
      parent: parentRef(unit),
    });
    const topDepartment = await newGroup(network.networkEID, token, { name: 'HQ', groupType: 'department' });
    for (const name of ['Amsterdam', 'Utrecht']) {
      await newGroup(network.networkEID, token, {
        name,
        groupType: 'local_department',
        parent: parentRef(department),
      });
    }
    const local = await newGroup(network.networkEID, token, {
      name: 'HQ floor 1',
      groupType: 'local_department',
      parent: parentRef(topDepartment),
    });
    expect(local.parent).toEqual(parentRef(topDepartment));
    expect(local._links.parentGroup?.href).toBe(
      `${baseUrl()}${groupsPath(network.networkEID, `${topDepartment.EID}/`)}`,
    );
    expect(local.defaultEmblemThumbnailUrl).toBe('/default-emblems/local_department.svg');

    const read = async (g: GroupBody) =>
      (await call<GroupBody>(groupsPath(network.networkEID, `${g.EID}/`), { token })).body;
    expect((await read(department)).numLocalDepartments).toBe(2);
    expect((await read(unit)).numLocalDepartments).toBe(2);
    expect((await read(topDepartment)).numLocalDepartments).toBe(1);
    expect((await read(local)).numLocalDepartments).toBe(0);

    const subgroups = await call<Collection>(groupsPath(network.networkEID, `${department.EID}/subgroups/`), {
      token,
    });
    expect(subgroups.status).toBe(200);
    expect(namesOf(subgroups.body)).toEqual(['Amsterdam', 'Utrecht']);

    // Hierarchy rules: 400 naming /body/parent.
    const refused = [
      { name: 'Orphan', groupType: 'local_department' },
      { name: 'Deep', groupType: 'department', parent: parentRef(department) },
      { name: 'Nested unit', groupType: 'business_unit', parent: parentRef(unit) },
      { name: 'Under local', groupType: 'local_department', parent: parentRef(local) },
      { name: 'Nowhere', parent: { type: 'group', EID: '0123456789abcdef01234567' } },
    ];
    for (const body of refused) {
      const response = await call<GroupBody>(groupsPath(network.networkEID), { token, json: body });
      expect([body.name, response.status, response.body.code]).toEqual([body.name, 400, -153]);
      expect(response.body.errors?.[0]?.pointer).toBe('/body/parent');
    }
    // An ordinary group may sit below any group.
    const team = await newGroup(network.networkEID, token, { name: 'Team', parent: parentRef(local) });
    expect(team.parent).toEqual(parentRef(local));
  });

  it('lets only network admins create organisational units; members create groups and, as admins, subgroups', async () => {
    const network = await newNetwork();
    const adminToken = await network.admin.token();
    const member = await network.newMember();
    const token = await member.token();
    for (const groupType of ['business_unit', 'department', 'local_department']) {
      const response = await call<GroupBody>(groupsPath(network.networkEID), {
        token,
        json: { name: 'Unit', groupType },
      });
      expect([groupType, response.status, response.body.code]).toEqual([groupType, 403, -152]);
    }
    const external = await network.newMember({ external: true });
    const byExternal = await call<GroupBody>(groupsPath(network.networkEID), {
      token: await external.token(),
      json: { name: 'Outside' },
    });
    expect([byExternal.status, byExternal.body.code]).toEqual([403, -161]);

    const foreignParent = await newGroup(network.networkEID, adminToken, { name: 'Admin group' });
    const denied = await call<GroupBody>(groupsPath(network.networkEID), {
      token,
      json: { name: 'Sub', parent: { type: 'group', EID: foreignParent.EID } },
    });
    expect([denied.status, denied.body.code]).toEqual([403, -151]);
    const own = await newGroup(network.networkEID, token, { name: 'Mine' });
    const sub = await newGroup(network.networkEID, token, {
      name: 'Mine, sub',
      parent: { type: 'group', EID: own.EID },
    });
    expect(sub._user.role).toBe('admin');
    // Nothing was half-written by the refused requests.
    const all = await call<Collection>(groupsPath(network.networkEID), { token: adminToken });
    expect(namesOf(all.body).sort()).toEqual(['Admin group', 'Mine', 'Mine, sub']);
  });

  it('edits only the fields sent (edit_group); members get 403; XIDs are unique per network', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const token = await owner.token();
    const group = await newGroup(network.networkEID, token, { name: 'Runners', XID: 'hr-1' });
    expect(group.XID).toBe('hr-1');
    const path = groupsPath(network.networkEID, `${group.EID}/`);
    // The theme must be one of the network's (settings/theme-groups.test.ts checks that rule).
    const theme = await call<{ EID: string }>(`/networks/${network.networkEID}/themes/`, {
      token: await network.admin.token(),
      json: { name: 'Runners theme' },
    });
    expect(theme.status, theme.text).toBe(201);
    const themeEID = theme.body.EID;
    // Files: the emblem is an image the editor uploaded (a made-up EID is 400 -397).
    const emblem = await newTemporaryFile(network.networkEID, token, await flatImage(120, 120, 'png'), {
      filename: 'runners.png',
    });
    const edited = await call<GroupBody>(path, {
      token,
      method: 'PUT',
      json: {
        name: 'Runners club',
        membersMayPost: false,
        emblem: { type: 'file', EID: emblem.EID },
        rootFolder: { type: 'folder', EID: 'bbbbbbbbbbbbbbbbbbbbbbbb' },
        networkTheme: { type: 'network_theme', EID: themeEID },
        headerBackgroundUrl: 'https://cdn.example/header.jpg',
      },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Runners club',
      XID: 'hr-1',
      hidden: false,
      membersMayPost: false,
      emblem: { type: 'file', EID: emblem.EID },
      // Files: the root folder is the group's own, whatever a client sends.
      rootFolder: { type: 'folder', EID: rootFolderOf(group.EID) },
      networkTheme: { type: 'network_theme', EID: themeEID },
      emblemThumbnailUrl: `/networks/${network.networkEID}/files/${emblem.EID}/thumbnails/270x270`,
      headerBackgroundUrl: 'https://cdn.example/header.jpg',
    });
    // The theme is served by the themes route: the group links to it, and only while it has one.
    expect(edited.body._links.networkTheme).toEqual({
      href: `${baseUrl()}/networks/${network.networkEID}/themes/${themeEID}/`,
    });
    const cleared = await call<GroupBody>(path, {
      token,
      method: 'PUT',
      json: { emblem: null, XID: null, networkTheme: null },
    });
    expect(cleared.body).toMatchObject({
      emblem: null,
      emblemThumbnailUrl: null,
      XID: null,
      networkTheme: null,
      name: 'Runners club',
    });
    expect(cleared.body._links.networkTheme).toBeUndefined();

    const other = await newGroup(network.networkEID, token, { name: 'Walkers', XID: 'hr-2' });
    const clash = await call<GroupBody>(groupsPath(network.networkEID, `${other.EID}/`), {
      token,
      method: 'PUT',
      json: { XID: 'hr-2' },
    });
    expect(clash.status).toBe(200);
    const taken = await call<GroupBody>(path, { token, method: 'PUT', json: { XID: 'hr-2' } });
    expect([taken.status, taken.body.code, taken.body.errors?.[0]?.pointer]).toEqual([
      409,
      -155,
      '/body/XID',
    ]);
    const createTaken = await call<GroupBody>(groupsPath(network.networkEID), {
      token,
      json: { name: 'Copy', XID: 'hr-2' },
    });
    expect([createTaken.status, createTaken.body.code]).toEqual([409, -155]);
    // The same XID in another network is fine.
    const elsewhere = await newNetwork();
    await newGroup(elsewhere.networkEID, await elsewhere.admin.token(), { XID: 'hr-2' });

    const plain = await network.newMember();
    await addMember(network.networkEID, group.EID, token, plain.profileEID);
    const denied = await call<GroupBody>(path, {
      token: await plain.token(),
      method: 'PUT',
      json: { name: 'Taken over' },
    });
    expect([denied.status, denied.body.code]).toEqual([403, -151]);
    // groupType and parent are fixed at creation.
    for (const json of [{ groupType: 'department' }, { parent: null }, {}]) {
      expect((await call(path, { token, method: 'PUT', json })).status).toBe(400);
    }
    expect((await call<GroupBody>(path, { token })).body).toMatchObject({
      name: 'Runners club',
      groupType: 'group',
    });
  });

  it('refuses read-only and unknown fields on create and update (400), changing nothing', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const group = await newGroup(network.networkEID, token, { name: 'Stable' });
    const other = await newNetwork();
    const forged = {
      EID: 'ffffffffffffffffffffffff',
      networkEID: other.networkEID,
      _id: 'ffffffffffffffffffffffff',
      numMembers: 99,
      _user: { member: true, role: 'admin', permissions: 'delete_group' },
      hasExternalMembers: true,
    };
    for (const [field, value] of Object.entries(forged)) {
      const create = await call<GroupBody>(groupsPath(network.networkEID), {
        token,
        json: { name: 'Forged', [field]: value },
      });
      expect([field, create.status]).toEqual([field, 400]);
      expect(create.body.errors?.map((e) => e.pointer)).toContain(`/body/${field}`);
      const update = await call<GroupBody>(groupsPath(network.networkEID, `${group.EID}/`), {
        token,
        method: 'PUT',
        json: { name: 'Forged', [field]: value },
      });
      expect([field, update.status]).toEqual([field, 400]);
    }
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${group.EID}/`), { token });
    expect(read.body).toMatchObject({ EID: group.EID, name: 'Stable', numMembers: 1 });
    const list = await call<Collection>(groupsPath(network.networkEID), { token });
    expect(namesOf(list.body)).toEqual(['Stable']);
    const otherList = await call<Collection>(groupsPath(other.networkEID), {
      token: await other.admin.token(),
    });
    expect(otherList.body.total).toBe(0);
  });

  it('deletes a group without subgroups with its memberships; organisational units only by network admins', async () => {
    const network = await newNetwork();
    const adminToken = await network.admin.token();
    const owner = await network.newMember();
    const token = await owner.token();
    const plain = await network.newMember();
    const group = await newGroup(network.networkEID, token, { name: 'Short-lived' });
    const sub = await newGroup(network.networkEID, token, { parent: { type: 'group', EID: group.EID } });
    await addMember(network.networkEID, group.EID, token, plain.profileEID);
    const path = groupsPath(network.networkEID, `${group.EID}/`);

    const denied = await call<GroupBody>(path, { token: await plain.token(), method: 'DELETE' });
    expect([denied.status, denied.body.code]).toEqual([403, -151]);
    const busy = await call<GroupBody>(path, { token, method: 'DELETE' });
    expect([busy.status, busy.body.code]).toEqual([409, -154]);
    expect(
      (await call(groupsPath(network.networkEID, `${sub.EID}/`), { token, method: 'DELETE' })).status,
    ).toBe(204);
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(204);
    expect((await call(path, { token })).status).toBe(404);
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(404);
    const plainGroups = await call<Collection>(`${groupsPath(network.networkEID)}?user=${plain.profileEID}`, {
      token: adminToken,
    });
    expect(plainGroups.body.total).toBe(0);

    const department = await newGroup(network.networkEID, adminToken, { groupType: 'department' });
    await addMember(network.networkEID, department.EID, adminToken, owner.profileEID, { role: 'admin' });
    const departmentPath = groupsPath(network.networkEID, `${department.EID}/`);
    const byGroupAdmin = await call<GroupBody>(departmentPath, { token, method: 'DELETE' });
    expect([byGroupAdmin.status, byGroupAdmin.body.code]).toEqual([403, -152]);
    // …while the department's group admin still edits it.
    expect((await call(departmentPath, { token, method: 'PUT', json: { name: 'Renamed' } })).status).toBe(
      200,
    );
    expect((await call(departmentPath, { token: adminToken, method: 'DELETE' })).status).toBe(204);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another network’s group on read, update, delete and its sub-resources', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const token = await network.admin.token();
    const group = await newGroup(network.networkEID, token, { name: 'Private matters' });
    const otherToken = await other.admin.token();
    const paths = [
      // The caller's own network in the path, the other network's group EID.
      groupsPath(other.networkEID, `${group.EID}/`),
      // The other network in the path: the caller is not a member of it.
      groupsPath(network.networkEID, `${group.EID}/`),
    ];
    for (const path of paths) {
      expect((await call(path, { token: otherToken })).status).toBe(404);
      expect((await call(path, { token: otherToken, method: 'PUT', json: { name: 'Pwned' } })).status).toBe(
        404,
      );
      expect((await call(path, { token: otherToken, method: 'DELETE' })).status).toBe(404);
      expect((await call(`${path}subgroups/`, { token: otherToken })).status).toBe(404);
      expect((await call(`${path}members/`, { token: otherToken })).status).toBe(404);
      const add = await call(`${path}members/`, {
        token: otherToken,
        json: { profileEID: other.admin.profileEID },
      });
      expect(add.status).toBe(404);
    }
    const own = await call<GroupBody>(paths[0]!, { token: otherToken });
    expect(own.body.code).toBe(-150);
    const asChild = await call<GroupBody>(groupsPath(other.networkEID), {
      token: otherToken,
      json: { name: 'Child', parent: { type: 'group', EID: group.EID } },
    });
    expect([asChild.status, asChild.body.code]).toEqual([400, -153]);
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${group.EID}/`), { token });
    expect(read.body).toMatchObject({ name: 'Private matters', numMembers: 1 });
    expect((await call<Collection>(groupsPath(other.networkEID), { token: otherToken })).body.total).toBe(0);
  });

  it('validates path EIDs (400) and answers 404 for an unknown group', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const malformed = await call<{ errors: { pointer: string }[] }>(groupsPath(network.networkEID, 'nope/'), {
      token,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]?.pointer).toBe('/params/groupEID');
    expect((await call(groupsPath(network.networkEID, '0123456789abcdef01234567/'), { token })).status).toBe(
      404,
    );
  });

  it('refuses app tokens, which have no profile in the network (403)', async () => {
    const network = await newNetwork();
    const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
    await installApp(network.networkEID, app.clientId);
    const grant = await call<{ access_token: string }>('/oauth/v2/token', {
      accept: 'application/json',
      form: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.secret },
    });
    const response = await call<GroupBody>(groupsPath(network.networkEID), {
      token: grant.body.access_token,
    });
    expect([response.status, response.body.code]).toEqual([403, -162]);
  });
});

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
