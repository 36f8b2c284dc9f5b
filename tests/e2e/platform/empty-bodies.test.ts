/**
 * A request without a body, on a route whose body requires no field, is read as `{}` (a chat
 * deletion whose `reason` is optional needs no body); where a field is required, a missing body is
 * still a 400. An empty body sent as `application/json` counts as none. Decisions:
 * docs/decisions.md, "Request bodies: none at all".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import { sendChat, startConversation } from '../../support/factories/chat.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

let network: TestNetwork;
let aliceToken: string;
let conversationEID: string;

beforeAll(async () => {
  network = await newNetwork('Empty bodies');
  const [alice, bob] = await Promise.all([network.newMember(), network.newMember()]);
  aliceToken = await alice.token();
  conversationEID = (await startConversation(network, aliceToken, [bob.profileEID])).body.EID;
});

async function chatMessage(): Promise<string> {
  return (await sendChat(network, aliceToken, conversationEID, '<p>to delete</p>')).body.EID;
}

const deletePath = (EID: string) => `/networks/${network.networkEID}/chat/messages/${EID}/delete`;

describe('a route whose body requires nothing', () => {
  it('deletes a chat message on a POST without any body', async () => {
    const deleted = await call<{ deleted: boolean }>(deletePath(await chatMessage()), {
      method: 'POST',
      token: aliceToken,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.deleted).toBe(true);
  });

  it('takes an empty body sent as application/json alike', async () => {
    const deleted = await call(deletePath(await chatMessage()), {
      method: 'POST',
      token: aliceToken,
      headers: { 'content-type': 'application/json' },
      rawBody: '',
    });
    expect(deleted.status, deleted.text).toBe(200);
  });

  it('still validates what a body says', async () => {
    const refused = await call<Problem>(deletePath(await chatMessage()), {
      token: aliceToken,
      json: { reason: 42 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.pointer)).toEqual(['/body/reason']);
  });
});

describe('a route whose body requires a field', () => {
  it('answers a POST without a body with 400', async () => {
    const refused = await call<Problem>(
      `/networks/${network.networkEID}/conversations/${conversationEID}/messages/`,
      {
        method: 'POST',
        token: aliceToken,
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
