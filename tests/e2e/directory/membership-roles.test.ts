/**
 * Memberships over HTTP (spec: Permissions — roles, `list_network_roles`; Network and sessions:
 * postable types): postable types, roles and role changes. Suspension and the domain events:
 * membership-suspension-and-events.test.ts; invitations: membership-invitations.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { addToNetwork, closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  newBot,
  setNetworkFeatures,
  setStoredRole,
  setUserState,
} from '../../support/factories/directory.js';
import { appToken, usersPath, type Body, type Collection } from './membership-setup.js';

afterAll(closeFactories);

describe('GET /users/{profileEID}/postable-types', () => {
  let network: TestNetwork;
  let token: string;
  let callerEID: string;
  let otherEID: string;

  beforeAll(async () => {
    network = await newNetwork();
    const [caller, other] = [await network.newMember(), await network.newMember()];
    callerEID = caller.profileEID;
    otherEID = other.profileEID;
    token = await caller.token();
  });

  const typesOf = async (profileEID: string, as = token) => {
    const response = await call<Body & { types: string[] }>(`/users/${profileEID}/postable-types`, {
      token: as,
    });
    expect(response.status).toBe(200);
    return response.body.types;
  };

  it('never returns event; update only with personal_timeline; private_message also on the own profile', async () => {
    await setNetworkFeatures(network.networkEID, []);
    expect(await typesOf(otherEID)).toEqual(['task', 'poll', 'private_message']);
    expect(await typesOf(callerEID)).toEqual(['task', 'private_message']);
    await setNetworkFeatures(network.networkEID, ['personal_timeline']);
    expect(await typesOf(otherEID)).toEqual(['update', 'task', 'poll', 'private_message']);
    expect(await typesOf(callerEID)).toEqual(['update', 'task', 'private_message']);
    for (const types of [await typesOf(otherEID), await typesOf(callerEID)])
      expect(types).not.toContain('event');
  });

  it('answers the resource with its links, private messages only to a bot, nothing to a suspended profile', async () => {
    const response = await call<Body & { _links: Record<string, { href: string }> }>(
      `/users/${otherEID}/postable-types`,
      { token },
    );
    expect(response.body).toMatchObject({
      type: 'postable_types',
      EID: otherEID,
      user: { type: 'user', EID: otherEID },
      network: { type: 'network', EID: network.networkEID },
    });
    expect(response.body._links.user?.href).toMatch(
      new RegExp(`/networks/${network.networkEID}/users/${otherEID}/$`),
    );
    const bot = await newBot(network);
    expect(await typesOf(bot.profileEID)).toEqual(['private_message']);
    const gone = await network.newMember();
    await setUserState(gone.profileEID, 'suspended');
    expect(await typesOf(gone.profileEID)).toEqual([]);
  });

  it('answers 404 for a profile of a network the caller is not in, or that does not exist; 403 to an app token', async () => {
    const other = await newNetwork();
    const stranger = await other.newMember();
    expect((await call(`/users/${stranger.profileEID}/postable-types`, { token })).status).toBe(404);
    expect((await call('/users/0123456789abcdef01234567/postable-types', { token })).status).toBe(404);
    // A member of both networks reaches both.
    const both = await other.newMember();
    await addToNetwork(both.email, network.networkEID);
    const bothToken = await both.token();
    expect((await call(`/users/${otherEID}/postable-types`, { token: bothToken })).status).toBe(200);
    expect((await call(`/users/${stranger.profileEID}/postable-types`, { token: bothToken })).status).toBe(
      200,
    );
    const app = await appToken(network.networkEID, []);
    expect((await call(`/users/${otherEID}/postable-types`, { token: app })).status).toBe(403);
  });
});

describe('roles', () => {
  let network: TestNetwork;
  let adminToken: string;

  beforeAll(async () => {
    network = await newNetwork();
    adminToken = await network.admin.token();
  });

  it('lists the roles as reported: admin and member from 1.4.8, every variant before', async () => {
    const manager = await network.newMember();
    await setStoredRole(manager.profileEID, 'network_manager');
    await network.newMember();
    const latest = await call<Collection>(`/networks/${network.networkEID}/roles/`, { token: adminToken });
    expect(latest.status).toBe(200);
    expect(latest.body.total).toBe(2);
    expect(latest.body._embedded.roles).toEqual([
      expect.objectContaining({
        type: 'role',
        EID: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'admin',
        administrator: true,
        numMembers: 2,
        permissions: expect.arrayContaining(['MANAGE_NETWORK', 'MANAGE_KNOWLEDGE_BASE']),
      }),
      expect.objectContaining({
        name: 'member',
        administrator: false,
        numMembers: 1,
        permissions: ['VIEW_TASK'],
      }),
    ]);
    const old = await call<Collection>(`/networks/${network.networkEID}/roles/`, {
      token: adminToken,
      accept: mediaType('1.4.7'),
    });
    expect(old.body._embedded.roles.map((r) => [r.name, r.numMembers])).toEqual([
      ['admin', 1],
      ['network_manager', 1],
      ['community_manager', 0],
      ['member', 1],
    ]);
  });

  it('lets members and apps with list_network_roles read them; other apps 403; other networks 404', async () => {
    const member = await network.newMember();
    const path = `/networks/${network.networkEID}/roles/`;
    expect((await call(path, { token: await member.token() })).status).toBe(200);
    expect(
      (await call(path, { token: await appToken(network.networkEID, ['list_network_roles']) })).status,
    ).toBe(200);
    const denied = await call<Body>(path, { token: await appToken(network.networkEID, ['invite_users']) });
    expect([denied.status, denied.body.code]).toEqual([403, -140]);
    const other = await newNetwork();
    expect((await call(path, { token: await other.admin.token() })).status).toBe(404);
  });

  it('lets an administrator change a role; members are refused; the last administrator stays', async () => {
    const solo = await newNetwork();
    const soloAdmin = await solo.admin.token();
    const person = await solo.newMember();
    const rolePath = (profileEID: string) => `/networks/${solo.networkEID}/users/${profileEID}/role`;

    const byMember = await call<Body>(rolePath(person.profileEID), {
      method: 'PUT',
      token: await person.token(),
      json: { role: 'admin' },
    });
    expect([byMember.status, byMember.body.code]).toEqual([403, -103]);

    const last = await call<Body>(rolePath(solo.admin.profileEID), {
      method: 'PUT',
      token: soloAdmin,
      json: { role: 'member' },
    });
    expect([last.status, last.body.code]).toEqual([409, -131]);

    const promoted = await call<Body>(rolePath(person.profileEID), {
      method: 'PUT',
      token: soloAdmin,
      json: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('admin');
    // A new token of the promoted person carries the administrator's rights.
    const promotedToken = await person.token();
    const settings = await call(`/networks/${solo.networkEID}`, {
      method: 'PUT',
      token: promotedToken,
      json: { allowChatCustomSettings: true },
    });
    expect(settings.status).toBe(200);

    const demoted = await call<Body>(rolePath(solo.admin.profileEID), {
      method: 'PUT',
      token: promotedToken,
      json: { role: 'member' },
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('member');
    // The demoted administrator's cached token no longer passes the stored-role check.
    const refused = await call<Body>(`/networks/${solo.networkEID}`, {
      method: 'PUT',
      token: soloAdmin,
      json: { allowChatCustomSettings: false },
    });
    expect(refused.status).toBe(403);
  });

  it('takes role variants before 1.4.8 only, and keeps a stored variant when `admin` is set from 1.4.8', async () => {
    const person = await network.newMember();
    const rolePath = `/networks/${network.networkEID}/users/${person.profileEID}/role`;
    const variant = await call<Body>(rolePath, {
      method: 'PUT',
      token: adminToken,
      accept: mediaType('1.4.7'),
      json: { role: 'community_manager' },
    });
    expect(variant.status).toBe(200);
    expect(variant.body.role).toBe('community_manager');
    const refused = await call<Body>(rolePath, {
      method: 'PUT',
      token: adminToken,
      json: { role: 'network_manager' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.pointer).toBe('/body/role');
    const same = await call<Body>(rolePath, { method: 'PUT', token: adminToken, json: { role: 'admin' } });
    expect(same.body.role).toBe('admin');
    const stored = await call<Body>(usersPath(network, `${person.profileEID}/`), {
      token: adminToken,
      accept: mediaType('1.4.7'),
    });
    expect(stored.body.role).toBe('community_manager');
  });

  it('answers 404 for a profile of another network', async () => {
    const other = await newNetwork();
    const response = await call(`/networks/${network.networkEID}/users/${other.admin.profileEID}/role`, {
      method: 'PUT',
      token: adminToken,
      json: { role: 'admin' },
    });
    expect(response.status).toBe(404);
  });
});
