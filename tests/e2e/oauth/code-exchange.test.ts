/**
 * The authorization-code flow over HTTP: the code exchange (code replay, binding to the redirect URI
 * and client, expiry, scope, refresh), PKCE, and no secret of the flow in the logs. The `/auth` page
 * and redirect URI variants: code-page.test.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, type TokenPair } from '../../support/api.js';
import { authorizeUrl, browse, formToken, REDIRECT } from '../../support/factories/apps.js';
import {
  addToNetwork,
  authModels,
  closeFactories,
  newClient,
  newNetwork,
} from '../../support/factories/core.js';
import { stack } from '../../support/stack.js';
import { authorize, setup, type Setup } from './code-setup.js';

afterAll(closeFactories);

const exchange = (s: Setup, code: string, extra: Record<string, string> = {}) =>
  call<Partial<TokenPair> & { error?: string; error_description?: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: s.client.clientId,
      client_secret: s.client.secret,
      ...extra,
    },
  });

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe('grant_type=authorization_code', () => {
  it('exchanges the code for a non-expiring token bound to the signed-in network', async () => {
    const s = await setup();
    const elsewhere = await newNetwork();
    const location = await authorize(s);
    expect(location.searchParams.get('state')).toBe('st-123');
    const code = location.searchParams.get('code')!;
    const token = await exchange(s, code);
    expect(token.status, token.text).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect(token.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      refresh_token: expect.any(String),
      scope: 'profile.basic.read',
    });
    const accessToken = token.body.access_token!;
    expect((await call(`/networks/${s.network.networkEID}/`, { token: accessToken })).status).toBe(200);
    expect((await call('/whoami/', { token: accessToken })).status).toBe(200);
    // The same person is a member of another network: the code-flow token does not reach it.
    await addToNetwork(s.person.email, elsewhere.networkEID);
    const passwordToken = await s.person.token();
    expect((await call(`/networks/${elsewhere.networkEID}/`, { token: passwordToken })).status).toBe(200);
    expect((await call(`/networks/${elsewhere.networkEID}/`, { token: accessToken })).status).toBe(404);
  });

  it('refuses a replayed code with invalid_grant and revokes every token issued from it', async () => {
    const s = await setup();
    const code = (await authorize(s)).searchParams.get('code')!;
    const first = await exchange(s, code);
    expect(first.status).toBe(200);
    const accessToken = first.body.access_token!;
    expect((await call('/whoami/', { token: accessToken })).status).toBe(200);
    const replay = await exchange(s, code);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    const started = Date.now();
    while ((await call('/whoami/', { token: accessToken })).status !== 401) {
      expect(Date.now() - started, 'the first token is still accepted').toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 50));
    }
    const refresh = await call<{ error?: string }>('/oauth/v2/token', {
      accept: 'application/json',
      form: {
        grant_type: 'refresh_token',
        refresh_token: first.body.refresh_token!,
        client_id: s.client.clientId,
        client_secret: s.client.secret,
      },
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('binds the code to its redirect_uri and its client', async () => {
    const s = await setup();
    const code = (await authorize(s)).searchParams.get('code')!;
    const otherClient = await newClient({ grantTypes: ['authorization_code'], redirectUris: [REDIRECT] });
    const wrongClient = await exchange(s, code, {
      client_id: otherClient.clientId,
      client_secret: otherClient.secret,
    });
    expect(wrongClient.body.error).toBe('invalid_grant');
    const s2 = await setup();
    const code2 = (await authorize(s2)).searchParams.get('code')!;
    const wrongUri = await exchange(s2, code2, { redirect_uri: `${REDIRECT}/` });
    expect(wrongUri.status).toBe(400);
    expect(wrongUri.body.error).toBe('invalid_grant');
  });

  it('refuses a code to a client authenticated wrongly (401) and an unknown code (invalid_grant)', async () => {
    const s = await setup();
    const code = (await authorize(s)).searchParams.get('code')!;
    expect((await exchange(s, code, { client_secret: 'wrong' })).status).toBe(401);
    expect((await exchange(s, 'not-a-code')).body.error).toBe('invalid_grant');
  });

  it('refuses an expired code with invalid_grant (codes are short-lived)', async () => {
    const s = await setup();
    const code = (await authorize(s)).searchParams.get('code')!;
    // Age the stored code past its lifetime (only its SHA-256 is stored).
    const models = await authModels();
    const hash = createHash('sha256').update(code).digest('hex');
    const aged = await models.AuthorizationCode.updateOne(
      { hash },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect(aged.modifiedCount).toBe(1);
    const expired = await exchange(s, code);
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('invalid_grant');
  });

  it('limits a profile.basic.read token to the routes that scope grants (403 insufficient_scope)', async () => {
    const s = await setup();
    const code = (await authorize(s)).searchParams.get('code')!;
    const accessToken = (await exchange(s, code)).body.access_token!;
    const net = s.network.networkEID;
    // Granted: the user's identity, network and basic profile.
    expect((await call('/whoami/', { token: accessToken })).status).toBe(200);
    expect((await call(`/networks/${net}/`, { token: accessToken })).status).toBe(200);
    expect(
      (await call(`/networks/${net}/users/${s.person.profileEID}/`, { token: accessToken })).status,
    ).toBe(200);
    // Not granted: everything else, with RFC 6750's insufficient_scope.
    for (const path of [
      `/networks/${net}/aggregate/`,
      `/networks/${net}/users/`,
      `/networks/${net}/knowledge-base/home/`,
    ]) {
      const refused = await call(path, { token: accessToken });
      expect(refused.status, path).toBe(403);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.body.code).toBe(-129);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="ncs", error="insufficient_scope"');
    }
    // A first-party (unscoped) token of the same person is not limited.
    const full = await s.person.token();
    expect((await call(`/networks/${net}/aggregate/`, { token: full })).status).toBe(200);
  });

  it('keeps refreshed code-flow tokens non-expiring and rotating', async () => {
    const s = await setup();
    const first = (await exchange(s, (await authorize(s)).searchParams.get('code')!)).body;
    const refreshed = await call<Partial<TokenPair>>('/oauth/v2/token', {
      accept: 'application/json',
      form: {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token!,
        client_id: s.client.clientId,
        client_secret: s.client.secret,
      },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.expires_in).toBeUndefined();
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
  });
});

describe('PKCE (RFC 7636, S256)', () => {
  it('accepts the right verifier', async () => {
    const s = await setup();
    const { verifier, challenge } = pkce();
    const location = await authorize(s, { code_challenge: challenge, code_challenge_method: 'S256' });
    const token = await exchange(s, location.searchParams.get('code')!, { code_verifier: verifier });
    expect(token.status, token.text).toBe(200);
  });

  it.each(['missing', 'wrong'] as const)('refuses a %s verifier when a challenge was sent', async (kind) => {
    const s = await setup();
    const { challenge } = pkce();
    const location = await authorize(s, { code_challenge: challenge, code_challenge_method: 'S256' });
    const token = await exchange(
      s,
      location.searchParams.get('code')!,
      kind === 'wrong' ? { code_verifier: pkce().verifier } : {},
    );
    expect(token.status).toBe(400);
    expect(token.body.error).toBe('invalid_grant');
    expect(token.body.error_description).toContain('code_verifier');
  });

  it('refuses a verifier when no challenge was sent (downgrade)', async () => {
    const s = await setup();
    const location = await authorize(s);
    const token = await exchange(s, location.searchParams.get('code')!, { code_verifier: pkce().verifier });
    expect(token.status).toBe(400);
    expect(token.body.error).toBe('invalid_grant');
  });

  it('refuses the plain method and a malformed challenge with a redirect carrying invalid_request', async () => {
    const s = await setup();
    const cases: Record<string, string>[] = [
      { code_challenge: pkce().challenge, code_challenge_method: 'plain' },
      { code_challenge: pkce().challenge },
      { code_challenge: 'short', code_challenge_method: 'S256' },
    ];
    for (const extra of cases) {
      const page = await browse(
        authorizeUrl({
          client_id: s.client.clientId,
          redirect_uri: REDIRECT,
          scope: 'profile.basic.read',
          state: 'p',
          network: s.network.subdomain,
          ...extra,
        }),
      );
      expect(page.status).toBe(302);
      expect(page.location?.searchParams.get('error')).toBe('invalid_request');
      expect(page.location?.searchParams.get('state')).toBe('p');
    }
  });
});

describe('logs', () => {
  it('never contain a code, verifier, form token, client secret, password or token of the flow', async () => {
    const s = await setup();
    const { verifier, challenge } = pkce();
    const login = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 'log-state',
        network: s.network.subdomain,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    const loginToken = formToken(login);
    const consent = await browse('/auth', {
      form_token: loginToken,
      action: 'login',
      email: s.person.email,
      password: s.person.password,
    });
    const consentToken = formToken(consent);
    const done = await browse('/auth', { form_token: consentToken, action: 'accept' });
    const code = done.location!.searchParams.get('code')!;
    const token = (await exchange(s, code, { code_verifier: verifier })).body;
    await exchange(s, code, { code_verifier: verifier }); // a replay, logged as a failure
    await call(`/networks/${s.network.networkEID}/?access_token=${token.access_token!}`);
    await call('/oauth/v2/introspect', {
      accept: 'application/json',
      form: { token: token.refresh_token!, client_id: s.client.clientId, client_secret: s.client.secret },
    });
    await call('/oauth/v2/revoke', {
      accept: 'application/json',
      form: { token: token.access_token!, client_id: s.client.clientId, client_secret: s.client.secret },
    });
    await new Promise((r) => setTimeout(r, 1_000)); // let the processes flush their logs
    const logDir = stack().logDir;
    const logs = readdirSync(logDir)
      .map((file) => readFileSync(join(logDir, file), 'utf8'))
      .join('\n');
    expect(logs).toContain('request completed');
    const secrets = {
      code,
      verifier,
      loginToken,
      consentToken,
      clientSecret: s.client.secret,
      password: s.person.password,
      accessToken: token.access_token!,
      refreshToken: token.refresh_token!,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(logs.includes(secret), `${name} reached the logs`).toBe(false);
    }
  });
});
