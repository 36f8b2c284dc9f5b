/**
 * Membership requests over HTTP: a member of the network asks to join a group it sees
 * (idempotent), group admins and network admins list, approve (the membership is made once, also
 * under concurrent approvals) or decline; the asker reads and withdraws its own; hidden groups and
 * other networks are 404; the events read back from JetStream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { requestsPath } from '../../support/factories/group-ops.js';
import {
  addMember,
  membersPath,
  newGroup,
  type Collection,
  type GroupBody,
  type MembershipBody,
} from '../../support/factories/groups.js';

interface RequestBody {
  type: string;
  EID: string;
  group: { type: string; EID: string };
  user: { type: string; EID: string };
  message: string | null;
  code?: number;
  errors?: { pointer: string; message: string }[];
  _links: Record<string, { href: string }>;
}

const events = new EventReader();
beforeAll(() => events.open());
afterAll(async () => {
  await events.close();
  await closeFactories();
});

let network: TestNetwork;
let admin: TestPerson;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork();
  admin = await network.newMember();
  adminToken = await admin.token();
});

const ask = async (person: TestPerson, groupEID: string, json: Record<string, unknown> = {}) =>
  call<RequestBody>(requestsPath(network.networkEID, groupEID), { token: await person.token(), json });

describe('asking to join', () => {
  it('creates a pending request (201), answers 200 with it again, and the asker reads it', async () => {
    const group = await newGroup(network.networkEID, adminToken, { name: 'Choir' });
    const asker = await network.newMember();
    const first = await ask(asker, group.EID, { message: 'I sing bass' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      type: 'group_membership_request',
      group: { type: 'group', EID: group.EID },
      user: { type: 'user', EID: asker.profileEID },
      message: 'I sing bass',
    });
    expect(first.body._links.self?.href).toMatch(
      new RegExp(`/groups/${group.EID}/membership-requests/${asker.profileEID}/$`),
    );
    const again = await ask(asker, group.EID);
    expect([again.status, again.body.EID]).toEqual([200, first.body.EID]);
    const own = await call<RequestBody>(requestsPath(network.networkEID, group.EID, `${asker.profileEID}/`), {
      token: await asker.token(),
    });
    expect([own.status, own.body.EID]).toEqual([200, first.body.EID]);
    const created = await events.eventsOf('events.auth.membership_request.created', network.networkEID, 1);
    expect(created.some((e) => (e.data as { user: { EID: string } }).user.EID === asker.profileEID)).toBe(
      true,
    );
  });

  it('refuses members and invitees (409 -240), hides hidden groups (404), checks the note (400)', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    const [member, invitee, outsider] = [
      await network.newMember(),
      await network.newMember(),
      await network.newMember(),
    ];
    await addMember(network.networkEID, group.EID, adminToken, member.profileEID);
    await addMember(network.networkEID, group.EID, adminToken, invitee.profileEID, { state: 'invited' });
    for (const person of [member, invitee, admin]) {
      const refused = await ask(person, group.EID);
      expect([refused.status, refused.body.code]).toEqual([409, -240]);
    }
    const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
    expect((await ask(outsider, hidden.EID)).status).toBe(404);
    const tooLong = await ask(outsider, group.EID, { message: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body.errors)).toContain('/body/message');
    const unknown = await ask(outsider, group.EID, { role: 'admin' });
    expect(unknown.status).toBe(400);
  });

  it('is 404 across networks (the group and the path)', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    const other = await newNetwork();
    const stranger = await other.newMember();
    const token = await stranger.token();
    expect((await call(requestsPath(other.networkEID, group.EID), { token, json: {} })).status).toBe(404);
    expect((await call(requestsPath(network.networkEID, group.EID), { token, json: {} })).status).toBe(404);
  });
});

describe('pending requests', () => {
  it('are listed to group admins and network admins, not to members or the asker (403)', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    const [asker, member] = [await network.newMember(), await network.newMember()];
    await addMember(network.networkEID, group.EID, adminToken, member.profileEID);
    await ask(asker, group.EID);
    const path = requestsPath(network.networkEID, group.EID);
    for (const token of [adminToken, await network.admin.token()]) {
      const list = await call<Collection<RequestBody>>(path, { token });
      expect(list.status, list.text).toBe(200);
      expect(list.body._embedded.membershipRequests!.map((r) => r.user.EID)).toEqual([asker.profileEID]);
    }
    for (const token of [await member.token(), await asker.token()]) {
      const denied = await call<GroupBody>(path, { token });
      expect([denied.status, denied.body.code]).toEqual([403, -151]);
    }
    const othersRequest = await call<GroupBody>(`${path}${asker.profileEID}/`, {
      token: await member.token(),
    });
    expect([othersRequest.status, othersRequest.body.code]).toEqual([403, -151]);
  });
});

describe('approving', () => {
  it('makes the asker a member once, also when two admins approve at the same time', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    const asker = await network.newMember();
    await ask(asker, group.EID);
    const approve = requestsPath(network.networkEID, group.EID, `${asker.profileEID}/approve`);
    const tokens = [adminToken, await network.admin.token()];
    const answers = await Promise.all(
      tokens.map((token) => call<MembershipBody>(approve, { token, method: 'POST' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body).toMatchObject({
      user: { EID: asker.profileEID },
      role: 'member',
      state: 'active',
    });
    expect(answers[1]!.body.EID).toBe(answers[0]!.body.EID);
    const again = await call<MembershipBody>(approve, { token: adminToken, method: 'POST' });
    expect([again.status, again.body.EID]).toEqual([200, answers[0]!.body.EID]);
    const members = await call<Collection<MembershipBody>>(membersPath(network.networkEID, group.EID), {
      token: adminToken,
    });
    expect(members.body._embedded.members!.filter((m) => m.user.EID === asker.profileEID)).toHaveLength(1);
    const pending = await call<Collection<RequestBody>>(requestsPath(network.networkEID, group.EID), {
      token: adminToken,
    });
    expect(pending.body.total).toBe(0);
    const added = await events.eventsOf('events.auth.membership.added', network.networkEID, 1);
    expect(
      added.filter((e) => (e.data as { user: { EID: string } }).user.EID === asker.profileEID),
    ).toHaveLength(1);
  });

  it('needs group_approve_membership (403 -151); an unknown request is 404 -241', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    const [asker, member] = [await network.newMember(), await network.newMember()];
    await addMember(network.networkEID, group.EID, adminToken, member.profileEID);
    await ask(asker, group.EID);
    const path = (verb: string, who = asker.profileEID) =>
      requestsPath(network.networkEID, group.EID, `${who}/${verb}`);
    for (const verb of ['approve', 'decline']) {
      const denied = await call<GroupBody>(path(verb), { token: await member.token(), method: 'POST' });
      expect([denied.status, denied.body.code]).toEqual([403, -151]);
      const self = await call<GroupBody>(path(verb), { token: await asker.token(), method: 'POST' });
      expect(self.status).toBe(403);
      const unknown = await call<GroupBody>(path(verb, network.admin.profileEID), {
        token: adminToken,
        method: 'POST',
      });
      expect([unknown.status, unknown.body.code]).toEqual([404, -241]);
    }
  });
});

describe('declining and withdrawing', () => {
  it('a decline removes the request (204), the asker may ask again; the asker withdraws its own', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    const asker = await network.newMember();
    await ask(asker, group.EID);
    const one = requestsPath(network.networkEID, group.EID, `${asker.profileEID}/`);
    const declined = await call(`${one}decline`, { token: adminToken, method: 'POST' });
    expect(declined.status).toBe(204);
    const gone = await call<GroupBody>(one, { token: await asker.token() });
    expect([gone.status, gone.body.code]).toEqual([404, -241]);
    expect((await ask(asker, group.EID)).status).toBe(201);
    const byAdmin = await call<GroupBody>(one, { token: adminToken, method: 'DELETE' });
    expect([byAdmin.status, byAdmin.body.code]).toEqual([403, -151]);
    expect((await call(one, { token: await asker.token(), method: 'DELETE' })).status).toBe(204);
    const twice = await call<GroupBody>(one, { token: await asker.token(), method: 'DELETE' });
    expect([twice.status, twice.body.code]).toEqual([404, -241]);
    const verbs = await events.eventsOf('events.auth.membership_request.*', network.networkEID, 4);
    expect(verbs.map((e) => e.type)).toEqual(
      expect.arrayContaining(['auth.membership_request.declined', 'auth.membership_request.withdrawn']),
    );
  });
});
