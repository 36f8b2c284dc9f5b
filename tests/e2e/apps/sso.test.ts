/**
 * Apps and the authorization-code flow (spec: "Apps whose external entry point has
 * `urlAppendNetwork` receive query parameters `network_eid` and `network_auth_url` on single-sign-on
 * redirects"; "may be revoked by the user at any time"; User authorized apps): the network
 * parameters on the sign-on redirect, sign-on only where the app is installed, the user's list and
 * revocation of authorized apps, and no secret of the area in any log.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import {
  answersWithin,
  appsPath,
  authorize,
  browse,
  codeFlowToken,
  exchangeCode,
  formToken,
  installOverHttp,
  minimalManifest,
  newApp,
  newSigningSecret,
  openAuthorization,
  REDIRECT,
  registerManifest,
  signIn,
} from '../../support/factories/apps.js';
import { stack } from '../../support/stack.js';

afterAll(closeFactories);

const ssoManifest = (urlAppendNetwork: boolean) => ({
  ...minimalManifest(),
  entryPoints: [
    { name: 'sso', context: 'external', url: 'https://app.example/sso', urlAppendNetwork },
    { name: 'menu', context: 'appMenuItem', url: 'https://app.example/menu', hasMenuItem: true },
  ],
});

describe('urlAppendNetwork on the sign-on redirect', () => {
  it('adds network_eid and network_auth_url (the network’s /auth) to the redirect with the code', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const app = await newApp();
    await registerManifest(app, ssoManifest(true));
    await installOverHttp(network, app);
    const location = await authorize(app, network, person);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('code')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('st-apps');
    expect(location.searchParams.get('network_eid')).toBe(network.networkEID);
    const authUrl = new URL(location.searchParams.get('network_auth_url')!);
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${baseUrl()}/auth`);
    expect(authUrl.searchParams.get('network')).toBe(network.subdomain);
    // The code still exchanges, and the URL starts a sign-in in that network.
    expect((await exchangeCode(app, location.searchParams.get('code')!)).status).toBe(200);
    authUrl.searchParams.set('client_id', app.clientId);
    authUrl.searchParams.set('redirect_uri', REDIRECT);
    authUrl.searchParams.set('scope', 'profile.basic.read');
    authUrl.searchParams.set('state', 'again');
    const page = await browse(authUrl.toString());
    expect(page.status).toBe(200);
    expect(page.html).toContain('Test network');
    expect(formToken(page)).toBeTruthy();
  });

  it('adds nothing without urlAppendNetwork (or without a manifest), nor to a declined redirect', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const without = await newApp();
    await registerManifest(without, ssoManifest(false));
    await installOverHttp(network, without);
    const plain = await authorize(without, network, person);
    expect(plain.searchParams.get('code')).toBeTruthy();
    expect(plain.searchParams.has('network_eid')).toBe(false);
    expect(plain.searchParams.has('network_auth_url')).toBe(false);

    const bare = await newApp();
    await installOverHttp(network, bare);
    expect((await authorize(bare, network, person)).searchParams.has('network_eid')).toBe(false);

    const withIt = await newApp();
    await registerManifest(withIt, ssoManifest(true));
    await installOverHttp(network, withIt);
    const consent = await signIn(await openAuthorization(withIt, network), person);
    const declined = await browse('/auth', { form_token: formToken(consent), action: 'decline' });
    expect(declined.location?.searchParams.get('error')).toBe('access_denied');
    expect(declined.location?.searchParams.has('network_eid')).toBe(false);
  });
});

describe('sign-on only where the app is installed', () => {
  it('redirects with access_denied from a network without the app, and after removal mid-flow', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const app = await newApp();
    await registerManifest(app);
    const page = await openAuthorization(app, network);
    expect(page.status).toBe(302);
    expect(page.location?.searchParams.get('error')).toBe('access_denied');
    expect(page.location?.searchParams.get('error_description')).toContain('not installed');
    expect(page.location?.searchParams.get('state')).toBe('st-apps');

    await installOverHttp(network, app);
    const consent = await signIn(await openAuthorization(app, network), person);
    await call(appsPath(network.networkEID, `${app.clientId}/`), {
      token: await network.admin.token(),
      method: 'DELETE',
    });
    const done = await browse('/auth', { form_token: formToken(consent), action: 'accept' });
    expect(done.status).toBe(303);
    expect(done.location?.searchParams.get('error')).toBe('access_denied');
    expect(done.location?.searchParams.get('code')).toBeNull();
  });

  it('refuses to exchange a code once the app was removed (invalid_grant)', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const app = await newApp();
    await installOverHttp(network, app);
    const code = (await authorize(app, network, person)).searchParams.get('code')!;
    await call(appsPath(network.networkEID, `${app.clientId}/`), {
      token: await network.admin.token(),
      method: 'DELETE',
    });
    const exchanged = await exchangeCode(app, code);
    expect(exchanged.status).toBe(400);
    expect(exchanged.body.error).toBe('invalid_grant');
  });
});

interface AuthorizedApps {
  total: number;
  _embedded: { authorizedApps: { EID: string; name: string; scopes: string[]; authorized: string }[] };
}

describe('user authorized apps', () => {
  it('lists the apps the user signed in to in this network and revokes one at once', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const person = await network.newMember();
    const first = await newApp({ name: 'First app' });
    const second = await newApp({ name: 'Second app' });
    for (const app of [first, second]) await installOverHttp(network, app);
    const firstToken = await codeFlowToken(first, network, person);
    await codeFlowToken(first, network, person); // a second grant of the same app: one entry
    const secondToken = await codeFlowToken(second, network, person);
    const own = await person.token();
    const list = await call<AuthorizedApps>(`/networks/${network.networkEID}/authorized-apps/`, {
      token: own,
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body._embedded.authorizedApps.map((a) => [a.EID, a.name, a.scopes])).toEqual([
      [first.clientId, 'First app', ['profile.basic.read']],
      [second.clientId, 'Second app', ['profile.basic.read']],
    ]);
    // Another member sees only their own.
    const neighbour = await network.newMember();
    const theirs = await call<AuthorizedApps>(`/networks/${network.networkEID}/authorized-apps/`, {
      token: await neighbour.token(),
    });
    expect(theirs.body.total).toBe(0);

    expect((await call('/whoami/', { token: firstToken.access_token })).status).toBe(200);
    const revoked = await call(`/networks/${network.networkEID}/authorized-apps/${first.clientId}/`, {
      token: own,
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);
    expect(await answersWithin('/whoami/', firstToken.access_token, 401, 1_000)).toBeLessThanOrEqual(1_000);
    expect((await call('/whoami/', { token: secondToken.access_token })).status).toBe(200);
    const after = await call<AuthorizedApps>(`/networks/${network.networkEID}/authorized-apps/`, {
      token: own,
    });
    expect(after.body._embedded.authorizedApps.map((a) => a.EID)).toEqual([second.clientId]);
    const again = await call(`/networks/${network.networkEID}/authorized-apps/${first.clientId}/`, {
      token: own,
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe(-199);
    // Another network, and an app's own tokens, cannot reach the list.
    expect((await call(`/networks/${other.networkEID}/authorized-apps/`, { token: own })).status).toBe(404);
    expect(
      (await call(`/networks/${network.networkEID}/authorized-apps/`, { token: secondToken.access_token }))
        .status,
    ).toBe(403);
    const appCaller = await call(`/networks/${network.networkEID}/authorized-apps/`, {
      token: await second.token(),
    });
    expect(appCaller.status).toBe(403);
    expect(appCaller.body.code).toBe(-196);
  });
});

describe('logs', () => {
  it('never contain a client secret, a signing secret, a signed request or a token of the area', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const app = await newApp();
    await registerManifest(app, ssoManifest(true));
    await installOverHttp(network, app);
    const { secret } = await newSigningSecret(app);
    const appAccess = await app.token();
    const userToken = await codeFlowToken(app, network, person);
    const signed = await call<{ signedRequest: string }>(
      appsPath(network.networkEID, `${app.clientId}/signrequest`),
      {
        token: await person.token(),
        json: { entryPoint: 'menu', device: 'web', position: 'menu', appData: 'private-app-data' },
      },
    );
    expect(signed.status).toBe(200);
    await call(`/networks/${network.networkEID}/apps/?access_token=${appAccess}`);
    await call(`/networks/${network.networkEID}/authorized-apps/${app.clientId}/`, {
      token: await person.token(),
      method: 'DELETE',
    });
    await call(appsPath(network.networkEID, `${app.clientId}/`), {
      token: await network.admin.token(),
      method: 'DELETE',
    });
    await new Promise((r) => setTimeout(r, 1_000)); // let the processes flush their logs
    const logDir = stack().logDir;
    const logs = readdirSync(logDir)
      .map((file) => readFileSync(join(logDir, file), 'utf8'))
      .join('\n');
    expect(logs).toContain('request completed');
    const secrets = {
      clientSecret: app.secret,
      signingSecret: secret,
      signedRequest: signed.body.signedRequest,
      signature: signed.body.signedRequest.split('.')[2]!,
      appToken: appAccess,
      accessToken: userToken.access_token,
      refreshToken: userToken.refresh_token,
    };
    for (const [name, value] of Object.entries(secrets)) {
      expect(logs.includes(value), `${name} reached the logs`).toBe(false);
    }
  });
});
