/**
 * App webhooks: `PUT /apps/{appEID}/` refuses an `events.url` naming a loopback, private,
 * link-local or metadata address unless WEBHOOK_ALLOW_PRIVATE_TARGETS is on. The auth service is
 * built from its configuration on the real store, and its `appManifest.put` handler is called as
 * the RPC server calls it; the end-to-end stack runs with the switch on (its receiver is on
 * 127.0.0.1), so the refusal is tested here. The gateway's answer to the error (400 problem+json
 * with `errors` naming each pointer) is the one of every invalid manifest (e2e/apps/manifests).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DomainError, findRoute, type RequestContext } from '@ncs/contracts';
import { createLogger, createServiceRuntime, type RuntimeHandle } from '@ncs/service-kit';
import { buildAuthService } from '../src/app.js';
import { loadAuthConfig } from '../src/config.js';
import { ensureClient } from '../src/directory/provisioning.js';
import type { AuthModels } from '../src/models.js';

const logger = createLogger({ service: 'auth', level: 'silent' });
const subject = findRoute('appManifest.put').subject;
let runtime: RuntimeHandle;
let models: AuthModels;

/** The `appManifest.put` handler of an auth service built from `env`. */
function putHandlerOf(env: Record<string, string>) {
  const module = buildAuthService(
    runtime,
    loadAuthConfig({ DEMO_DATA: 'false', SECRET_HASH_LOG2_COST: '10', ...env }),
  );
  models = module.models;
  const handler = module.handlers.get(subject)!;
  return async (appEID: string, url: string) =>
    handler(
      {
        ctx: {
          version: '2026.1.13',
          requestId: 'webhook-targets',
          principal: { appEID, external: false, roles: [], permissions: [] },
        } satisfies RequestContext,
        params: { appEID },
        query: {},
        body: {
          redirectUris: ['https://app.example/callback'],
          entryPoints: [],
          permissions: [],
          events: { url, subscriptions: ['message.created'] },
        },
      },
      { logger, subject },
    );
}

async function newApp(): Promise<string> {
  const appEID = randomBytes(12).toString('hex');
  await ensureClient(models, {
    clientId: appEID,
    name: 'Webhook targets',
    secret: 'app-secret',
    firstParty: false,
    grantTypes: ['client_credentials'],
  });
  return appEID;
}

beforeAll(async () => {
  runtime = await createServiceRuntime({
    service: 'auth',
    natsUrl: inject('natsUrl'),
    mongoUrl: inject('mongoUrl'),
    dbName: `auth_webhook_targets_${randomBytes(4).toString('hex')}`,
    rpcTimeoutMs: 10_000,
    logger,
  });
});

afterAll(async () => {
  await runtime?.db.dropDatabase();
  await runtime?.close();
});

const PRIVATE_URLS = [
  'http://127.0.0.1:8080/hook',
  'https://10.0.0.8/hook',
  'https://192.168.1.20/hook',
  'https://169.254.169.254/latest/meta-data/',
  'https://[::1]/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[fd00::1]/hook',
  'http://localhost:9000/hook',
  'https://metadata.google.internal/computeMetadata/v1/',
];

describe('a webhook URL naming a private target', () => {
  it('is refused with the switch off (the default): 400 -193 naming /body/events/url, nothing stored', async () => {
    const put = putHandlerOf({});
    for (const url of PRIVATE_URLS) {
      const appEID = await newApp();
      const refused = await put(appEID, url).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, url).toBeInstanceOf(DomainError);
      const error = refused as DomainError;
      expect([error.status, error.code], url).toEqual([400, -193]);
      expect(error.details, url).toEqual([
        {
          pointer: '/body/events/url',
          message: 'must not name a loopback, private, link-local or metadata address',
        },
      ]);
      expect(await models.AppManifest.countDocuments({ clientId: appEID }), url).toBe(0);
    }
  });

  it('is accepted with the switch off when the URL names a public host', async () => {
    const put = putHandlerOf({});
    const appEID = await newApp();
    await expect(put(appEID, 'https://hooks.example/ncs')).resolves.toMatchObject({ status: 201 });
    const stored = await models.AppManifest.findOne({ clientId: appEID }).lean();
    expect(stored?.events?.url).toBe('https://hooks.example/ncs');
  });

  it('is accepted with WEBHOOK_ALLOW_PRIVATE_TARGETS on (development and test stacks)', async () => {
    const put = putHandlerOf({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    for (const url of PRIVATE_URLS) {
      const appEID = await newApp();
      await expect(put(appEID, url), url).resolves.toMatchObject({ status: 201 });
    }
  });
});
