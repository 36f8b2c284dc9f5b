/**
 * The spec's `idp` on incoming links: `GET /auth?…&idp=<id>` redirects at once to the identity
 * provider the network's administrators configured under that id (`sso.identityProviders`), and
 * is a 400 page otherwise — never a redirect to anything the request names. And how
 * `PUT /networks/{networkEID}` takes the providers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { pointersOf } from '../../support/factories/account.js';
import { authorizeUrl, browse, REDIRECT, type Page } from '../../support/factories/apps.js';
import {
  closeFactories,
  installApp,
  newClient,
  newNetwork,
  type TestNetwork,
} from '../../support/factories/core.js';

afterAll(closeFactories);

const CORP_LOGIN = 'https://idp.example/corp/login?tenant=acme&x=1';

interface Setup {
  network: TestNetwork;
  adminToken: string;
  client: { clientId: string };
}

/** A network whose administrator configured sso as given, and an app installed in it. */
async function setup(sso: unknown = ssoWith()): Promise<Setup> {
  const network = await newNetwork('Identity provider network');
  const adminToken = await network.admin.token();
  const client = await newClient({ eid: true, grantTypes: ['authorization_code'], redirectUris: [REDIRECT] });
  await installApp(network.networkEID, client.clientId);
  const written = await putNetwork(network, adminToken, { sso });
  expect(written.status, written.text).toBe(200);
  return { network, adminToken, client };
}

function ssoWith(overrides: Record<string, unknown> = {}) {
  return {
    enabled: true,
    loginUrl: 'https://idp.example/default',
    identityProviders: [
      { id: 'corp', name: 'Corporate login', loginUrl: CORP_LOGIN },
      { id: 'partners_2', name: 'Partners', loginUrl: 'https://partners.example/sso' },
    ],
    ...overrides,
  };
}

const putNetwork = (network: TestNetwork, token: string, json: unknown) =>
  call(`/networks/${network.networkEID}`, { token, method: 'PUT', json });

const readSso = async (network: TestNetwork, token: string) =>
  (await call<{ sso?: unknown }>(`/networks/${network.networkEID}/`, { token })).body.sso;

function openWithIdp(s: Setup, idp: string, extra: Record<string, string> = {}): Promise<Page> {
  return browse(
    authorizeUrl({
      client_id: s.client.clientId,
      redirect_uri: REDIRECT,
      scope: 'profile.basic.read',
      state: 'st-1',
      network: s.network.subdomain,
      idp,
      ...extra,
    }),
  );
}

/** The 400 page of the route: HTML, no redirect. */
function expectErrorPage(page: Page): void {
  expect(page.status, page.html).toBe(400);
  expect(page.headers.get('location')).toBeNull();
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
}

describe('GET /auth?idp=', () => {
  it("redirects at once to exactly the provider's configured loginUrl, nothing of the request added", async () => {
    const s = await setup();
    const page = await openWithIdp(s, 'corp');
    expect(page.status, page.html).toBe(302);
    expect(page.headers.get('location')).toBe(CORP_LOGIN);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const other = await openWithIdp(s, 'partners_2');
    expect(other.headers.get('location')).toBe('https://partners.example/sso');
    // Without idp the sign-in page is shown as before.
    const plain = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 'st-1',
        network: s.network.subdomain,
      }),
    );
    expect(plain.status, plain.html).toBe(200);
  });

  it('is a 400 page naming the id for an id the network has not configured', async () => {
    const s = await setup();
    const page = await openWithIdp(s, 'nope');
    expectErrorPage(page);
    expect(page.html).toContain('has no identity provider &quot;nope&quot;');
  });

  it('is a 400 page when single sign-on is disabled, even for a configured id', async () => {
    const s = await setup(ssoWith({ enabled: false }));
    const page = await openWithIdp(s, 'corp');
    expectErrorPage(page);
    expect(page.html).toContain('Single sign-on is not enabled');
  });

  it('never redirects to a URL or anything else the request names; the value is shown escaped', async () => {
    const s = await setup();
    for (const idp of ['https://evil.example', '//evil.example/x', 'evil.example', CORP_LOGIN, 'CORP']) {
      const page = await openWithIdp(s, idp);
      expectErrorPage(page);
      expect(page.html, idp).toContain('is not an identity provider id');
    }
    const injected = await openWithIdp(s, '<b>x</b>');
    expectErrorPage(injected);
    expect(injected.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(injected.html).not.toContain('<b>x</b>');
  });

  it("does not use another network's provider id", async () => {
    const [s, other] = await Promise.all([
      setup(),
      setup(
        ssoWith({
          identityProviders: [{ id: 'elsewhere', name: 'Else', loginUrl: 'https://else.example/' }],
        }),
      ),
    ]);
    const page = await openWithIdp(s, 'elsewhere');
    expectErrorPage(page);
    expect(page.html).toContain('has no identity provider &quot;elsewhere&quot;');
    // The other network uses its own, and not this one's.
    expect((await openWithIdp(other, 'elsewhere')).headers.get('location')).toBe('https://else.example/');
    expectErrorPage(await openWithIdp(other, 'corp'));
  });

  it('is a 400 page when no network is determinable', async () => {
    const s = await setup();
    const page = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 'st-1',
        idp: 'corp',
      }),
    );
    expectErrorPage(page);
    expect(page.html).toContain('no network is given');
  });

  it('validates the client first: an unknown client or unlisted redirect_uri is the usual page, never the provider', async () => {
    const s = await setup();
    const unknownClient = await openWithIdp(s, 'corp', { client_id: 'no-such-app' });
    expectErrorPage(unknownClient);
    expect(unknownClient.html).toContain('client_id');
    const wrongUri = await openWithIdp(s, 'corp', { redirect_uri: 'https://evil.example/callback' });
    expectErrorPage(wrongUri);
    expect(wrongUri.html).toContain('redirect_uri');
    // A request that would be refused to the client still is (here: no state).
    const noState = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        network: s.network.subdomain,
        idp: 'corp',
      }),
    );
    expect(noState.status).toBe(302);
    expect(noState.location?.origin).toBe(new URL(REDIRECT).origin);
    expect(noState.location?.searchParams.get('error')).toBe('invalid_request');
    // The same request with its client valid goes to the provider.
    expect((await openWithIdp(s, 'corp')).headers.get('location')).toBe(CORP_LOGIN);
  });

  it('is documented in /openapi.json as a query parameter of GET /auth', async () => {
    const document = await call<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    }>('/openapi.json');
    expect(document.body.paths['/auth']?.get?.parameters).toContainEqual(
      expect.objectContaining({ name: 'idp', in: 'query' }),
    );
  });
});

