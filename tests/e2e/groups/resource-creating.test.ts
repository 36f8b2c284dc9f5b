/**
 * Groups over HTTP (spec: Group fragment; Aggregate resource): every field of the fragment with
 * `_user`, HAL links (`parentGroup`, `subgroups`, `members`, `networkTheme`), group types and their
 * hierarchy, and who creates which type. Edits, deletion, mass assignment and tenant isolation:
 * resource-editing.test.ts; `hidden`, the aggregate's filters and pagination:
 * resource-reading.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rootFolderOf } from '@ncs/contracts';
import { baseUrl, call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import {
  groupsPath,
  membersPath,
  newGroup,
  type Collection,
  type GroupBody,
} from '../../support/factories/groups.js';
import { ALL_PERMISSIONS, namesOf } from './resource-setup.js';

afterAll(closeFactories);

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
});
