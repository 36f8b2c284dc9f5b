/**
 * The token endpoint over HTTP (spec: Authentication; RFC 6749 §5.1/§5.2): password and refresh
 * grants, their errors, and what the tokens can then do.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call, demo, passwordGrant, type TokenPair } from '../../support/api.js';
import { closeFactories, newClient, newNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

const tokenForm = (fields: Record<string, string>) =>
  call<TokenPair & { error?: string; error_description?: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: fields,
  });

describe('POST /oauth/v2/token, grant_type=password', () => {
  it('answers an RFC 6749 §5.1 token response for good credentials', async () => {
    const response = await passwordGrant(demo.alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(response.body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
    });
    expect(response.body.access_token).not.toBe(response.body.refresh_token);
  });

  it('accepts the username case-insensitively', async () => {
    expect((await passwordGrant('Alice@ACME.example')).status).toBe(200);
  });

  it('refuses a wrong password with 400 invalid_grant and does not say which part was wrong', async () => {
    const response = await passwordGrant(demo.alice, 'not-the-password');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
    const unknownUser = await passwordGrant('nobody@acme.example', 'whatever-123');
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body).toEqual(response.body);
  });

  it('refuses a wrong client secret and an unknown client with 401 invalid_client', async () => {
    for (const fields of [
      { client_id: demo.clientId, client_secret: 'wrong' },
      { client_id: 'no-such-client', client_secret: 'wrong' },
      { client_id: demo.clientId, client_secret: '' },
    ]) {
      const response = await passwordGrant(demo.alice, demo.password, fields);
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('invalid_client');
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
    }
  });

  it('accepts client credentials as HTTP Basic (RFC 6749 §2.3.1)', async () => {
    const response = await call<TokenPair>('/oauth/v2/token', {
      accept: 'application/json',
      headers: {
        authorization: `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`,
      },
      form: { grant_type: 'password', username: demo.bob, password: demo.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.token_type).toBe('Bearer');
  });

  it.each([
    [
      'grant_type',
      {
        username: demo.alice,
        password: demo.password,
        client_id: demo.clientId,
        client_secret: demo.clientSecret,
      },
    ],
    [
      'username',
      {
        grant_type: 'password',
        password: demo.password,
        client_id: demo.clientId,
        client_secret: demo.clientSecret,
      },
    ],
    [
      'password',
      {
        grant_type: 'password',
        username: demo.alice,
        client_id: demo.clientId,
        client_secret: demo.clientSecret,
      },
    ],
    [
      'client_id',
      {
        grant_type: 'password',
        username: demo.alice,
        password: demo.password,
        client_secret: demo.clientSecret,
      },
    ],
  ])('answers 400 invalid_request naming a missing %s', async (field, fields) => {
    const response = await tokenForm(fields);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_description).toContain(field);
  });

  it('answers 400 unsupported_grant_type for an unknown grant', async () => {
    const response = await tokenForm({
      grant_type: 'magic',
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('unsupported_grant_type');
  });

  it('answers 400 invalid_request for a JSON body (the endpoint takes a form body)', async () => {
    const response = await call<{ error: string }>('/oauth/v2/token', {
      accept: 'application/json',
      json: { grant_type: 'password', username: demo.alice, password: demo.password },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });

  it('answers 400 invalid_request when a parameter is repeated (RFC 6749 §3.2)', async () => {
    const response = await call<{ error: string }>('/oauth/v2/token', {
      accept: 'application/json',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: `grant_type=password&username=${demo.alice}&username=${demo.bob}&password=${demo.password}&client_id=${demo.clientId}&client_secret=${demo.clientSecret}`,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });

  it('refuses the password grant to a client that is not first-party (unauthorized_client)', async () => {
    const client = await newClient({ firstParty: false });
    const response = await passwordGrant(demo.alice, demo.password, {
      client_id: client.clientId,
      client_secret: client.secret,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('unauthorized_client');
  });

  it('refuses a person whose only membership is suspended', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    expect((await passwordGrant(person.email, person.password)).status).toBe(200);
    await person.suspend();
    const response = await passwordGrant(person.email, person.password);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
  });
});

describe('POST /oauth/v2/token, grant_type=refresh_token', () => {
  const refresh = (refreshToken: string) =>
    tokenForm({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
    });

  it('issues a new access token and rotates the refresh token', async () => {
    const first = (await passwordGrant(demo.bob)).body;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.expires_in).toBe(3600);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await call('/whoami/', { token: second.body.access_token })).status).toBe(200);
  });

  it('refuses a reused refresh token and revokes the whole family', async () => {
    const first = (await passwordGrant(demo.bob)).body;
    const second = (await refresh(first.refresh_token)).body;
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    // The tokens issued from the family are revoked too (allow the gateway cache to expire).
    expect((await refresh(second.refresh_token)).status).toBe(400);
  });

  it('refuses an unknown refresh token and one presented by another client', async () => {
    expect((await refresh('not-a-token')).body.error).toBe('invalid_grant');
    const client = await newClient({ firstParty: true });
    const issued = (
      await passwordGrant(demo.bob, demo.password, {
        client_id: client.clientId,
        client_secret: client.secret,
      })
    ).body;
    const response = await refresh(issued.refresh_token);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
  });

  it('refuses an access token used as a refresh token', async () => {
    const first = (await passwordGrant(demo.bob)).body;
    expect((await refresh(first.access_token)).body.error).toBe('invalid_grant');
  });
});
