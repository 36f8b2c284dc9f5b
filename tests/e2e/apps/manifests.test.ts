/**
 * App manifests over HTTP (spec: Apps and app manifests, App entry point, application permissions;
 * issue: "app EID is the client_id; manifest lists redirect URIs, entry points and application
 * permissions"): registration by the app itself, strict validation naming the field, no mass
 * assignment, `checkexistence` for the app and administrators, signing secrets, no secret in any
 * reply, and the domain events.
 */
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demo, tokenFor, type Problem } from '../../support/api.js';
import { authModels, closeFactories, newClient, newNetwork } from '../../support/factories/core.js';
import {
  appToken,
  codeFlowToken,
  installOverHttp,
  minimalManifest,
  newApp,
  newSigningSecret,
  putManifest,
  REDIRECT,
  registerManifest,
} from '../../support/factories/apps.js';
import { stack } from '../../support/stack.js';

afterAll(closeFactories);

const fullManifest = () => ({
  description: 'Expenses, approvals and receipts',
  redirectUris: [REDIRECT, 'http://localhost:3000/callback'],
  entryPoints: [
    { name: 'sso', context: 'external', url: 'https://app.example/sso', urlAppendNetwork: true },
    {
      name: 'menu',
      context: 'appMenuItem',
      url: 'https://app.example/menu',
      hasMenuItem: true,
      isDynamic: true,
      localLabel: 'Expenses',
      includeExternalUsers: false,
      fallbackUrl: 'https://app.example/mobile',
    },
    { name: 'sidebar', context: 'widget', url: 'https://app.example/widget', widgetHeight: 320 },
    { name: 'receipt', context: 'lightbox', url: 'https://app.example/box', lightboxTemplate: 'wide' },
  ],
  permissions: ['list_groups', 'get_profiles', 'infinite_limit'],
  events: { url: 'https://app.example/events', subscriptions: ['message.created'] },
});

