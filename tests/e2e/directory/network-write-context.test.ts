/**
 * `PUT /networks/{networkEID}` takes the spec's write context: `sso`, `favicon`,
 * `theme` (a theme of the same network) and `emailDeliveryFormat`, each validated (400 naming the
 * field); the network shows them (`sso` to administrators only). Members and other networks may
 * not write them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { accountFixture, pointersOf } from '../../support/factories/account.js';
import { closeFactories, type TestNetwork } from '../../support/factories/core.js';
import { installedAppToken } from '../../support/factories/network-ops.js';

afterAll(closeFactories);

let network: TestNetwork;
let other: TestNetwork;
let memberToken: string;
let adminToken: string;
let outsiderToken: string;

beforeAll(async () => {
  ({ network, other, memberToken, adminToken, outsiderToken } = await accountFixture());
});

const networkPath = () => `/networks/${network.networkEID}`;
const put = (json: unknown, token = adminToken) => call(networkPath(), { token, method: 'PUT', json });

async function newTheme(networkEID: string, token: string): Promise<string> {
  const theme = await call<{ EID: string }>(`/networks/${networkEID}/themes/`, {
    token,
    json: { name: 'Brand' },
  });
  expect(theme.status, theme.text).toBe(201);
  return theme.body.EID;
}

describe('the network write context', () => {
  it('shows the defaults, then stores sso, favicon, theme and emailDeliveryFormat', async () => {
    const before = await call(`${networkPath()}/`, { token: adminToken });
    expect(before.body).toMatchObject({ sso: null, favicon: null, theme: null, emailDeliveryFormat: 'html' });
    const themeEID = await newTheme(network.networkEID, adminToken);
    const sso = { enabled: true, loginUrl: 'https://idp.example/login', logoutUrl: null };
    const favicon = { url: 'https://cdn.example/favicon.png', mimeType: 'image/png' };
    const theme = { type: 'network_theme', EID: themeEID };
    const updated = await put({ sso, favicon, theme, emailDeliveryFormat: 'plain_text' });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ sso, favicon, theme, emailDeliveryFormat: 'plain_text' });
    // Members see all but sso.
    const asMember = await call(`${networkPath()}/`, { token: memberToken });
    expect(asMember.body).toMatchObject({ favicon, theme, emailDeliveryFormat: 'plain_text' });
    expect(asMember.body).not.toHaveProperty('sso');
    // null clears one; fields left out stay.
    const cleared = await put({ theme: null, sso: null });
    expect(cleared.body).toMatchObject({
      theme: null,
      sso: null,
      favicon,
      emailDeliveryFormat: 'plain_text',
    });
  });

  it('refuses a theme of another network, bad URLs and unknown formats (400 naming the field)', async () => {
    const foreign = await newTheme(other.networkEID, outsiderToken);
    const wrongNetwork = await put({ theme: { type: 'network_theme', EID: foreign } });
    expect(wrongNetwork.status, wrongNetwork.text).toBe(400);
    expect(pointersOf(wrongNetwork.body)).toContain('/body/theme/EID');
    const nothing = await put({ theme: { type: 'network_theme', EID: 'ffffffffffffffffffffffff' } });
    expect(nothing.status).toBe(400);
    const cases: [unknown, string][] = [
      [{ sso: { enabled: true, loginUrl: 'javascript:alert(1)' } }, '/body/sso'],
      [{ sso: { enabled: 'yes', loginUrl: null } }, '/body/sso'],
      [{ favicon: { url: 'ftp://x.example/f.ico' } }, '/body/favicon'],
      [{ favicon: { url: 'https://x.example/f.ico', mimeType: 'text/html' } }, '/body/favicon'],
      [{ emailDeliveryFormat: 'rtf' }, '/body/emailDeliveryFormat'],
      [{ theme: { type: 'group', EID: 'ffffffffffffffffffffffff' } }, '/body/theme'],
    ];
    for (const [json, pointer] of cases) {
      const bad = await put(json);
      expect(bad.status, `${JSON.stringify(json)}: ${bad.text}`).toBe(400);
      expect(pointersOf(bad.body).join(' '), JSON.stringify(json)).toContain(pointer);
    }
    const extra = await put({ sso: { enabled: true, loginUrl: null, secret: 'x' } });
    expect(extra.status).toBe(400);
    // A nullable object's unknown property is named through the object (`/body/sso`).
    expect(pointersOf(extra.body)).toContain('/body/sso');
    // Nothing of a refused body was stored.
    expect((await call(`${networkPath()}/`, { token: adminToken })).body).not.toMatchObject({
      emailDeliveryFormat: 'rtf',
    });
  });

  it('is written by administrators only: members and apps 403, other networks 404', async () => {
    const byMember = await put({ emailDeliveryFormat: 'html' }, memberToken);
    expect(byMember.status, byMember.text).toBe(403);
    const app = await installedAppToken(network.networkEID, ['edit_network_features']);
    expect((await put({ emailDeliveryFormat: 'html' }, app)).status).toBe(403);
    expect((await put({ emailDeliveryFormat: 'html' }, outsiderToken)).status).toBe(404);
  });
});
