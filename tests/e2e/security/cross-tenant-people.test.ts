/**
 * No cross-tenant disclosure of people: what a network shows about a person
 * comes only from that network's profile. A person with names, job title, bio, language, status
 * and birthday in network A, invited to and then member of network B: B's administrator, through
 * every route that returns a person, learns nothing the person has not shared in B. And the
 * issue's reproduction: globex's administrator invites alice@acme.example.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demo, passwordGrant } from '../../support/api.js';
import { closeFactories, newNetwork, uniqueSuffix } from '../../support/factories/core.js';
import { kbPath, newKbCategory } from '../../support/factories/kb.js';
import type { TestNetwork, TestPerson } from '../../support/factories/core.js';
import { setXid } from '../../support/factories/directory.js';
import { groupsPath, membersPath, newGroup } from '../../support/factories/groups.js';

afterAll(closeFactories);

type Body = Record<string, unknown>;

/** What A knows of the person; none of these strings may reach B. */
const SHARED_IN_A = {
  firstName: 'Priya',
  lastName: 'Privatova',
  jobTitle: 'Head of Secrets',
  aboutMe: 'Only network A knows this bio',
  workStatus: 'Plotting in A',
  language: 'nl',
  birthday: { day: 3, month: 4, year: 1990 },
  birthdayPrivacy: 'network',
};
const SECRETS = ['Priya', 'Privatova', 'Head of Secrets', 'Only network A', 'Plotting in A'];

/** Fails when any value A knows appears anywhere in what B's administrator got. */
function expectNothingFromA(where: string, body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of SECRETS) expect(text, `${where} leaks "${secret}"`).not.toContain(secret);
}

/** The person as B must show them before they share anything there. */
function expectBlankPerson(where: string, user: Body | undefined) {
  expect(user, where).toBeDefined();
  expect(user, where).toMatchObject({
    type: 'user',
    fullName: '',
    firstName: '',
    lastName: '',
    jobTitle: '',
    aboutMe: '',
    workStatus: null,
    birthday: null,
    language: 'en',
  });
  expectNothingFromA(where, user);
}

let a: TestNetwork;
let b: TestNetwork;
let person: TestPerson;
let bAdmin: string;
let invitationEID: string;
let bProfileEID: string;

beforeAll(async () => {
  a = await newNetwork('Network A');
  b = await newNetwork('Network B');
  person = await a.newMember();
  const put = await call(`/networks/${a.networkEID}/users/${person.profileEID}/`, {
    method: 'PUT',
    token: await person.token(),
    json: SHARED_IN_A,
  });
  expect(put.status, put.text).toBe(200);
  expect(put.body).toMatchObject({ fullName: 'Priya Privatova', language: 'nl' });
  bAdmin = await b.admin.token();
  const invited = await call<Body>(`/networks/${b.networkEID}/invitations/`, {
    token: bAdmin,
    json: { email: person.email },
  });
  expect(invited.status, invited.text).toBe(201);
  invitationEID = invited.body.EID as string;
  bProfileEID = (invited.body.user as { EID: string }).EID;
  expectNothingFromA('invitation create', invited.body);
});

describe('invited, not yet a member of B', () => {
  it('the invitation (get and list, embed=user) shows only the invited address', async () => {
    const one = await call<Body>(`/networks/${b.networkEID}/invitations/${invitationEID}/?embed=user`, {
      token: bAdmin,
    });
    expect(one.status).toBe(200);
    const user = (one.body._embedded as { user?: Body } | undefined)?.user;
    expectBlankPerson('invitation get embed=user', user);
    expect(user).toMatchObject({ primaryEmail: person.email, userState: 'pending' });

    const list = await call<Body>(`/networks/${b.networkEID}/invitations/?embed=user`, { token: bAdmin });
    expect(list.status).toBe(200);
    expectNothingFromA('invitation list embed=user', list.body);
  });

  it('the pending profile itself shows nothing from A', async () => {
    const profile = await call<Body>(`/networks/${b.networkEID}/users/${bProfileEID}/`, { token: bAdmin });
    expect(profile.status).toBe(200);
    expectBlankPerson('profile get (pending)', profile.body);
  });
});

