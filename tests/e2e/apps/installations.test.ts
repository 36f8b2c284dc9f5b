/**
 * Apps installed per network over HTTP (spec: Apps `add`, `remove`; App entry point
 * `includeExternalUsers`; application permissions; the aggregate's `apps` relation): administrators
 * install (201, then 200) and remove; members list; external users do not see entry points that
 * exclude them; the installation's permissions are the manifest's and become the app token's;
 * another network's installation is 404; removing an app ends its tokens there at once.
 */
import type { Static } from '@sinclair/typebox';
import type { AppResource } from '@ncs/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventReader } from '../../support/events.js';
import { call, type Problem } from '../../support/api.js';
import { authModels, closeFactories, newNetwork } from '../../support/factories/core.js';
import {
  answersWithin,
  appsPath,
  codeFlowToken,
  install,
  installOverHttp,
  minimalManifest,
  newApp,
  registerManifest,
} from '../../support/factories/apps.js';

afterAll(closeFactories);

/** An installed app; on a refusal, the problem's `code` and `errors`. */
type App = Static<typeof AppResource> & Partial<Pick<Problem, 'code' | 'errors'>>;

interface Apps {
  total: number;
  limit: number;
  _embedded: { apps: App[] };
}

const manifestWithAudiences = () => ({
  ...minimalManifest(),
  entryPoints: [
    { name: 'everyone', context: 'external', url: 'https://app.example/all' },
    { name: 'staff', context: 'appMenuItem', url: 'https://app.example/staff', includeExternalUsers: false },
  ],
  permissions: ['list_groups', 'infinite_limit'],
});

describe('POST /networks/{networkEID}/apps/ (add)', () => {
  it('installs with 201 and the manifest’s permissions, again with 200 and no duplicate', async () => {
    const network = await newNetwork();
    const app = await newApp({ name: 'Installed app' });
    await registerManifest(app, manifestWithAudiences());
    const token = await network.admin.token();
    const created = await install(network.networkEID, app.clientId, token);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      type: 'app',
      EID: app.clientId,
      name: 'Installed app',
      description: 'An app for tests',
      network: { type: 'network', EID: network.networkEID },
      permissions: ['list_groups', 'infinite_limit'],
      installed: expect.stringMatching(/\+00:00$/),
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/),
    });
    expect(created.body.created).toBe(created.body.installed);
    const links = (created.body as unknown as App)._links!;
    expect(links.self?.href).toMatch(new RegExp(`/networks/${network.networkEID}/apps/${app.clientId}/$`));
    expect(links.signRequest?.href).toMatch(/\/signrequest$/);
    const again = await install(network.networkEID, app.clientId, token);
    expect(again.status).toBe(200);
    const list = await call<Apps>(appsPath(network.networkEID), { token });
    expect(list.body.total).toBe(1);
    expect(list.body._embedded.apps.map((a) => a.EID)).toEqual([app.clientId]);
  });

  it('keeps one installation under 8 concurrent installs: one 201, seven 200', async () => {
    const network = await newNetwork();
    const app = await newApp();
    const token = await network.admin.token();
    const statuses = (
      await Promise.all(Array.from({ length: 8 }, () => install(network.networkEID, app.clientId, token)))
    )
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect((await call<Apps>(appsPath(network.networkEID), { token })).body.total).toBe(1);
  });

  it('refuses members (403), unknown apps and first-party clients (400 naming appEID)', async () => {
    const network = await newNetwork();
    const member = await network.newMember();
    const app = await newApp();
    const refused = await install(network.networkEID, app.clientId, await member.token());
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(-103);
    const token = await network.admin.token();
    const unknown = await install(network.networkEID, '0'.repeat(24), token);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: -192, errors: [{ pointer: '/body/appEID' }] });
    expect((await call<Apps>(appsPath(network.networkEID), { token })).body.total).toBe(0);
  });

  it.each([
    ['permissions', { permissions: ['edit_network_subscription'] }],
    ['clientId', { clientId: 'x' }],
    ['EID', { EID: '0'.repeat(24) }],
    ['networkEID', { networkEID: '0'.repeat(24) }],
    ['secret', { secret: 'x' }],
  ])('refuses %s in the body (no mass assignment): permissions are the manifest’s', async (field, extra) => {
    const network = await newNetwork();
    const app = await newApp();
    await registerManifest(app);
    const token = await network.admin.token();
    const response = await call<App>(appsPath(network.networkEID), {
      token,
      json: { appEID: app.clientId, ...extra },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ pointer: `/body/${field}`, message: 'is not allowed' }]);
    expect((await call<Apps>(appsPath(network.networkEID), { token })).body.total).toBe(0);
  });

  it('refreshes the permissions to the manifest on a second install; a narrowed manifest narrows at once', async () => {
    const network = await newNetwork();
    const app = await newApp();
    await registerManifest(app, { ...minimalManifest(), permissions: ['list_groups'] });
    const token = await network.admin.token();
    await install(network.networkEID, app.clientId, token);
    await registerManifest(app, { ...minimalManifest(), permissions: ['list_groups', 'get_profiles'] });
    // A widening waits for an administrator: the installation keeps what was consented to.
    const get = () => call<App>(appsPath(network.networkEID, `${app.clientId}/`), { token });
    expect((await get()).body.permissions).toEqual(['list_groups']);
    const reinstalled = await install(network.networkEID, app.clientId, token);
    expect(reinstalled.status).toBe(200);
    expect(reinstalled.body.permissions).toEqual(['list_groups', 'get_profiles']);
    await registerManifest(app, { ...minimalManifest(), permissions: ['get_profiles'] });
    expect((await get()).body.permissions).toEqual(['get_profiles']);
  });
});

