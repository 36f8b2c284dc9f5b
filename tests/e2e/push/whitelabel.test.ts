/**
 * `/whitelabel-apps/` over HTTP: network administrators register, members read; the
 * fields, read-only `numNetworks`; `appStoreUrl` and `googlePlayUrl` only before 2023.0.1 (both
 * sides of the gates, read and write); the network's `whitelabelApps` link answers; 404 across
 * networks; bad input 400 naming the field. Decisions: docs/decisions.md, "Notifications: devices,
 * push and white-label apps".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, uniqueSuffix, type TestNetwork } from '../../support/factories/core.js';
import {
  newWhitelabelApp,
  whitelabelFields,
  whitelabelPath,
  type WhitelabelAppBody,
} from '../../support/factories/push.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork('White-label');
  adminToken = await network.admin.token();
});

const projectId = () => `wl-${uniqueSuffix()}`;
const path = (link: { href: string } | undefined) => (link ? new URL(link.href).pathname : undefined);
const storeUrls = {
  appStoreUrl: 'https://apps.apple.com/app/id1',
  googlePlayUrl: 'https://play.google.com/store/apps/x',
};

interface WhitelabelCollectionBody {
  total: number;
  _embedded: { whitelabelApps: WhitelabelAppBody[] };
  _links: Record<string, { href: string }>;
}

describe('white-label apps', () => {
  it('is registered by a network admin and read by members, with its fields and numNetworks', async () => {
    const fields = { ...whitelabelFields(projectId()), platform: 'ios' };
    const created = await newWhitelabelApp(network.networkEID, adminToken, fields);
    expect(created).toMatchObject({ type: 'whitelabel_app', ...fields, numNetworks: 1 });
    expect(created).not.toHaveProperty('appStoreUrl');
    expect(created).not.toHaveProperty('googlePlayUrl');
    expect(path(created._links.self)).toBe(whitelabelPath(network.networkEID, `${created.EID}/`));
    const memberToken = await (await network.newMember()).token();
    const read = await call<WhitelabelAppBody>(whitelabelPath(network.networkEID, `${created.EID}/`), {
      token: memberToken,
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ EID: created.EID, ...fields, numNetworks: 1 });
    const list = await call<WhitelabelCollectionBody>(whitelabelPath(network.networkEID), {
      token: memberToken,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body._embedded.whitelabelApps.map((a) => a.EID)).toContain(created.EID);
  });

  it('counts the networks that registered the same project and platform', async () => {
    const fields = whitelabelFields(projectId());
    const other = await newNetwork('White-label too');
    await newWhitelabelApp(other.networkEID, await other.admin.token(), fields);
    const here = await newWhitelabelApp(network.networkEID, adminToken, fields);
    expect(here.numNetworks).toBe(2);
    const ios = await newWhitelabelApp(network.networkEID, adminToken, { ...fields, platform: 'ios' });
    expect(ios.numNetworks).toBe(1);
  });

  it('refuses members (403 -403) and a second registration of the same project and platform (409 -404)', async () => {
    const memberToken = await (await network.newMember()).token();
    const byMember = await call<Problem>(whitelabelPath(network.networkEID), {
      token: memberToken,
      json: whitelabelFields(projectId()),
    });
    expect(byMember.status, byMember.text).toBe(403);
    expect(byMember.body.code).toBe(-403);
    const fields = whitelabelFields(projectId());
    await newWhitelabelApp(network.networkEID, adminToken, fields);
    const twice = await call<Problem>(whitelabelPath(network.networkEID), {
      token: adminToken,
      json: fields,
    });
    expect(twice.status, twice.text).toBe(409);
    expect(twice.body.code).toBe(-404);
  });

  it('is 404 across networks and for non-members', async () => {
    const other = await newNetwork('White-label other');
    const otherAdmin = await other.admin.token();
    const theirs = await newWhitelabelApp(other.networkEID, otherAdmin, whitelabelFields(projectId()));
    const viaMine = await call<Problem>(whitelabelPath(network.networkEID, `${theirs.EID}/`), {
      token: adminToken,
    });
    expect(viaMine.status).toBe(404);
    expect(viaMine.body.code).toBe(-401);
    expect((await call(whitelabelPath(other.networkEID), { token: adminToken })).status).toBe(404);
    expect(
      (
        await call(whitelabelPath(other.networkEID), {
          token: adminToken,
          json: whitelabelFields(projectId()),
        })
      ).status,
    ).toBe(404);
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...whitelabelFields(projectId()), platform: 'web' }, '/body/platform'],
      [{ ...whitelabelFields(), projectId: 'Has Spaces' }, '/body/projectId'],
      [{ ...whitelabelFields(projectId()), downloadUrl: 'ftp://x' }, '/body/downloadUrl'],
      [{ ...whitelabelFields(projectId()), notificationProvider: 'mqtt' }, '/body/notificationProvider'],
      [
        (({ notificationProviderVersion: _v, ...rest }) => rest)(whitelabelFields(projectId())),
        '/body/notificationProviderVersion',
      ],
    ];
    for (const [json, pointer] of cases) {
      const answer = await call<Problem>(whitelabelPath(network.networkEID), { token: adminToken, json });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors?.map((e) => e.pointer).join(' '), answer.text).toContain(pointer);
    }
  });
});

describe('appStoreUrl and googlePlayUrl (deprecated): only before 2023.0.1', () => {
  it('are written and read at 1.6.8, and neither read nor accepted at 2023.0.1', async () => {
    const old = await newWhitelabelApp(
      network.networkEID,
      adminToken,
      { ...whitelabelFields(projectId()), ...storeUrls },
      '1.6.8',
    );
    expect(old).toMatchObject(storeUrls);
    const at = (version: string) =>
      call<WhitelabelAppBody>(whitelabelPath(network.networkEID, `${old.EID}/`), {
        token: adminToken,
        accept: mediaType(version),
      });
    expect((await at('1.6.8')).body).toMatchObject(storeUrls);
    const newer = await at('2023.0.1');
    expect(newer.status).toBe(200);
    expect(newer.body).not.toHaveProperty('appStoreUrl');
    expect(newer.body).not.toHaveProperty('googlePlayUrl');
    const oldList = await call<WhitelabelCollectionBody>(whitelabelPath(network.networkEID), {
      token: adminToken,
      accept: mediaType('1.6.8'),
    });
    expect(oldList.body._embedded.whitelabelApps.find((a) => a.EID === old.EID)).toMatchObject(storeUrls);
    for (const [field, value] of Object.entries(storeUrls)) {
      const refused = await call<Problem>(whitelabelPath(network.networkEID), {
        token: adminToken,
        accept: mediaType('2023.0.1'),
        json: { ...whitelabelFields(projectId()), [field]: value },
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.text).toContain(field);
    }
  });
});

describe("the network's whitelabelApps link", () => {
  it('answers: it leads to the collection of the network’s white-label apps', async () => {
    const created = await newWhitelabelApp(network.networkEID, adminToken, whitelabelFields(projectId()));
    const networkResource = await call<{ _links: Record<string, { href: string }> }>(
      `/networks/${network.networkEID}/`,
      { token: adminToken },
    );
    expect(networkResource.status, networkResource.text).toBe(200);
    const href = networkResource.body._links.whitelabelApps?.href;
    expect(path(networkResource.body._links.whitelabelApps)).toBe(whitelabelPath(network.networkEID));
    const followed = await call<WhitelabelCollectionBody>(new URL(href!).pathname, { token: adminToken });
    expect(followed.status, followed.text).toBe(200);
    expect(followed.body._embedded.whitelabelApps.map((a) => a.EID)).toContain(created.EID);
  });
});
