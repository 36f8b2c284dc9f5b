/**
 * The authorization server beyond the token endpoint's user grants: client_credentials
 * (app tokens bound to installations), RFC 7009 revocation with the gateway refusing a revoked
 * token within a second, RFC 7662 introspection and RFC 8414 metadata.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, call, demo, passwordGrant, type TokenPair } from '../../support/api.js';
import { closeFactories, installApp, newClient, newNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

type OAuthReply = Partial<TokenPair> & { error?: string; error_description?: string };

const form = <T = OAuthReply>(path: string, fields: Record<string, string>) =>
  call<T>(path, { accept: 'application/json', form: fields });

const clientCredentials = (
  client: { clientId: string; secret: string },
  extra: Record<string, string> = {},
) =>
  form('/oauth/v2/token', {
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.secret,
    ...extra,
  });

const revoke = (client: { clientId: string; secret: string }, token: string) =>
  form<Record<string, unknown>>('/oauth/v2/revoke', {
    token,
    client_id: client.clientId,
    client_secret: client.secret,
  });

const introspect = (client: { clientId: string; secret: string }, token: string) =>
  form<Record<string, unknown>>('/oauth/v2/introspect', {
    token,
    client_id: client.clientId,
    client_secret: client.secret,
  });

const demoClient = { clientId: demo.clientId, secret: demo.clientSecret };

/** Polls until the token is refused (401), for at most `ms`; returns the elapsed time or throws. */
async function refusedWithin(token: string, path: string, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const response = await call(path, { token });
    if (response.status === 401) return Date.now() - started;
    if (Date.now() - started > ms)
      throw new Error(`token still accepted after ${ms} ms (${response.status})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('grant_type=client_credentials', () => {
  it('issues an app token (one hour, no refresh token) that reaches only networks the app is installed in', async () => {
    const installed = await newNetwork();
    const other = await newNetwork();
    const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
    await installApp(installed.networkEID, app.clientId);
    const response = await clientCredentials(app);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
      token_type: 'Bearer',
      expires_in: 3600,
    });
    const token = response.body.access_token!;
    const network = await call<{ EID: string }>(`/networks/${installed.networkEID}/`, { token });
    expect(network.status).toBe(200);
    expect(network.body.EID).toBe(installed.networkEID);
    expect((await call(`/networks/${other.networkEID}/`, { token })).status).toBe(404);
  });

  it('is bound to the app, not a profile: whoami answers 403; profiles need get_profiles (403 -140 without it)', async () => {
    const network = await newNetwork();
    const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
    await installApp(network.networkEID, app.clientId);
    const token = (await clientCredentials(app)).body.access_token!;
    expect((await call('/whoami/', { token })).status).toBe(403);
    // An app reads profiles with `get_profiles` (tests/e2e/groups/app-permissions.test.ts).
    const profiles = await call<{ code?: number }>(`/networks/${network.networkEID}/users/`, { token });
    expect([profiles.status, profiles.body.code]).toEqual([403, -140]);
    const introspection = await introspect(app, token);
    expect(introspection.body).toMatchObject({ active: true, client_id: app.clientId, sub: app.clientId });
  });

  it('refuses a client without the grant (unauthorized_client), a bad secret (401) and a scope (invalid_scope)', async () => {
    const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
    const withoutGrant = await newClient({ grantTypes: ['password'] });
    expect((await clientCredentials(withoutGrant)).body.error).toBe('unauthorized_client');
    const badSecret = await clientCredentials({ ...app, secret: 'wrong' });
    expect(badSecret.status).toBe(401);
    expect(badSecret.body.error).toBe('invalid_client');
    const scoped = await clientCredentials(app, { scope: 'profile.basic.read' });
    expect(scoped.status).toBe(400);
    expect(scoped.body.error).toBe('invalid_scope');
  });
});

describe('POST /oauth/v2/revoke (RFC 7009)', () => {
  it('revokes a token, and the gateway refuses it within one second (revocation event clears its cache)', async () => {
    const pair = (await passwordGrant(demo.bob)).body;
    // Use it first, so the gateway has it cached (5 s): only the event can make it refuse sooner.
    expect((await call('/whoami/', { token: pair.access_token })).status).toBe(200);
    const revoked = await revoke(demoClient, pair.access_token);
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('cache-control')).toBe('no-store');
    expect(await refusedWithin(pair.access_token, '/whoami/', 1_000)).toBeLessThanOrEqual(1_000);
    // The grant goes with it: the refresh token of the pair is refused too.
    const refreshed = await form('/oauth/v2/token', {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('revokes an app token the same way', async () => {
    const network = await newNetwork();
    const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
    await installApp(network.networkEID, app.clientId);
    const token = (await clientCredentials(app)).body.access_token!;
    expect((await call(`/networks/${network.networkEID}/`, { token })).status).toBe(200);
    expect((await revoke(app, token)).status).toBe(200);
    await refusedWithin(token, `/networks/${network.networkEID}/`, 1_000);
  });

  it('answers 200 for an unknown token and leaves another client’s token alone', async () => {
    expect((await revoke(demoClient, 'no-such-token')).status).toBe(200);
    const other = await newClient({ firstParty: true });
    const token = (await passwordGrant(demo.bob)).body.access_token;
    expect((await revoke(other, token)).status).toBe(200);
    expect((await call('/whoami/', { token })).status).toBe(200);
  });

  it('needs client authentication (401 invalid_client) and a token (400 invalid_request)', async () => {
    const unauthenticated = await revoke({ clientId: demo.clientId, secret: 'wrong' }, 'x');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body.error).toBe('invalid_client');
    const missing = await form<Record<string, unknown>>('/oauth/v2/revoke', {
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    expect(missing.body.error_description).toContain('token');
  });
});

describe('refresh token reuse', () => {
  it('revokes the whole family: the access token of the rotation is refused by the gateway within one second', async () => {
    const refresh = (refreshToken: string) =>
      form('/oauth/v2/token', {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: demo.clientId,
        client_secret: demo.clientSecret,
      });
    const first = (await passwordGrant(demo.bob)).body;
    const second = (await refresh(first.refresh_token)).body;
    expect((await call('/whoami/', { token: second.access_token! })).status).toBe(200);
    expect((await refresh(first.refresh_token)).body.error).toBe('invalid_grant');
    await refusedWithin(second.access_token!, '/whoami/', 1_000);
    expect((await refresh(second.refresh_token!)).body.error).toBe('invalid_grant');
  });
});

describe('POST /oauth/v2/introspect (RFC 7662)', () => {
  it('describes an active token to a first-party resource server', async () => {
    const pair = (await passwordGrant(demo.bob)).body;
    const response = await introspect(demoClient, pair.access_token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toMatchObject({
      active: true,
      client_id: demo.clientId,
      token_type: 'Bearer',
      sub: expect.stringMatching(/^[0-9a-f]{24}$/),
      exp: expect.any(Number),
      iat: expect.any(Number),
    });
  });

  it('answers { active: false } for unknown and revoked tokens, and for another client’s token to a third party', async () => {
    expect((await introspect(demoClient, 'no-such-token')).body).toEqual({ active: false });
    const pair = (await passwordGrant(demo.bob)).body;
    await revoke(demoClient, pair.access_token);
    expect((await introspect(demoClient, pair.access_token)).body).toEqual({ active: false });
    const thirdParty = await newClient({ eid: true, grantTypes: ['client_credentials'] });
    const fresh = (await passwordGrant(demo.bob)).body.access_token;
    expect((await introspect(thirdParty, fresh)).body).toEqual({ active: false });
  });

  it('needs client authentication', async () => {
    const response = await introspect({ clientId: 'nobody', secret: 'nothing' }, 'x');
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_client');
  });
});

describe('GET /.well-known/oauth-authorization-server (RFC 8414)', () => {
  it('lists the endpoints, grants, PKCE method and scope, without a token', async () => {
    const response = await call<Record<string, unknown>>('/.well-known/oauth-authorization-server', {
      accept: 'application/json',
    });
    expect(response.status).toBe(200);
    const base = baseUrl().replace(/\/$/, '');
    expect(response.body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/auth`,
      token_endpoint: `${base}/oauth/v2/token`,
      revocation_endpoint: `${base}/oauth/v2/revoke`,
      introspection_endpoint: `${base}/oauth/v2/introspect`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['profile.basic.read'],
    });
    expect(response.body.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'password', 'refresh_token', 'client_credentials']),
    );
  });
});
