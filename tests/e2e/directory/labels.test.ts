/**
 * Labels: network administrators create, rename and delete them; members list
 * and read them, by name, paged; a name is unique in the network whatever its case (409). Other
 * networks get 404; bad input is 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../../support/api.js';
import { accountFixture, pointersOf } from '../../support/factories/account.js';
import { closeFactories, type TestNetwork } from '../../support/factories/core.js';
import { installedAppToken, labelsPath, newLabel } from '../../support/factories/network-ops.js';

afterAll(closeFactories);

let network: TestNetwork;
let other: TestNetwork;
let memberToken: string;
let adminToken: string;
let outsiderToken: string;

beforeAll(async () => {
  ({ network, other, memberToken, adminToken, outsiderToken } = await accountFixture());
});

interface LabelPage {
  total: number;
  _embedded: { labels: { EID: string; name: string }[] };
}

describe('labels', () => {
  it('administrators create, rename and delete; members list (by name, paged) and read', async () => {
    const created = await call<{ EID: string; _links: unknown }>(labelsPath(network.networkEID), {
      token: adminToken,
      json: { name: 'Sales' },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ type: 'label', name: 'Sales', created: expect.any(String) });
    const path = labelsPath(network.networkEID, `${created.body.EID}/`);
    expect(created.body._links).toMatchObject({
      self: { href: `${baseUrl()}${path}` },
    });
    await newLabel(network.networkEID, adminToken, 'apples');
    await newLabel(network.networkEID, adminToken, 'Marketing');
    const page = await call<LabelPage>(`${labelsPath(network.networkEID)}?limit=2`, { token: memberToken });
    expect(page.status, page.text).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body._embedded.labels.map((l) => l.name)).toEqual(['apples', 'Marketing']);
    const next = await call<LabelPage>(`${labelsPath(network.networkEID)}?limit=2&offset=2`, {
      token: memberToken,
    });
    expect(next.body._embedded.labels.map((l) => l.name)).toEqual(['Sales']);
    expect((await call(path, { token: memberToken })).body).toMatchObject({ name: 'Sales' });

    const renamed = await call(path, { token: adminToken, method: 'PUT', json: { name: 'Sales EMEA' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ EID: created.body.EID, name: 'Sales EMEA' });
    // Renaming to its own name in another case is fine.
    const recased = await call(path, { token: adminToken, method: 'PUT', json: { name: 'sales emea' } });
    expect(recased.status, recased.text).toBe(200);

    const deleted = await call(path, { token: adminToken, method: 'DELETE' });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await call(path, { token: memberToken })).status).toBe(404);
    const again = await call(path, { token: adminToken, method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: -214 });
  });

  it('refuses a name the network has already, whatever its case (409), also on rename', async () => {
    await newLabel(network.networkEID, adminToken, 'Finance');
    const twin = await call(labelsPath(network.networkEID), { token: adminToken, json: { name: 'FINANCE' } });
    expect(twin.status, twin.text).toBe(409);
    expect(twin.body).toMatchObject({ code: -215 });
    expect(pointersOf(twin.body)).toContain('/body/name');
    const legal = await newLabel(network.networkEID, adminToken, 'Legal');
    const clash = await call(labelsPath(network.networkEID, `${legal}/`), {
      token: adminToken,
      method: 'PUT',
      json: { name: 'finance' },
    });
    expect(clash.status, clash.text).toBe(409);
    // Two creates of one name at once: one wins.
    const both = await Promise.all(
      ['Ops', 'ops'].map((name) =>
        call(labelsPath(network.networkEID), { token: adminToken, json: { name } }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    // Another network may use the same name.
    expect(
      (await call(labelsPath(other.networkEID), { token: outsiderToken, json: { name: 'Finance' } })).status,
    ).toBe(201);
  });

  it('is written by administrators only (403), hidden from other networks and apps (404), bad input 400', async () => {
    const label = await newLabel(network.networkEID, adminToken, 'Admins only');
    const path = labelsPath(network.networkEID, `${label}/`);
    const byMember = await call(labelsPath(network.networkEID), {
      token: memberToken,
      json: { name: 'Nope' },
    });
    expect(byMember.status, byMember.text).toBe(403);
    expect(byMember.body).toMatchObject({ code: -103 });
    expect((await call(path, { token: memberToken, method: 'PUT', json: { name: 'Nope' } })).status).toBe(
      403,
    );
    expect((await call(path, { token: memberToken, method: 'DELETE' })).status).toBe(403);
    // Another network's administrator: 404 through either network.
    expect((await call(path, { token: outsiderToken })).status).toBe(404);
    const viaOwn = await call(labelsPath(other.networkEID, `${label}/`), { token: outsiderToken });
    expect(viaOwn.status).toBe(404);
    expect(
      (await call(labelsPath(other.networkEID, `${label}/`), { token: outsiderToken, method: 'DELETE' }))
        .status,
    ).toBe(404);
    const app = await installedAppToken(network.networkEID, ['edit_network_features']);
    expect((await call(labelsPath(network.networkEID), { token: app })).status).toBe(404);
    for (const json of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'a\nb' }, { name: 7 }]) {
      const bad = await call(labelsPath(network.networkEID), { token: adminToken, json });
      expect(bad.status, `${JSON.stringify(json)}: ${bad.text}`).toBe(400);
      expect(pointersOf(bad.body).join(), JSON.stringify(json)).toContain('/body');
    }
    const extra = await call(labelsPath(network.networkEID), {
      token: adminToken,
      json: { name: 'Ok', colour: 'red' },
    });
    expect(extra.status).toBe(400);
    expect(extra.text).toContain('colour');
    const badId = await call(labelsPath(network.networkEID, 'nope/'), { token: memberToken });
    expect(badId.status).toBe(400);
    expect(pointersOf(badId.body)).toContain('/params/labelEID');
  });
});