describe('member of B, before sharing anything there', () => {
  let personInB: string;

  beforeAll(async () => {
    const accepted = await call(`/invitations/${invitationEID}/accept`, {
      method: 'POST',
      token: await person.token(),
    });
    expect(accepted.status, accepted.text).toBe(200);
    personInB = (await passwordGrant(person.email, person.password)).body.access_token;
  });

  it('profile get, and the person sees their own B profile empty of A data', async () => {
    for (const token of [bAdmin, personInB]) {
      const profile = await call<Body>(`/networks/${b.networkEID}/users/${bProfileEID}/`, { token });
      expect(profile.status).toBe(200);
      expectBlankPerson('profile get (active)', profile.body);
    }
  });

  it('the users collection, with each of its filters and embed=users', async () => {
    const group = await newGroup(b.networkEID, bAdmin);
    const queries = [
      '',
      '?embed=users',
      '?role=member',
      '?exclude_role=admin',
      '?scope=chat',
      `?modified_since=${encodeURIComponent('2000-01-01T00:00:00+00:00')}`,
      `?addable_to=${group.EID}`,
    ];
    for (const query of queries) {
      const list = await call<{ _embedded: { users: Body[] } }>(`/networks/${b.networkEID}/users/${query}`, {
        token: bAdmin,
      });
      expect(list.status, query).toBe(200);
      const mine = list.body._embedded.users.find((u) => u.EID === bProfileEID);
      expectBlankPerson(`users${query}`, mine);
      expectNothingFromA(`users${query}`, list.body);
    }
  });

  it('users by XID, and the replies of administrator writes (PUT, role, suspend)', async () => {
    const xid = `x-${uniqueSuffix()}`;
    await setXid(b, bProfileEID, xid);
    const byXid = await call<Body>(`/networks/${b.networkEID}/users/xid/${xid}/`, { token: bAdmin });
    expect(byXid.status).toBe(200);
    expectBlankPerson('users by XID', byXid.body);
    const xidPut = await call<Body>(`/networks/${b.networkEID}/users/xid/${xid}/`, {
      method: 'PUT',
      token: bAdmin,
      json: { employmentStartDate: '2020-01-01' },
    });
    expect(xidPut.status, xidPut.text).toBe(200);
    expectBlankPerson('users by XID PUT', xidPut.body);
    const role = await call<Body>(`/networks/${b.networkEID}/users/${bProfileEID}/role`, {
      method: 'PUT',
      token: bAdmin,
      json: { role: 'member' },
    });
    expect(role.status, role.text).toBe(200);
    expectBlankPerson('role', role.body);
  });

  it('group memberships with embed=user (add, list, get)', async () => {
    const group = await newGroup(b.networkEID, bAdmin);
    const added = await call<Body>(`${membersPath(b.networkEID, group.EID)}?embed=user`, {
      token: bAdmin,
      json: { profileEID: bProfileEID },
    });
    expect(added.status, added.text).toBe(201);
    expectBlankPerson('member add', (added.body._embedded as { user?: Body } | undefined)?.user);
    const list = await call<Body>(`${membersPath(b.networkEID, group.EID)}?embed=user`, { token: bAdmin });
    expect(list.status).toBe(200);
    expectNothingFromA('member list', list.body);
    const one = await call<Body>(`${membersPath(b.networkEID, group.EID, `${bProfileEID}/`)}?embed=user`, {
      token: bAdmin,
    });
    expect(one.status).toBe(200);
    expectBlankPerson('member get', (one.body._embedded as { user?: Body } | undefined)?.user);
    const groups = await call<Body>(`${groupsPath(b.networkEID)}?user=${bProfileEID}`, { token: bAdmin });
    expectNothingFromA('groups of the person', groups.body);
  });

  it('knowledge-base managers with embed=users', async () => {
    const categoryEID = await newKbCategory(b.networkEID, bAdmin);
    const managers = kbPath(b.networkEID, `categories/${categoryEID}/managers/?embed=users`);
    const assigned = await call<Body>(managers, { token: bAdmin, json: { profileEID: bProfileEID } });
    expect(assigned.status, assigned.text).toBe(201);
    expectNothingFromA('manager assign', assigned.body);
    const listed = await call<Body>(managers, { token: bAdmin });
    expect(listed.status).toBe(200);
    const users = (listed.body._embedded as { users?: Body[] } | undefined)?.users ?? [];
    expectBlankPerson(
      'managers embed=users',
      users.find((u) => u.EID === bProfileEID),
    );
  });

  it('what the person shares in B shows in B, and A keeps its own', async () => {
    const put = await call<Body>(`/networks/${b.networkEID}/users/${bProfileEID}/`, {
      method: 'PUT',
      token: personInB,
      json: { firstName: 'Pia', lastName: 'B', language: 'de' },
    });
    expect(put.status, put.text).toBe(200);
    const inB = await call<Body>(`/networks/${b.networkEID}/users/${bProfileEID}/`, { token: bAdmin });
    expect(inB.body).toMatchObject({ fullName: 'Pia B', firstName: 'Pia', language: 'de' });
    expectNothingFromA('profile after sharing in B', inB.body);
    const inA = await call<Body>(`/networks/${a.networkEID}/users/${person.profileEID}/`, {
      token: await a.admin.token(),
    });
    expect(inA.body).toMatchObject({
      fullName: 'Priya Privatova',
      language: 'nl',
      jobTitle: 'Head of Secrets',
    });
  });

  it('the suspension reply shows only B data', async () => {
    const suspended = await call<Body>(`/networks/${b.networkEID}/users/${bProfileEID}/suspend`, {
      method: 'POST',
      token: bAdmin,
    });
    expect(suspended.status, suspended.text).toBe(200);
    expectNothingFromA('suspend', suspended.body);
  });
});

