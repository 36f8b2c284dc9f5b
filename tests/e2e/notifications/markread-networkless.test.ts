/**
 * The spec's `/alerts/markread`, without a network: the network is named by `?network=` (EID or
 * subdomain), else by a code-flow token's one network; naming none is 400 (`/query/network`), a
 * network the caller is not in 404. The scoped `/networks/{networkEID}/alerts/markread` is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import {
  closeFactories,
  installApp,
  newClient,
  newNetwork,
  type TestNetwork,
} from '../../support/factories/core.js';
import { networkBoundToken } from '../../support/factories/directory.js';
import { messagesPath } from '../../support/factories/messages.js';
import { alertsOf, markreadPath, waitForAlerts } from '../../support/factories/notifications.js';

afterAll(closeFactories);

let home: TestNetwork;
let elsewhere: TestNetwork;
let posterToken: string;
let app: { clientId: string };

beforeAll(async () => {
  [home, elsewhere] = await Promise.all([newNetwork('Networkless alerts'), newNetwork('Elsewhere')]);
  posterToken = await home.admin.token();
  app = await newClient({ grantTypes: ['authorization_code'], eid: true, name: 'Markread app' });
  await installApp(home.networkEID, app.clientId);
});

/** Mentions the profile once and waits for its unread alert. */
async function alertFor(profileEID: string, token: string): Promise<void> {
  const posted = await call(messagesPath(home.networkEID), {
    token: posterToken,
    json: { type: 'update', htmlBody: '<p>Hi</p>', mentions: [{ type: 'user', EID: profileEID }] },
  });
  expect(posted.status, posted.text).toBe(201);
  await waitForAlerts(home.networkEID, token, (all) => all.some((alert) => !alert.read));
}

const markread = (path: string, token: string) =>
  call<{ data: { numMarked: number } }>(path, { token, json: { category: 'all' } });

describe('/alerts/markread without a network in the path', () => {
  it('marks the alerts of the network named by ?network=<EID> or ?network=<subdomain>', async () => {
    const reader = await home.newMember();
    const token = await reader.token();
    for (const network of [home.networkEID, home.subdomain]) {
      await alertFor(reader.profileEID, token);
      const marked = await markread(`/alerts/markread?network=${network}`, token);
      expect(marked.status, marked.text).toBe(200);
      expect(marked.body.data.numMarked).toBe(1);
      expect((await alertsOf(home.networkEID, token)).every((alert) => alert.read)).toBe(true);
    }
  });

  it("marks a code-flow token's network without ?network=", async () => {
    const reader = await home.newMember();
    const token = await reader.token();
    const bound = await networkBoundToken(reader.email, home.networkEID, app.clientId, null);
    await alertFor(reader.profileEID, token);
    const marked = await markread('/alerts/markread', bound);
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.data.numMarked).toBe(1);
    expect((await markread(`/alerts/markread?network=${elsewhere.networkEID}`, bound)).status).toBe(404);
  });

  it('is 400 naming network when neither the query nor the token names one', async () => {
    const token = await (await home.newMember()).token();
    const answer = await call<Problem>('/alerts/markread', { token, json: { category: 'all' } });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/problem\+json/);
    expect(answer.body.code).toBe(-18);
    expect(answer.body.errors).toEqual([expect.objectContaining({ pointer: '/query/network' })]);
  });

  it('is 404 for a network the caller is not in, by EID or subdomain', async () => {
    const token = await (await home.newMember()).token();
    for (const network of [elsewhere.networkEID, elsewhere.subdomain]) {
      expect((await markread(`/alerts/markread?network=${network}`, token)).status).toBe(404);
    }
  });

  it('leaves the scoped route as it was', async () => {
    const reader = await home.newMember();
    const token = await reader.token();
    await alertFor(reader.profileEID, token);
    const marked = await markread(markreadPath(home.networkEID), token);
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.data.numMarked).toBe(1);
    expect((await markread(markreadPath(elsewhere.networkEID), token)).status).toBe(404);
  });
});
