/**
 * Profiles by XID over HTTP (spec: Network and sessions `/networks/{eid}/users/xid/{xid}/`;
 * Permissions `get_profile_xid`): administrators and apps with the permission read and edit a
 * profile by its external id; a new password for an account that signs in with its e-mail
 * address succeeds with a warning, for an emailless (username) account without one; every
 * session of the account ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, passwordGrant } from '../../support/api.js';
import {
  closeFactories,
  installApp,
  newClient,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { newEmaillessMember, setXid, statusWithin } from '../../support/factories/directory.js';

afterAll(closeFactories);

type Profile = Record<string, unknown> & {
  warnings?: { code: string; message: string }[];
  errors?: { pointer: string; message: string }[];
  code?: number;
};

const xidPath = (network: TestNetwork, xid: string) =>
  `/networks/${network.networkEID}/users/xid/${encodeURIComponent(xid)}/`;

async function appToken(networkEID: string, permissions: string[]) {
  const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
  await installApp(networkEID, app.clientId, permissions);
  const response = await call<{ access_token: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.secret },
  });
  return response.body.access_token;
}

let network: TestNetwork;
let adminToken: string;
let person: TestPerson;
const xid = 'HR-1001';

beforeAll(async () => {
  network = await newNetwork('XID network');
  person = await network.newMember();
  adminToken = await network.admin.token();
  await setXid(network, person.profileEID, xid);
});

describe('GET /networks/{networkEID}/users/xid/{xid}/', () => {
  it('answers the profile to an administrator and to an app with get_profile_xid', async () => {
    const byAdmin = await call<Profile>(xidPath(network, xid), { token: adminToken });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({
      type: 'user',
      EID: person.profileEID,
      XID: xid,
      primaryEmail: person.email,
    });
    const byApp = await call<Profile>(xidPath(network, xid), {
      token: await appToken(network.networkEID, ['get_profile_xid']),
    });
    expect(byApp.status).toBe(200);
    expect(byApp.body).toMatchObject({ EID: person.profileEID, primaryEmail: person.email });
  });

  it('refuses a member (403) and an app without the permission (403, -140); 404 for an unknown XID', async () => {
    const member = await network.newMember();
    const asMember = await call<Profile>(xidPath(network, xid), { token: await member.token() });
    expect([asMember.status, asMember.body.code]).toEqual([403, -103]);
    const asApp = await call<Profile>(xidPath(network, xid), {
      token: await appToken(network.networkEID, ['list_network_roles']),
    });
    expect([asApp.status, asApp.body.code]).toEqual([403, -140]);
    expect((await call<Profile>(xidPath(network, 'HR-none'), { token: adminToken })).status).toBe(404);
  });

  it('answers 404 across networks: the XID of one network is not found through another', async () => {
    const other = await newNetwork();
    const otherAdmin = await other.admin.token();
    expect((await call(xidPath(other, xid), { token: otherAdmin })).status).toBe(404);
    expect((await call(xidPath(network, xid), { token: otherAdmin })).status).toBe(404);
    const elsewhere = await appToken(other.networkEID, ['get_profile_xid']);
    expect((await call(xidPath(network, xid), { token: elsewhere })).status).toBe(404);
  });

  it('answers 400 naming the XID when it is malformed', async () => {
    const response = await call<Profile>(xidPath(network, 'bad xid!'), { token: adminToken });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.pointer).toBe('/params/xid');
  });
});

describe('PUT /networks/{networkEID}/users/xid/{xid}/', () => {
  it('changes profile fields without warnings when no password is sent', async () => {
    const response = await call<Profile>(xidPath(network, xid), {
      method: 'PUT',
      token: adminToken,
      json: { jobTitle: 'Accountant', employmentStartDate: '2019-09-01' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ jobTitle: 'Accountant', employmentStartDate: '2019-09-01' });
    expect(response.body).not.toHaveProperty('warnings');
  });

  it('sets a new password for an e-mail account with a warning, and ends its sessions', async () => {
    const target = await network.newMember();
    await setXid(network, target.profileEID, 'HR-2002');
    const oldToken = await target.token();
    const response = await call<Profile>(xidPath(network, 'HR-2002'), {
      method: 'PUT',
      token: adminToken,
      json: { password: 'a-brand-new-password', jobTitle: 'Clerk' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ EID: target.profileEID, jobTitle: 'Clerk' });
    expect(response.body.warnings).toEqual([
      { code: 'password_changed_for_email_account', message: expect.stringContaining('e-mail address') },
    ]);
    expect((await passwordGrant(target.email, target.password)).status).toBe(400);
    expect((await passwordGrant(target.email, 'a-brand-new-password')).status).toBe(200);
    const status = await statusWithin(
      () => call(`/networks/${network.networkEID}/`, { token: oldToken }),
      (s) => s === 401,
      2_000,
    );
    expect(status).toBe(401);
  });

  it('sets a new password for an emailless account without a warning; it signs in with its username', async () => {
    const emailless = await newEmaillessMember(network);
    await setXid(network, emailless.profileEID, 'HR-3003');
    const read = await call<Profile>(xidPath(network, 'HR-3003'), { token: adminToken });
    expect(read.body.primaryEmail).toBeNull();
    const response = await call<Profile>(xidPath(network, 'HR-3003'), {
      method: 'PUT',
      token: await appToken(network.networkEID, ['get_profile_xid']),
      json: { password: 'another-new-password' },
    });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('warnings');
    expect((await passwordGrant(emailless.username, emailless.password)).status).toBe(400);
    const token = await emailless.token('another-new-password');
    const whoami = await call<{ email: unknown }>('/whoami/', { token });
    expect(whoami.body.email).toBeNull();
  });

  it('refuses a member (403) and stores nothing; refuses mass assignment (400); a short password is 400', async () => {
    const member = await network.newMember();
    const denied = await call<Profile>(xidPath(network, xid), {
      method: 'PUT',
      token: await member.token(),
      json: { password: 'member-chosen-password' },
    });
    expect(denied.status).toBe(403);
    expect((await passwordGrant(person.email, 'member-chosen-password')).status).toBe(400);
    expect((await passwordGrant(person.email, person.password)).status).toBe(200);

    for (const field of ['isBot', 'role', 'EID', 'networkEID', '_id']) {
      const response = await call<Profile>(xidPath(network, xid), {
        method: 'PUT',
        token: adminToken,
        json: { jobTitle: 'Changed', [field]: field === 'isBot' ? true : 'admin' },
      });
      expect(response.status, field).toBe(400);
      expect(response.body.errors).toEqual([{ pointer: `/body/${field}`, message: 'is not allowed' }]);
    }
    const short = await call<Profile>(xidPath(network, xid), {
      method: 'PUT',
      token: adminToken,
      json: { password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0]?.pointer).toBe('/body/password');
    const after = await call<Profile>(xidPath(network, xid), { token: adminToken });
    expect(after.body).toMatchObject({ role: 'member', isBot: false, EID: person.profileEID });
    expect(after.body.jobTitle).not.toBe('Changed');
  });

  it("refuses the person's own preferences to an administrator or app (403 naming them), before any password change", async () => {
    const response = await call<Profile>(xidPath(network, xid), {
      method: 'PUT',
      token: adminToken,
      json: { password: 'not-applied-password', tourCompleted: true },
    });
    expect([response.status, response.body.code]).toEqual([403, -130]);
    expect(response.body.errors?.[0]?.pointer).toBe('/body/tourCompleted');
    expect((await passwordGrant(person.email, 'not-applied-password')).status).toBe(400);
  });

  it('changes the XID itself; the old one is then 404', async () => {
    const target = await network.newMember();
    await setXid(network, target.profileEID, 'HR-4004');
    const moved = await call<Profile>(xidPath(network, 'HR-4004'), {
      method: 'PUT',
      token: adminToken,
      json: { XID: 'HR-4005' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.XID).toBe('HR-4005');
    expect((await call(xidPath(network, 'HR-4004'), { token: adminToken })).status).toBe(404);
    expect((await call<Profile>(xidPath(network, 'HR-4005'), { token: adminToken })).body.EID).toBe(
      target.profileEID,
    );
  });
});