describe('GET /networks/{networkEID}/apps/', () => {
  it('lists installed apps to members; external users see only entry points that include them', async () => {
    const network = await newNetwork();
    const app = await newApp();
    const plain = await newApp();
    await registerManifest(app, manifestWithAudiences());
    await installOverHttp(network, app);
    await installOverHttp(network, plain);
    const member = await network.newMember();
    const external = await network.newMember({ external: true });

    const asMember = await call<Apps>(appsPath(network.networkEID), { token: await member.token() });
    expect(asMember.status).toBe(200);
    expect(asMember.body._embedded.apps.map((a) => a.EID)).toEqual([app.clientId, plain.clientId]);
    expect(asMember.body._embedded.apps[0]!.entryPoints.map((e) => e.name)).toEqual(['everyone', 'staff']);

    const asExternal = await call<Apps>(appsPath(network.networkEID), { token: await external.token() });
    expect(asExternal.status).toBe(200);
    expect(asExternal.body._embedded.apps[0]!.entryPoints.map((e) => e.name)).toEqual(['everyone']);
    expect(asExternal.text).not.toContain('https://app.example/staff');
    const single = await call<App>(appsPath(network.networkEID, `${app.clientId}/`), {
      token: await external.token(),
    });
    expect(single.body.entryPoints.map((e) => e.name)).toEqual(['everyone']);
    // The aggregate's `apps` relation leads here.
    const aggregate = await call<{ _links: { apps: { href: string } } }>(
      `/networks/${network.networkEID}/aggregate/`,
      { token: await member.token() },
    );
    expect(aggregate.body._links.apps.href).toMatch(new RegExp(`/networks/${network.networkEID}/apps/$`));
  });

  it('pages with limit and offset', async () => {
    const network = await newNetwork();
    const apps = [await newApp(), await newApp(), await newApp()];
    for (const app of apps) await installOverHttp(network, app);
    const token = await network.admin.token();
    const page = await call<Apps & { _links: Record<string, { href: string }> }>(
      `${appsPath(network.networkEID)}?limit=2&offset=1`,
      { token },
    );
    expect(page.body.total).toBe(3);
    expect(page.body._embedded.apps.map((a) => a.EID)).toEqual([apps[1]!.clientId, apps[2]!.clientId]);
    expect(page.body._links.prev).toBeDefined();
  });

  it('keeps networks apart: another network’s installation is 404, its list is not shown', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const app = await newApp();
    await installOverHttp(other, app);
    const token = await network.admin.token();
    const single = await call<App>(appsPath(network.networkEID, `${app.clientId}/`), { token });
    expect(single.status).toBe(404);
    expect(single.body.code).toBe(-191);
    expect((await call(appsPath(other.networkEID), { token })).status).toBe(404);
    expect((await call(appsPath(other.networkEID, `${app.clientId}/`), { token })).status).toBe(404);
    expect((await install(other.networkEID, app.clientId, token)).status).toBe(404);
    expect(
      (await call(appsPath(other.networkEID, `${app.clientId}/`), { token, method: 'DELETE' })).status,
    ).toBe(404);
    expect((await call<Apps>(appsPath(network.networkEID), { token })).body.total).toBe(0);
  });

  it('shows an app token only its own installation; its permissions are the installation’s (infinite_limit)', async () => {
    const network = await newNetwork();
    const app = await newApp();
    const neighbour = await newApp();
    await registerManifest(app, manifestWithAudiences());
    await installOverHttp(network, app);
    await installOverHttp(network, neighbour);
    const appToken = await app.token();
    const list = await call<Apps>(`${appsPath(network.networkEID)}?limit=500`, { token: appToken });
    expect(list.status).toBe(200);
    expect(list.body._embedded.apps.map((a) => a.EID)).toEqual([app.clientId]);
    // infinite_limit (from the manifest, through the installation) lifts the page-size bound.
    expect(list.body.limit).toBe(500);
    expect(
      (await call(appsPath(network.networkEID, `${neighbour.clientId}/`), { token: appToken })).status,
    ).toBe(404);
    const neighbourList = await call<Apps>(`${appsPath(network.networkEID)}?limit=500`, {
      token: await neighbour.token(),
    });
    expect(neighbourList.body.limit).toBe(100);
    // Apps do not install apps.
    expect((await install(network.networkEID, neighbour.clientId, appToken)).status).toBe(403);
  });
});

