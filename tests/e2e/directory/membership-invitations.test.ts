/**
 * Memberships over HTTP (spec: Permissions — `invite_users`; States "Suspended user invited again";
 * Network and sessions: invitations with `type`): invitations as pending memberships, their list,
 * reactivation of a suspended member, who may invite, and acceptance. Roles and postable types:
 * membership-roles.test.ts; suspension and the domain events:
 * membership-suspension-and-events.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, passwordGrant } from '../../support/api.js';
import { closeFactories, newNetwork, uniqueSuffix, type TestNetwork } from '../../support/factories/core.js';
import { appToken, usersPath, type Body, type Collection } from './membership-setup.js';

afterAll(closeFactories);

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