describe('names: who may set them', () => {
  it('another member may not set a person’s names; an administrator may', async () => {
    const member = await b.newMember();
    const other = await b.newMember();
    const refused = await call<Body>(`/networks/${b.networkEID}/users/${other.profileEID}/`, {
      method: 'PUT',
      token: await member.token(),
      json: { firstName: 'Mallory' },
    });
    expect(refused.status).toBe(403);
    const byAdmin = await call<Body>(`/networks/${b.networkEID}/users/${other.profileEID}/`, {
      method: 'PUT',
      token: bAdmin,
      json: { firstName: 'Olga', lastName: '' },
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body).toMatchObject({ firstName: 'Olga', lastName: '', fullName: 'Olga' });
    const language = await call<Body>(`/networks/${b.networkEID}/users/${other.profileEID}/`, {
      method: 'PUT',
      token: bAdmin,
      json: { language: 'fr' },
    });
    expect(language.status).toBe(403);
  });
});

describe('the issue: globex’s administrator invites alice@acme.example', () => {
  it('the invitation’s user shows no foreign name, and a known and an unknown address look alike', async () => {
    const gina = (await passwordGrant(demo.gina)).body.access_token;
    const globex = (
      await call<{ networks: { EID: string; subdomain: string }[] }>('/whoami/', { token: gina })
    ).body.networks.find((n) => n.subdomain === 'globex')!.EID;
    const invite = async (email: string) => {
      const created = await call<Body>(`/networks/${globex}/invitations/`, { token: gina, json: { email } });
      expect([200, 201], created.text).toContain(created.status);
      const got = await call<Body>(
        `/networks/${globex}/invitations/${created.body.EID as string}/?embed=user`,
        {
          token: gina,
        },
      );
      expect(got.status).toBe(200);
      return { invitation: created.body, user: (got.body._embedded as { user: Body }).user };
    };
    const known = await invite(demo.alice);
    const unknown = await invite(`nobody-${uniqueSuffix()}@unknown.example`);
    expect(JSON.stringify(known)).not.toContain('Alice');
    expect(JSON.stringify(known)).not.toContain('Anders');
    expect(known.user).toMatchObject({ fullName: '', firstName: '', lastName: '', primaryEmail: demo.alice });
    // The default avatar's URL names the profile's own EID (compared apart: no name, no initials).
    const comparable = (user: Body) => {
      const {
        EID: _eid,
        primaryEmail: _email,
        created: _created,
        lastModified: _at,
        _links: _l,
        defaultAvatarUrl: avatar,
        ...rest
      } = user;
      return { ...rest, defaultAvatarUrl: String(avatar).replace(String(user.EID), '{EID}') };
    };
    expect(comparable(known.user)).toEqual(comparable(unknown.user));
    expect(Object.keys(known.user).sort()).toEqual(Object.keys(unknown.user).sort());
    expect(Object.keys(known.invitation).sort()).toEqual(Object.keys(unknown.invitation).sort());
  });
});
