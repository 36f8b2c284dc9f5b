/**
 * `sync-user` and `resolvelocation`. An app with `get_profile_xid` (or an
 * administrator) creates a profile by XID (201), and the same XID again updates it (200, one
 * profile, also when two syncs run at once); without the permission 403; other networks 404; bad
 * input 400 naming the field. `resolve-location` turns free text into `{name, countryCode, kind}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { accountFixture, pointersOf } from '../../support/factories/account.js';
import { closeFactories, uniqueSuffix, type TestNetwork } from '../../support/factories/core.js';
import { installedAppToken, resolveLocationPath, syncUserPath } from '../../support/factories/network-ops.js';

afterAll(closeFactories);

let network: TestNetwork;
let other: TestNetwork;
let memberToken: string;
let adminToken: string;
let outsiderToken: string;
let appToken: string;

beforeAll(async () => {
  ({ network, other, memberToken, adminToken, outsiderToken } = await accountFixture());
  appToken = await installedAppToken(network.networkEID, ['get_profile_xid']);
});

interface Profile {
  EID: string;
  XID: string | null;
  firstName: string;
  lastName: string;
  jobTitle: string;
}

describe('sync-user', () => {
  it('creates a profile by XID (201), then updates the same one (200); the XID route finds it', async () => {
    const XID = `HR-${uniqueSuffix()}`;
    const body = {
      XID,
      firstName: 'Ada',
      lastName: 'Lovelace',
      jobTitle: 'Analyst',
      username: `ada-${uniqueSuffix()}`,
    };
    const created = await call<Profile>(syncUserPath(network.networkEID), { token: appToken, json: body });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      type: 'user',
      XID,
      firstName: 'Ada',
      lastName: 'Lovelace',
      jobTitle: 'Analyst',
    });
    const again = await call<Profile>(syncUserPath(network.networkEID), {
      token: appToken,
      json: { XID, firstName: 'Ada', lastName: 'King', jobTitle: 'Countess' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ EID: created.body.EID, lastName: 'King', jobTitle: 'Countess' });
    const byXid = await call<Profile>(`/networks/${network.networkEID}/users/xid/${XID}/`, {
      token: adminToken,
    });
    expect(byXid.body).toMatchObject({ EID: created.body.EID, lastName: 'King' });
    // A member sees the new profile in the network.
    expect(
      (await call(`/networks/${network.networkEID}/users/${created.body.EID}/`, { token: memberToken }))
        .status,
    ).toBe(200);
  });

  it('two syncs of one XID at once give one profile', async () => {
    const XID = `HR-${uniqueSuffix()}`;
    const email = `sync-${uniqueSuffix()}@example.com`;
    const answers = await Promise.all(
      [1, 2].map(() =>
        call<Profile>(syncUserPath(network.networkEID), {
          token: appToken,
          json: { XID, firstName: 'Grace', lastName: 'Hopper', email },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.EID).toBe(answers[1]!.body.EID);
  });

  it('an administrator may sync too; an existing member without XID takes it', async () => {
    const person = await network.newMember();
    const XID = `HR-${uniqueSuffix()}`;
    const adopted = await call<Profile>(syncUserPath(network.networkEID), {
      token: adminToken,
      json: { XID, firstName: 'Test', lastName: 'Person', email: person.email },
    });
    expect(adopted.status, adopted.text).toBe(201);
    expect(adopted.body).toMatchObject({ EID: person.profileEID, XID });
    const clash = await call(syncUserPath(network.networkEID), {
      token: adminToken,
      json: { XID: `${XID}-2`, firstName: 'Test', lastName: 'Person', email: person.email },
    });
    expect(clash.status, clash.text).toBe(409);
    expect(clash.body).toMatchObject({ code: -221 });
  });

  it('needs get_profile_xid (403), an installed network (404), a sign-in name and valid fields (400)', async () => {
    const body = {
      XID: `HR-${uniqueSuffix()}`,
      firstName: 'No',
      lastName: 'Body',
      username: `nb-${uniqueSuffix()}`,
    };
    const without = await installedAppToken(network.networkEID, ['list_groups']);
    const refused = await call(syncUserPath(network.networkEID), { token: without, json: body });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ code: -140 });
    expect((await call(syncUserPath(network.networkEID), { token: memberToken, json: body })).status).toBe(
      403,
    );
    expect((await call(syncUserPath(other.networkEID), { token: appToken, json: body })).status).toBe(404);
    expect((await call(syncUserPath(network.networkEID), { token: outsiderToken, json: body })).status).toBe(
      404,
    );
    const noName = await call(syncUserPath(network.networkEID), {
      token: appToken,
      json: { XID: `HR-${uniqueSuffix()}`, firstName: 'No', lastName: 'Name' },
    });
    expect(noName.status, noName.text).toBe(400);
    expect(pointersOf(noName.body)).toContain('/body/email');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, XID: 'has space' }, '/body/XID'],
      [{ ...body, firstName: 'x'.repeat(101) }, '/body/firstName'],
      [{ ...body, email: 'not-an-address' }, '/body/email'],
      [{ ...body, role: 'admin' }, 'role'],
    ];
    for (const [json, pointer] of cases) {
      const bad = await call(syncUserPath(network.networkEID), { token: appToken, json });
      expect(bad.status, `${JSON.stringify(json)}: ${bad.text}`).toBe(400);
      expect(bad.text).toContain(pointer);
    }
  });
});

describe('resolve-location', () => {
  it('resolves cities and countries for members and installed apps; unknown text is null', async () => {
    const city = await call(resolveLocationPath(network.networkEID, 'amsterdam, nl'), { token: memberToken });
    expect(city.status, city.text).toBe(200);
    expect(city.body).toMatchObject({
      type: 'resolved_location',
      query: 'amsterdam, nl',
      location: { name: 'Amsterdam', countryCode: 'NL', kind: 'city' },
    });
    const country = await call(resolveLocationPath(network.networkEID, 'Deutschland'), { token: appToken });
    expect(country.body).toMatchObject({ location: { name: 'Germany', countryCode: 'DE', kind: 'country' } });
    const unknown = await call(resolveLocationPath(network.networkEID, 'Atlantis'), { token: memberToken });
    expect(unknown.body).toMatchObject({ location: null });
    expect(
      (await call(resolveLocationPath(network.networkEID, 'Paris'), { token: outsiderToken })).status,
    ).toBe(404);
    const missing = await call(`/networks/${network.networkEID}/resolve-location/`, { token: memberToken });
    expect(missing.status).toBe(400);
    expect(pointersOf(missing.body).join(' ')).toContain('/query');
  });
});
