/**
 * App signing secrets encrypted at rest: the store holds an AES-256-GCM ciphertext,
 * never the secret answered to the app; a secret stored in clear before encryption still signs and
 * is sealed on its first use.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { verifySignedRequest } from '@ncs/auth/testing';
import { call } from '../../support/api.js';
import { authModels, closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  appsPath,
  installOverHttp,
  newApp,
  newSigningSecret,
  registerManifest,
  type TestApp,
} from '../../support/factories/apps.js';

afterAll(closeFactories);

async function storedSecret(clientId: string): Promise<string> {
  const key = await (await authModels()).AppSigningKey.findOne({ clientId }, { secret: 1 }).lean();
  if (!key) throw new Error('no signing key stored');
  return key.secret;
}

async function installedApp() {
  const network = await newNetwork();
  const app = await newApp();
  await registerManifest(app);
  await installOverHttp(network, app);
  return { network, app };
}

/** A signed request for the app's `main` entry point, as the network's administrator (200). */
async function signAsAdmin(network: TestNetwork, app: TestApp) {
  const signed = await call<{ signedRequest: string }>(
    appsPath(network.networkEID, `${app.clientId}/signrequest`),
    {
      token: await network.admin.token(),
      json: { entryPoint: 'main', device: 'web', position: 'menu' },
    },
  );
  expect(signed.status, signed.text).toBe(200);
  return signed.body;
}

describe('app signing secrets at rest', () => {
  it('stores a new secret encrypted, and signs with it', async () => {
    const { network, app } = await installedApp();
    const { secret } = await newSigningSecret(app);
    const stored = await storedSecret(app.clientId);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(secret);
    const signed = await signAsAdmin(network, app);
    expect(verifySignedRequest(signed.signedRequest, secret, { appEID: app.clientId })).toMatchObject({
      valid: true,
    });
  });

  it('reads a secret stored in clear before, signs with it and seals it', async () => {
    const { network, app } = await installedApp();
    const legacy = 'legacy-clear-secret-0123456789abcdef';
    await (
      await authModels()
    ).AppSigningKey.updateOne(
      { clientId: app.clientId },
      { $set: { secret: legacy, keyId: 'legacy' } },
      { upsert: true },
    );
    const signed = await signAsAdmin(network, app);
    expect(verifySignedRequest(signed.signedRequest, legacy, { appEID: app.clientId })).toMatchObject({
      valid: true,
    });
    const stored = await storedSecret(app.clientId);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(legacy);
  });
});
