/**
 * App tokens on the directory's read routes (spec "Application permissions"):
 * `list_groups`, `get_user_groups`, `list_group_members`, `get_profiles`, and `infinite_limit` on a
 * group list; each with and without the permission. An app reads what an onlooker reads: hidden
 * groups and invitations stay out of sight; writes stay user-only. (`post_to_any_group`:
 * messages/app-posting.test.ts; `list_network_roles`: directory/membership-roles.test.ts; `invite_users`:
 * directory/membership-invitations.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { appTokenWith } from '../../support/factories/group-ops.js';
import {
  addMember,
  groupsPath,
  membersPath,
  newGroup,
  type Collection,
  type GroupBody,
  type MembershipBody,
} from '../../support/factories/groups.js';

afterAll(closeFactories);

let network: TestNetwork;
let owner: TestPerson;
let member: TestPerson;
let open: GroupBody;
let hidden: GroupBody;

beforeAll(async () => {
  network = await newNetwork();
  [owner, member] = [await network.newMember(), await network.newMember()];
  const token = await owner.token();
  open = await newGroup(network.networkEID, token, { name: 'Open' });
  hidden = await newGroup(network.networkEID, token, { name: 'Hidden', hidden: true });
  await addMember(network.networkEID, open.EID, token, member.profileEID);
  await addMember(network.networkEID, open.EID, token, (await network.newMember()).profileEID, {
    state: 'invited',
  });
});

const names = (collection: Collection) => collection._embedded.groups!.map((g) => g.name);

describe('list_groups', () => {
  it('lets an app list and read the groups that are not hidden; without it 403 -162', async () => {
    const app = await appTokenWith(network.networkEID, ['list_groups']);
    const list = await call<Collection>(groupsPath(network.networkEID), { token: app });
    expect(list.status, list.text).toBe(200);
    expect(names(list.body)).toEqual(['Open']);
    const one = await call<GroupBody>(groupsPath(network.networkEID, `${open.EID}/`), { token: app });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ EID: open.EID, numMembers: 2, _user: { member: false, role: 'none' } });
    expect((await call(groupsPath(network.networkEID, `${hidden.EID}/`), { token: app })).status).toBe(404);
    expect(
      (await call(groupsPath(network.networkEID, `${open.EID}/subgroups/`), { token: app })).status,
    ).toBe(200);
    expect((await call(`/networks/${network.networkEID}/group-types/`, { token: app })).status).toBe(200);

    const without = await appTokenWith(network.networkEID, ['list_group_members']);
    const denied = await call<GroupBody>(groupsPath(network.networkEID), { token: without });
    expect([denied.status, denied.body.code]).toEqual([403, -162]);
    const deniedOne = await call<GroupBody>(groupsPath(network.networkEID, `${open.EID}/`), {
      token: without,
    });
    expect([deniedOne.status, deniedOne.body.code]).toEqual([403, -162]);
  });

  it('never lets an app write a group, whatever its permissions (403 -162)', async () => {
    const app = await appTokenWith(network.networkEID, ['list_groups', 'list_group_members']);
    const created = await call<GroupBody>(groupsPath(network.networkEID), {
      token: app,
      json: { name: 'By app' },
    });
    expect([created.status, created.body.code]).toEqual([403, -162]);
    const added = await call<GroupBody>(membersPath(network.networkEID, open.EID), {
      token: app,
      json: { profileEID: owner.profileEID },
    });
    expect([added.status, added.body.code]).toEqual([403, -162]);
  });

  it('is 404 in a network the app is not installed in', async () => {
    const other = await newNetwork();
    const app = await appTokenWith(other.networkEID, ['list_groups']);
    expect((await call(groupsPath(network.networkEID), { token: app })).status).toBe(404);
    expect((await call(groupsPath(other.networkEID, `${open.EID}/`), { token: app })).status).toBe(404);
  });

  it('keeps invitations private: invitee= is 403 -159 for an app', async () => {
    const app = await appTokenWith(network.networkEID, ['list_groups']);
    const response = await call<GroupBody>(`${groupsPath(network.networkEID)}?invitee=${member.profileEID}`, {
      token: app,
    });
    expect([response.status, response.body.code]).toEqual([403, -159]);
  });
});

describe('get_user_groups', () => {
  it('lets an app list the groups of a person (user=) only', async () => {
    const app = await appTokenWith(network.networkEID, ['get_user_groups']);
    const mine = await call<Collection>(`${groupsPath(network.networkEID)}?user=${member.profileEID}`, {
      token: app,
    });
    expect(mine.status, mine.text).toBe(200);
    expect(names(mine.body)).toEqual(['Open']);
    const all = await call<GroupBody>(groupsPath(network.networkEID), { token: app });
    expect([all.status, all.body.code]).toEqual([403, -162]);

    const without = await appTokenWith(network.networkEID, ['get_profiles']);
    const denied = await call<GroupBody>(`${groupsPath(network.networkEID)}?user=${member.profileEID}`, {
      token: without,
    });
    expect([denied.status, denied.body.code]).toEqual([403, -162]);
  });

  it('answers 400 naming the field for a malformed user=', async () => {
    const app = await appTokenWith(network.networkEID, ['get_user_groups']);
    const response = await call<GroupBody>(`${groupsPath(network.networkEID)}?user=nope`, { token: app });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.errors)).toContain('/query/user');
  });
});

describe('list_group_members', () => {
  it('lets an app list and read active memberships, never invitations; without it 403 -162', async () => {
    const app = await appTokenWith(network.networkEID, ['list_group_members']);
    const path = membersPath(network.networkEID, open.EID);
    const list = await call<Collection<MembershipBody>>(path, { token: app });
    expect(list.status, list.text).toBe(200);
    expect(list.body._embedded.members!.map((m) => m.user.EID).sort()).toEqual(
      [owner.profileEID, member.profileEID].sort(),
    );
    expect(
      (await call(membersPath(network.networkEID, open.EID, `${member.profileEID}/`), { token: app })).status,
    ).toBe(200);
    const invited = await call<GroupBody>(`${path}?state=invited`, { token: app });
    expect([invited.status, invited.body.code]).toEqual([403, -151]);
    expect((await call(membersPath(network.networkEID, hidden.EID), { token: app })).status).toBe(404);

    const without = await appTokenWith(network.networkEID, ['list_groups']);
    const denied = await call<GroupBody>(path, { token: without });
    expect([denied.status, denied.body.code]).toEqual([403, -162]);
  });
});

describe('get_profiles', () => {
  it('lets an app list and read the profiles of the network; without it 403 -140', async () => {
    const app = await appTokenWith(network.networkEID, ['get_profiles']);
    const usersPath = `/networks/${network.networkEID}/users/`;
    const list = await call<{ total: number }>(usersPath, { token: app });
    expect(list.status, list.text).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(3);
    const one = await call<{ EID: string }>(`${usersPath}${member.profileEID}/`, { token: app });
    expect([one.status, one.body.EID]).toEqual([200, member.profileEID]);
    const other = await newNetwork();
    expect((await call(`/networks/${other.networkEID}/users/`, { token: app })).status).toBe(404);
    expect((await call(`${usersPath}${other.admin.profileEID}/`, { token: app })).status).toBe(404);

    const without = await appTokenWith(network.networkEID, ['list_groups']);
    const denied = await call<{ code: number }>(usersPath, { token: without });
    expect([denied.status, denied.body.code]).toEqual([403, -140]);
    const deniedOne = await call<{ code: number }>(`${usersPath}${member.profileEID}/`, { token: without });
    expect([deniedOne.status, deniedOne.body.code]).toEqual([403, -140]);
  });
});

describe('infinite_limit', () => {
  it('lifts the page bound of a group list above 100 (up to the hard cap 10000)', async () => {
    const path = `${groupsPath(network.networkEID)}?limit=500`;
    const bounded = await call<Collection>(path, {
      token: await appTokenWith(network.networkEID, ['list_groups']),
    });
    expect([bounded.status, bounded.body.limit]).toEqual([200, 100]);
    const lifted = await call<Collection>(path, {
      token: await appTokenWith(network.networkEID, ['list_groups', 'infinite_limit']),
    });
    expect([lifted.status, lifted.body.limit]).toEqual([200, 500]);
    const beyond = await call<Collection>(`${groupsPath(network.networkEID)}?limit=10001`, {
      token: await appTokenWith(network.networkEID, ['list_groups', 'infinite_limit']),
    });
    expect(beyond.status).toBe(400);
  });
});
