/**
 * Memberships over HTTP (spec: Permissions — roles, `list_network_roles`, `invite_users`; States
 * "Suspended user invited again"; Network and sessions: invitations with `type`, postable types):
 * roles and role changes, suspension and what it does to tokens, invitations (pending
 * memberships, acceptance, reactivation), postable types, and the domain events on JetStream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventReader } from '../../support/events.js';
import { call, demo, mediaType, passwordGrant } from '../../support/api.js';
import {
  addToNetwork,
  closeFactories,
  installApp,
  newClient,
  newNetwork,
  uniqueSuffix,
  type TestNetwork,
} from '../../support/factories/core.js';
import {
  networkBoundToken,
  newBot,
  setNetworkFeatures,
  setStoredRole,
  setUserState,
  statusWithin,
} from '../../support/factories/directory.js';

afterAll(closeFactories);

type Body = Record<string, unknown> & {
  code?: number;
  errors?: { pointer: string; message: string }[];
};
interface Collection<T = Body> {
  total: number;
  _embedded: { users: T[]; roles: T[]; invitations: T[] };
}

async function appToken(networkEID: string, permissions: string[]) {
  const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
  await installApp(networkEID, app.clientId, permissions);
  const response = await call<{ access_token: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.secret },
  });
  return response.body.access_token;
}

const usersPath = (network: TestNetwork, rest = '') => `/networks/${network.networkEID}/users/${rest}`;

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

describe('suspension', () => {
  it("suspends an active member (administrators): a single-network person's tokens stop at once", async () => {
    const network = await newNetwork();
    const adminToken = await network.admin.token();
    const person = await network.newMember();
    const token = await person.token();
    expect((await call(`/networks/${network.networkEID}/`, { token })).status).toBe(200);

    const suspended = await call<Body>(usersPath(network, `${person.profileEID}/suspend`), {
      method: 'POST',
      token: adminToken,
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ EID: person.profileEID, userState: 'suspended' });
    const status = await statusWithin(
      () => call(`/networks/${network.networkEID}/`, { token }),
      (s) => s === 401,
      2_000,
    );
    expect(status).toBe(401);
    expect((await passwordGrant(person.email, person.password)).status).toBe(400);

    const again = await call<Body>(usersPath(network, `${person.profileEID}/suspend`), {
      method: 'POST',
      token: adminToken,
    });
    expect(again.status).toBe(200);
    expect(again.body.userState).toBe('suspended');
    const listed = await call<Collection>(usersPath(network, '?limit=100'), { token: adminToken });
    expect(listed.body._embedded.users.map((u) => u.EID)).not.toContain(person.profileEID);
  });

  it('keeps a multi-network token for the other network; this network refuses it (directory at once, everywhere within 5 s)', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const person = await other.newMember();
    await addToNetwork(person.email, network.networkEID);
    const token = await person.token();
    const bound = await networkBoundToken(person.email, network.networkEID, demo.clientId);
    expect((await call(usersPath(network), { token })).status).toBe(200);
    expect((await call(`/networks/${network.networkEID}/`, { token: bound })).status).toBe(200);
    const profile = (
      await call<{ networks: { EID: string; _user: { profile: { EID: string } } }[] }>('/whoami/', { token })
    ).body.networks.find((n) => n.EID === network.networkEID)!._user.profile.EID;

    const suspended = await call(usersPath(network, `${profile}/suspend`), {
      method: 'POST',
      token: await network.admin.token(),
    });
    expect(suspended.status).toBe(200);
    // The directory checks the store: refused at once, even while the gateway caches the token.
    expect((await call(usersPath(network), { token })).status).toBe(404);
    // The token bound to this network is revoked, and the gateway drops it at once.
    expect(
      await statusWithin(
        () => call(`/networks/${other.networkEID}/`, { token: bound }),
        (s) => s === 401,
        2_000,
      ),
    ).toBe(401);
    // Elsewhere the cached principal expires within 5 s; the other network keeps working.
    expect(
      await statusWithin(
        () => call(`/networks/${network.networkEID}/knowledge-base/home/`, { token }),
        (s) => s === 404,
        6_000,
      ),
    ).toBe(404);
    expect((await call(`/networks/${other.networkEID}/`, { token })).status).toBe(200);
  });

  it('refuses suspending oneself (400), a member suspending (403), a pending person (409) and other networks (404)', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const adminToken = await network.admin.token();
    const self = await call<Body>(usersPath(network, `${network.admin.profileEID}/suspend`), {
      method: 'POST',
      token: adminToken,
    });
    expect([self.status, self.body.code]).toEqual([400, -132]);
    const person = await network.newMember();
    const byMember = await call<Body>(usersPath(network, `${network.admin.profileEID}/suspend`), {
      method: 'POST',
      token: await person.token(),
    });
    expect([byMember.status, byMember.body.code]).toEqual([403, -103]);
    const pending = await network.newMember();
    await setUserState(pending.profileEID, 'pending');
    const notActive = await call<Body>(usersPath(network, `${pending.profileEID}/suspend`), {
      method: 'POST',
      token: adminToken,
    });
    expect([notActive.status, notActive.body.code]).toEqual([409, -133]);
    const cross = await call<Body>(usersPath(network, `${other.admin.profileEID}/suspend`), {
      method: 'POST',
      token: adminToken,
    });
    expect(cross.status).toBe(404);
    const admin = await call<Body>(usersPath(other, `${other.admin.profileEID}/`), {
      token: await other.admin.token(),
    });
    expect(admin.body.userState).toBe('active');
  });
});

describe('invitations', () => {
  let network: TestNetwork;
  let adminToken: string;

  beforeAll(async () => {
    network = await newNetwork('Inviting');
    adminToken = await network.admin.token();
  });

  const invite = (json: unknown, token = adminToken) =>
    call<Body>(`/networks/${network.networkEID}/invitations/`, { token, json });

  it('invites a new person by e-mail: a pending membership that the users collection does not list', async () => {
    const email = `New.Person-${uniqueSuffix()}@Example.com`;
    const response = await invite({ email });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      type: 'invitation',
      email: email.toLowerCase(),
      invitationType: 'email',
      status: 'pending',
      reactivated: false,
      invitedBy: { type: 'user', EID: network.admin.profileEID },
      network: { type: 'network', EID: network.networkEID },
      acceptedAt: null,
    });
    const user = response.body.user as { EID: string };
    const profile = await call<Body>(usersPath(network, `${user.EID}/`), { token: adminToken });
    expect(profile.body).toMatchObject({
      userState: 'pending',
      role: 'member',
      primaryEmail: email.toLowerCase(),
    });
    const listed = await call<Collection>(usersPath(network, '?limit=100'), { token: adminToken });
    expect(listed.body._embedded.users.map((u) => u.EID)).not.toContain(user.EID);
    // The invited account has no password yet: it cannot sign in.
    expect((await passwordGrant(email, 'anything-at-all')).status).toBe(400);

    const again = await invite({ email, invitationType: 'sso' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ EID: response.body.EID, invitationType: 'sso', status: 'pending' });
  });

  it('lists invitations newest first, filtered by type (`sso` accepted), with embed=user', async () => {
    const listNetwork = await newNetwork();
    const token = await listNetwork.admin.token();
    const create = (email: string, invitationType: string) =>
      call<Body>(`/networks/${listNetwork.networkEID}/invitations/`, {
        token,
        json: { email, invitationType },
      });
    const a = await create(`a-${uniqueSuffix()}@example.com`, 'email');
    const b = await create(`b-${uniqueSuffix()}@example.com`, 'sso');
    const c = await create(`c-${uniqueSuffix()}@example.com`, 'email');
    const list = (query: string) =>
      call<Collection & Body>(`/networks/${listNetwork.networkEID}/invitations/${query}`, { token });
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body._embedded.invitations.map((i) => i.EID)).toEqual([c.body.EID, b.body.EID, a.body.EID]);
    expect((await list('?type=sso')).body._embedded.invitations.map((i) => i.EID)).toEqual([b.body.EID]);
    expect((await list('?type=email')).body.total).toBe(2);
    const bad = await list('?type=ldap');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.pointer).toBe('/query/type');
    const embedded = await list('?type=sso&embed=user');
    const item = embedded.body._embedded.invitations[0] as Body & { _embedded?: { user?: Body } };
    expect(item._embedded?.user).toMatchObject({ type: 'user', userState: 'pending' });
    const one = await call<Body>(`/networks/${listNetwork.networkEID}/invitations/${String(b.body.EID)}/`, {
      token,
    });
    expect(one.body).toMatchObject({ EID: b.body.EID, invitationType: 'sso' });
    expect(
      (
        await call(`/networks/${network.networkEID}/invitations/${String(b.body.EID)}/`, {
          token: adminToken,
        })
      ).status,
    ).toBe(404);
  });

  it('reactivates a suspended member invited again; they sign in again', async () => {
    const person = await network.newMember();
    const suspended = await call(usersPath(network, `${person.profileEID}/suspend`), {
      method: 'POST',
      token: adminToken,
    });
    expect(suspended.status).toBe(200);
    expect((await passwordGrant(person.email, person.password)).status).toBe(400);

    const response = await invite({ email: person.email });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'accepted',
      reactivated: true,
      user: { type: 'user', EID: person.profileEID },
      acceptedAt: expect.stringMatching(/\+00:00$/),
    });
    const profile = await call<Body>(usersPath(network, `${person.profileEID}/`), { token: adminToken });
    expect(profile.body.userState).toBe('active');
    const token = await person.token();
    expect((await call(usersPath(network), { token })).status).toBe(200);
  });

  it('answers 409 for an active member, 403 to a member, 400 for a bad e-mail or extra fields', async () => {
    const member = await network.newMember();
    const active = await invite({ email: member.email });
    expect([active.status, active.body.code]).toEqual([409, -134]);
    const byMember = await invite({ email: `x-${uniqueSuffix()}@example.com` }, await member.token());
    expect([byMember.status, byMember.body.code]).toEqual([403, -103]);
    const badEmail = await invite({ email: 'not-an-address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors?.[0]?.pointer).toBe('/body/email');
    const extra = await invite({ email: `y-${uniqueSuffix()}@example.com`, role: 'admin' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors?.[0]?.pointer).toBe('/body/role');
    const list = await call<Collection>(`/networks/${network.networkEID}/invitations/`, {
      token: await member.token(),
    });
    expect(list.status).toBe(403);
  });

  it('lets apps with invite_users invite (no invitedBy); other apps 403; other networks 404', async () => {
    const byApp = await invite(
      { email: `app-${uniqueSuffix()}@example.com` },
      await appToken(network.networkEID, ['invite_users']),
    );
    expect(byApp.status).toBe(201);
    expect(byApp.body.invitedBy).toBeNull();
    const denied = await invite(
      { email: `app-${uniqueSuffix()}@example.com` },
      await appToken(network.networkEID, []),
    );
    expect([denied.status, denied.body.code]).toEqual([403, -140]);
    const other = await newNetwork();
    const cross = await invite({ email: `z-${uniqueSuffix()}@example.com` }, await other.admin.token());
    expect(cross.status).toBe(404);
  });

  it('is accepted by the invited account, signed in: the membership becomes active', async () => {
    const home = await newNetwork();
    const person = await home.newMember();
    const invited = await invite({ email: person.email });
    expect(invited.status).toBe(201);
    const invitationEID = String(invited.body.EID);
    const profileEID = (invited.body.user as { EID: string }).EID;

    const stranger = await home.newMember();
    const wrong = await call<Body>(`/invitations/${invitationEID}/accept`, {
      method: 'POST',
      token: await stranger.token(),
    });
    expect(wrong.status).toBe(404);

    const token = await person.token();
    expect((await call(usersPath(network), { token })).status).toBe(404);
    const accepted = await call<Body>(`/invitations/${invitationEID}/accept`, { method: 'POST', token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String) });
    const twice = await call<Body>(`/invitations/${invitationEID}/accept`, { method: 'POST', token });
    expect(twice.status).toBe(200);
    const fresh = await person.token();
    const profile = await call<Body>(usersPath(network, `${profileEID}/`), { token: fresh });
    expect(profile.body).toMatchObject({ EID: profileEID, userState: 'active' });
  });
});

describe('domain events on JetStream', () => {
  const reader = new EventReader();
  beforeAll(() => reader.open());
  afterAll(() => reader.close());
  const eventsOf = (subject: string, networkEID: string, count: number) =>
    reader.eventsOf(subject, networkEID, count);

  it('publishes membership suspended/activated/role_changed, invitation created and network updated', async () => {
    const network = await newNetwork();
    const adminToken = await network.admin.token();
    const admin = { type: 'user', EID: network.admin.profileEID };
    const person = await network.newMember();
    const suspend = () =>
      call(usersPath(network, `${person.profileEID}/suspend`), { method: 'POST', token: adminToken });
    expect((await suspend()).status).toBe(200);
    expect((await suspend()).status).toBe(200); // idempotent: no second event
    const reinvite = await call(`/networks/${network.networkEID}/invitations/`, {
      token: adminToken,
      json: { email: person.email },
    });
    expect(reinvite.status).toBe(201);
    const newcomer = await call<Body>(`/networks/${network.networkEID}/invitations/`, {
      token: adminToken,
      json: { email: `n-${uniqueSuffix()}@example.com` },
    });
    await call(`/networks/${network.networkEID}/users/${person.profileEID}/role`, {
      method: 'PUT',
      token: adminToken,
      json: { role: 'admin' },
    });
    await call(`/networks/${network.networkEID}`, {
      method: 'PUT',
      token: adminToken,
      json: { language: 'de' },
    });

    const suspended = await eventsOf('events.auth.membership.suspended', network.networkEID, 1);
    expect(suspended).toHaveLength(1);
    expect(suspended[0]).toMatchObject({
      type: 'auth.membership.suspended',
      actor: admin,
      data: { user: { type: 'user', EID: person.profileEID }, previousState: 'active', state: 'suspended' },
      occurredAt: expect.stringMatching(/\+00:00$/),
    });
    const activated = await eventsOf('events.auth.membership.activated', network.networkEID, 1);
    expect(activated).toEqual([
      expect.objectContaining({
        actor: admin,
        data: {
          user: { type: 'user', EID: person.profileEID },
          previousState: 'suspended',
          state: 'active',
          reason: 'reinvited',
        },
      }),
    ]);
    const invited = await eventsOf('events.auth.invitation.created', network.networkEID, 1);
    expect(invited).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ invitation: { type: 'invitation', EID: newcomer.body.EID } }),
      }),
    ]);
    const roles = await eventsOf('events.auth.membership.role_changed', network.networkEID, 1);
    expect(roles[0]).toMatchObject({
      data: { user: { EID: person.profileEID }, previousRole: 'member', role: 'admin' },
    });
    const updated = await eventsOf('events.auth.network.updated', network.networkEID, 1);
    expect(updated[0]).toMatchObject({ data: { changes: { language: 'de' } } });
  });

  it('publishes membership.activated when an invited person accepts', async () => {
    const [network, home] = await Promise.all([newNetwork(), newNetwork()]);
    const person = await home.newMember();
    const invited = await call<Body>(`/networks/${network.networkEID}/invitations/`, {
      token: await network.admin.token(),
      json: { email: person.email },
    });
    const profileEID = (invited.body.user as { EID: string }).EID;
    await call(`/invitations/${String(invited.body.EID)}/accept`, {
      method: 'POST',
      token: await person.token(),
    });
    const activated = await eventsOf('events.auth.membership.activated', network.networkEID, 1);
    expect(activated).toEqual([
      expect.objectContaining({
        actor: { type: 'user', EID: profileEID },
        data: {
          user: { type: 'user', EID: profileEID },
          previousState: 'pending',
          state: 'active',
          reason: 'invitation_accepted',
        },
      }),
    ]);
  });
});
