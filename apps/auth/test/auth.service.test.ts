/**
 * The auth service in process, over real NATS and the real store: its handlers are reached only
 * through NATS subjects, as the gateway reaches them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { findRoute, internalSubjects, type RequestContext } from '@ncs/contracts';
import {
  createLogger,
  createServiceRuntime,
  serveModule,
  type RuntimeHandle,
  type ServedModule,
} from '@ncs/service-kit';
import { buildAuthService } from '../src/app.js';
import { loadAuthConfig } from '../src/config.js';
import type { AuthModels } from '../src/models.js';
import { sha256 } from '../src/core/secrets.js';

const config = loadAuthConfig({ DEMO_DATA: 'true' });
let runtime: RuntimeHandle;
let served: ServedModule;
let models: AuthModels;
const dbName = `auth_test_${randomBytes(4).toString('hex')}`;
const ctx: RequestContext = { version: '2026.1.13', requestId: 'svc-test' };

const token = (fields: Record<string, string>) =>
  runtime.rpc.request<{ access_token: string; refresh_token: string; expires_in: number }>(
    findRoute('oauth.token').subject,
    {
      ctx,
      body: fields,
    },
  );
const aliceGrant = {
  grant_type: 'password',
  username: 'alice@acme.example',
  password: 'demo-pass-123',
  client_id: 'ncs-demo-app',
  client_secret: 'demo-secret',
};

beforeAll(async () => {
  runtime = await createServiceRuntime({
    service: 'auth',
    natsUrl: inject('natsUrl'),
    mongoUrl: inject('mongoUrl'),
    dbName,
    rpcTimeoutMs: 10_000,
    logger: createLogger({ service: 'auth', level: 'silent' }),
  });
  const module = buildAuthService(runtime, config);
  models = module.models;
  served = await serveModule(runtime, module, { version: '0.0.0-test', description: 'auth under test' });
});

afterAll(async () => {
  await served?.stop();
  await runtime?.db.dropDatabase();
  await runtime?.close();
});

describe('demo data', () => {
  it('creates the demo networks, people and client', async () => {
    expect((await models.Network.find().lean()).map((n) => [n.subdomain, n.name]).sort()).toEqual([
      ['acme', 'Acme Corp'],
      ['globex', 'Globex'],
    ]);
    expect(await models.Account.countDocuments()).toBe(3);
    expect(await models.Profile.countDocuments({ role: 'admin' })).toBe(2);
    expect(await models.Client.countDocuments({ clientId: 'ncs-demo-app', firstParty: true })).toBe(1);
  });

  it('is idempotent: starting again creates nothing twice', async () => {
    const again = buildAuthService(runtime, config);
    await again.start?.();
    expect(await models.Network.countDocuments()).toBe(2);
    expect(await models.Account.countDocuments()).toBe(3);
    expect(await models.Profile.countDocuments()).toBe(3);
    // The first-party client and the third-party app of the code-flow demo, once each.
    expect(await models.Client.countDocuments()).toBe(2);
  });

  it('stores no secret in clear: passwords and client secrets are scrypt hashes', async () => {
    const account = await models.Account.findOne({ email: 'alice@acme.example' }).lean();
    expect(account?.passwordHash).toMatch(/^scrypt\$32768\$8\$4\$/);
    expect(JSON.stringify(await models.Client.find().lean())).not.toContain('demo-secret');
  });
});

describe('tokens over NATS', () => {
  it('grants a token and stores only its SHA-256', async () => {
    const granted = await token(aliceGrant);
    expect(granted.expires_in).toBe(3600);
    const stored = JSON.stringify(await models.Token.find().lean());
    expect(stored).not.toContain(granted.access_token);
    expect(stored).not.toContain(granted.refresh_token);
  });

  it('looks an access token up to the caller and its memberships', async () => {
    const granted = await token(aliceGrant);
    const principal = await runtime.rpc.request(internalSubjects.tokenLookup, {
      ctx,
      body: { token: granted.access_token },
    });
    const acme = await models.Network.findOne({ subdomain: 'acme' }).lean();
    expect(principal?.memberships).toEqual([
      expect.objectContaining({
        networkEID: String(acme?._id),
        role: 'admin',
        permissions: expect.arrayContaining(['MANAGE_KNOWLEDGE_BASE']),
      }),
    ]);
    expect(
      await runtime.rpc.request(internalSubjects.tokenLookup, {
        ctx,
        body: { token: granted.refresh_token },
      }),
    ).toBeNull();
    expect(
      await runtime.rpc.request(internalSubjects.tokenLookup, { ctx, body: { token: 'nope' } }),
    ).toBeNull();
  });

  it('does not look up an expired access token', async () => {
    const granted = await token(aliceGrant);
    const expired = await models.Token.updateOne(
      { hash: sha256(granted.access_token) },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect(expired.modifiedCount).toBe(1);
    expect(
      await runtime.rpc.request(internalSubjects.tokenLookup, { ctx, body: { token: granted.access_token } }),
    ).toBeNull();
  });

  it('answers grant errors as domain errors with their status and code', async () => {
    await expect(token({ ...aliceGrant, password: 'wrong' })).rejects.toMatchObject({
      status: 400,
      errorName: 'OAUTH_INVALID_GRANT',
    });
    await expect(token({ ...aliceGrant, client_secret: 'wrong' })).rejects.toMatchObject({
      status: 401,
      errorName: 'OAUTH_INVALID_CLIENT',
    });
  });
});

describe('directory over NATS', () => {
  it('reads a network for a member and refuses a non-member with 404', async () => {
    const acme = await models.Network.findOne({ subdomain: 'acme' }).lean();
    const globexAdmin = await models.Profile.findOne({ networkEID: { $ne: String(acme?._id) } }).lean();
    const aliceProfile = await models.Profile.findOne({
      networkEID: String(acme?._id),
      role: 'admin',
    }).lean();
    const subject = findRoute('network.get').subject;
    const asMember = {
      ...ctx,
      networkEID: String(acme?._id),
      principal: {
        profileEID: String(aliceProfile?._id),
        external: false,
        roles: ['admin'],
        permissions: [],
      },
    };
    expect(await runtime.rpc.request(subject, { ctx: asMember })).toMatchObject({
      type: 'network',
      name: 'Acme Corp',
    });
    const asStranger = {
      ...asMember,
      principal: { ...asMember.principal, profileEID: String(globexAdmin?._id) },
    };
    await expect(runtime.rpc.request(subject, { ctx: asStranger })).rejects.toMatchObject({ status: 404 });
  });
});