describe('PUT /networks/{networkEID}: sso.identityProviders', () => {
  it('shows the providers to administrators only; leaving them out keeps them, [] clears them', async () => {
    const s = await setup();
    expect(await readSso(s.network, s.adminToken)).toMatchObject({
      enabled: true,
      identityProviders: ssoWith().identityProviders,
    });
    const member = await s.network.newMember();
    const asMember = await call(`/networks/${s.network.networkEID}/`, { token: await member.token() });
    expect(asMember.body).not.toHaveProperty('sso');
    // A client that writes only the older fields does not drop the providers.
    const kept = await putNetwork(s.network, s.adminToken, {
      sso: { enabled: true, loginUrl: 'https://idp.example/other' },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toMatchObject({
      sso: { loginUrl: 'https://idp.example/other', identityProviders: ssoWith().identityProviders },
    });
    const cleared = await putNetwork(s.network, s.adminToken, { sso: ssoWith({ identityProviders: [] }) });
    expect(cleared.body).toMatchObject({ sso: { identityProviders: [] } });
    expectErrorPage(await openWithIdp(s, 'corp'));
  });

  it('refuses a repeated id (400 -141 naming it) and stores nothing of that body', async () => {
    const s = await setup();
    const before = await readSso(s.network, s.adminToken);
    const duplicate = await putNetwork(s.network, s.adminToken, {
      emailDeliveryFormat: 'plain_text',
      sso: ssoWith({
        identityProviders: [
          { id: 'a', name: 'A', loginUrl: 'https://a.example/' },
          { id: 'b', name: 'B', loginUrl: 'https://b.example/' },
          { id: 'a', name: 'A again', loginUrl: 'https://evil.example/' },
        ],
      }),
    });
    expect(duplicate.status, duplicate.text).toBe(400);
    expect(duplicate.body).toMatchObject({ code: -141 });
    expect(pointersOf(duplicate.body)).toEqual(['/body/sso/identityProviders/2/id']);
    const after = await call<{ sso?: unknown; emailDeliveryFormat?: string }>(
      `/networks/${s.network.networkEID}/`,
      { token: s.adminToken },
    );
    expect(after.body.sso).toEqual(before);
    expect(after.body.emailDeliveryFormat).toBe('html');
    expectErrorPage(await openWithIdp(s, 'a'));
  });

  it('refuses ids that are not slugs, URLs that are not http(s), nameless and more than 10 providers', async () => {
    const s = await setup();
    const provider = { id: 'ok', name: 'Ok', loginUrl: 'https://ok.example/' };
    const cases: unknown[] = [
      [{ ...provider, id: 'https://evil.example' }],
      [{ ...provider, id: 'Upper' }],
      [{ ...provider, id: '' }],
      [{ ...provider, loginUrl: 'javascript:alert(1)' }],
      [{ ...provider, loginUrl: '/relative' }],
      [{ ...provider, name: '' }],
      [{ id: 'ok', loginUrl: 'https://ok.example/' }],
      [{ ...provider, extra: true }],
      Array.from({ length: 11 }, (_, i) => ({ ...provider, id: `p${i}` })),
    ];
    for (const identityProviders of cases) {
      const bad = await putNetwork(s.network, s.adminToken, { sso: ssoWith({ identityProviders }) });
      expect(bad.status, `${JSON.stringify(identityProviders)}: ${bad.text}`).toBe(400);
      expect(pointersOf(bad.body).join(' ')).toContain('/body/sso');
    }
    expect(await readSso(s.network, s.adminToken)).toMatchObject({
      identityProviders: ssoWith().identityProviders,
    });
  });

  it('is written by administrators only: a member may not set providers (403), nothing changes', async () => {
    const s = await setup();
    const member = await s.network.newMember();
    const attempt = await putNetwork(s.network, await member.token(), {
      sso: ssoWith({ identityProviders: [{ id: 'evil', name: 'Evil', loginUrl: 'https://evil.example/' }] }),
    });
    expect(attempt.status, attempt.text).toBe(403);
    expectErrorPage(await openWithIdp(s, 'evil'));
    expect(await readSso(s.network, s.adminToken)).toMatchObject({
      identityProviders: ssoWith().identityProviders,
    });
  });
});