describe('PUT /apps/{appEID}/ (manifest registration by the app)', () => {
  it('registers with 201, replaces with 200, applies the spec defaults and shows no secret', async () => {
    const app = await newApp({ name: 'Expenses' });
    const first = await putManifest(app, fullManifest());
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('content-type')).toBe('application/vnd.ncs.api-v2026.1.13+json+hal');
    expect(first.body).toMatchObject({
      type: 'app_manifest',
      EID: app.clientId,
      name: 'Expenses',
      description: 'Expenses, approvals and receipts',
      redirectUris: [REDIRECT, 'http://localhost:3000/callback'],
      permissions: ['list_groups', 'get_profiles', 'infinite_limit'],
      events: { url: 'https://app.example/events', subscriptions: ['message.created'] },
      created: expect.stringMatching(/\+00:00$/),
      _links: { self: { href: expect.stringMatching(new RegExp(`/apps/${app.clientId}/$`)) } },
    });
    const entryPoints = first.body.entryPoints as Record<string, unknown>[];
    // Spec: includeExternalUsers defaults to true; the other fields default to false/null.
    expect(entryPoints[0]).toEqual({
      name: 'sso',
      context: 'external',
      url: 'https://app.example/sso',
      includeExternalUsers: true,
      fallbackUrl: null,
      urlAppendNetwork: true,
      hasMenuItem: false,
      isDynamic: false,
      widgetHeight: null,
      lightboxTemplate: null,
      localLabel: null,
    });
    expect(entryPoints[1]).toMatchObject({
      includeExternalUsers: false,
      hasMenuItem: true,
      localLabel: 'Expenses',
    });
    expect(entryPoints[2]).toMatchObject({ widgetHeight: 320 });
    expect(entryPoints[3]).toMatchObject({ lightboxTemplate: 'wide' });
    for (const forbidden of [app.secret, 'secretHash', 'scrypt$'])
      expect(first.text).not.toContain(forbidden);

    const replaced = await putManifest(app, minimalManifest());
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      permissions: ['list_groups', 'get_profiles'],
      events: { url: null },
    });
    expect((replaced.body.entryPoints as unknown[]).length).toBe(1);
    // The redirect URIs are the ones the authorization page checks (the client's).
    const models = await authModels();
    const client = await models.Client.findOne({ clientId: app.clientId }).lean();
    expect(client?.redirectUris).toEqual([REDIRECT]);
  });

  it('makes the new redirect URIs the only ones the authorization page accepts', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const app = await newApp();
    await installOverHttp(network, app);
    await registerManifest(app, { ...minimalManifest(), redirectUris: ['https://new.example/cb'] });
    const page = await fetch(
      `${stack().baseUrl}/auth?${new URLSearchParams({
        client_id: app.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 's',
        network: network.subdomain,
      }).toString()}`,
      { redirect: 'manual' },
    );
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('redirect_uri');
    await registerManifest(app);
    expect((await codeFlowToken(app, network, person)).access_token).toBeTruthy();
  });

  it.each([
    ['an unknown permission', { permissions: ['list_groups', 'become_root'] }, '/body/permissions/1'],
    ['a repeated permission', { permissions: ['list_groups', 'list_groups'] }, '/body/permissions'],
    ['an http redirect URI', { redirectUris: ['http://app.example/cb'] }, '/body/redirectUris/0'],
    ['a relative redirect URI', { redirectUris: ['/cb'] }, '/body/redirectUris/0'],
    [
      'user info in a redirect URI',
      { redirectUris: ['https://app.example@evil.example/'] },
      '/body/redirectUris/0',
    ],
    ['a fragment', { redirectUris: ['https://app.example/cb#x'] }, '/body/redirectUris/0'],
    [
      'too many redirect URIs',
      { redirectUris: Array.from({ length: 21 }, (_, i) => `https://a.example/${i}`) },
      '/body/redirectUris',
    ],
    ['a too long URL', { redirectUris: [`https://app.example/${'a'.repeat(2000)}`] }, '/body/redirectUris/0'],
    [
      'an unknown entry-point context',
      { entryPoints: [{ name: 'x', context: 'popup', url: 'https://app.example/' }] },
      '/body/entryPoints/0/context',
    ],
    [
      'an entry point without url',
      { entryPoints: [{ name: 'x', context: 'external' }] },
      '/body/entryPoints/0/url',
    ],
    [
      'urlAppendNetwork on a widget',
      {
        entryPoints: [
          {
            name: 'w',
            context: 'widget',
            url: 'https://app.example/',
            widgetHeight: 10,
            urlAppendNetwork: true,
          },
        ],
      },
      '/body/entryPoints/0/urlAppendNetwork',
    ],
    [
      'a widget without height',
      { entryPoints: [{ name: 'w', context: 'widget', url: 'https://app.example/' }] },
      '/body/entryPoints/0/widgetHeight',
    ],
    [
      'two entry points with one name',
      {
        entryPoints: [
          { name: 'a', context: 'external', url: 'https://app.example/1' },
          { name: 'a', context: 'lightbox', url: 'https://app.example/2' },
        ],
      },
      '/body/entryPoints/1/name',
    ],
    [
      'a non-boolean includeExternalUsers',
      {
        entryPoints: [
          { name: 'a', context: 'external', url: 'https://app.example/', includeExternalUsers: 'no' },
        ],
      },
      '/body/entryPoints/0/includeExternalUsers',
    ],
    [
      'an unknown entry-point field',
      { entryPoints: [{ name: 'a', context: 'external', url: 'https://app.example/', admin: true }] },
      '/body/entryPoints/0/admin',
    ],
    [
      'event subscriptions without a URL',
      { events: { subscriptions: ['message.created'] } },
      '/body/events/url',
    ],
    ['a missing permission list', { permissions: undefined }, '/body/permissions'],
  ])('refuses %s with 400 naming the field', async (_name, change, pointer) => {
    const app = await newApp();
    const response = await putManifest(app, { ...minimalManifest(), ...change });
    expect(response.status, response.text).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = response.body as unknown as Problem;
    expect([-2, -193]).toContain(problem.code);
    expect(problem.errors?.map((e) => e.pointer)).toContain(pointer);
    // Nothing was written.
    const manifest = await call(`/apps/${app.clientId}/`, { token: await app.token() });
    expect(manifest.body.created).toBeNull();
  });

  it('refuses an unknown event subscription naming the ones it takes', async () => {
    const app = await newApp();
    const response = await putManifest(app, {
      ...minimalManifest(),
      events: { url: 'https://app.example/events', subscriptions: ['message.created', 'message.liked'] },
    });
    expect(response.status, response.text).toBe(400);
    const problem = response.body as unknown as Problem;
    expect(problem.errors).toEqual([
      {
        pointer: '/body/events/subscriptions/1',
        message: expect.stringContaining('"message.created", "group.created"'),
      },
    ]);
  });

  it.each(['EID', 'clientId', 'name', 'secret', 'client_secret', 'secretHash', 'firstParty', 'grantTypes'])(
    'refuses the read-only or unknown field %s (no mass assignment) and changes nothing',
    async (field) => {
      const app = await newApp({ name: 'Original name' });
      const response = await putManifest(app, { ...minimalManifest(), [field]: 'x' });
      expect(response.status).toBe(400);
      expect((response.body as unknown as Problem).errors).toEqual([
        { pointer: `/body/${field}`, message: 'is not allowed' },
      ]);
      const models = await authModels();
      const client = await models.Client.findOne({ clientId: app.clientId }).lean();
      expect(client).toMatchObject({ clientId: app.clientId, name: 'Original name', firstParty: false });
      // The client secret still works: it was not replaced.
      expect(await appToken(app)).toBeTruthy();
    },
  );

  it('is only for the app itself: not a user (even an admin), another app, or the app’s code-flow token', async () => {
    const network = await newNetwork();
    const app = await newApp();
    const other = await newApp();
    await installOverHttp(network, app);
    const asAdmin = await putManifest(app, minimalManifest(), await network.admin.token());
    expect(asAdmin.status).toBe(403);
    expect((asAdmin.body as unknown as Problem).code).toBe(-194);
    const asOtherApp = await putManifest(app, minimalManifest(), await other.token());
    expect(asOtherApp.status).toBe(403);
    const person = await network.newMember();
    const codeFlow = await codeFlowToken(app, network, person);
    expect((await putManifest(app, minimalManifest(), codeFlow.access_token)).status).toBe(403);
    expect((await call(`/apps/${app.clientId}/`, { token: await app.token() })).body.created).toBeNull();
  });
});

