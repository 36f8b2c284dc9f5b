/**
 * The application permission `list_networks`: an app token's `GET /whoami/` answers the app and the
 * networks whose installation grants it (no `_user`: an app has no profile); without the permission
 * in any network, 403 as before. A user's whoami is unchanged.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, installApp, newClient, newNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

interface Whoami {
  type: string;
  EID: string;
  email: string | null;
  fullName: string;
  app?: { type: string; EID: string };
  networks: { type: string; EID: string; name: string; subdomain: string; _user?: unknown }[];
}

async function appInstalledIn(installs: { networkEID: string; permissions: string[] }[]) {
  const app = await newClient({ eid: true, grantTypes: ['client_credentials'], name: 'Directory sync' });
  for (const { networkEID, permissions } of installs) await installApp(networkEID, app.clientId, permissions);
  const response = await call<{ access_token: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.secret },
  });
  expect(response.status).toBe(200);
  return { clientId: app.clientId, token: response.body.access_token };
}

describe('app permission list_networks', () => {
  it('lists the networks whose installation grants it, on whoami, without _user', async () => {
    const [first, second, without] = await Promise.all([
      newNetwork('First'),
      newNetwork('Second'),
      newNetwork(),
    ]);
    const app = await appInstalledIn([
      { networkEID: first.networkEID, permissions: ['list_networks'] },
      { networkEID: second.networkEID, permissions: ['list_networks', 'list_groups'] },
      { networkEID: without.networkEID, permissions: ['list_groups'] },
    ]);
    const whoami = await call<Whoami>('/whoami/', { token: app.token });
    expect(whoami.status).toBe(200);
    expect(whoami.body).toMatchObject({
      type: 'whoami',
      EID: app.clientId,
      email: null,
      fullName: 'Directory sync',
      app: { type: 'app', EID: app.clientId },
    });
    expect(whoami.body.networks.map((n) => n.EID).sort()).toEqual(
      [first.networkEID, second.networkEID].sort(),
    );
    expect(whoami.body.networks.find((n) => n.EID === first.networkEID)).toEqual({
      type: 'network',
      EID: first.networkEID,
      name: 'First',
      subdomain: first.subdomain,
    });
  });

  it('is 403 without the permission, and a user whoami stays as it was', async () => {
    const network = await newNetwork();
    const app = await appInstalledIn([{ networkEID: network.networkEID, permissions: ['list_groups'] }]);
    const denied = await call<{ code: number; detail?: string }>('/whoami/', { token: app.token });
    expect(denied.status).toBe(403);

    const user = await call<Whoami>('/whoami/', { token: await network.admin.token() });
    expect(user.status).toBe(200);
    expect(user.body.app).toBeUndefined();
    expect(user.body.networks).toEqual([
      expect.objectContaining({
        EID: network.networkEID,
        _user: expect.objectContaining({ profile: expect.objectContaining({ type: 'user' }) }),
      }),
    ]);
  });
});
