/**
 * Network profiles over HTTP (spec: Other resources "User network profile"; Network and sessions
 * `GET …/users/{profileEID}/`; Versioning: `deleted` → `userState`, 1.4.8 admin roles): the
 * representation and its privacy (the caller's own birthday always), profile edits and who may
 * change which field (network settings `allowEditingProfileBio`/`allowEditingJobTitle`,
 * `employmentStartDate` by administrators only), mass assignment and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { setProfileFields, setStoredRole, setUserState } from '../../support/factories/directory.js';

afterAll(closeFactories);

type Profile = Record<string, unknown> & {
  errors?: { pointer: string; message: string }[];
  code?: number;
};

const profilePath = (network: TestNetwork, profileEID: string) =>
  `/networks/${network.networkEID}/users/${profileEID}/`;

async function putProfile(network: TestNetwork, profileEID: string, token: string, json: unknown) {
  return call<Profile>(profilePath(network, profileEID), { method: 'PUT', token, json });
}

async function putNetwork(network: TestNetwork, token: string, json: unknown) {
  const response = await call(`/networks/${network.networkEID}`, { method: 'PUT', token, json });
  expect(response.status).toBe(200);
}

let network: TestNetwork;
let adminToken: string;
let alice: TestPerson;
let aliceToken: string;
let bob: TestPerson;
let bobToken: string;

beforeAll(async () => {
  network = await newNetwork('Profiles');
  [alice, bob] = [await network.newMember(), await network.newMember()];
  // One at a time: password hashing is deliberately slow, and parallel grants queue up in auth.
  adminToken = await network.admin.token();
  aliceToken = await alice.token();
  bobToken = await bob.token();
});

describe('GET /networks/{networkEID}/users/{profileEID}/', () => {
  it('shows the profile fields with their defaults, and the person’s own settings only to the person', async () => {
    const own = await call<Profile>(profilePath(network, alice.profileEID), { token: aliceToken });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      type: 'user',
      EID: alice.profileEID,
      XID: null,
      primaryEmail: alice.email,
      role: 'member',
      userState: 'active',
      isBot: false,
      extrnal: false,
      autoTranslation: true,
      aboutMe: '',
      jobTitle: '',
      workStatus: null,
      workStatusValidUntil: null,
      employmentStartDate: null,
      birthday: null,
      birthdayPrivacy: 'private',
      primaryEmailPrivacy: null,
      chatEnabled: true,
      tourCompleted: false,
      network: { type: 'network', EID: network.networkEID },
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/),
    });
    const other = await call<Profile>(profilePath(network, alice.profileEID), { token: bobToken });
    expect(other.status).toBe(200);
    for (const personal of ['birthdayPrivacy', 'primaryEmailPrivacy', 'chatEnabled', 'tourCompleted']) {
      expect(other.body).not.toHaveProperty(personal);
    }
  });

  it("always shows the caller's own birthday; others' per its privacy setting", async () => {
    const birthday = { day: 14, month: 2, year: 1990 };
    const set = await putProfile(network, bob.profileEID, bobToken, { birthday, birthdayPrivacy: 'private' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ birthday, birthdayPrivacy: 'private' });

    const read = (token: string) => call<Profile>(profilePath(network, bob.profileEID), { token });
    expect((await read(bobToken)).body.birthday).toEqual(birthday);
    expect((await read(aliceToken)).body.birthday).toBeNull();
    // Not even administrators see a private birthday.
    expect((await read(adminToken)).body.birthday).toBeNull();

    await putProfile(network, bob.profileEID, bobToken, { birthdayPrivacy: 'network_without_year' });
    expect((await read(aliceToken)).body.birthday).toEqual({ day: 14, month: 2, year: null });
    expect((await read(bobToken)).body.birthday).toEqual(birthday);

    await putProfile(network, bob.profileEID, bobToken, { birthdayPrivacy: 'network' });
    expect((await read(aliceToken)).body.birthday).toEqual(birthday);

    // Hidden birthdays stay hidden in the collection too.
    await putProfile(network, bob.profileEID, bobToken, { birthdayPrivacy: 'private' });
    const list = await call<{ _embedded: { users: Profile[] } }>(`/networks/${network.networkEID}/users/`, {
      token: aliceToken,
    });
    expect(list.body._embedded.users.find((u) => u.EID === bob.profileEID)?.birthday).toBeNull();
  });

  it('shows primary e-mail addresses per the profile’s privacy, else the network default; always to the person and administrators', async () => {
    const other = await newNetwork();
    const [carol, dave] = [await other.newMember(), await other.newMember()];
    const otherAdmin = await other.admin.token();
    const carolToken = await carol.token();
    const daveToken = await dave.token();
    const emailOf = async (token: string) =>
      (await call<Profile>(profilePath(other, carol.profileEID), { token })).body.primaryEmail;
    expect(await emailOf(daveToken)).toBe(carol.email);

    await putProfile(other, carol.profileEID, carolToken, { primaryEmailPrivacy: 'admins' });
    expect(await emailOf(daveToken)).toBeNull();
    expect(await emailOf(otherAdmin)).toBe(carol.email);
    expect(await emailOf(carolToken)).toBe(carol.email);

    await putProfile(other, carol.profileEID, carolToken, { primaryEmailPrivacy: null });
    await putNetwork(other, otherAdmin, { defaultPrimaryEmailPrivacySetting: 'admins' });
    expect(await emailOf(daveToken)).toBeNull();
    await putProfile(other, carol.profileEID, carolToken, { primaryEmailPrivacy: 'network' });
    expect(await emailOf(daveToken)).toBe(carol.email);
  });

  it('reports a work status until its end, then none', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const set = await putProfile(network, alice.profileEID, aliceToken, {
      workStatus: 'In workshops',
      workStatusValidUntil: until,
    });
    expect(set.status).toBe(200);
    expect(set.body.workStatus).toBe('In workshops');
    expect(Date.parse(String(set.body.workStatusValidUntil))).toBe(Date.parse(until));
    expect(set.body.workStatusValidUntil).toMatch(/\+00:00$/);

    await setProfileFields(alice.profileEID, { workStatusValidUntil: new Date(Date.now() - 1000) });
    const expired = await call<Profile>(profilePath(network, alice.profileEID), { token: bobToken });
    expect(expired.body).toMatchObject({ workStatus: null, workStatusValidUntil: null });
  });

  it('answers 404 for a profile of another network, through either network', async () => {
    const other = await newNetwork();
    const stranger = await other.newMember();
    const viaHere = await call<Profile>(profilePath(network, stranger.profileEID), { token: aliceToken });
    expect(viaHere.status).toBe(404);
    const viaThere = await call<Profile>(profilePath(other, alice.profileEID), { token: aliceToken });
    expect(viaThere.status).toBe(404);
  });
});

describe('versions: `deleted` (until 2023.0.1) and `userState`; administrator variants (1.4.8)', () => {
  it('derives `deleted` from `userState` before 2023.0.1 and drops it from 2023.0.1', async () => {
    const gone = await network.newMember();
    await setUserState(gone.profileEID, 'deleted');
    const read = (version: string, profileEID = gone.profileEID) =>
      call<Profile>(profilePath(network, profileEID), { token: aliceToken, accept: mediaType(version) });

    const old = await read('1.6.8');
    expect(old.body).toMatchObject({ userState: 'deleted', deleted: true });
    expect((await read('1.6.8', bob.profileEID)).body).toMatchObject({ userState: 'active', deleted: false });

    const current = await read('2023.0.1');
    expect(current.body.userState).toBe('deleted');
    expect(current.body).not.toHaveProperty('deleted');
    expect((await read('2026.1.13', bob.profileEID)).body).not.toHaveProperty('deleted');
  });

  it('reports every administrator variant as `admin` from 1.4.8 and as stored before', async () => {
    const manager = await network.newMember();
    await setStoredRole(manager.profileEID, 'community_manager');
    const read = (version: string) =>
      call<Profile>(profilePath(network, manager.profileEID), {
        token: aliceToken,
        accept: mediaType(version),
      });
    expect((await read('1.4.7')).body.role).toBe('community_manager');
    expect((await read('1.4.8')).body.role).toBe('admin');
    expect((await read('2026.1.13')).body.role).toBe('admin');
  });
});

describe('PUT /networks/{networkEID}/users/{profileEID}/', () => {
  it('lets the person change their own fields, and nothing else changes', async () => {
    const person = await network.newMember();
    const token = await person.token();
    const response = await putProfile(network, person.profileEID, token, {
      aboutMe: 'I build things.',
      jobTitle: 'Engineer',
      autoTranslation: false,
      tourCompleted: true,
      chatEnabled: false,
      birthday: { day: 29, month: 2, year: null },
      birthdayPrivacy: 'network',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      aboutMe: 'I build things.',
      jobTitle: 'Engineer',
      autoTranslation: false,
      tourCompleted: true,
      chatEnabled: false,
      birthday: { day: 29, month: 2, year: null },
      birthdayPrivacy: 'network',
      role: 'member',
      isBot: false,
      userState: 'active',
      EID: person.profileEID,
    });
    const read = await call<Profile>(profilePath(network, person.profileEID), { token });
    expect(read.body).toMatchObject({
      aboutMe: 'I build things.',
      jobTitle: 'Engineer',
      tourCompleted: true,
    });
  });

  it.each([
    ['isBot', true],
    ['EID', '0123456789abcdef01234567'],
    ['networkEID', '0123456789abcdef01234567'],
    ['role', 'admin'],
    ['_id', '0123456789abcdef01234567'],
    ['userState', 'active'],
    ['type', 'user'],
    ['primaryEmail', 'me@elsewhere.example'],
    ['extrnal', false],
    ['created', '2020-01-01T00:00:00+00:00'],
    ['lastModified', '2020-01-01T00:00:00+00:00'],
  ])('refuses %s (400 naming it) and changes nothing of the body', async (field, value) => {
    const response = await putProfile(network, alice.profileEID, aliceToken, {
      aboutMe: 'Sneaky',
      [field]: value,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ pointer: `/body/${field}`, message: 'is not allowed' }]);
    const read = await call<Profile>(profilePath(network, alice.profileEID), { token: aliceToken });
    expect(read.body).toMatchObject({
      EID: alice.profileEID,
      role: 'member',
      isBot: false,
      userState: 'active',
      primaryEmail: alice.email,
      network: { type: 'network', EID: network.networkEID },
    });
    expect(read.body.aboutMe).not.toBe('Sneaky');
  });

  it('lets only administrators set employmentStartDate (403 for the person, nothing stored)', async () => {
    const person = await network.newMember();
    const token = await person.token();
    const own = await putProfile(network, person.profileEID, token, {
      employmentStartDate: '2020-04-01',
      jobTitle: 'Chief',
    });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe(-130);
    expect(own.body.errors).toEqual([
      { pointer: '/body/employmentStartDate', message: 'only network administrators may change it' },
    ]);
    const unchanged = await call<Profile>(profilePath(network, person.profileEID), { token });
    expect(unchanged.body).toMatchObject({ employmentStartDate: null, jobTitle: '' });

    const byAdmin = await putProfile(network, person.profileEID, adminToken, {
      employmentStartDate: '2020-04-01',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.employmentStartDate).toBe('2020-04-01');
    const seenByOthers = await call<Profile>(profilePath(network, person.profileEID), { token: bobToken });
    expect(seenByOthers.body.employmentStartDate).toBe('2020-04-01');
    const cleared = await putProfile(network, person.profileEID, adminToken, { employmentStartDate: null });
    expect(cleared.body.employmentStartDate).toBeNull();
  });

  it('follows allowEditingProfileBio and allowEditingJobTitle for members; administrators edit either way', async () => {
    const locked = await newNetwork();
    const person = await locked.newMember();
    const lockedAdmin = await locked.admin.token();
    const token = await person.token();
    await putNetwork(locked, lockedAdmin, { allowEditingProfileBio: false });

    const bio = await putProfile(locked, person.profileEID, token, { aboutMe: 'Hello' });
    expect([bio.status, bio.body.code]).toEqual([403, -130]);
    expect(bio.body.errors?.[0]?.pointer).toBe('/body/aboutMe');
    expect((await putProfile(locked, person.profileEID, token, { jobTitle: 'Analyst' })).status).toBe(200);

    await putNetwork(locked, lockedAdmin, { allowEditingProfileBio: true, allowEditingJobTitle: false });
    const title = await putProfile(locked, person.profileEID, token, { jobTitle: 'Director' });
    expect([title.status, title.body.code]).toEqual([403, -130]);
    expect(title.body.errors?.[0]?.pointer).toBe('/body/jobTitle');
    expect((await putProfile(locked, person.profileEID, token, { aboutMe: 'Hello' })).status).toBe(200);

    const byAdmin = await putProfile(locked, person.profileEID, lockedAdmin, { jobTitle: 'Director' });
    expect(byAdmin.status).toBe(200);
    const read = await call<Profile>(profilePath(locked, person.profileEID), { token });
    expect(read.body).toMatchObject({ jobTitle: 'Director', aboutMe: 'Hello' });
    const adminOwn = await putProfile(locked, locked.admin.profileEID, lockedAdmin, { jobTitle: 'Boss' });
    expect(adminOwn.status).toBe(200);
  });

  it("refuses a member editing someone else's profile (403), and an administrator the person's own preferences", async () => {
    const byMember = await putProfile(network, alice.profileEID, bobToken, { aboutMe: 'Defaced' });
    expect([byMember.status, byMember.body.code]).toEqual([403, -103]);
    const byAdmin = await putProfile(network, alice.profileEID, adminToken, {
      autoTranslation: false,
      chatEnabled: false,
    });
    expect([byAdmin.status, byAdmin.body.code]).toEqual([403, -130]);
    expect(byAdmin.body.errors?.map((e) => e.pointer)).toEqual([
      '/body/autoTranslation',
      '/body/chatEnabled',
    ]);
    const read = await call<Profile>(profilePath(network, alice.profileEID), { token: aliceToken });
    expect(read.body).toMatchObject({ autoTranslation: true, chatEnabled: true });
    expect(read.body.aboutMe).not.toBe('Defaced');
  });

  it('answers 404 across networks, also to an administrator of the other network', async () => {
    const other = await newNetwork();
    const otherAdmin = await other.admin.token();
    const viaOther = await putProfile(other, alice.profileEID, otherAdmin, { jobTitle: 'Spy' });
    expect(viaOther.status).toBe(404);
    const viaHere = await putProfile(network, alice.profileEID, otherAdmin, { jobTitle: 'Spy' });
    expect(viaHere.status).toBe(404);
    const read = await call<Profile>(profilePath(network, alice.profileEID), { token: aliceToken });
    expect(read.body.jobTitle).not.toBe('Spy');
  });

  it.each([
    [{ birthday: { day: 31, month: 2, year: null } }, '/body/birthday'],
    [{ birthday: { day: 29, month: 2, year: 2001 } }, '/body/birthday'],
    [{ birthday: { day: 1, month: 1, year: 2099 } }, '/body/birthday'],
    [{ workStatus: 'Away', workStatusValidUntil: '2000-01-01T00:00:00+00:00' }, '/body/workStatusValidUntil'],
  ])('answers 400 (-139) naming the field for %j', async (json, pointer) => {
    const response = await putProfile(network, alice.profileEID, aliceToken, json);
    expect([response.status, response.body.code]).toEqual([400, -139]);
    expect(response.body.errors?.map((e) => e.pointer)).toEqual([pointer]);
  });

  it.each([
    [{ birthday: { day: 0, month: 2, year: null } }, '/body/birthday'],
    [{ employmentStartDate: '2020-13-01' }, '/body/employmentStartDate'],
    [{ workStatusValidUntil: 'tomorrow' }, '/body/workStatusValidUntil'],
    [{ birthdayPrivacy: 'friends' }, '/body/birthdayPrivacy'],
    [{ aboutMe: 'x'.repeat(2001) }, '/body/aboutMe'],
  ])('answers 400 naming the field for the malformed %j', async (json, pointer) => {
    const response = await putProfile(network, alice.profileEID, aliceToken, json);
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((e) => e.pointer)).toContain(pointer);
  });

  it('sets an XID (administrators only), unique in the network (409), free in another network', async () => {
    const person = await network.newMember();
    const xid = `EMP-${person.profileEID.slice(-6)}`;
    const byPerson = await putProfile(network, person.profileEID, await person.token(), { XID: xid });
    expect([byPerson.status, byPerson.body.code]).toEqual([403, -130]);
    const set = await putProfile(network, person.profileEID, adminToken, { XID: xid });
    expect(set.status).toBe(200);
    expect(set.body.XID).toBe(xid);
    const taken = await putProfile(network, alice.profileEID, adminToken, { XID: xid });
    expect([taken.status, taken.body.code]).toEqual([409, -135]);
    expect(taken.body.errors?.[0]?.pointer).toBe('/body/XID');

    const other = await newNetwork();
    const elsewhere = await other.newMember();
    const free = await putProfile(other, elsewhere.profileEID, await other.admin.token(), { XID: xid });
    expect(free.status).toBe(200);

    const cleared = await putProfile(network, person.profileEID, adminToken, { XID: null });
    expect(cleared.body.XID).toBeNull();
    expect((await putProfile(network, alice.profileEID, adminToken, { XID: xid })).status).toBe(200);
  });
});