describe('GET /apps/{appEID}/ (checkexistence)', () => {
  it('answers the app itself and administrators of any network; members 403; unknown apps 404', async () => {
    const app = await newApp({ name: 'Checked app' });
    await registerManifest(app);
    const network = await newNetwork();
    const member = await network.newMember();
    const self = await call(`/apps/${app.clientId}/`, { token: await app.token() });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ type: 'app_manifest', EID: app.clientId, name: 'Checked app' });
    const byAdmin = await call(`/apps/${app.clientId}/`, { token: await network.admin.token() });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.permissions).toEqual(['list_groups', 'get_profiles']);
    expect(byAdmin.text).not.toContain(app.secret);

    const byMember = await call(`/apps/${app.clientId}/`, { token: await member.token() });
    expect(byMember.status).toBe(403);
    expect((byMember.body as unknown as Problem).code).toBe(-195);
    // A member learns nothing about existence: an unknown app is 403 too.
    expect((await call(`/apps/${'0'.repeat(24)}/`, { token: await member.token() })).status).toBe(403);
    const other = await newApp();
    expect((await call(`/apps/${app.clientId}/`, { token: await other.token() })).status).toBe(403);

    const unknown = await call(`/apps/${'0'.repeat(24)}/`, { token: await network.admin.token() });
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as Problem).code).toBe(-190);
    // A first-party client is not an app.
    const firstParty = await newClient({ firstParty: true, eid: true });
    expect((await call(`/apps/${firstParty.clientId}/`, { token: await network.admin.token() })).status).toBe(
      404,
    );
    // A malformed EID is a validation error naming the parameter.
    const malformed = await call('/apps/not-an-eid/', { token: await network.admin.token() });
    expect(malformed.status).toBe(400);
    expect((malformed.body as unknown as Problem).errors?.[0]?.pointer).toBe('/params/appEID');
  });

  it('shows an app without a manifest with an empty one (created null)', async () => {
    const app = await newApp();
    const response = await call(`/apps/${app.clientId}/`, { token: await tokenFor(demo.alice) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      entryPoints: [],
      permissions: [],
      redirectUris: [REDIRECT],
      created: null,
      events: { url: null, subscriptions: [] },
    });
  });
});

