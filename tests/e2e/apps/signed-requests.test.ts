/**
 * Signed requests over HTTP (spec: "Signed requests carry `locale`, `device`, `position`,
 * `appData`, `role`"; network administrator variants are reported as `admin`): a member opening an
 * installed app gets a JWS (HS256) that the app verifies with its signing secret — checked here
 * with nothing but node:crypto, as the documented scheme says — and with the verifier shipped for
 * apps; tampering is detected. Who may ask, for which entry point, and what is refused.
 */
import { createHmac } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { SignedRequestResource } from '@ncs/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { verifySignedRequest } from '@ncs/auth/testing';
import { call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  appsPath,
  installOverHttp,
  minimalManifest,
  newApp,
  newSigningSecret,
  registerManifest,
  type TestApp,
} from '../../support/factories/apps.js';

afterAll(closeFactories);

/** A signed request; on a refusal, the problem's `code` and `errors`. */
type SignedRequest = Static<typeof SignedRequestResource> & Partial<Pick<Problem, 'code' | 'errors'>>;

const manifest = () => ({
  ...minimalManifest(),
  entryPoints: [
    { name: 'main', context: 'appMenuItem', url: 'https://app.example/menu', hasMenuItem: true },
    {
      name: 'staff',
      context: 'widget',
      url: 'https://app.example/w',
      widgetHeight: 200,
      includeExternalUsers: false,
    },
  ],
});

async function setup(): Promise<{ network: TestNetwork; app: TestApp; secret: string; keyId: string }> {
  const network = await newNetwork();
  const app = await newApp();
  await registerManifest(app, manifest());
  await installOverHttp(network, app);
  const { secret, keyId } = await newSigningSecret(app);
  return { network, app, secret, keyId };
}

