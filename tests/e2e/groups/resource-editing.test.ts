/**
 * Groups over HTTP (spec: Group fragment): who edits and deletes which type, the fields sent and
 * only those, XIDs unique per network, mass assignment, and tenant isolation. Creation, types and
 * their hierarchy: resource-creating.test.ts; `hidden`, the aggregate's filters and pagination:
 * resource-reading.test.ts.
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
  newGroup,
  type Collection,
  type GroupBody,
} from '../../support/factories/groups.js';
import { namesOf } from './resource-setup.js';

afterAll(closeFactories);

describe('group resource', () => {
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
