/**
 * Token status, and a code-flow token limited to its one network on the account routes that name a
 * resource: postable types of a profile and accepting an invitation of another network
 * are 404 for it, while a password token of the same person reaches them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demo } from '../../support/api.js';
import {
  addToNetwork,
  closeFactories,
  installApp,
  newClient,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { networkBoundToken } from '../../support/factories/directory.js';

afterAll(closeFactories);

let home: TestNetwork;
let elsewhere: TestNetwork;
let person: TestPerson;
let app: { clientId: string };

beforeAll(async () => {
  [home, elsewhere] = await Promise.all([newNetwork(), newNetwork()]);
  person = await home.newMember();
  app = await newClient({ grantTypes: ['authorization_code'], eid: true, name: 'Status app' });
  await installApp(home.networkEID, app.clientId);
});

describe('token status', () => {
  it("answers a password token's client, grant, expiry and no network, never the token", async () => {
    const token = await person.token();
    const answer = await call('/token-status/', { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      type: 'token_status',
      client: { clientId: demo.clientId },
      grantType: 'password',
      scopes: null,
      expiresAt: expect.stringMatching(/\+00:00$/),
      network: null,
      account: true,
    });
    expect(answer.text).not.toContain(token);
    expect((await call('/token-status/')).status).toBe(401);
  });

  it("answers a code-flow token's scopes and its one network, without expiry", async () => {
    const token = await networkBoundToken(person.email, home.networkEID, app.clientId, 'profile.basic.read');
    const answer = await call('/token-status/', { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      client: { clientId: app.clientId, name: 'Status app' },
      grantType: 'authorization_code',
      scopes: ['profile.basic.read'],
      expiresAt: null,
      network: { type: 'network', EID: home.networkEID },
    });
  });
});

describe('a code-flow token acts in its one network on account routes', () => {
  it('reads postable types in its network and gets 404 for a profile of another network', async () => {
    await addToNetwork(person.email, elsewhere.networkEID);
    const bound = await networkBoundToken(person.email, home.networkEID, app.clientId, null);
    const own = await call(`/users/${person.profileEID}/postable-types`, { token: bound });
    expect(own.status, own.text).toBe(200);
    const other = await call(`/users/${elsewhere.admin.profileEID}/postable-types`, { token: bound });
    expect(other.status, other.text).toBe(404);
    // The same person's password token reaches both networks.
    const password = await person.token();
    expect(
      (await call(`/users/${elsewhere.admin.profileEID}/postable-types`, { token: password })).status,
    ).toBe(200);
  });

  it('cannot accept an invitation of another network; a password token can', async () => {
    const third = await newNetwork();
    const invited = await call<{ EID: string }>(`/networks/${third.networkEID}/invitations/`, {
      token: await third.admin.token(),
      json: { email: person.email },
    });
    expect(invited.status, invited.text).toBe(201);
    const bound = await networkBoundToken(person.email, home.networkEID, app.clientId, null);
    const refused = await call(`/invitations/${invited.body.EID}/accept`, { token: bound, method: 'POST' });
    expect(refused.status, refused.text).toBe(404);
    const accepted = await call(`/invitations/${invited.body.EID}/accept`, {
      token: await person.token(),
      method: 'POST',
    });
    expect(accepted.status, accepted.text).toBe(200);
  });
});