const signRequest = (
  network: TestNetwork,
  app: TestApp,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  call<SignedRequest>(appsPath(network.networkEID, `${app.clientId}/signrequest`), {
    token,
    json: body,
    headers,
  });

const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('POST /networks/{networkEID}/apps/{appEID}/signrequest', () => {
  it('signs locale, device, position, appData and role for the member, verifiable with the app’s secret', async () => {
    const { network, app, secret, keyId } = await setup();
    const member = await network.newMember();
    const response = await signRequest(network, app, await member.token(), {
      entryPoint: 'main',
      device: 'ios',
      position: 'menu',
      appData: '{"task":42}',
      locale: 'nl-NL',
    });
    expect(response.status, response.text).toBe(200);
    const before = Math.floor(Date.now() / 1000);
    expect(response.body).toMatchObject({
      type: 'signed_request',
      app: { type: 'app', EID: app.clientId },
      network: { type: 'network', EID: network.networkEID },
      entryPoint: 'main',
      url: 'https://app.example/menu',
    });
    expect(response.body._links?.app?.href).toMatch(new RegExp(`/apps/${app.clientId}/$`));

    // The documented scheme, checked with node:crypto alone.
    const [header, claims, signature] = response.body.signedRequest.split('.') as [string, string, string];
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT', kid: keyId });
    expect(signature).toBe(
      createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${header}.${claims}`).digest('base64url'),
    );
    const payload = decode(claims);
    expect(payload).toEqual({
      aud: app.clientId,
      sub: member.profileEID,
      networkEID: network.networkEID,
      userEID: member.profileEID,
      role: 'member',
      locale: 'nl-NL',
      device: 'ios',
      position: 'menu',
      appData: '{"task":42}',
      entryPoint: 'main',
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: response.body.EID,
    });
    expect(payload.exp).toBe((payload.iat as number) + 300);
    expect(Math.abs((payload.iat as number) - before)).toBeLessThanOrEqual(5);
    expect(response.body.claims).toEqual(payload);
    expect(response.body.expiresAt).toBe(
      new Date((payload.exp as number) * 1000).toISOString().replace('Z', '+00:00'),
    );

    // The verifier shipped for apps agrees, and detects tampering.
    const verified = verifySignedRequest(response.body.signedRequest, secret, { appEID: app.clientId });
    expect(verified).toMatchObject({
      valid: true,
      keyId,
      claims: { userEID: member.profileEID, role: 'member' },
    });
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url');
    expect(verifySignedRequest(`${header}.${forged}.${signature}`, secret, { appEID: app.clientId })).toEqual(
      {
        valid: false,
        reason: 'the signature does not match',
      },
    );
    expect(
      verifySignedRequest(response.body.signedRequest, 'not-the-secret', { appEID: app.clientId }).valid,
    ).toBe(false);
    // The secret never travels in the reply.
    expect(response.text).not.toContain(secret);
  });

  it('reports every administrator as admin, and takes the locale from Accept-Language when none is sent', async () => {
    const { network, app } = await setup();
    const response = await signRequest(
      network,
      app,
      await network.admin.token(),
      { entryPoint: 'main', device: 'web', position: 'widget' },
      { 'accept-language': 'de-DE;q=0.9, fr;q=1' },
    );
    expect(response.status).toBe(200);
    expect(response.body.claims).toMatchObject({ role: 'admin', locale: 'fr', appData: null, device: 'web' });
    const plain = await signRequest(network, app, await network.admin.token(), {
      entryPoint: 'main',
      device: 'android',
      position: 'menu',
    });
    // Without either, the person's language (accounts default to en).
    expect(plain.body.claims.locale).toBe('en');
  });

  it('signs with the current secret only: after a rotation the old secret no longer verifies', async () => {
    const { network, app, secret } = await setup();
    const rotated = await newSigningSecret(app);
    const response = await signRequest(network, app, await network.admin.token(), {
      entryPoint: 'main',
      device: 'web',
      position: 'menu',
    });
    expect(
      verifySignedRequest(response.body.signedRequest, rotated.secret, { appEID: app.clientId }).valid,
    ).toBe(true);
    expect(verifySignedRequest(response.body.signedRequest, secret, { appEID: app.clientId }).valid).toBe(
      false,
    );
  });

  it('refuses entry points the caller may not see (external users), unknown ones and bad input', async () => {
    const { network, app } = await setup();
    const external = await network.newMember({ external: true });
    const token = await external.token();
    const hidden = await signRequest(network, app, token, {
      entryPoint: 'staff',
      device: 'web',
      position: 'widget',
    });
    expect(hidden.status).toBe(400);
    expect(hidden.body).toMatchObject({ code: -198, errors: [{ pointer: '/body/entryPoint' }] });
    expect(
      (await signRequest(network, app, token, { entryPoint: 'main', device: 'web', position: 'm' })).status,
    ).toBe(200);
    const member = await network.newMember();
    const memberToken = await member.token();
    expect(
      (
        await signRequest(network, app, memberToken, {
          entryPoint: 'staff',
          device: 'web',
          position: 'widget',
        })
      ).status,
    ).toBe(200);
    const unknown = await signRequest(network, app, memberToken, {
      entryPoint: 'nope',
      device: 'web',
      position: 'm',
    });
    expect(unknown.body.code).toBe(-198);
    for (const [body, pointer] of [
      [{ entryPoint: 'main', device: 'fridge', position: 'menu' }, '/body/device'],
      [{ entryPoint: 'main', device: 'web' }, '/body/position'],
      [{ entryPoint: 'main', device: 'web', position: 'menu', appData: 'x'.repeat(4097) }, '/body/appData'],
      [{ entryPoint: 'main', device: 'web', position: 'menu', locale: 'en_US!' }, '/body/locale'],
      [{ entryPoint: 'main', device: 'web', position: 'menu', role: 'admin' }, '/body/role'],
      [
        { entryPoint: 'main', device: 'web', position: 'menu', userEID: network.admin.profileEID },
        '/body/userEID',
      ],
    ] as const) {
      const response = await signRequest(network, app, memberToken, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
  });

  it('is 409 until the app has a signing secret, 404 for an app not installed here, 403 for app tokens', async () => {
    const network = await newNetwork();
    const app = await newApp();
    await registerManifest(app, manifest());
    await installOverHttp(network, app);
    const token = await network.admin.token();
    const body = { entryPoint: 'main', device: 'web', position: 'menu' };
    const noSecret = await signRequest(network, app, token, body);
    expect(noSecret.status).toBe(409);
    expect(noSecret.body.code).toBe(-197);
    const elsewhere = await newApp();
    await registerManifest(elsewhere, manifest());
    await newSigningSecret(elsewhere);
    const notInstalled = await signRequest(network, elsewhere, token, body);
    expect(notInstalled.status).toBe(404);
    expect(notInstalled.body.code).toBe(-191);
    const asApp = await signRequest(network, app, await app.token(), body);
    expect(asApp.status).toBe(403);
    expect(asApp.body.code).toBe(-196);
    // Another network's member: 404 (not a member there).
    const other = await newNetwork();
    expect((await signRequest(network, app, await other.admin.token(), body)).status).toBe(404);
  });
});