describe('permissions of a live app token after a narrowed manifest', () => {
  it('lose the withdrawn permission within the gateway’s 5 s principal cache', async () => {
    const network = await newNetwork();
    const app = await newApp();
    await registerManifest(app, manifestWithAudiences());
    await installOverHttp(network, app);
    const token = await app.token();
    const limitServed = async () =>
      (await call<Apps>(`${appsPath(network.networkEID)}?limit=500`, { token })).body.limit;
    expect(await limitServed()).toBe(500); // cached now, with infinite_limit
    await registerManifest(app, { ...manifestWithAudiences(), permissions: ['list_groups'] });
    const started = Date.now();
    while ((await limitServed()) !== 100) {
      expect(Date.now() - started, 'infinite_limit still applies').toBeLessThan(6_000);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
});

describe('DELETE /networks/{networkEID}/apps/{appEID}/ (remove)', () => {
  it('is for administrators: members 403, an app that is not installed 404', async () => {
    const network = await newNetwork();
    const app = await newApp();
    await installOverHttp(network, app);
    const member = await network.newMember();
    const path = appsPath(network.networkEID, `${app.clientId}/`);
    const refused = await call(path, { token: await member.token(), method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect((await call(path, { token: await member.token() })).status).toBe(200);
    const token = await network.admin.token();
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(204);
    const again = await call(path, { token, method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe(-191);
    expect((await call(path, { token })).status).toBe(404);
  });

  it('ends the app token’s reach into the network at once (cached by the gateway), not elsewhere', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const app = await newApp();
    await installOverHttp(network, app);
    await installOverHttp(other, app);
    const appToken = await app.token();
    // Used first, so the gateway has the principal cached (5 s): only the revocation clears it.
    expect((await call(`/networks/${network.networkEID}/`, { token: appToken })).status).toBe(200);
    const removed = await call(appsPath(network.networkEID, `${app.clientId}/`), {
      token: await network.admin.token(),
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    expect(await answersWithin(`/networks/${network.networkEID}/`, appToken, 401, 1_000)).toBeLessThanOrEqual(
      1_000,
    );
    // A new app token reaches the app's other installation, not the removed one.
    const fresh = await app.token();
    expect((await call(`/networks/${network.networkEID}/`, { token: fresh })).status).toBe(404);
    expect((await call(`/networks/${other.networkEID}/`, { token: fresh })).status).toBe(200);
  });

  it('revokes users’ code-flow tokens of the app in that network at once, and the code flow stops there', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const app = await newApp();
    await registerManifest(app);
    await installOverHttp(network, app);
    const userToken = await codeFlowToken(app, network, person);
    expect((await call('/whoami/', { token: userToken.access_token })).status).toBe(200);
    await call(appsPath(network.networkEID, `${app.clientId}/`), {
      token: await network.admin.token(),
      method: 'DELETE',
    });
    expect(await answersWithin('/whoami/', userToken.access_token, 401, 1_000)).toBeLessThanOrEqual(1_000);
    const refreshed = await call<{ error?: string }>('/oauth/v2/token', {
      accept: 'application/json',
      form: {
        grant_type: 'refresh_token',
        refresh_token: userToken.refresh_token,
        client_id: app.clientId,
        client_secret: app.secret,
      },
    });
    expect(refreshed.body.error).toBe('invalid_grant');
    const models = await authModels();
    expect(
      await models.AppGrant.countDocuments({ networkEID: network.networkEID, clientId: app.clientId }),
    ).toBe(0);
  });
});

describe('domain events', () => {
  const reader = new EventReader();
  beforeAll(() => reader.open());
  afterAll(() => reader.close());
  const eventsOf = (subject: string, networkEID: string, count: number) =>
    reader.eventsOf(subject, networkEID, count);

  it('publishes app installed (once), permissions_updated and removed through the outbox', async () => {
    const network = await newNetwork();
    const app = await newApp();
    await registerManifest(app, { ...minimalManifest(), permissions: ['list_groups'] });
    const token = await network.admin.token();
    await install(network.networkEID, app.clientId, token);
    await install(network.networkEID, app.clientId, token);
    await registerManifest(app, { ...minimalManifest(), permissions: ['list_groups', 'send_alerts'] });
    await install(network.networkEID, app.clientId, token);
    await call(appsPath(network.networkEID, `${app.clientId}/`), { token, method: 'DELETE' });

    const installed = await eventsOf('events.auth.app.installed', network.networkEID, 1);
    expect(installed).toHaveLength(1);
    expect(installed[0]).toMatchObject({
      type: 'auth.app.installed',
      actor: { type: 'user', EID: network.admin.profileEID },
      data: { app: { type: 'app', EID: app.clientId }, permissions: ['list_groups'] },
    });
    const updated = await eventsOf('events.auth.app.permissions_updated', network.networkEID, 1);
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({
      data: { permissions: ['list_groups', 'send_alerts'], previous: ['list_groups'] },
    });
    const removed = await eventsOf('events.auth.app.removed', network.networkEID, 1);
    expect(removed[0]).toMatchObject({ data: { app: { type: 'app', EID: app.clientId } } });
  });
});