describe('POST /apps/{appEID}/signing-secret', () => {
  it('creates a secret shown once, rotates it with a new key id, and is only for the app itself', async () => {
    const app = await newApp();
    const first = await call<Record<string, unknown>>(`/apps/${app.clientId}/signing-secret`, {
      method: 'POST',
      token: await app.token(),
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      type: 'app_signing_secret',
      EID: app.clientId,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const second = await newSigningSecret(app);
    expect(second.secret).not.toBe(first.body.secret);
    expect(second.keyId).not.toBe(first.body.keyId);
    // Never shown again: not in the manifest.
    const manifest = await call(`/apps/${app.clientId}/`, { token: await app.token() });
    expect(manifest.text).not.toContain(second.secret);
    const network = await newNetwork();
    const asAdmin = await call(`/apps/${app.clientId}/signing-secret`, {
      method: 'POST',
      token: await network.admin.token(),
    });
    expect(asAdmin.status).toBe(403);
    expect((asAdmin.body as unknown as Problem).code).toBe(-194);
  });
});

describe('domain events', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: stack().natsUrl });
  });
  afterAll(async () => {
    await nc.close();
  });

  async function eventsFor(subject: string, appEID: string, count: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const consumer = await nc.jetstream().consumers.get('EVENTS', { filterSubjects: `${subject}.*` });
      const found: Record<string, unknown>[] = [];
      for (;;) {
        const batch = await consumer.fetch({ max_messages: 500, expires: 1_000 });
        const before = found.length;
        for await (const msg of batch) {
          const event = msg.json<{ actor?: { EID?: string } }>();
          if (event.actor?.EID === appEID) found.push(event);
        }
        if (found.length === before) break;
      }
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('records manifest created/updated and signing-secret rotations, never the secret', async () => {
    const app = await newApp();
    await registerManifest(app);
    await registerManifest(app, { ...minimalManifest(), permissions: ['list_groups'] });
    const { secret, keyId } = await newSigningSecret(app);
    const created = await eventsFor('events.auth.app_manifest.created', app.clientId, 1);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      type: 'auth.app_manifest.created',
      actor: { type: 'app', EID: app.clientId },
      data: {
        app: { type: 'app_manifest', EID: app.clientId },
        permissions: ['list_groups', 'get_profiles'],
      },
    });
    const updated = await eventsFor('events.auth.app_manifest.updated', app.clientId, 1);
    expect(updated[0]).toMatchObject({ data: { permissions: ['list_groups'] } });
    const rotated = await eventsFor('events.auth.app_signing_secret.rotated', app.clientId, 1);
    expect(rotated[0]).toMatchObject({ data: { keyId } });
    expect(JSON.stringify(rotated)).not.toContain(secret);
  });
});
