/**
 * Memberships over HTTP (spec: States "Suspended user invited again"): suspension and what it does
 * to tokens, and the domain events of memberships, invitations and the network on JetStream. Roles
 * and postable types: membership-roles.test.ts; invitations: membership-invitations.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventReader } from '../../support/events.js';
import { call, demo, passwordGrant } from '../../support/api.js';
import { addToNetwork, closeFactories, newNetwork, uniqueSuffix } from '../../support/factories/core.js';
import { networkBoundToken, setUserState, statusWithin } from '../../support/factories/directory.js';
import { usersPath, type Body, type Collection } from './membership-setup.js';

afterAll(closeFactories);

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
