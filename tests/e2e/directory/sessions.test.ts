/**
 * Sessions: a person lists their live sessions (token families: each sign-in, each
 * code-flow grant) and ends one, which revokes its tokens at once; another person's session is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, passwordGrant } from '../../support/api.js';
import { pointersOf, sessionsOf } from '../../support/factories/account.js';
import { closeFactories, newClient, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { networkBoundToken } from '../../support/factories/directory.js';
import { newApp } from '../../support/factories/apps.js';

afterAll(closeFactories);

let network: TestNetwork;

beforeAll(async () => {
  network = await newNetwork();
});

async function signIn(email: string, password: string) {
  const answer = await passwordGrant(email, password);
  if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${answer.text}`);
  return answer.body.access_token;
}

describe('sessions', () => {
  it('lists each sign-in and code-flow grant as a session, newest first, never a token', async () => {
    const person = await network.newMember();
    const first = await signIn(person.email, person.password);
    const second = await signIn(person.email, person.password);
    const app = await newClient({ grantTypes: ['authorization_code'], eid: true, name: 'Session app' });
    await networkBoundToken(person.email, network.networkEID, app.clientId);
    const answer = await call('/sessions/', { token: second });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ type: 'collection', total: 3 });
    const sessions = await sessionsOf(first);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({
      client: { clientId: app.clientId, name: 'Session app' },
      grantType: 'authorization_code',
      network: { type: 'network', EID: network.networkEID },
      expiresAt: null,
    });
    expect(sessions[1]).toMatchObject({
      grantType: 'password',
      network: null,
      expiresAt: expect.any(String),
    });
    expect(answer.text).not.toContain(first);
    expect(answer.text).not.toContain(second);
  });

  it('ends one session: its tokens stop working, the others go on', async () => {
    const person = await network.newMember();
    const ended = await signIn(person.email, person.password);
    const kept = await signIn(person.email, person.password);
    const [newest, older] = await sessionsOf(kept);
    expect(older).toBeDefined();
    // The older session is `ended`'s (sessions are newest first).
    const answer = await call(`/sessions/${older!.EID}/`, { token: kept, method: 'DELETE' });
    expect(answer.status, answer.text).toBe(204);
    expect((await call('/whoami/', { token: ended })).status).toBe(401);
    expect((await call('/whoami/', { token: kept })).status).toBe(200);
    expect((await sessionsOf(kept)).map((s) => s.EID)).toEqual([newest!.EID]);
    const again = await call(`/sessions/${older!.EID}/`, { token: kept, method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: -212 });
  });

  it("answers 404 for another person's session and 400 for a malformed id", async () => {
    const owner = await network.newMember();
    const intruder = network.admin;
    const ownerToken = await signIn(owner.email, owner.password);
    const [session] = await sessionsOf(ownerToken);
    const answer = await call(`/sessions/${session!.EID}/`, {
      token: await intruder.token(),
      method: 'DELETE',
    });
    expect(answer.status, answer.text).toBe(404);
    expect((await call('/whoami/', { token: ownerToken })).status).toBe(200);
    const bad = await call('/sessions/not-a-session/', { token: ownerToken, method: 'DELETE' });
    expect(bad.status).toBe(400);
    expect(pointersOf(bad.body)).toContain('/params/sessionId');
    expect((await call('/sessions/')).status).toBe(401);
  });

  it('refuses an app token (sessions are a person’s); the app reads its own token status', async () => {
    const app = await newApp();
    const token = await app.token();
    const answer = await call('/sessions/', { token });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toMatchObject({ code: -196 });
    const status = await call('/token-status/', { token });
    expect(status.status, status.text).toBe(200);
    expect(status.body).toMatchObject({
      client: { clientId: app.clientId },
      grantType: 'client_credentials',
      network: null,
      account: false,
    });
  });
});
